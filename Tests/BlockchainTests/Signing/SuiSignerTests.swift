import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

/// Tests/BlockchainTests/Vectors/signing/sui.json, written by tests/signing/sui/make_vectors.py (pysui).
private struct SuiVectors: Decodable {
    struct Coin: Decodable {
        let objectId: String
        let version: String
        let digest: String
        let balance: String
    }

    struct Input: Decodable {
        let privateKey: String
        let recipient: String
        let amount: String
        let coins: [Coin]?
        let gasCoins: [Coin]
        let gasPrice: String
        let gasBudget: String
    }

    struct Transaction: Decodable {
        let name: String
        let input: Input
        let txBytes: String
        let signature: String
        let digest: String
    }

    struct Message: Decodable {
        let privateKey: String
        let message: String
        let encoded: String
    }

    let source: String
    let transactions: [Transaction]
    let messages: [Message]

    static let shared: SuiVectors = {
        guard let url = Bundle.module.url(forResource: "sui", withExtension: "json", subdirectory: "Vectors/signing"),
              let data = try? Data(contentsOf: url),
              let vectors = try? JSONCodec.decode(SuiVectors.self, from: Array(data))
        else { preconditionFailure("Vectors/signing/sui.json is missing or malformed") }
        return vectors
    }()
}

private func coins(_ list: [SuiVectors.Coin]) throws -> [SuiSignerInput.Coin] {
    try list.map { coin in
        SuiSignerInput.Coin(objectId: coin.objectId, version: try #require(UInt64(coin.version)), digest: coin.digest,
                            balance: try #require(BigUInt(coin.balance)))
    }
}

private func suiKey(_ byte: UInt8 = 0x66) -> Ed25519PrivateKey {
    guard let key = try? Ed25519PrivateKey(seed: [UInt8](repeating: byte, count: 32)) else { preconditionFailure("test key") }
    return key
}

private func coin(_ byte: UInt8, _ balance: BigUInt) -> SuiSignerInput.Coin {
    SuiSignerInput.Coin(objectId: "0x" + Hex.encode([UInt8](repeating: byte, count: 32)), version: 7,
                        digest: Base58.encode([UInt8](repeating: byte &+ 100, count: 32)), balance: balance)
}

private func sui(amount: BigUInt = 1_000, gas: [SuiSignerInput.Coin] = [coin(1, 10_000_000)]) -> SuiSignerInput {
    SuiSignerInput(asset: .sui, recipient: "0x" + String(repeating: "ab", count: 32), amount: amount, gasCoins: gas,
                   gasPrice: 750, gasBudget: 2_000_000)
}

private func token(amount: BigUInt = 10, coins: [SuiSignerInput.Coin] = [coin(5, 10), coin(6, 10)]) -> SuiSignerInput {
    var input = sui(amount: amount)
    input.asset = .coin(coins: coins)
    return input
}

private func refusal(_ input: SuiSignerInput) -> SignerError? {
    do {
        _ = try SuiSigner.sign(input, key: suiKey())
        return nil
    } catch {
        return error
    }
}

@Suite struct SuiSignerTests {
    @Test(arguments: SuiVectors.shared.transactions.indices)
    func signsLikePysui(index: Int) throws {
        let vector = SuiVectors.shared.transactions[index]
        let input = vector.input
        let asset: SuiSignerInput.Asset = try input.coins.map { .coin(coins: try coins($0)) } ?? .sui
        let signerInput = SuiSignerInput(
            asset: asset, recipient: input.recipient, amount: try #require(BigUInt(input.amount)),
            gasCoins: try coins(input.gasCoins), gasPrice: try #require(UInt64(input.gasPrice)),
            gasBudget: try #require(UInt64(input.gasBudget))
        )
        let key = try Ed25519PrivateKey(seed: try Hex.decode(input.privateKey))
        let signed = try SuiSigner.sign(signerInput, key: key)
        #expect(Base64.encode(signed.bytes) == vector.txBytes, "\(vector.name)")
        #expect(signed.encoded == "{\"tx_bytes\":\"\(vector.txBytes)\",\"signatures\":[\"\(vector.signature)\"]}")
        #expect(signed.hash == vector.digest)
    }

    @Test func vectorsAreEnough() {
        #expect(SuiVectors.shared.transactions.count >= 5)
        #expect(SuiVectors.shared.source.contains("pysui"))
    }

    @Test(arguments: SuiVectors.shared.messages.indices)
    func signsPersonalMessagesLikePysui(index: Int) throws {
        let vector = SuiVectors.shared.messages[index]
        let key = try Ed25519PrivateKey(seed: try Hex.decode(vector.privateKey))
        let signed = try SuiSigner.signPersonalMessage(try Hex.decode(vector.message), key: key)
        #expect(signed.encoded == vector.encoded)
        #expect(try Base64.decode(vector.encoded)[1..<65].elementsEqual(signed.signature))
    }

    @Test func bcsWriter() {
        var bcs = BCSWriter()
        bcs.uleb128(0)
        bcs.uleb128(0x7f)
        bcs.uleb128(0x80)
        bcs.uleb128(16_384)
        bcs.uleb128(.max)
        #expect(bcs.bytes == [0x00, 0x7f, 0x80, 0x01, 0x80, 0x80, 0x01, 0xff, 0xff, 0xff, 0xff, 0x0f])
        var more = BCSWriter()
        more.u16(0x0102)
        more.u32(0x0304_0506)
        more.u64(0x0708_090a_0b0c_0d0e)
        more.bool(true)
        more.string("ab")
        more.option(UInt8(9)) { $0.u8($1) }
        more.option(UInt8?.none) { $0.u8($1) }
        #expect(more.bytes == [0x02, 0x01, 0x06, 0x05, 0x04, 0x03, 0x0e, 0x0d, 0x0c, 0x0b, 0x0a, 0x09, 0x08, 0x07, 1, 2, 0x61, 0x62, 1, 9, 0])
    }

    @Test func rejections() {
        #expect(refusal(sui()) == nil)
        var input = sui()
        input.recipient = ""
        #expect(refusal(input) == .missingField("recipient"))
        input.recipient = "0xab"
        #expect(refusal(input) == .invalidAddress("recipient"))
        #expect(refusal(sui(amount: BigUInt(UInt64.max) + 1)) == .amountOutOfRange("amount"))
        #expect(refusal(sui(amount: 0)) == .invalidField("amount", reason: "must be greater than zero"))
        input = sui()
        input.gasPrice = 0
        #expect(refusal(input) == .invalidField("gas_price", reason: "must be greater than zero"))
        input = sui()
        input.gasBudget = 0
        #expect(refusal(input) == .invalidField("gas_budget", reason: "must be greater than zero"))
        #expect(refusal(sui(gas: [])) == .missingField("gas_coins"))
        #expect(refusal(sui(gas: (0..<257).map { coin(UInt8(truncatingIfNeeded: $0), 1) })) ==
            .invalidField("gas_coins", reason: "more than 256 objects"))
        #expect(refusal(sui(amount: 8_000_001)) == .insufficientBalance(required: 10_000_001, available: 10_000_000))
        #expect(refusal(sui(amount: 8_000_000)) == nil)
        var bad = coin(1, 10_000_000)
        bad.objectId = "0x12"
        #expect(refusal(sui(gas: [bad])) == .invalidAddress("gas_coins.object_id"))
        bad = coin(1, 10_000_000)
        bad.digest = "abc"
        #expect(refusal(sui(gas: [bad])) == .invalidField("gas_coins.digest", reason: "not 32 bytes of base58"))
        #expect(refusal(sui(gas: [coin(1, 10_000_000), coin(1, 1)])) == .invalidField("gas_coins", reason: "an object is listed twice"))
        #expect(throws: SignerError.missingField("message")) { try SuiSigner.signPersonalMessage([], key: suiKey()) }
    }

    @Test func coinRejections() {
        #expect(refusal(token()) == nil)
        #expect(refusal(token(coins: [])) == .missingField("coins"))
        #expect(refusal(token(coins: (0..<257).map { coin(UInt8(truncatingIfNeeded: $0), 1) })) ==
            .invalidField("coins", reason: "more than 256 objects"))
        #expect(refusal(token(amount: 21)) == .insufficientBalance(required: 21, available: 20))
        #expect(refusal(token(coins: [coin(5, 10), coin(1, 10)])) == .invalidField("coins", reason: "an object is also a gas coin"))
        #expect(refusal(token(coins: [coin(5, 10), coin(5, 10)])) == .invalidField("coins", reason: "an object is listed twice"))
        var input = token()
        input.gasCoins = [coin(1, 1_999_999)]
        #expect(refusal(input) == .insufficientBalance(required: 2_000_000, available: 1_999_999))
    }

    @Test func digestIsOverTheIntentFreeBytes() throws {
        let signed = try SuiSigner.sign(sui(), key: suiKey())
        let digest = try Hash.blake2b(Array("TransactionData::".utf8) + signed.bytes, length: 32)
        #expect(signed.hash == Base58.encode(digest))
        let sender = try SuiAddress.derive(suiKey().publicKey.bytes)
        #expect(signed.bytes.count > 32 && Hex.encode(Array(signed.bytes.suffix(32 + 8 + 8 + 1).prefix(32))) == String(sender.dropFirst(2)))
    }
}
