/// Why a text is not JSON, with the byte offset where reading stopped.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public let offset: Int
    public let reason: String

    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes: one value, optional surrounding whitespace,
/// no trailing commas, no comments, no NaN/Infinity, valid UTF-8 and surrogate pairs only.
/// Nesting is limited so hostile input cannot exhaust the stack.
public struct JSONParser {
    public static let maximumDepth = 128

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSON {
        var parser = JSONParser(Array(bytes))
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected data after the value") }
        return value
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSON {
        try parse(Array(text.utf8))
    }

    private func error(_ reason: String) -> JSONParseError {
        JSONParseError(offset: index, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSON {
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end of input") }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] {
            throw error("invalid literal")
        }
        index += count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { throw error("nesting deeper than \(JSONParser.maximumDepth)") }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSON {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(String, JSON)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSON {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSON] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            index += 1
            return .array(elements)
        }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes, ASCII or valid UTF-8 until the closing quote.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = bytes[start..<index]
                index += 1
                guard let text = String(validating: slice, as: UTF8.self) else {
                    throw JSONParseError(offset: start, reason: "invalid UTF-8 in string")
                }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in string") }
            index += 1
        }
        var scalars: [UInt8] = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: scalars, as: UTF8.self) else {
                    throw JSONParseError(offset: start, reason: "invalid UTF-8 in string")
                }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unexpected end of input") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(code) {
                        throw error("unpaired surrogate")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid code point") }
                    scalars.append(contentsOf: String(Character(scalar)).utf8)
                default:
                    throw error("invalid escape")
                }
            default:
                if byte < 0x20 { throw error("control character in string") }
                scalars.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("unexpected end of input") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSON {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("leading zero in number") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid fraction") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        // "-0" is the double negative zero, not the integer 0: an integer field refuses it.
        if isInteger, let value = Int64(text), !(value == 0 && bytes[start] == UInt8(ascii: "-")) { return .int(value) }
        guard let value = Double(text), value.isFinite, !JSONNumber.underflows(value, bytes[start..<index]) else {
            throw JSONParseError(offset: start, reason: "number out of range")
        }
        return .double(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

/// The number rules the parser, the tree decoder and the scanner share.
enum JSONNumber {
    /// 2^53: every integer up to it is exactly a double, so an integral double below it is the integer
    /// its text wrote; a larger one may be a rounding of it (-9223372036854775809 reads as -2^63).
    static let exactIntegerLimit: Double = 9_007_199_254_740_992

    /// Whether a literal with a non-zero digit in its mantissa read as zero: an underflow (1e-400), refused
    /// like an overflow rather than read as 0.
    static func underflows(_ value: Double, _ literal: some Collection<UInt8>) -> Bool {
        guard value == 0 else { return false }
        for byte in literal {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return true }
        }
        return false
    }

    /// The integer an integral double holds exactly (not negative zero, below 2^53 in magnitude), or nil.
    static func exactInteger(_ value: Double) -> Int64? {
        guard value.rounded() == value, value.magnitude < exactIntegerLimit, !(value == 0 && value.sign == .minus) else {
            return nil
        }
        return Int64(value)
    }
}
