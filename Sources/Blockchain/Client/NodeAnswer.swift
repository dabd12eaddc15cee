import Primitives

/// Field readers for the response mappers: each names the field it reads in the `malformed` error it throws, and
/// bounds what it accepts (numbers are exact integers, decimal strings at most 78 digits before parsing).
enum NodeAnswer {
    /// The member `key` of an object; a missing key or a non-object is `malformed(name)`.
    static func member(_ json: JSON, _ key: String, _ name: String) throws(ChainClientError) -> JSON {
        guard let value = json[key] else { throw .malformed("\(name): missing") }
        return value
    }

    /// An object member that may be missing or null: nil then.
    static func optional(_ json: JSON, _ key: String) -> JSON? {
        guard let value = json[key], !value.isNull else { return nil }
        return value
    }

    static func string(_ json: JSON?, _ name: String) throws(ChainClientError) -> String {
        guard let text = json?.stringValue else { throw .malformed("\(name): not a string") }
        return text
    }

    static func array(_ json: JSON?, _ name: String) throws(ChainClientError) -> [JSON] {
        guard let elements = json?.arrayValue else { throw .malformed("\(name): not an array") }
        return elements
    }

    static func bool(_ json: JSON?, _ name: String) throws(ChainClientError) -> Bool {
        guard let flag = json?.boolValue else { throw .malformed("\(name): not a boolean") }
        return flag
    }

    /// A JSON number that is a non-negative integer. The codec keeps integers exact up to Int64.max; a larger
    /// number arrives as a double whose low digits are lost, so it is refused rather than rounded.
    static func u64Number(_ json: JSON?, _ name: String) throws(ChainClientError) -> UInt64 {
        switch json {
        case let .int(value)? where value >= 0: return UInt64(value)
        case .int?: throw .malformed("\(name): negative")
        case .double?: throw .malformed("\(name): not an exact integer (fraction, or above 2^63)")
        default: throw .malformed("\(name): not a number")
        }
    }

    /// A decimal string of at most `bits` bits (64 for a u64 field, 128 for u128, 256 for u256).
    static func decimal(_ json: JSON?, _ name: String, bits: Int = 64) throws(ChainClientError) -> BigUInt {
        guard let text = json?.stringValue else { throw .malformed("\(name): not a decimal string") }
        guard text.utf8.count <= 78, let value = BigUInt(text) else { throw .malformed("\(name): not a decimal integer") }
        guard value.bitLength <= bits else { throw .malformed("\(name): above u\(bits)") }
        return value
    }

    /// A decimal string of a u64 field, as a `UInt64`.
    static func u64String(_ json: JSON?, _ name: String) throws(ChainClientError) -> UInt64 {
        guard let value = try decimal(json, name, bits: 64).uint64 else { throw .malformed("\(name): above u64") }
        return value
    }
}
