/// A JSON value: what records become when they cross the C ABI, the HTTP transport or a store port.
///
/// Objects keep their keys in insertion order, so the bytes a record encodes to are stable
/// (golden tests pin them). Numbers keep integers exact: `int` for anything that fits Int64
/// without a fraction or exponent, `double` otherwise. Big integers cross as decimal strings,
/// never as JSON numbers (DESIGN § 3).
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.double(a), .double(b)): a == b
        case let (.int(a), .double(b)), let (.double(b), .int(a)): Double(a) == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The value stored under `key` when this is an object (the first one, if repeated).
    public subscript(key: String) -> JSON? {
        guard case let .object(members) = self else { return nil }
        for (name, value) in members where name == key { return value }
        return nil
    }

    public var stringValue: String? {
        if case let .string(value) = self { return value }
        return nil
    }

    public var int64Value: Int64? {
        switch self {
        case let .int(value): value
        case let .double(value): JSONNumber.exactInteger(value)
        default: nil
        }
    }

    public var boolValue: Bool? {
        if case let .bool(value) = self { return value }
        return nil
    }

    public var arrayValue: [JSON]? {
        if case let .array(value) = self { return value }
        return nil
    }

    /// The path of the first NaN or infinity inside this value (JSON has no such numbers), or nil.
    public func nonFinitePath() -> String? {
        switch self {
        case let .double(number): return number.isFinite ? nil : ""
        case let .array(elements):
            for (index, element) in elements.enumerated() {
                if let path = element.nonFinitePath() { return path.isEmpty ? "[\(index)]" : "[\(index)]" + (path.hasPrefix("[") ? path : "." + path) }
            }
            return nil
        case let .object(members):
            for (key, value) in members {
                if let path = value.nonFinitePath() { return path.isEmpty ? key : key + (path.hasPrefix("[") ? path : "." + path) }
            }
            return nil
        default: return nil
        }
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
