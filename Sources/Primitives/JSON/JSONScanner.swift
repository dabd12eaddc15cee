/// A record read straight from JSON bytes by a `JSONScanner`, without building a `JSON` tree:
/// the decoding path of long lists (a page of 500 transactions within a 1 ms budget).
/// `JSONCodec.decode(_:from:)` prefers it over `JSONConvertible` and Codable; it must accept and
/// refuse what the record's Codable conformance does, which each record's test pins.
public protocol JSONScannable {
    init(scanning scanner: inout JSONScanner) throws(JSONCodecError)
}

/// A strict RFC 8259 pull reader over UTF-8 bytes (the grammar `JSONParser` accepts): a record
/// asks for the value it expects next, so nothing is built that the record does not keep. Object
/// keys are compared as bytes; an error names the path (`transactions[3].value`) and the reason.
public struct JSONScanner {
    private let bytes: [UInt8]
    private var index = 0
    /// Whether the container just opened has not yet read its first member or element.
    private var atFirst = false
    /// Where reading is: one entry per open container, the current key or element index.
    private var path: [PathStep] = []
    private var keyStart = 0
    private var keyEnd = 0
    /// The ids read so far, by their bytes: a page names a few wallets and assets hundreds of
    /// times, and each is parsed (and its strings allocated) once.
    private var assetIds = IdMemo<AssetId>()
    private var walletIds = IdMemo<WalletId>()

    private enum PathStep {
        case key(Range<Int>)
        case index(Int)
        case none
    }

    public init(_ bytes: some Collection<UInt8>) {
        self.bytes = Array(bytes)
    }

    // MARK: Errors

    /// The dotted path of where reading is, as `JSONCodecError` paths read.
    public var currentPath: String {
        var text = ""
        for step in path {
            switch step {
            case let .key(range):
                let key = String(decoding: bytes[range], as: UTF8.self)
                text += text.isEmpty ? key : "." + key
            case let .index(position): text += "[\(position)]"
            case .none: break
            }
        }
        return text
    }

    public func error(_ reason: String) -> JSONCodecError {
        JSONCodecError(path: currentPath, reason: reason)
    }

    private func syntax(_ reason: String) -> JSONCodecError {
        JSONCodecError(path: "", reason: "invalid JSON at byte \(index): \(reason)")
    }

    /// A required key the object did not have (or had as null).
    public func missing(_ key: StaticString) -> JSONCodecError {
        let name = key.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        let prefix = currentPath
        return JSONCodecError(path: prefix.isEmpty ? name : prefix + "." + name, reason: "missing key")
    }

    // MARK: Structure

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The next byte that is not whitespace (compact JSON has none: that case is inline).
    @inline(__always)
    private mutating func peek() throws(JSONCodecError) -> UInt8 {
        if index < bytes.count, bytes[index] > 0x20 { return bytes[index] }
        skipWhitespace()
        guard index < bytes.count else { throw syntax("unexpected end of input") }
        return bytes[index]
    }

    /// Reads `{`; then call `nextMember()` until it answers false.
    public mutating func beginObject() throws(JSONCodecError) {
        guard try peek() == UInt8(ascii: "{") else { throw error("expected an object") }
        try enter()
        atFirst = true
    }

