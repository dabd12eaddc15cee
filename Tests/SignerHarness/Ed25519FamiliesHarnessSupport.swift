// Field readers shared by the Ton, Near, Stellar and Algorand harnesses (hex and decimal strings → typed values).
import Blockchain
import GemCrypto
import Primitives

enum EdHarness {
    static func string(_ input: JSON, _ key: String) throws -> String {
        guard let value = input[key]?.stringValue else { throw HarnessError("\(key): expected a string") }
        return value
    }

    static func optionalString(_ input: JSON, _ key: String) throws -> String? {
        guard let value = input[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw HarnessError("\(key): expected a string") }
        return text
    }

    static func hex(_ input: JSON, _ key: String) throws -> [UInt8] {
        try Hex.decode(string(input, key), allowPrefix: true)
    }

    static func optionalHex(_ input: JSON, _ key: String) throws -> [UInt8]? {
        guard let text = try optionalString(input, key) else { return nil }
        return try Hex.decode(text, allowPrefix: true)
    }

    static func big(_ input: JSON, _ key: String) throws -> BigUInt {
        guard let value = try optionalBig(input, key) else { throw HarnessError("\(key): expected a decimal string") }
        return value
    }

    static func optionalBig(_ input: JSON, _ key: String) throws -> BigUInt? {
        guard let value = input[key], !value.isNull else { return nil }
        if let int = value.int64Value, int >= 0 { return BigUInt(UInt64(int)) }
        guard let text = value.stringValue, let number = BigUInt(text) else {
            throw HarnessError("\(key): expected a decimal string")
        }
        return number
    }

    static func optionalUInt<T: FixedWidthInteger & UnsignedInteger>(_ input: JSON, _ key: String, as _: T.Type = T.self)
        throws -> T?
    {
        guard let number = try optionalBig(input, key) else { return nil }
        guard let small = number.uint64, let value = T(exactly: small) else { throw HarnessError("\(key): out of range") }
        return value
    }

    static func uint<T: FixedWidthInteger & UnsignedInteger>(_ input: JSON, _ key: String, as _: T.Type = T.self) throws -> T {
        guard let value = try optionalUInt(input, key, as: T.self) else { throw HarnessError("\(key): missing") }
        return value
    }

    static func optionalBool(_ input: JSON, _ key: String) throws -> Bool? {
        guard let value = input[key], !value.isNull else { return nil }
        guard let flag = value.boolValue else { throw HarnessError("\(key): expected a boolean") }
        return flag
    }

    static func key(_ input: JSON) throws -> Ed25519PrivateKey {
        try Ed25519PrivateKey(seed: hex(input, "private_key"))
    }

    static func result(_ signed: SignedTransaction, extra: [(String, JSON)] = []) -> JSON {
        .object(
            [
                ("raw", .string(Hex.encode(signed.bytes))),
                ("encoded", .string(signed.encoded)),
                ("hash", .string(signed.hash)),
            ] + extra)
    }
}
