@testable import Blockchain
import GemCrypto
import Primitives
import Testing

/// HyperCoreSigner against hyperliquid-python-sdk's bodies (hypercore.json) and every refusal with its exact error.
struct HyperCoreSignerTests {
    static let key = try! Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x5A, count: 32))
    static let purr = "PURR:0xc4bf3f870c0e9465323c0b6ed28096c2"

    @Test(arguments: HyperCoreSigningVectors.shared.vectors)
    func vector(_ vector: HyperCoreSigningVectors.Vector) throws {
        let key = try Secp256k1PrivateKey(bytes: try Hex.decode(vector.key))
        let input = vector.input
        let action: HyperCoreSignerInput.Action = input.action == "spotSend" ? .spotSend(token: input.token ?? "") : .usdSend
        let signed = try HyperCoreSigner.sign(HyperCoreSignerInput(
            action: action, destination: input.destination, amount: try #require(BigUInt(input.amount)),
            decimals: input.decimals, time: UInt64(input.time), balance: BigUInt(input.balance)), key: key)
        #expect(signed.encoded == vector.encoded)
        #expect(signed.bytes == Array(vector.encoded.utf8))
        #expect(signed.hash == vector.hash)
    }

    @Test func vectorsCoverBothActions() {
        let actions = HyperCoreSigningVectors.shared.vectors.map(\.input.action)
        #expect(actions.count >= 5)
        #expect(Set(actions) == ["usdSend", "spotSend"])
    }

    static func usd(amount: BigUInt = 1_000_000, balance: BigUInt? = 2_000_000, time: UInt64? = 1_700_000_000_000,
                    destination: String = "0x" + String(repeating: "ab", count: 20)) -> HyperCoreSignerInput {
        HyperCoreSignerInput(action: .usdSend, destination: destination, amount: amount, decimals: 6, time: time, balance: balance)
    }

    static func expectRefusal(_ input: HyperCoreSignerInput, _ error: SignerError, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: error, sourceLocation: sourceLocation) { try HyperCoreSigner.sign(input, key: key) }
    }

    @Test func mixedCaseDestinationIsSignedLowerCase() throws {
        let checksummed = EthereumAddress.checksummed([UInt8](repeating: 0xAB, count: 20))
        let lower = try HyperCoreSigner.sign(Self.usd(), key: Self.key)
        let mixed = try HyperCoreSigner.sign(Self.usd(destination: checksummed), key: Self.key)
        #expect(lower == mixed)
        #expect(mixed.encoded.contains("\"destination\":\"0x\(String(repeating: "ab", count: 20))\""))
    }

    @Test func refusals() {
        Self.expectRefusal(Self.usd(time: nil), .missingField("time"))
        Self.expectRefusal(Self.usd(time: 0), .invalidField("time", reason: "not a positive 63-bit millisecond time"))
        Self.expectRefusal(Self.usd(time: UInt64(Int64.max) + 1), .invalidField("time", reason: "not a positive 63-bit millisecond time"))
        Self.expectRefusal(Self.usd(balance: nil), .missingField("balance"))
        Self.expectRefusal(Self.usd(amount: 0), .invalidField("amount", reason: "zero"))
        Self.expectRefusal(Self.usd(amount: 2_000_001), .insufficientBalance(required: 2_000_001, available: 2_000_000))
        for destination in ["", "0x1234", "ab" + String(repeating: "ab", count: 19), "0xdAC17F958D2ee523a2206206994597C13D831eC7"] {
            Self.expectRefusal(Self.usd(destination: destination), .invalidAddress("destination"))
        }
        var input = Self.usd()
        input.decimals = 19
        Self.expectRefusal(input, .invalidField("decimals", reason: "outside 0...18"))
        input.decimals = -1
        Self.expectRefusal(input, .invalidField("decimals", reason: "outside 0...18"))
        input = Self.usd()
        input.signatureChainId = 0
        Self.expectRefusal(input, .invalidField("signature_chain_id", reason: "not a positive 63-bit chain id"))
        for (token, reason) in [
            ("PURR", "not NAME:0x<token id>"), ("PURR:0xc4bf:3f", "not NAME:0x<token id>"),
            (":0xc4bf3f870c0e9465323c0b6ed28096c2", "the name is empty or not printable ASCII"),
            ("PU RR:0xc4bf3f870c0e9465323c0b6ed28096c2", "the name is empty or not printable ASCII"),
            ("PURR:0xc4bf3f870c0e9465323c0b6ed28096", "the token id is not 0x and 32 hex digits"),
            ("PURR:c4bf3f870c0e9465323c0b6ed28096c2ab", "the token id is not 0x and 32 hex digits"),
            ("PURR:0xc4bf3f870c0e9465323c0b6ed28096zz", "the token id is not 0x and 32 hex digits"),
        ] {
            input = Self.usd()
            input.action = .spotSend(token: token)
            Self.expectRefusal(input, .invalidField("token", reason: reason))
        }
        input = Self.usd()
        input.action = .spotSend(token: Self.purr)
        #expect(throws: Never.self) { try HyperCoreSigner.sign(input, key: Self.key) }
    }
}
