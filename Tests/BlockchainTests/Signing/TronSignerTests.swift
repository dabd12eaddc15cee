import Blockchain
import GemCrypto
import Primitives
import Testing

/// Tests/BlockchainTests/Vectors/signing/tron.json, written by tests/signing/tron/make_vectors.py (tronpy).
struct TronVectors: Decodable {
    struct Input: Decodable, Sendable {
        let privateKey: String
        let recipient: String
        let contract: String?
        let amount: String
        let feeLimit: String?
        let memo: String?
        let referenceBlockId: String
        let timestamp: String
        let expiration: String
        let fee: String
        let balance: String
        let tokenBalance: String?
    }

    struct Transfer: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let input: Input
        let rawDataHex: String
        let raw: String
        let hash: String
        let signature: String
        var description: String { name }
    }

    struct MessageInput: Decodable, Sendable {
        let privateKey: String
        let message: String
    }

    struct Message: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let input: MessageInput
        let signature: String
        let encoded: String
        var description: String { name }
    }

    let source: String
    let transfers: [Transfer]
    let messages: [Message]

    static let shared: TronVectors = CTXVectorLoader.load("tron")
}

extension TronVectors.Input {
    func signerInput() throws -> TronSignerInput {
        TronSignerInput(
            asset: contract.map { .trc20(contract: $0) } ?? .trx, recipient: recipient,
            amount: try #require(try CTXVectorLoader.big(amount)), referenceBlockId: try Hex.decode(referenceBlockId),
            timestamp: Int64(timestamp), expiration: Int64(expiration), feeLimit: feeLimit.flatMap { UInt64($0) },
            memo: memo ?? "", fee: try #require(try CTXVectorLoader.big(fee)),
            balance: try #require(try CTXVectorLoader.big(balance)), tokenBalance: try CTXVectorLoader.big(tokenBalance)
        )
    }
}

struct TronSignerTests {
    static let key = String(repeating: "44", count: 32)
    static let usdt = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
    static let block = [UInt8](repeating: 0xAB, count: 32)

    @Test func vectorsCoverTheFamily() {
        let transfers = TronVectors.shared.transfers
        #expect(transfers.count >= 5)
        #expect(transfers.contains { $0.input.contract != nil } && transfers.contains { $0.input.contract == nil })
        #expect(transfers.contains { $0.input.memo != nil })
    }

    @Test(arguments: TronVectors.shared.transfers)
    func signsLikeTronpy(_ vector: TronVectors.Transfer) throws {
        let signed = try TronSigner.sign(try vector.input.signerInput(), key: try CTXVectorLoader.key(vector.input.privateKey))
        #expect(Hex.encode(signed.bytes) == vector.raw)
        #expect(signed.hash == vector.hash)
        let body = try JSONParser.parse(Array(signed.encoded.utf8))
        #expect(body["txID"]?.stringValue == vector.hash)
        #expect(body["raw_data_hex"]?.stringValue == vector.rawDataHex)
        #expect(body["signature"] == .array([.string(vector.signature)]))
        #expect(body["visible"] == .bool(false))
    }

    @Test(arguments: TronVectors.shared.messages)
    func signsTIP191LikeTronpy(_ vector: TronVectors.Message) throws {
        let signed = try TronSigner.signMessage(try Hex.decode(vector.input.message), key: try CTXVectorLoader.key(vector.input.privateKey))
        #expect(Hex.encode(signed.signature) == vector.signature)
        #expect(signed.encoded == vector.encoded)
    }

    static func input(
        asset: TronSignerInput.Asset = .trx, recipient: String = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8",
        amount: BigUInt = 1_000_000, referenceBlockId: [UInt8]? = block, timestamp: Int64? = 1_764_600_000_000,
        expiration: Int64? = 1_764_600_060_000, feeLimit: UInt64? = nil, fee: BigUInt = 0, balance: BigUInt = 1_000_000,
        tokenBalance: BigUInt? = nil
    ) -> TronSignerInput {
        TronSignerInput(asset: asset, recipient: recipient, amount: amount, referenceBlockId: referenceBlockId,
                        timestamp: timestamp, expiration: expiration, feeLimit: feeLimit, fee: fee, balance: balance,
                        tokenBalance: tokenBalance)
    }

