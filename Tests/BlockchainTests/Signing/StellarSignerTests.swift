import GemCrypto
import Primitives
import Testing

@testable import Blockchain

@Suite struct StellarSignerTests {
    static let vectors = Ed25519FamilyVector.load("stellar")

    static func input(_ json: JSON) throws -> StellarSignerInput {
        let asset: StellarSignerInput.Asset =
            if let code = VectorField.optionalString(json, "asset_code") {
                .credit(code: code, issuer: try VectorField.string(json, "asset_issuer"))
            } else { .native }
        let memo: StellarSignerInput.Memo =
            if let text = VectorField.optionalString(json, "memo_text") {
                .text(text)
            } else if let id = VectorField.optionalU64(json, "memo_id") { .id(id) } else { .none }
        return StellarSignerInput(
            destination: try VectorField.string(json, "destination"), asset: asset,
            amount: try VectorField.big(json, "amount"), fee: VectorField.optionalU64(json, "fee").flatMap { UInt32(exactly: $0) },
            accountSequence: VectorField.optionalString(json, "account_sequence").flatMap { Int64($0) },
            destinationExists: json["destination_exists"]?.boolValue, memo: memo,
            validAfter: VectorField.optionalU64(json, "valid_after") ?? 0,
            validUntil: VectorField.optionalU64(json, "valid_until"),
            networkPassphrase: VectorField.optionalString(json, "network_passphrase")
                ?? StellarSignerInput.publicNetworkPassphrase)
    }

    @Test func vectorFileHasFiveOrMore() { #expect(Self.vectors.count >= 5) }

    @Test(arguments: vectors) func byteForByte(_ vector: Ed25519FamilyVector) throws {
        let signed = try StellarSigner.sign(Self.input(vector.input), key: VectorField.key(vector.input))
        #expect(Hex.encode(signed.bytes) == vector.raw)
        #expect(signed.encoded == vector.encoded)
        #expect(signed.hash == vector.hash)
    }

    static let key = try? Ed25519PrivateKey(seed: [UInt8](repeating: 0x31, count: 32))
    static let destination = StellarAddress.derive([UInt8](repeating: 0x44, count: 32))
    static let usdc = "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN"

    static func base() -> StellarSignerInput {
        StellarSignerInput(
            destination: destination, asset: .native, amount: BigUInt(25_000_000), fee: 100, accountSequence: 1000,
            destinationExists: true, validUntil: 1_900_000_000)
    }

    static let badCode = SignerError.invalidField("asset_code", reason: "must be 1 to 12 letters or digits")
    static let badSequence = SignerError.invalidField("account_sequence", reason: "must be from 0 to 2^63 - 2")

    static let refusals: [Refusal<StellarSignerInput>] = [
        Refusal("bad checksum", { $0.destination = String(destination.dropLast()) + (destination.hasSuffix("A") ? "B" : "A") }, .invalidAddress("destination")),
        Refusal("secret seed prefix", { $0.destination = "S" + destination.dropFirst() }, .invalidAddress("destination")),
        Refusal(
            "muxed destination", { $0.destination = "MAZS5PUNE7FXGI5TUQA4DQJ3LXLEXTGA4EHM3IOCWXIRUA3XTKC6KAAAAAAAAAAAAUXHS" },
            .invalidAddress("destination")),
        Refusal("zero amount", { $0.amount = .zero }, .invalidField("amount", reason: "must be above 0")),
        Refusal("amount above int64", { $0.amount = BigUInt(1) << 63 }, .amountOutOfRange("amount")),
        Refusal("missing fee", { $0.fee = nil }, .missingField("fee")),
        Refusal("fee below minimum", { $0.fee = 99 }, .invalidField("fee", reason: "below the minimum fee of 100 stroops")),
        Refusal("missing sequence", { $0.accountSequence = nil }, .missingField("account_sequence")),
        Refusal("negative sequence", { $0.accountSequence = -1 }, badSequence),
        Refusal("sequence at int64 max", { $0.accountSequence = .max }, badSequence),
        Refusal("missing destination_exists", { $0.destinationExists = nil }, .missingField("destination_exists")),
        Refusal("missing valid_until", { $0.validUntil = nil }, .missingField("valid_until")),
        Refusal(
            "upper bound before lower", { $0.validAfter = 1_900_000_001 },
            .invalidField("valid_until", reason: "must not be before valid_after")),
        Refusal("memo text of 29 bytes", { $0.memo = .text(String(repeating: "x", count: 29)) }, .memoTooLong(maxBytes: 28)),
        Refusal("memo text of 30 UTF-8 bytes", { $0.memo = .text(String(repeating: "€", count: 10)) }, .memoTooLong(maxBytes: 28)),
        Refusal("empty asset code", { $0.asset = .credit(code: "", issuer: usdc) }, badCode),
        Refusal("13-character code", { $0.asset = .credit(code: "TOOLONGASSET1", issuer: usdc) }, badCode),
        Refusal("code with a dash", { $0.asset = .credit(code: "US-D", issuer: usdc) }, badCode),
        Refusal(
            "bad issuer", { $0.asset = .credit(code: "USDC", issuer: String(usdc.dropLast()) + "M") },
            .invalidAddress("asset_issuer")),
        Refusal(
            "asset to a missing account", { $0.asset = .credit(code: "USDC", issuer: usdc); $0.destinationExists = false },
            .invalidField("destination", reason: "the account does not exist and only XLM can create it")),
        Refusal(
            "create account below 1 XLM", { $0.destinationExists = false; $0.amount = BigUInt(9_999_999) },
            .invalidField("amount", reason: "below the 1 XLM a new account needs")),
        Refusal(
            "XLM and fee above balance", { $0.balance = BigUInt(25_000_099) },
            .insufficientBalance(required: BigUInt(25_000_100), available: BigUInt(25_000_099))),
        Refusal(
            "fee above balance (asset)", { $0.asset = .credit(code: "USDC", issuer: usdc); $0.balance = BigUInt(99) },
            .insufficientBalance(required: BigUInt(100), available: BigUInt(99))),
    ]

    @Test(arguments: refusals) func refusal(_ refusal: Refusal<StellarSignerInput>) throws {
        var input = Self.base()
        refusal.change(&input)
        let key = try #require(Self.key)
        #expect(throws: refusal.error) { try StellarSigner.sign(input, key: key) }
    }

    @Test func createAccountAndBoundaries() throws {
        let key = try #require(Self.key)
        var input = Self.base()
        input.destinationExists = false
        input.amount = BigUInt(10_000_000)
        input.memo = .text(String(repeating: "y", count: 28))
        input.balance = BigUInt(10_000_100)
        let signed = try StellarSigner.sign(input, key: key)
        #expect(signed.hash.count == 64)
        // The signature verifies over the network-bound hash.
        #expect(key.publicKey.verify(signature: Array(signed.bytes.suffix(64)), message: try Hex.decode(signed.hash)))
        // The hint is the key's last four bytes.
        #expect(Array(signed.bytes.dropLast(68).suffix(4)) == Array(key.publicKey.bytes.suffix(4)))
    }
}
