import Foundation
import Primitives

/// Tests/BlockchainTests/Vectors/addresses.json, written by tests/oracles/addresses.py (bip-utils).
struct AddressVectors: Decodable {
    struct TonCode: Decodable {
        let hash: String
        let depth: Int
    }

    struct Account: Decodable {
        let derivationPath: String
        let publicKey: String
        let address: String
        let source: String
        let extendedPublicKey: String?
        let stakePublicKey: String?
    }

    struct Phrase: Decodable {
        let phrase: String
        let accounts: [String: Account]
        let bitcoinTaproot: Account
    }

    let source: String
    let tonWalletV4r2Code: TonCode
    let phrases: [Phrase]

    static let shared: AddressVectors = load("addresses")
}

/// Tests/BlockchainTests/Vectors/validation.json, written by tests/oracles/validation.py.
struct ValidationVectors: Decodable {
    struct Vector: Decodable, Sendable, CustomStringConvertible {
        let chain: String
        let address: String
        let expect: String
        let why: String
        let normalized: String?
        let checkedBy: String?

        var description: String { "\(chain) \(expect): \(why)" }
    }

    let source: String
    let vectors: [Vector]

    static let shared: ValidationVectors = load("validation")
}

/// One case of the vector matrix: a phrase (by index) and a chain.
struct PhraseChain: Sendable, CustomStringConvertible {
    let phrase: Int
    let chain: Chain
    var description: String { "phrase \(phrase) \(chain.id)" }

    static let all: [PhraseChain] = AddressVectors.shared.phrases.indices.flatMap { index in
        Chain.allCases.map { PhraseChain(phrase: index, chain: $0) }
    }
}

/// Loads a vector file with the library's JSON codec. A missing or malformed file is a test failure, reported by
/// the tests that read it (they find no vectors), so loading itself traps only on a broken test bundle.
private func load<T: Decodable>(_ name: String) -> T {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors"),
          let data = try? Data(contentsOf: url)
    else { fatalError("missing test vector file \(name).json") }
    do {
        return try JSONCodec.decode(T.self, from: Array(data))
    } catch {
        fatalError("malformed test vector file \(name).json: \(error)")
    }
}
