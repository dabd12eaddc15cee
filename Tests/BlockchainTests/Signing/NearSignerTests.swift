import GemCrypto
import Primitives
import Testing

@testable import Blockchain

@Suite struct NearSignerTests {
    static let vectors = Ed25519FamilyVector.load("near")

    static func input(_ json: JSON) throws -> NearSignerInput {
        NearSignerInput(
            receiver: try VectorField.string(json, "receiver"), amount: try VectorField.big(json, "amount"),
            nonce: VectorField.optionalU64(json, "nonce"), blockHash: try VectorField.optionalHex(json, "block_hash"),
            balance: VectorField.optionalBig(json, "balance"))
    }

    @Test func vectorFileHasFiveOrMore() { #expect(Self.vectors.count >= 5) }

    @Test(arguments: vectors) func byteForByte(_ vector: Ed25519FamilyVector) throws {
        let signed = try NearSigner.sign(Self.input(vector.input), key: VectorField.key(vector.input))
        #expect(Hex.encode(signed.bytes) == vector.raw)
        #expect(signed.encoded == vector.encoded)
        #expect(signed.hash == vector.hash)
    }

    static let key = try? Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32))

    static func base() -> NearSignerInput {
        NearSignerInput(
            receiver: "bob.near", amount: BigUInt(1_000), nonce: 5, blockHash: [UInt8](repeating: 7, count: 32),
            balance: BigUInt(1_000))
    }

    static let refusals: [Refusal<NearSignerInput>] = [
        Refusal("upper-case receiver", { $0.receiver = "Bob.near" }, .invalidAddress("receiver")),
        Refusal("one-character receiver", { $0.receiver = "a" }, .invalidAddress("receiver")),
        Refusal("double separator", { $0.receiver = "a..near" }, .invalidAddress("receiver")),
        Refusal("missing nonce", { $0.nonce = nil }, .missingField("nonce")),
        Refusal("zero nonce", { $0.nonce = 0 }, .invalidField("nonce", reason: "must be the access key nonce + 1, above 0")),
        Refusal("missing block hash", { $0.blockHash = nil }, .missingField("block_hash")),
        Refusal("empty block hash", { $0.blockHash = [] }, .missingField("block_hash")),
        Refusal("short block hash", { $0.blockHash = [1, 2, 3] }, .invalidField("block_hash", reason: "must be 32 bytes")),
        Refusal("amount above u128", { $0.amount = BigUInt(1) << 128; $0.balance = nil }, .amountOutOfRange("amount")),
        Refusal(
            "amount above balance", { $0.balance = BigUInt(999) },
            .insufficientBalance(required: BigUInt(1_000), available: BigUInt(999))),
    ]

    @Test(arguments: refusals) func refusal(_ refusal: Refusal<NearSignerInput>) throws {
        var input = Self.base()
        refusal.change(&input)
        let key = try #require(Self.key)
        #expect(throws: refusal.error) { try NearSigner.sign(input, key: key) }
    }

    @Test func signsWhatTheBalanceAllows() throws {
        let key = try #require(Self.key)
        let signed = try NearSigner.sign(Self.base(), key: key)
        #expect(signed.bytes.count == 4 + 64 + 1 + 32 + 8 + 4 + 8 + 32 + 4 + 1 + 16 + 1 + 64)
        // max u128 fits
        var input = Self.base()
        input.amount = (BigUInt(1) << 128).subtracting(BigUInt(1)) ?? .zero
        input.balance = nil
        #expect(throws: Never.self) { try NearSigner.sign(input, key: key) }
    }
}