    static func token(amount: BigUInt = 5, feeLimit: UInt64? = 30_000_000, fee: BigUInt = 0, tokenBalance: BigUInt? = 5,
                      contract: String = usdt) -> TronSignerInput {
        input(asset: .trc20(contract: contract), amount: amount, feeLimit: feeLimit, fee: fee, tokenBalance: tokenBalance)
    }

    struct Refusal: Sendable, CustomStringConvertible {
        let name: String
        let input: TronSignerInput
        let error: SignerError
        var description: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "missing reference block", input: input(referenceBlockId: nil), error: .missingField("reference_block_id")),
        Refusal(name: "short reference block", input: input(referenceBlockId: [1, 2, 3]),
                error: .invalidField("reference_block_id", reason: "must be 32 bytes")),
        Refusal(name: "missing timestamp", input: input(timestamp: nil), error: .missingField("timestamp")),
        Refusal(name: "missing expiration", input: input(expiration: nil), error: .missingField("expiration")),
        Refusal(name: "negative timestamp", input: input(timestamp: -5), error: .invalidField("timestamp", reason: "must be positive")),
        Refusal(name: "expiration before timestamp", input: input(expiration: 1_764_599_000_000),
                error: .invalidField("expiration", reason: "must be after timestamp")),
        Refusal(name: "expiration over 24 hours", input: input(expiration: 1_764_600_000_000 + 86_400_001),
                error: .invalidField("expiration", reason: "more than 24 hours after timestamp")),
        Refusal(name: "zero amount", input: input(amount: 0), error: .invalidField("amount", reason: "must be positive")),
        Refusal(name: "invalid recipient", input: input(recipient: "TJRabPrwbZy45sbavfcjinPJC18kjpRTv9"), error: .invalidAddress("recipient")),
        Refusal(name: "recipient on another chain", input: input(recipient: "0x8f348F300873Fd5DA36950B2aC75a26584584feE"),
                error: .invalidAddress("recipient")),
        Refusal(name: "trx to the sender itself", input: input(recipient: "TLfuw4tRywtxCusvTudbjf7PbcXjfe7qrw"),
                error: .invalidField("recipient", reason: "is the sender")),
        Refusal(name: "trx amount over int64", input: input(amount: BigUInt(1) << 63, balance: BigUInt(1) << 64),
                error: .amountOutOfRange("amount")),
        Refusal(name: "trx amount plus fee over balance", input: input(amount: 999_999, fee: 2),
                error: .insufficientBalance(required: 1_000_001, available: 1_000_000)),
        Refusal(name: "trc20 invalid contract", input: token(contract: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u"), error: .invalidAddress("contract")),
        Refusal(name: "trc20 missing fee limit", input: token(feeLimit: nil), error: .missingField("fee_limit")),
        Refusal(name: "trc20 zero fee limit", input: token(feeLimit: 0), error: .invalidField("fee_limit", reason: "must be positive")),
        Refusal(name: "trc20 fee limit over int64", input: token(feeLimit: UInt64(Int64.max) + 1), error: .amountOutOfRange("fee_limit")),
        Refusal(name: "trc20 amount over uint256", input: token(amount: BigUInt(1) << 256, tokenBalance: BigUInt(1) << 257),
                error: .amountOutOfRange("amount")),
        Refusal(name: "trc20 missing token balance", input: token(tokenBalance: nil), error: .missingField("token_balance")),
        Refusal(name: "trc20 over token balance", input: token(amount: 6), error: .insufficientBalance(required: 6, available: 5)),
        Refusal(name: "trc20 fee over trx balance", input: token(fee: 1_000_001),
                error: .insufficientBalance(required: 1_000_001, available: 1_000_000)),
    ]

    @Test func theSelfAddressIsTheKeys() throws {
        let key = try CTXVectorLoader.key(Self.key)
        #expect(TronAddress.derive(key.publicKey) == "TLfuw4tRywtxCusvTudbjf7PbcXjfe7qrw")
    }

    @Test(arguments: refusals)
    func refuses(_ refusal: Refusal) throws {
        #expect(throws: refusal.error) { try TronSigner.sign(refusal.input, key: try CTXVectorLoader.key(Self.key)) }
    }

    @Test func trc20ToTheSenderIsAllowed() throws {
        var input = Self.token()
        input.recipient = "TLfuw4tRywtxCusvTudbjf7PbcXjfe7qrw"
        _ = try TronSigner.sign(input, key: try CTXVectorLoader.key(Self.key))
    }
}
