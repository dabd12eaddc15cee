import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

/// Tests/BlockchainTests/Vectors/signing/aptos.json, written by tests/signing/aptos/make_vectors.py (aptos-sdk).
private struct AptosVectors: Decodable {
    struct Input: Decodable {
        let privateKey: String
        let recipient: String
        let amount: String
        let balance: String
        let sequenceNumber: String
        let maxGasAmount: String
        let gasUnitPrice: String
        let expirationTimestampSecs: String
        let chainId: UInt8
        let coinType: String?
        let metadata: String?
        let tokenBalance: String?
    }

    struct Transaction: Decodable {
        let name: String
        let input: Input
        let signed: String
        let hash: String
    }

    let source: String
    let transactions: [Transaction]

    static let shared: AptosVectors = {
        guard let url = Bundle.module.url(forResource: "aptos", withExtension: "json", subdirectory: "Vectors/signing"),
              let data = try? Data(contentsOf: url),
              let vectors = try? JSONCodec.decode(AptosVectors.self, from: Array(data))
        else { preconditionFailure("Vectors/signing/aptos.json is missing or malformed") }
        return vectors
    }()
}

private let aptosKey: Ed25519PrivateKey = {
    guard let key = try? Ed25519PrivateKey(seed: [UInt8](repeating: 0x55, count: 32)) else { preconditionFailure("test key") }
    return key
}()

private func apt(amount: BigUInt = 1_000, balance: BigUInt = 1_000_000, asset: AptosSignerInput.Asset = .apt) -> AptosSignerInput {
    AptosSignerInput(asset: asset, recipient: "0x1", amount: amount, balance: balance, sequenceNumber: 0, maxGasAmount: 2_000,
                     gasUnitPrice: 100, expirationTimestampSecs: 1_900_000_000, chainId: 1)
}

private func refusal(_ input: AptosSignerInput) -> SignerError? {
    do {
        _ = try AptosSigner.sign(input, key: aptosKey)
        return nil
    } catch {
        return error
    }
}

@Suite struct AptosSignerTests {
    @Test(arguments: AptosVectors.shared.transactions.indices)
    func signsLikeAptosSDK(index: Int) throws {
        let vector = AptosVectors.shared.transactions[index]
        let input = vector.input
        var asset = AptosSignerInput.Asset.apt
        if let type = input.coinType {
            asset = .coin(type: type, balance: try #require(BigUInt(input.tokenBalance ?? "")))
        } else if let metadata = input.metadata {
            asset = .fungibleAsset(metadata: metadata, balance: try #require(BigUInt(input.tokenBalance ?? "")))
        }
        let signerInput = AptosSignerInput(
            asset: asset, recipient: input.recipient, amount: try #require(BigUInt(input.amount)),
            balance: try #require(BigUInt(input.balance)), sequenceNumber: try #require(UInt64(input.sequenceNumber)),
            maxGasAmount: try #require(UInt64(input.maxGasAmount)), gasUnitPrice: try #require(UInt64(input.gasUnitPrice)),
            expirationTimestampSecs: try #require(UInt64(input.expirationTimestampSecs)), chainId: input.chainId
        )
        let key = try Ed25519PrivateKey(seed: try Hex.decode(input.privateKey))
        let signed = try AptosSigner.sign(signerInput, key: key)
        #expect(Hex.encode(signed.bytes) == vector.signed, "\(vector.name)")
        #expect(signed.encoded == vector.signed)
        #expect(signed.hash == vector.hash)
    }

    @Test func vectorsAreEnough() {
        #expect(AptosVectors.shared.transactions.count >= 5)
        #expect(AptosVectors.shared.source.contains("aptos-sdk"))
    }

    @Test func structTags() throws {
        let tag = try AptosSigner.structTag("0x1::aptos_coin::AptosCoin", field: "coin_type")
        #expect(tag == .init(address: AptosSigner.framework, module: "aptos_coin", name: "AptosCoin"))
        for bad in ["0x1::aptos_coin", "0x1:aptos_coin:AptosCoin", "0x1::9coin::C", "0x1::coin::C-D", "0x1::::C", "0x1::a::b::c"] {
            #expect(throws: SignerError.invalidField("coin_type", reason: "not address::module::name"), "\(bad)") {
                try AptosSigner.structTag(bad, field: "coin_type")
            }
        }
        #expect(throws: SignerError.invalidAddress("coin_type")) { try AptosSigner.structTag("0xzz::a::B", field: "coin_type") }
        #expect(throws: SignerError.missingField("coin_type")) { try AptosSigner.structTag("", field: "coin_type") }
        #expect(throws: SignerError.unsupported("coin_type with type arguments")) {
            try AptosSigner.structTag("0x1::coin::Coin<0x1::aptos_coin::AptosCoin>", field: "coin_type")
        }
    }

