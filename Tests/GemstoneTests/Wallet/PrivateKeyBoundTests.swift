import GemCrypto
@testable import Gemstone
import Primitives
import Testing

/// Private-key text is bounded per encoding before any decoding: over the longest form the chain accepts it is
/// refused outright, and each form is decoded only within its own length (hex 64 or 128 digits, base58 at most 88
/// characters, `ed25519:` + 88, a Stellar seed 56, a Sui key Bech32's 90).
///
/// Before the bound, a 128 KiB Solana key took 3.6 s (release) to refuse, and the over-long cases below were
/// decoded whole and refused for their byte count ("a solana private key is 32 bytes, not 65").
@Suite struct PrivateKeyBoundTests {
    @Test(arguments: [
        (Chain.solana, 130), (.near, 130), (.stellar, 130), (.sui, 130), (.ethereum, 66), (.tron, 66), (.ton, 130),
    ])
    func textOverTheLongestFormIsRefusedBeforeDecoding(_ chain: Chain, _ maximum: Int) {
        #expect(PrivateKeyEncoding.maxTextLength(chain) == maximum)
        #expect(throws: GemServiceError.invalidInput(message: "a \(chain.id) private key has at most \(maximum) characters")) {
            try PrivateKeyEncoding.decode(String(repeating: "z", count: maximum + 1), chain: chain)
        }
    }

    @Test func base58IsDecodedOnlyWithinItsLength() {
        // 89 base58 digits: over the 88 of a 64-byte keypair, so not read as base58 at all.
        let form = "the private key is not in a form solana accepts (hex or base58)"
        #expect(throws: GemServiceError.invalidInput(message: form)) {
            try PrivateKeyEncoding.decode(String(repeating: "z", count: 89), chain: .solana)
        }
        let near = "the private key is not in a form near accepts (hex or ed25519:<base58>)"
        #expect(throws: GemServiceError.invalidInput(message: near)) {
            try PrivateKeyEncoding.decode("ed25519:" + String(repeating: "z", count: 89), chain: .near)
        }
    }

    @Test func surroundingWhitespaceDoesNotCount() throws {
        let key = String(repeating: "ab", count: 32)
        let padded = String(repeating: " ", count: 1000) + key + String(repeating: "\n", count: 1000)
        _ = try PrivateKeyEncoding.decode(padded, chain: .ethereum)
    }

    @Test func a128KiBSolanaKeyIsRefusedInMilliseconds() async {
        let h = WalletHarness()
        let key = String(repeating: "z", count: 128 * 1024)
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: GemServiceError.invalidInput(message: "a solana private key has at most 130 characters")) {
            try await h.service.previewImport(.privateKey(privateKey: Secret(text: key), chain: .solana, name: nil))
        }
        let elapsed = clock.now - start
        #expect(elapsed < linearBound, "took \(elapsed)")
    }
}

/// The time a bounded answer takes at the scaling sizes (1 MiB, a million digits, 128 KiB): the 10 ms in
/// a release build; 500 ms in a debug build (several times slower, sharing the cores with the other tests), still
/// far below the seconds to minutes the quadratic parses took.
private let linearBound: Duration = {
    #if DEBUG
    .milliseconds(500)
    #else
    .milliseconds(10)
    #endif
}()
