/// A record that converts itself to and from `JSON` by hand, for the crossings where Codable's
/// generic machinery costs too much (lists of hundreds of rows within a 1 ms budget).
/// `JSONCodec` uses this conversion whenever a type offers it, so callers do not change; the
/// record's Codable conformance (when it has one) must produce the same shape, which its golden
/// test pins.
public protocol JSONConvertible {
    init(json: JSON) throws(JSONCodecError)
    var json: JSON { get }
}

extension Array: JSONConvertible where Element: JSONConvertible {
    public init(json: JSON) throws(JSONCodecError) {
        guard case let .array(elements) = json else { throw JSONCodecError(path: "", reason: "expected an array") }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                result.append(try Element(json: element))
            } catch {
                throw JSONCodecError(path: error.path.isEmpty ? "[\(index)]" : "[\(index)].\(error.path)", reason: error.reason)
            }
        }
        self = result
    }

    public var json: JSON { .array(map(\.json)) }
}

/// Reading the fields of a JSON object by hand, with the same errors the Codable path gives.
public struct JSONObjectReader {
    private let members: [(String, JSON)]

    public init(_ json: JSON) throws(JSONCodecError) {
        guard case let .object(members) = json else { throw JSONCodecError(path: "", reason: "expected an object") }
        self.members = members
    }

    public func value(_ key: String) -> JSON? {
        for member in members where member.0 == key { return member.1 }
        return nil
    }

    private func require(_ key: String) throws(JSONCodecError) -> JSON {
        guard let value = value(key), !value.isNull else { throw JSONCodecError(path: key, reason: "missing key") }
        return value
    }

    public func string(_ key: String) throws(JSONCodecError) -> String {
        let value = try require(key)
        guard case let .string(text) = value else { throw JSONCodecError(path: key, reason: "expected a string") }
        return text
    }

    public func optionalString(_ key: String) throws(JSONCodecError) -> String? {
        guard let value = value(key), !value.isNull else { return nil }
        guard case let .string(text) = value else { throw JSONCodecError(path: key, reason: "expected a string") }
        return text
    }

    public func double(_ key: String) throws(JSONCodecError) -> Double {
        switch try require(key) {
        case let .double(number): number
        case let .int(number): Double(number)
        default: throw JSONCodecError(path: key, reason: "expected a number")
        }
    }

    public func optionalDouble(_ key: String) throws(JSONCodecError) -> Double? {
        guard let value = value(key), !value.isNull else { return nil }
        return try double(key)
    }

    public func int64(_ key: String) throws(JSONCodecError) -> Int64 {
        let value = try require(key)
        guard let number = value.int64Value else { throw JSONCodecError(path: key, reason: "expected an integer") }
        return number
    }

    public func optionalInt64(_ key: String) throws(JSONCodecError) -> Int64? {
        guard let value = value(key), !value.isNull else { return nil }
        return try int64(key)
    }

    public func int32(_ key: String) throws(JSONCodecError) -> Int32 {
        guard let number = Int32(exactly: try int64(key)) else { throw JSONCodecError(path: key, reason: "out of range for a 32-bit integer") }
        return number
    }

    /// A nested record that may be absent or null.
    public func optionalDecode<T: JSONConvertible>(_ type: T.Type, _ key: String) throws(JSONCodecError) -> T? {
        guard let value = value(key), !value.isNull else { return nil }
        return try decode(type, key)
    }

    public func bool(_ key: String) throws(JSONCodecError) -> Bool {
        guard case let .bool(flag) = try require(key) else { throw JSONCodecError(path: key, reason: "expected a boolean") }
        return flag
    }

    /// A nested record, with the key prefixed to any error path.
    public func decode<T: JSONConvertible>(_ type: T.Type, _ key: String) throws(JSONCodecError) -> T {
        do {
            return try T(json: try require(key))
        } catch {
            throw JSONCodecError(path: error.path.isEmpty ? key : "\(key).\(error.path)", reason: error.reason)
        }
    }

    /// A string-valued enum (snake_case raw values).
    public func rawValue<T: RawRepresentable>(_ type: T.Type, _ key: String) throws(JSONCodecError) -> T where T.RawValue == String {
        let text = try string(key)
        guard let value = T(rawValue: text) else {
            throw JSONCodecError(path: key, reason: JSONCodec.unknownValue(text, allowed: JSONCodec.allowedValues(of: T.self)))
        }
        return value
    }

    public func optionalRawValue<T: RawRepresentable>(_ type: T.Type, _ key: String) throws(JSONCodecError) -> T? where T.RawValue == String {
        guard let value = value(key), !value.isNull else { return nil }
        return try rawValue(type, key)
    }
}

/// Building a JSON object by hand: keys in the order written, nil optionals left out.
public struct JSONObjectBuilder {
    public private(set) var members: [(String, JSON)] = []

    public init(capacity: Int = 8) {
        members.reserveCapacity(capacity)
    }

    public mutating func set(_ key: String, _ value: JSON) { members.append((key, value)) }
    public mutating func set(_ key: String, _ value: String) { members.append((key, .string(value))) }
    public mutating func set(_ key: String, _ value: Bool) { members.append((key, .bool(value))) }
    public mutating func set(_ key: String, _ value: Int64) { members.append((key, .int(value))) }
    public mutating func set(_ key: String, _ value: Double) { members.append((key, .double(value))) }
    public mutating func set(_ key: String, ifPresent value: String?) { if let value { set(key, value) } }
    public mutating func set(_ key: String, ifPresent value: Double?) { if let value { set(key, value) } }
    public mutating func set(_ key: String, ifPresent value: Int64?) { if let value { set(key, value) } }
    public mutating func set(_ key: String, ifPresent value: JSON?) { if let value { set(key, value) } }

    public var json: JSON { .object(members) }
}