    @Test func rejections() {
        #expect(refusal(apt()) == nil)
        var input = apt()
        input.recipient = ""
        #expect(refusal(input) == .missingField("recipient"))
        input.recipient = "1234"
        #expect(refusal(input) == .invalidAddress("recipient"))
        input.recipient = "0x" + String(repeating: "1", count: 65)
        #expect(refusal(input) == .invalidAddress("recipient"))
        #expect(refusal(apt(amount: BigUInt(UInt64.max) + 1)) == .amountOutOfRange("amount"))
        #expect(refusal(apt(amount: 0)) == .invalidField("amount", reason: "must be greater than zero"))
        input = apt()
        input.maxGasAmount = 0
        #expect(refusal(input) == .invalidField("max_gas_amount", reason: "must be greater than zero"))
        input = apt()
        input.gasUnitPrice = 0
        #expect(refusal(input) == .invalidField("gas_unit_price", reason: "must be greater than zero"))
        input = apt()
        input.expirationTimestampSecs = 0
        #expect(refusal(input) == .missingField("expiration_timestamp_secs"))
        input = apt()
        input.chainId = 0
        #expect(refusal(input) == .invalidField("chain_id", reason: "must be greater than zero"))
        input = apt()
        input.maxGasAmount = .max
        #expect(refusal(input) == .amountOutOfRange("max_gas_amount"))
        #expect(refusal(apt(amount: 800_001)) == .insufficientBalance(required: 1_000_001, available: 1_000_000))
        #expect(refusal(apt(amount: 800_000)) == nil)
    }

    @Test func tokenRejections() {
        let usdc = "0xf22bede237a07e121b56d91a491eb7bcdfd1f5907926a9e58338f964a01b17fa::asset::USDC"
        #expect(refusal(apt(asset: .coin(type: usdc, balance: 1_000))) == nil)
        #expect(refusal(apt(amount: 1_001, asset: .coin(type: usdc, balance: 1_000))) == .insufficientBalance(required: 1_001, available: 1_000))
        #expect(refusal(apt(balance: 199_999, asset: .coin(type: usdc, balance: 1_000))) ==
            .insufficientBalance(required: 200_000, available: 199_999))
        #expect(refusal(apt(asset: .coin(type: "usdc", balance: 1_000))) == .invalidField("coin_type", reason: "not address::module::name"))
        #expect(refusal(apt(asset: .fungibleAsset(metadata: "0xb", balance: 1_000))) == nil)
        // APT as a coin or as its fungible asset (0xa): amount and gas both from the APT balance
        #expect(refusal(apt(amount: 800_001, asset: .coin(type: "0x1::aptos_coin::AptosCoin", balance: 1_000_000))) ==
            .insufficientBalance(required: 1_000_001, available: 1_000_000))
        #expect(refusal(apt(amount: 800_000, asset: .coin(type: "0x1::aptos_coin::AptosCoin", balance: 1_000_000))) == nil)
        #expect(refusal(apt(amount: 800_001, asset: .fungibleAsset(metadata: "0xa", balance: 1_000_000))) ==
            .insufficientBalance(required: 1_000_001, available: 1_000_000))
        #expect(refusal(apt(amount: 800_001, asset: .fungibleAsset(metadata: "0xb", balance: 1_000_000))) == nil)
        #expect(refusal(apt(asset: .fungibleAsset(metadata: "", balance: 1_000))) == .missingField("metadata"))
        #expect(refusal(apt(asset: .fungibleAsset(metadata: "a", balance: 1_000))) == .invalidAddress("metadata"))
        #expect(refusal(apt(amount: 1_001, asset: .fungibleAsset(metadata: "0xb", balance: 1_000))) ==
            .insufficientBalance(required: 1_001, available: 1_000))
        #expect(refusal(apt(balance: 199_999, asset: .fungibleAsset(metadata: "0xb", balance: 1_000))) ==
            .insufficientBalance(required: 200_000, available: 199_999))
    }

    @Test func hashPrefixes() {
        // SHA3-256 of the domain separators (aptos-core: HashValue of "APTOS::RawTransaction" / "APTOS::Transaction").
        #expect(Hex.encode(AptosSigner.rawTransactionPrefix) == Hex.encode(Hash.sha3_256(Array("APTOS::RawTransaction".utf8))))
        #expect(AptosSigner.rawTransactionPrefix.count == 32 && AptosSigner.transactionPrefix.count == 32)
    }
}