    /// Moves to the next member's value and answers true, or reads `}` and answers false.
    public mutating func nextMember() throws(JSONCodecError) -> Bool {
        var byte = try peek()
        if byte == UInt8(ascii: "}") {
            index += 1
            atFirst = false
            path.removeLast()
            return false
        }
        if atFirst {
            atFirst = false
        } else {
            guard byte == UInt8(ascii: ",") else { throw syntax("expected ',' or '}'") }
            index += 1
            byte = try peek()
        }
        guard byte == UInt8(ascii: "\"") else { throw syntax("expected a string key") }
        let start = index + 1
        // A key is short: read byte by byte to its closing quote; escapes take the slow path.
        var end = start
        let count = bytes.count
        while end < count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        if end < count, bytes[end] == UInt8(ascii: "\"") {
            index = end + 1
            keyStart = start
            keyEnd = end
            if escapedKey != nil { escapedKey = nil }
            path[path.count - 1] = .key(start..<end)
            guard try peek() == UInt8(ascii: ":") else { throw syntax("expected ':'") }
            index += 1
            return true
        }
        let text = try rawString()
        keyStart = start
        keyEnd = index - 1
        if let text {  // a key with escapes: compared by its decoded bytes
            path[path.count - 1] = .none
            keyStart = 0
            keyEnd = 0
            escapedKey = Array(text.utf8)
        } else {
            escapedKey = nil
            path[path.count - 1] = .key(keyStart..<keyEnd)
        }
        guard try peek() == UInt8(ascii: ":") else { throw syntax("expected ':'") }
        index += 1
        return true
    }

    private var escapedKey: [UInt8]?

    /// Whether the current member's key is `name`.
    public func key(_ name: StaticString) -> Bool {
        name.withUTF8Buffer { name in
            if let escapedKey { return escapedKey.elementsEqual(name) }
            guard keyEnd - keyStart == name.count else { return false }
            var at = keyStart
            for byte in name {
                if bytes[at] != byte { return false }
                at += 1
            }
            return true
        }
    }

    /// Reads `[`; then call `nextElement()` until it answers false.
    public mutating func beginArray() throws(JSONCodecError) {
        guard try peek() == UInt8(ascii: "[") else { throw error("expected an array") }
        try enter()
        atFirst = true
        path[path.count - 1] = .index(-1)
    }

    /// Moves to the next element and answers true, or reads `]` and answers false.
    public mutating func nextElement() throws(JSONCodecError) -> Bool {
        let byte = try peek()
        if byte == UInt8(ascii: "]") {
            index += 1
            atFirst = false
            path.removeLast()
            return false
        }
        if atFirst {
            atFirst = false
        } else {
            guard byte == UInt8(ascii: ",") else { throw syntax("expected ',' or ']'") }
            index += 1
        }
        if case let .index(position) = path[path.count - 1] { path[path.count - 1] = .index(position + 1) }
        return true
    }

    private mutating func enter() throws(JSONCodecError) {
        guard path.count < JSONParser.maximumDepth else { throw syntax("nesting deeper than \(JSONParser.maximumDepth)") }
        index += 1
        path.append(.none)
    }

    /// After the top-level value: only whitespace may follow.
    public mutating func finish() throws(JSONCodecError) {
        skipWhitespace()
        guard index == bytes.count else { throw syntax("unexpected data after the value") }
    }

    // MARK: Values

    /// Whether the next value is null (then read): an absent optional.
    public mutating func readNull() throws(JSONCodecError) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    public mutating func string() throws(JSONCodecError) -> String {
        guard try peek() == UInt8(ascii: "\"") else { throw error("expected a string") }
        let start = index + 1
        let stop = Self.plainRun(bytes.span, from: start)
        if stop < bytes.count, bytes[stop] == UInt8(ascii: "\"") {
            index = stop + 1
            return try Self.text(bytes.span.extracting(start..<stop), at: start)
        }
        if let decoded = try rawString() { return decoded }
        return try Self.text(bytes.span.extracting(start..<(index - 1)), at: start)
    }

    /// The text of a string's bytes without escapes (UTF-8 checked).
    private static func text(_ content: Span<UInt8>, at start: Int) throws(JSONCodecError) -> String {
        guard let text = try? UTF8Span(validating: content) else {
            throw JSONCodecError(path: "", reason: "invalid JSON at byte \(start): invalid UTF-8 in string")
        }
        return String(copying: text)
    }

