/// Encodes and decodes Codable records to and from the JSON shape of DESIGN § 3: Swift's
/// camelCase property names become snake_case keys (`assetId` -> `asset_id`, `explorerURL` ->
/// `explorer_url`), nil optionals are left out, and decoding is strict about types.
///
/// Enums with payload write their own `init(from:)`/`encode(to:)` with a `"type"` key (see
/// `TypeCodingKey`); enums without payload are `String` raw-value enums with snake_case values.
public enum JSONCodec {
    public static func encode(_ value: some Encodable) throws(JSONCodecError) -> [UInt8] {
        if let writable = value as? any JSONWritable {
            var out = JSONOutput(capacity: writable.jsonSizeEstimate)
            writable.write(to: &out)
            if out.wroteNonFinite {
                throw JSONCodecError(path: "", reason: "not a finite number, which JSON cannot hold")
            }
            return out.bytes
        }
        return JSONWriter.bytes(try encodeValue(value))
    }

    public static func encodeString(_ value: some Encodable) throws(JSONCodecError) -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }

    public static func encodeValue<T: Encodable>(_ value: T) throws(JSONCodecError) -> JSON {
        if let convertible = value as? any JSONConvertible {
            let json = convertible.json
            if let path = json.nonFinitePath() {
                throw JSONCodecError(path: path, reason: "not a finite number, which JSON cannot hold")
            }
            return json
        }
        let encoder = TreeEncoder(codingPath: [])
        do {
            try value.encode(to: encoder)
        } catch let error as JSONCodecError {
            throw error
        } catch {
            throw JSONCodecError(path: "", reason: String(describing: error))
        }
        return encoder.storage.json
    }

    public static func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws(JSONCodecError) -> T {
        if let scannable = T.self as? any JSONScannable.Type {
            var scanner = JSONScanner(bytes)
            let value = try scannable.init(scanning: &scanner)
            try scanner.finish()
            if let value = value as? T { return value }
        }
        let json: JSON
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw JSONCodecError(path: "", reason: error.description)
        }
        return try decode(type, from: json)
    }

    public static func decode<T: Decodable>(_ type: T.Type, from json: JSON) throws(JSONCodecError) -> T {
        if let convertible = T.self as? any JSONConvertible.Type, let value = try convertible.init(json: json) as? T {
            return value
        }
        do {
            return try T(from: TreeDecoder(value: json, codingPath: []))
        } catch let error as JSONCodecError {
            throw error
        } catch let DecodingError.dataCorrupted(context) {
            throw JSONCodecError(path: render(context.codingPath), reason: context.debugDescription)
        } catch {
            throw JSONCodecError(path: "", reason: String(describing: error))
        }
    }

    public static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? snakeCase(key.stringValue) : "." + snakeCase(key.stringValue)
            }
        }
        return text
    }

    private static func hasUppercase(_ bytes: Span<UInt8>) -> Bool {
        for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= 0x5A { return true }
        return false
    }

    /// Whether `member` (a JSON key) is the snake_case form of the property name `name`,
    /// decided without building the converted string.
    static func matches(member: String, name: String) -> Bool {
        matches(member.utf8.span, name.utf8.span)
    }

    private static func matches(_ member: Span<UInt8>, _ name: Span<UInt8>) -> Bool {
        func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
        func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
        var at = 0
        for index in name.indices {
            let byte = name[index]
            if isUpper(byte) {
                let previous: UInt8? = index > 0 ? name[index - 1] : nil
                let next: UInt8? = index + 1 < name.count ? name[index + 1] : nil
                let startsWord = previous.map { !isUpper($0) && $0 != 0x5F } ?? false
                let endsAcronym = (previous.map(isUpper) ?? false) && (next.map(isLower) ?? false)
                if startsWord || endsAcronym {
                    guard at < member.count, member[at] == 0x5F else { return false }
                    at += 1
                }
                guard at < member.count, member[at] == byte + 0x20 else { return false }
            } else {
                guard at < member.count, member[at] == byte else { return false }
            }
            at += 1
        }
        return at == member.count
    }

    /// At most the first 40 characters (Unicode scalars) of `text`, with "…" when there is more: what an error
    /// message quotes of an input. Reads only the prefix it returns.
    public static func excerpt(_ text: String) -> String {
        var scalars = text.unicodeScalars.makeIterator()
        var shown = String.UnicodeScalarView()
        for _ in 0..<excerptLength {
            guard let scalar = scalars.next() else { return text }
            shown.append(scalar)
        }
        guard scalars.next() != nil else { return text }
        return String(shown) + "…"
    }

    /// How many characters (Unicode scalars) of an input an error quotes.
    public static let excerptLength = 40

    /// At most `bytes` UTF-8 bytes of `text` (never splitting a scalar), with "…" when there is more.
    static func bounded(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var shown = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            if used + width > bytes { break }
            shown.append(scalar)
            used += width
        }
        return String(shown) + "…"
    }

    /// The reason of an enum value that is not one of its cases: the value (its first 40 characters) and the
    /// allowed values, in the ABI's spelling.
    public static func unknownValue(_ text: String, allowed: String) -> String {
        "unknown value \"\(excerpt(text))\"; expected one of \(allowed)"
    }

    /// The raw values of a string enum, comma-separated ("" when the type does not list its cases).
    public static func allowedValues<T>(of type: T.Type) -> String {
        guard let cases = type as? any (CaseIterable & RawRepresentable).Type else { return "" }
        return allowedValues(cases)
    }

    private static func allowedValues<C: CaseIterable & RawRepresentable>(_ type: C.Type) -> String {
        C.allCases.map { "\($0.rawValue)" }.joined(separator: ", ")
    }

    /// `assetId` -> `asset_id`; `explorerURL` -> `explorer_url`; `URLString` -> `url_string`;
    /// names that are already snake_case pass through unchanged (without allocating).
    public static func snakeCase(_ name: String) -> String {
        var utf8 = name.utf8
        guard hasUppercase(utf8.span) else { return name }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 4)
        let bytes = Array(utf8)
        func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
        func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
        for (index, byte) in bytes.enumerated() {
            if isUpper(byte) {
                let previous: UInt8? = index > 0 ? bytes[index - 1] : nil
                let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
                let startsWord = previous.map { !isUpper($0) && $0 != 0x5F } ?? false
                let endsAcronym = (previous.map(isUpper) ?? false) && (next.map(isLower) ?? false)
                if startsWord || endsAcronym { out.append(0x5F) }
                out.append(byte + 0x20)
            } else {
                out.append(byte)
            }
        }
        utf8 = String(decoding: out, as: UTF8.self).utf8
        return String(utf8)
    }
}

/// A record that could not be encoded or decoded: where (a dotted snake_case path) and why.
public struct JSONCodecError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    /// The most bytes of path an error keeps.
    public static let maxPathBytes = 256
    /// The most bytes of reason an error keeps (room for an enum's allowed values).
    public static let maxReasonBytes = 2048

    /// Keeps at most `maxPathBytes` of `path` and `maxReasonBytes` of `reason`, whatever built them (a
    /// `DecodingError`'s description, a key or value of the input): an error never carries its input whole.
    public init(path: String, reason: String) {
        self.path = JSONCodec.bounded(path, bytes: JSONCodecError.maxPathBytes)
        self.reason = JSONCodec.bounded(reason, bytes: JSONCodecError.maxReasonBytes)
    }

    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}

/// The `"type"` discriminator of an enum with payload (DESIGN § 3).
public struct TypeCodingKey: CodingKey {
    public static let type = TypeCodingKey(stringValue: "type")
    public let stringValue: String
    public var intValue: Int? { nil }
    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}

struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
