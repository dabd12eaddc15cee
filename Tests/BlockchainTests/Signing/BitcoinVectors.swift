import Foundation
import Primitives

/// Tests/BlockchainTests/Vectors/signing/bitcoin.json, written by tests/signing/bitcoin/make_vectors.py.
struct BitcoinVectors: Decodable {
    struct UTXO: Decodable {
        let txid: String
        let vout: UInt32
        let value: String
    }

    struct Expected: Decodable {
        let raw: String
        let hash: String
        let amount: String
        let change: String?
        let fee: String
        let inputs: [String]
    }

    struct Transfer: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let chain: String
        let privateKey: String
        let senderAddress: String
        let destinationAddress: String
        let amount: String
        let changeAddress: String?
        let feeRate: String
        let utxos: [UTXO]
        let consensusBranchId: UInt32?
        let expiryHeight: UInt32?
        let expected: Expected
        var description: String { name }
    }

    struct Message: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let chain: String
        let privateKey: String
        let address: String
        let message: String
        let encoded: String
        var description: String { name }
    }

    struct TxInput: Decodable {
        let txid: String
        let vout: UInt32
        let sequence: UInt32
    }

    struct Output: Decodable {
        let value: String
        let script: String
    }

    struct Tx: Decodable {
        let version: UInt32
        let lockTime: UInt32
        let inputs: [TxInput]
        let outputs: [Output]
        let spent: [Output]
    }

    /// BIP-143's native P2WPKH example.
    struct SegwitV0: Decodable {
        let tx: Tx
        let p2pkPrivateKey: String
        let p2wpkhPrivateKey: String
        let scriptCode: String
        let sighash: String
        let signature: String
        let signedTx: String
    }

    struct Taproot: Decodable, Sendable, CustomStringConvertible {

        let tx: Tx
        let index: Int
        let hashType: UInt8
        let internalPrivateKey: String
        let merkleRoot: String?
        let tweakedPrivateKey: String
        let sighash: String
        let witness: String
        var description: String { "bip341 input \(index) hash type \(hashType)" }
    }

    struct Zip244: Decodable, Sendable, CustomStringConvertible {
        struct Input: Decodable {
            let prevout: String
            let scriptSig: String
            let sequence: UInt32
        }

        let consensusBranchId: UInt32
        let lockTime: UInt32
        let expiryHeight: UInt32
        let inputs: [Input]
        let outputs: [Output]
        let saplingDigest: String
        let orchardDigest: String
        let amounts: [String]
        let scriptPubkeys: [String]
        let transparentInput: Int?
        let txid: String
        let sighashAll: String?
        var description: String { "zip244 \(txid.prefix(16))" }
    }

    let source: String
    let transfers: [Transfer]
    let messages: [Message]
    let bip143: SegwitV0?
    let bip341: [Taproot]
    let zip244: [Zip244]

    static let shared: BitcoinVectors = {
        guard let url = Bundle.module.url(forResource: "bitcoin", withExtension: "json", subdirectory: "Vectors/signing"),
              let data = try? Data(contentsOf: url),
              let vectors = try? JSONCodec.decode(BitcoinVectors.self, from: Array(data))
        else {
            // An empty set fails `vectorsArePresent`, which names the file.
            return BitcoinVectors(source: "", transfers: [], messages: [], bip143: nil, bip341: [], zip244: [])
        }
        return vectors
    }()
}
