// Field readers shared by the Solana, Sui and Aptos harnesses (ed25519 families): hex bytes, decimal big
// integers, fixed-width integers, optional strings. A malformed request is a HarnessError, never a SignerError.
import Blockchain
import GemCrypto
import Primitives

struct EdFields {
    let json: JSON

    init(_ json: JSON) { self.json = json }

    func has(_ key: String) -> Bool { !(json[key]?.isNull ?? true) }

    func string(_ key: String) throws -> String {
        guard let value = json[key]?.stringValue else { throw HarnessError("\(key): expected a string") }
        return value
    }

    func optionalString(_ key: String) throws -> String? {
        has(key) ? try string(key) : nil
    }

    func bytes(_ key: String) throws -> [UInt8] {
        try Hex.decode(try string(key), allowPrefix: true)
    }

    func big(_ key: String) throws -> BigUInt {
        guard let value = BigUInt(try string(key)) else { throw HarnessError("\(key): expected a decimal string") }
        return value
    }

    func optionalBig(_ key: String) throws -> BigUInt? {
        has(key) ? try big(key) : nil
    }

    func integer<T: FixedWidthInteger>(_ key: String, _ type: T.Type = T.self) throws -> T {
        if let number = json[key]?.int64Value, let value = T(exactly: number) { return value }
        if let text = json[key]?.stringValue, let value = T(text) { return value }
        throw HarnessError("\(key): expected an integer that fits \(T.self)")
    }

    func optionalInteger<T: FixedWidthInteger>(_ key: String, _ type: T.Type = T.self) throws -> T? {
        has(key) ? try integer(key, type) : nil
    }

    func bool(_ key: String, default fallback: Bool = false) throws -> Bool {
        guard has(key) else { return fallback }
        guard let value = json[key]?.boolValue else { throw HarnessError("\(key): expected a bool") }
        return value
    }

    func object(_ key: String) throws -> EdFields {
        guard let value = json[key], case .object = value else { throw HarnessError("\(key): expected an object") }
        return EdFields(value)
    }

    func array(_ key: String) throws -> [EdFields] {
        guard let values = json[key]?.arrayValue else { throw HarnessError("\(key): expected an array") }
        return values.map(EdFields.init)
    }

    func ed25519Key(_ key: String = "private_key") throws -> Ed25519PrivateKey {
        try Ed25519PrivateKey(seed: try bytes(key))
    }
}

func edSignedJSON(_ signed: SignedTransaction) -> JSON {
    .object([("raw", .string(Hex.encode(signed.bytes))), ("encoded", .string(signed.encoded)), ("hash", .string(signed.hash))])
}

func edSignedMessageJSON(_ signed: SignedMessage) -> JSON {
    .object([("signature", .string(Hex.encode(signed.signature))), ("encoded", .string(signed.encoded))])
}
