import GemCrypto
import Primitives
import Testing

@testable import Blockchain

@Suite struct AlgorandSignerTests {
    static let vectors = Ed25519FamilyVector.load("algorand")

    static func input(_ json: JSON) throws -> AlgorandSignerInput {
        AlgorandSignerInput(
            receiver: try VectorField.string(json, "receiver"),
            asset: VectorField.optionalU64(json, "asset_id").map { .asset(id: $0) } ?? .native,
            amount: try VectorField.big(json, "amount"), fee: VectorField.optionalU64(json, "fee"),
            firstValid: VectorField.optionalU64(json, "first_valid"),
            lastValid: VectorField.optionalU64(json, "last_valid"),
            genesisId: VectorField.optionalString(json, "genesis_id"),
            genesisHash: try VectorField.optionalHex(json, "genesis_hash"),
            note: try VectorField.optionalHex(json, "note") ?? [])
    }

    @Test func vectorFileHasFiveOrMore() { #expect(Self.vectors.count >= 5) }

    @Test(arguments: vectors) func byteForByte(_ vector: Ed25519FamilyVector) throws {
        let signed = try AlgorandSigner.sign(Self.input(vector.input), key: VectorField.key(vector.input))
        #expect(Hex.encode(signed.bytes) == vector.raw)
        #expect(signed.encoded == vector.encoded)
        #expect(signed.hash == vector.hash)
        #expect(Base64.encode(signed.bytes) == vector.json["base64"]?.stringValue)
    }

    static let key = try? Ed25519PrivateKey(seed: [UInt8](repeating: 0x21, count: 32))
    static let receiver = "VCMJKWOY5P5P7SKMZFFOCEROPJCZOTIJMNIYNUCKH7LRO45JMJP6UYBIJA"

    static func base() -> AlgorandSignerInput {
        AlgorandSignerInput(
            receiver: receiver, asset: .native, amount: BigUInt(1_000_000), fee: 1000, firstValid: 50_000_000,
            genesisId: "mainnet-v1.0", genesisHash: [UInt8](repeating: 9, count: 32))
    }

    static let lifetime = SignerError.invalidField("last_valid", reason: "must be within 1000 rounds from first_valid")

    static let refusals: [Refusal<AlgorandSignerInput>] = [
        Refusal("bad checksum", { $0.receiver = String(receiver.dropLast()) + "B" }, .invalidAddress("receiver")),
        Refusal("short receiver", { $0.receiver = "VCMJKWOY5P5P7SKMZ" }, .invalidAddress("receiver")),
        Refusal(
            "zero address", { $0.receiver = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ" },
            .invalidAddress("receiver")),
        Refusal("amount above u64", { $0.amount = BigUInt(1) << 64 }, .amountOutOfRange("amount")),
        Refusal("missing fee", { $0.fee = nil }, .missingField("fee")),
        Refusal(
            "fee below minimum", { $0.fee = 999 },
            .invalidField("fee", reason: "below the minimum fee of 1000 microAlgos")),
        Refusal("missing first valid", { $0.firstValid = nil }, .missingField("first_valid")),
        Refusal("zero first valid", { $0.firstValid = 0 }, .missingField("first_valid")),
        Refusal("life above 1000 rounds", { $0.lastValid = 50_001_001 }, lifetime),
        Refusal("last before first", { $0.lastValid = 49_999_999 }, lifetime),
        Refusal("missing genesis id", { $0.genesisId = nil }, .missingField("genesis_id")),
        Refusal("empty genesis id", { $0.genesisId = "" }, .missingField("genesis_id")),
        Refusal("missing genesis hash", { $0.genesisHash = nil }, .missingField("genesis_hash")),
        Refusal(
            "short genesis hash", { $0.genesisHash = [1] },
            .invalidField("genesis_hash", reason: "must be 32 bytes")),
        Refusal("note too long", { $0.note = [UInt8](repeating: 1, count: 1025) }, .memoTooLong(maxBytes: 1024)),
        Refusal(
            "asset id zero", { $0.asset = .asset(id: 0) }, .invalidField("asset_id", reason: "must be above 0")),
        Refusal(
            "ALGO above balance", { $0.balance = BigUInt(1_000_999) },
            .insufficientBalance(required: BigUInt(1_001_000), available: BigUInt(1_000_999))),
        Refusal(
            "fee above balance (ASA)", { $0.asset = .asset(id: 5); $0.balance = BigUInt(999) },
            .insufficientBalance(required: BigUInt(1000), available: BigUInt(999))),
        Refusal(
            "ASA above asset balance", { $0.asset = .asset(id: 5); $0.assetBalance = BigUInt(999_999) },
            .insufficientBalance(required: BigUInt(1_000_000), available: BigUInt(999_999))),
    ]

    @Test(arguments: refusals) func refusal(_ refusal: Refusal<AlgorandSignerInput>) throws {
        var input = Self.base()
        refusal.change(&input)
        let key = try #require(Self.key)
        #expect(throws: refusal.error) { try AlgorandSigner.sign(input, key: key) }
    }

    @Test func edgesThatSign() throws {
        let key = try #require(Self.key)
        var input = Self.base()
        input.note = [UInt8](repeating: 1, count: 1024)
        input.lastValid = 50_001_000
        input.balance = BigUInt(1_001_000)
        let signed = try AlgorandSigner.sign(input, key: key)
        #expect(signed.hash.count == 52)
        // The signature verifies over "TX" || the txn bytes, which close the signed map.
        let txn = Array(signed.bytes.suffix(from: 1 + 4 + 2 + 64 + 4))
        #expect(key.publicKey.verify(signature: Array(signed.bytes[7..<71]), message: Array("TX".utf8) + txn))
    }

    @Test func msgpackShortestForms() {
        #expect(AlgorandMsgpack.encode(.uint(127)) == [0x7F])
        #expect(AlgorandMsgpack.encode(.uint(128)) == [0xCC, 0x80])
        #expect(AlgorandMsgpack.encode(.uint(65_536)) == [0xCE, 0, 1, 0, 0])
        #expect(AlgorandMsgpack.encode(.uint(1 << 32)) == [0xCF, 0, 0, 0, 1, 0, 0, 0, 0])
        #expect(AlgorandMsgpack.encode(.string(String(repeating: "a", count: 32))).prefix(2) == [0xD9, 32])
        #expect(AlgorandMsgpack.encode(.bytes([UInt8](repeating: 0, count: 256))).prefix(3) == [0xC5, 1, 0])
        #expect(AlgorandMsgpack.encode(.map([("b", .uint(1)), ("a", .uint(2))])) == [0x82, 0xA1, 0x61, 2, 0xA1, 0x62, 1])
    }
}
