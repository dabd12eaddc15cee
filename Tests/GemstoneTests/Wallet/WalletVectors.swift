import Foundation
import Primitives

/// Tests/BlockchainTests/Vectors/addresses.json (tests/oracles/addresses.py, bip-utils): every chain's default
/// account from three phrases. Read from the Blockchain tests' folder so that one file holds the oracle.
struct AddressOracle: Decodable {
    struct Account: Decodable {
        let derivationPath: String
        let address: String
        let extendedPublicKey: String?
    }

    struct Phrase: Decodable {
        let phrase: String
        let accounts: [String: Account]
    }

    let source: String
    let phrases: [Phrase]

    static let shared: AddressOracle = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("BlockchainTests/Vectors/addresses.json")
        return decodeVectors(try? Data(contentsOf: url), "addresses.json")
    }()
}

/// Vectors/private_keys.json (tests/oracles/private_keys.py): private keys in each chain's import and export
/// forms, with the address an independent library derives.
struct PrivateKeyVectors: Decodable {
    struct Key: Decodable, Sendable, CustomStringConvertible {
        let chain: String
        let keyHex: String
        let forms: [String: String]
        let address: String
        let source: String

        var description: String { "\(chain) \(keyHex.prefix(8))" }
    }

    let source: String
    let keys: [Key]

    static let shared: PrivateKeyVectors = {
        let url = Bundle.module.url(forResource: "private_keys", withExtension: "json", subdirectory: "Vectors")
        return decodeVectors(url.flatMap { try? Data(contentsOf: $0) }, "private_keys.json")
    }()
}

/// Decodes a vector file with the library's codec; a missing or malformed file leaves the decoded value empty
/// only through a trap in the test process, which the run reports as a failure.
private func decodeVectors<T: Decodable>(_ data: Data?, _ name: String) -> T {
    guard let data else { fatalError("missing test vector file \(name)") }
    do {
        return try JSONCodec.decode(T.self, from: Array(data))
    } catch {
        fatalError("malformed test vector file \(name): \(error)")
    }
}
