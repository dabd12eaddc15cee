// Input decoding shared by the Cosmos, Tron and Xrp harnesses: hex for bytes, decimal strings for integers.
import Blockchain
import GemCrypto
import Primitives

/// A request's `input` object, read field by field; a malformed request is a `HarnessError`, an absent
/// optional field is nil (so the signer reports it as the signer would).
struct CTXFields {
    let json: JSON

    init(_ json: JSON) throws {
        guard case .object = json else { throw HarnessError("input is not an object") }
        self.json = json
    }

    func string(_ key: String) throws -> String {
        guard let value = json[key]?.stringValue else { throw HarnessError("input.\(key) must be a string") }
        return value
    }

    func optionalString(_ key: String) throws -> String? {
        guard let value = json[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw HarnessError("input.\(key) must be a string") }
        return text
    }

    func hex(_ key: String) throws -> [UInt8] {
        try Hex.decode(try string(key), allowPrefix: true)
    }

    func optionalHex(_ key: String) throws -> [UInt8]? {
        guard let text = try optionalString(key) else { return nil }
        return try Hex.decode(text, allowPrefix: true)
    }

    func big(_ key: String) throws -> BigUInt {
        guard let value = try optionalBig(key) else { throw HarnessError("input.\(key) is missing") }
        return value
    }

    func optionalBig(_ key: String) throws -> BigUInt? {
        guard let value = json[key], !value.isNull else { return nil }
        if let number = value.int64Value, number >= 0 { return BigUInt(UInt64(number)) }
        guard let text = value.stringValue, let number = BigUInt(text) else {
            throw HarnessError("input.\(key) must be a decimal string")
        }
        return number
    }

    func optionalUInt64(_ key: String) throws -> UInt64? {
        guard let value = try optionalBig(key) else { return nil }
        guard let number = value.uint64 else { throw HarnessError("input.\(key) does not fit 64 bits") }
        return number
    }

    func uint64(_ key: String) throws -> UInt64 {
        guard let value = try optionalUInt64(key) else { throw HarnessError("input.\(key) is missing") }
        return value
    }

    func optionalUInt32(_ key: String) throws -> UInt32? {
        guard let value = try optionalUInt64(key) else { return nil }
        guard let number = UInt32(exactly: value) else { throw HarnessError("input.\(key) does not fit 32 bits") }
        return number
    }

    func chain(_ key: String = "chain") throws -> Chain {
        let id = try string(key)
        guard let chain = Chain(rawValue: id) else { throw HarnessError("unknown chain \(id)") }
        return chain
    }

    /// `private_key` (hex) as a secp256k1 key; an invalid key is the signer's `invalidPrivateKey`.
    func secp256k1Key() throws -> Secp256k1PrivateKey {
        do {
            return try Secp256k1PrivateKey(bytes: try hex("private_key"))
        } catch is KeyError {
            throw SignerError.invalidPrivateKey
        }
    }

    static func transaction(_ signed: SignedTransaction) -> JSON {
        .object([
            ("raw", .string(Hex.encode(signed.bytes))),
            ("encoded", .string(signed.encoded)),
            ("hash", .string(signed.hash)),
        ])
    }

    static func message(_ signed: SignedMessage) -> JSON {
        .object([("signature", .string(Hex.encode(signed.signature))), ("encoded", .string(signed.encoded))])
    }
}