    /// Reads a string without escapes (a decimal, an id) and answers `body` of its bytes; a
    /// string with escapes is decoded first, so both forms read alike.
    mutating func withStringBytes<Result>(_ body: (Span<UInt8>) throws(JSONCodecError) -> Result) throws(JSONCodecError) -> Result {
        guard try peek() == UInt8(ascii: "\"") else { throw error("expected a string") }
        let start = index + 1
        let stop = Self.plainRun(bytes.span, from: start)
        if stop < bytes.count, bytes[stop] == UInt8(ascii: "\"") {
            index = stop + 1
            return try body(bytes.span.extracting(start..<stop))
        }
        var text = try string()
        text.makeContiguousUTF8()
        return try body(text.utf8.span)
    }

    /// An asset id, parsed once per distinct id in the text.
    mutating func assetId() throws(JSONCodecError) -> AssetId { try storageID(\.assetIds) }

    /// A wallet id, parsed once per distinct id in the text.
    mutating func walletId() throws(JSONCodecError) -> WalletId { try storageID(\.walletIds) }

    /// A storage-string id, answered from `memo` when the same bytes were parsed before; a parse
    /// error gets the current path.
    private mutating func storageID<T: StorageStringID>(_ memo: WritableKeyPath<JSONScanner, IdMemo<T>>) throws(JSONCodecError) -> T {
        guard try peek() == UInt8(ascii: "\"") else { throw error("expected a string") }
        let start = index + 1
        let stop = Self.plainRun(bytes.span, from: start)
        if stop < bytes.count, bytes[stop] == UInt8(ascii: "\""), let known = self[keyPath: memo].value(bytes.span, start..<stop) {
            index = stop + 1
            return known
        }
        let text = try string()
        let value: T
        do {
            value = try T.parsed(text)
        } catch {
            throw self.error(error.reason)
        }
        if index - 1 == stop { self[keyPath: memo].remember(value, start..<stop) }
        return value
    }

