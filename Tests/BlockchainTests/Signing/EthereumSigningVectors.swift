import Foundation
import Primitives

/// Tests/BlockchainTests/Vectors/signing/ethereum.json and hypercore.json, written by
/// tests/signing/ethereum/make_vectors.py (eth-account) and tests/signing/hypercore/make_vectors.py
/// (hyperliquid-python-sdk).
struct EthereumSigningVectors: Decodable {
    struct Input: Decodable, Sendable {
        let chain: String?
        let type: String?
        let operation: String?
        let to: String?
        let value: String?
        let token: String?
        let spender: String?
        let amount: String?
        let data: String?
        let nonce: String?
        let gasLimit: String?
        let maxFeePerGas: String?
        let maxPriorityFeePerGas: String?
        let gasPrice: String?
        let balance: String?
        let tokenBalance: String?

        enum CodingKeys: String, CodingKey {
            case chain, type, operation, to, value, token, spender, amount, data, nonce, balance
            case gasLimit = "gas_limit", maxFeePerGas = "max_fee_per_gas"
            case maxPriorityFeePerGas = "max_priority_fee_per_gas", gasPrice = "gas_price", tokenBalance = "token_balance"
        }
    }

    struct Transaction: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let key: String
        let input: Input
        let raw: String
        let hash: String
        var description: String { name }
    }

    struct Personal: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let key: String
        let message: String
        let signature: String
        var description: String { name }
    }

    struct Typed: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let key: String
        let typedData: String
        let digest: String
        let signature: String
        var description: String { name }

        enum CodingKeys: String, CodingKey {
            case name, key, digest, signature
            case typedData = "typed_data"
        }
    }

    let source: String
    let transactions: [Transaction]
    let personal: [Personal]
    let typed: [Typed]

    static let shared: EthereumSigningVectors = loadSigningVectors("ethereum")
}

struct HyperCoreSigningVectors: Decodable {
    struct Input: Decodable, Sendable {
        let action: String
        let destination: String
        let amount: String
        let decimals: Int
        let time: String
        let balance: String
        let token: String?
    }

    struct Vector: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let key: String
        let input: Input
        let encoded: String
        let hash: String
        var description: String { name }
    }

    let source: String
    let vectors: [Vector]

    static let shared: HyperCoreSigningVectors = loadSigningVectors("hypercore")
}

/// Loads Vectors/signing/<name>.json; a missing or malformed file is a broken test bundle.
func loadSigningVectors<T: Decodable>(_ name: String) -> T {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/signing"),
          let data = try? Data(contentsOf: url)
    else { fatalError("missing test vector file signing/\(name).json") }
    do {
        return try JSONCodec.decode(T.self, from: Array(data))
    } catch {
        fatalError("malformed test vector file signing/\(name).json: \(error)")
    }
}
