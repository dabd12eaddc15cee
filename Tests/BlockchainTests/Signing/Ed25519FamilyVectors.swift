import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

/// One byte-for-byte vector of Vectors/signing/<family>.json (Ton, Near, Stellar, Algorand): the harness-form
/// input and the oracle's signed bytes, broadcast form and hash.
struct Ed25519FamilyVector: Sendable, CustomStringConvertible {
    let name: String
    let op: String
    let input: JSON
    let raw: String
    let encoded: String
    let hash: String
    /// The whole vector, for a family's extra fields (TON's normalized hash, Algorand's base64).
    let json: JSON
    var description: String { name }

    /// The vectors of `family`; an unreadable file yields none, which the count test reports.
    static func load(_ family: String) -> [Ed25519FamilyVector] {
        guard let url = Bundle.module.url(forResource: family, withExtension: "json", subdirectory: "Vectors/signing"),
              let data = try? Data(contentsOf: url),
              let root = try? JSONParser.parse(Array(data)),
              let vectors = root["vectors"]?.arrayValue
        else { return [] }
        return vectors.compactMap { vector in
            guard let name = vector["name"]?.stringValue, let input = vector["input"],
                  let raw = vector["raw"]?.stringValue, let encoded = vector["encoded"]?.stringValue,
                  let hash = vector["hash"]?.stringValue
            else { return nil }
            return Ed25519FamilyVector(
                name: name, op: vector["op"]?.stringValue ?? "transfer", input: input, raw: raw, encoded: encoded,
                hash: hash, json: vector)
        }
    }
}

/// Readers of the vectors' harness-form inputs (hex and decimal strings).
enum VectorField {
    struct Missing: Error { let key: String }

    static func string(_ input: JSON, _ key: String) throws -> String {
        guard let value = input[key]?.stringValue else { throw Missing(key: key) }
        return value
    }

    static func optionalString(_ input: JSON, _ key: String) -> String? { input[key]?.stringValue }

    static func hex(_ input: JSON, _ key: String) throws -> [UInt8] { try Hex.decode(string(input, key)) }

    static func optionalHex(_ input: JSON, _ key: String) throws -> [UInt8]? {
        guard let text = optionalString(input, key) else { return nil }
        return try Hex.decode(text)
    }

    static func big(_ input: JSON, _ key: String) throws -> BigUInt {
        guard let value = optionalBig(input, key) else { throw Missing(key: key) }
        return value
    }

    static func optionalBig(_ input: JSON, _ key: String) -> BigUInt? {
        optionalString(input, key).flatMap { BigUInt($0) }
    }

    static func optionalU64(_ input: JSON, _ key: String) -> UInt64? { optionalBig(input, key)?.uint64 }

    static func u64(_ input: JSON, _ key: String) throws -> UInt64 {
        guard let value = optionalU64(input, key) else { throw Missing(key: key) }
        return value
    }

    static func key(_ input: JSON) throws -> Ed25519PrivateKey {
        try Ed25519PrivateKey(seed: hex(input, "private_key"))
    }
}

/// A rejection case: a change to a valid input and the exact error the signer must raise.
struct Refusal<Input: Sendable>: Sendable, CustomStringConvertible {
    let name: String
    let change: @Sendable (inout Input) -> Void
    let error: SignerError
    var description: String { name }

    init(_ name: String, _ change: @escaping @Sendable (inout Input) -> Void, _ error: SignerError) {
        self.name = name
        self.change = change
        self.error = error
    }
}