    /// From `start` (just past an opening quote): where the plain run of a string's bytes ends —
    /// at a quote, a backslash, a control character or the end of the input. Eight bytes at a
    /// time while no byte of them ends the run.
    @inline(__always)
    static func plainRun(_ span: Span<UInt8>, from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        var at = start
        let count = span.count
        while at + 8 <= count {
            let word = load64(span, at)
            let quote = word ^ (0x22 &* ones)
            let backslash = word ^ (0x5C &* ones)
            // A byte is flagged when it is zero after the XOR (a quote or a backslash) or below
            // 0x20; a flag may also fall on a byte above a flagged one, never below it, so the
            // word is then read byte by byte.
            let flags = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- 0x20 &* ones) & ~word)
            if flags & high != 0 { break }
            at += 8
        }
        while at < count {
            let byte = span[at]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            at &+= 1
        }
        return at
    }

    /// The eight bytes at `at` as a little-endian word (read from an eight-byte span, so the
    /// compiler checks the bounds once and reads one word).
    @inline(__always)
    static func load64(_ span: Span<UInt8>, _ at: Int) -> UInt64 {
        let word = span.extracting(at..<(at + 8))
        return UInt64(word[0]) | UInt64(word[1]) &<< 8 | UInt64(word[2]) &<< 16 | UInt64(word[3]) &<< 24
            | UInt64(word[4]) &<< 32 | UInt64(word[5]) &<< 40 | UInt64(word[6]) &<< 48 | UInt64(word[7]) &<< 56
    }

    /// Moves past a string at `index`; answers nil when it had no escape (its bytes are then
    /// `start..<index - 1`), else its decoded text, read by `JSONParser`'s strict escape rules.
    private mutating func rawString() throws(JSONCodecError) -> String? {
        let open = index
        index = Self.plainRun(bytes.span, from: index + 1)
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard escaped else { return nil }
                do {
                    guard case let .string(text) = try JSONParser.parse(bytes[open..<index]) else { throw syntax("invalid string") }
                    return text
                } catch let parseError as JSONParseError {
                    throw JSONCodecError(path: "", reason: "invalid JSON at byte \(open + parseError.offset): \(parseError.reason)")
                } catch {
                    throw syntax("invalid string")
                }
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 2
                continue
            }
            if byte < 0x20 { throw syntax("control character in string") }
            index += 1
        }
        throw syntax("unterminated string")
    }

    public mutating func bool() throws(JSONCodecError) -> Bool {
        switch try peek() {
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        default: throw error("expected a boolean")
        }
    }

    private mutating func literal(_ text: StaticString) throws(JSONCodecError) {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw syntax("unexpected end of input") }
        for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] {
            throw syntax("invalid literal")
        }
        index += count
    }

    /// An integer (a number without fraction or exponent that fits Int64; an integral double
    /// below 2^53 is read too, as `JSON.int64Value` does). Negative zero, fractions, underflows and
    /// integers beyond Int64 are refused, never rounded.
    public mutating func int64() throws(JSONCodecError) -> Int64 {
        let (start, isInteger) = try numberExtent()
        if isInteger, let value = Int64(decoding: start..<index, in: bytes) {
            guard value != 0 || bytes[start] != UInt8(ascii: "-") else {
                index = start
                throw error("expected an integer, not negative zero")
            }
            return value
        }
        let value = try doubleValue(start)
        guard let integer = JSONNumber.exactInteger(value) else {
            index = start
            throw error("expected an integer")
        }
        return integer
    }

    public mutating func int() throws(JSONCodecError) -> Int {
        Int(try int64())
    }

    public mutating func int32() throws(JSONCodecError) -> Int32 {
        guard let value = Int32(exactly: try int64()) else { throw error("out of range for a 32-bit integer") }
        return value
    }

    public mutating func double() throws(JSONCodecError) -> Double {
        let (start, isInteger) = try numberExtent()
        if isInteger, let value = Int64(decoding: start..<index, in: bytes) { return Double(value) }
        return try doubleValue(start)
    }

    private func doubleValue(_ start: Int) throws(JSONCodecError) -> Double {
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite,
              !JSONNumber.underflows(value, bytes[start..<index])
        else {
            throw JSONCodecError(path: "", reason: "invalid JSON at byte \(start): number out of range")
        }
        return value
    }

    /// Moves past a number (RFC 8259 grammar) and answers where it began and whether it was an integer.
    private mutating func numberExtent() throws(JSONCodecError) -> (Int, Bool) {
        let first = try peek()
        guard first == UInt8(ascii: "-") || isDigit(first) else { throw error("expected a number") }
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw syntax("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw syntax("leading zero in number") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw syntax("invalid fraction") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw syntax("invalid exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return (start, isInteger)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A string-valued enum (snake_case raw values).
    public mutating func rawValue<T: RawRepresentable>(_ type: T.Type) throws(JSONCodecError) -> T where T.RawValue == String {
        let text = try string()
        guard let value = T(rawValue: text) else { throw error(JSONCodec.unknownValue(text, allowed: JSONCodec.allowedValues(of: T.self))) }
        return value
    }

    /// A string-valued enum read through its table of cases, without building a string.
    public mutating func value<T>(in cases: JSONCases<T>) throws(JSONCodecError) -> T {
        guard try peek() == UInt8(ascii: "\"") else { throw error("expected a string") }
        let start = index + 1
        let stop = Self.plainRun(bytes.span, from: start)
        if stop < bytes.count, bytes[stop] == UInt8(ascii: "\""), let value = cases.value(bytes.span.extracting(start..<stop)) {
            index = stop + 1
            return value
        }
        var text = try string()
        text.makeContiguousUTF8()
        guard let value = cases.value(text.utf8.span) else { throw error(JSONCodec.unknownValue(text, allowed: cases.allowed)) }
        return value
    }

    /// Moves past one value of any kind (a member the record does not read), checking its grammar.
    public mutating func skipValue() throws(JSONCodecError) {
        switch try peek() {
        case UInt8(ascii: "{"):
            try beginObject()
            while try nextMember() { try skipValue() }
        case UInt8(ascii: "["):
            try beginArray()
            while try nextElement() { try skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try numberExtent()
        }
    }

    /// Reads a member into `slot` unless an earlier member of the same key already did: the first
    /// occurrence wins, as in `JSONObjectReader` and the Codable path.
    public mutating func field<T>(_ slot: inout T?, _ read: (inout JSONScanner) throws(JSONCodecError) -> T) throws(JSONCodecError) {
        if slot != nil {
            try skipValue()
            return
        }
        slot = try read(&self)
    }

    /// Reads a nested record.
    public mutating func decode<T: JSONScannable>(_ type: T.Type) throws(JSONCodecError) -> T {
        try T(scanning: &self)
    }
}

extension Int64 {
    /// ASCII digits with an optional leading minus; nil on overflow.
    fileprivate init?(decoding range: Range<Int>, in bytes: [UInt8]) {
        var at = range.lowerBound
        let negative = bytes[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        var value: Int64 = 0
        while at < range.upperBound {
            let digit = Int64(bytes[at] - UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = sum
            at += 1
        }
        self = value
    }
}

extension Array: JSONScannable where Element: JSONScannable {
    @inlinable
    public init(scanning scanner: inout JSONScanner) throws(JSONCodecError) {
        try scanner.beginArray()
        var elements: [Element] = []
        while try scanner.nextElement() {
            elements.append(try Element(scanning: &scanner))
        }
        self = elements
    }
}

/// Values read from strings, remembered by where their bytes are in the scanner's input, so a
/// string seen before answers without being parsed again. A few entries, replaced in turn.
struct IdMemo<Value> {
    private var ranges: [Range<Int>] = []
    private var values: [Value] = []
    private var next = 0
    private static var capacity: Int { 8 }

    /// The value remembered for bytes equal to `span[range]`, if any.
    func value(_ span: Span<UInt8>, _ range: Range<Int>) -> Value? {
        for index in ranges.indices where ranges[index].count == range.count {
            if Self.equal(span, ranges[index].lowerBound, range.lowerBound, count: range.count) { return values[index] }
        }
        return nil
    }

    mutating func remember(_ value: Value, _ range: Range<Int>) {
        if ranges.count < Self.capacity {
            ranges.append(range)
            values.append(value)
        } else {
            ranges[next] = range
            values[next] = value
            next = (next + 1) % Self.capacity
        }
    }

    private static func equal(_ span: Span<UInt8>, _ a: Int, _ b: Int, count: Int) -> Bool {
        guard a >= 0, b >= 0, a + count <= span.count, b + count <= span.count else { return false }
        let first = span.extracting(a..<(a + count)), second = span.extracting(b..<(b + count))
        var offset = 0
        while offset + 8 <= count {
            if JSONScanner.load64(first, offset) != JSONScanner.load64(second, offset) { return false }
            offset += 8
        }
        while offset < count {
            if first[offset] != second[offset] { return false }
            offset += 1
        }
        return true
    }
}

/// The cases of a string-valued enum by the bytes of their raw values, for `JSONScanner.value(in:)`:
/// a type keeps one table in a static property, so reading a case compares bytes and builds nothing.
public struct JSONCases<Value: Sendable>: Sendable {
    private let names: [[UInt8]]
    private let values: [Value]

    public init(_ cases: some Sequence<Value>) where Value: RawRepresentable, Value.RawValue == String {
        values = Array(cases)
        names = values.map { Array($0.rawValue.utf8) }
    }

    /// The raw values, comma-separated, as an error lists them.
    public var allowed: String { names.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", ") }

    /// The case whose raw value is exactly `bytes`.
    func value(_ bytes: Span<UInt8>) -> Value? {
        for index in names.indices where names[index].count == bytes.count && Self.equal(names[index], bytes) {
            return values[index]
        }
        return nil
    }

    private static func equal(_ name: [UInt8], _ bytes: Span<UInt8>) -> Bool {
        var at = 0
        for byte in name {
            if byte != bytes[at] { return false }
            at += 1
        }
        return true
    }
}
