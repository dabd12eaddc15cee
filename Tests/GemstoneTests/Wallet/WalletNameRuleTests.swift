@testable import Gemstone
import Primitives
import Testing

/// Wallet names are bounded in UTF-8 bytes as well as characters (a character can hold any number of combining
/// marks), and refuse the characters that make a name read other than it is: bidi controls (an override turns
/// "Savings\u{202E}gnidart" around) and invisible ones (zero-width space, byte-order mark, word joiner…).
/// Joiners that scripts and emoji need (ZWJ, ZWNJ, emoji tag sequences) stay allowed.
///
/// Before these rules, "e" + a million combining marks counted as one character and was stored (2 MB), and every
/// name below with U+202E, U+200B or U+FEFF was accepted.
@Suite struct WalletNameRuleTests {
    @Test func aNameIsBoundedInBytes() throws {
        let marks = "e" + String(repeating: "\u{0301}", count: 1_000_000)
        let message = "a wallet name has at most \(WalletRules.maximumNameBytes) bytes of UTF-8"
        #expect(throws: GemServiceError.invalidInput(message: message)) { try WalletRules.validName(marks) }
        #expect(throws: GemServiceError.invalidInput(message: message)) { try WalletRules.name(marks, index: 1) }
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = try? WalletRules.validName(marks) }
        #expect(elapsed < linearBound, "took \(elapsed)")
        // At the bound: 64 four-byte emoji are 256 bytes.
        #expect(try WalletRules.validName(String(repeating: "👍", count: 64)) == String(repeating: "👍", count: 64))
        #expect(throws: GemServiceError.self) { try WalletRules.validName(String(repeating: "👍", count: 64) + "a") }
        #expect(throws: GemServiceError.self) { try WalletRules.validName("e" + String(repeating: "\u{0301}", count: 200)) }
    }

    @Test(arguments: [
        "\u{202E}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}",
    ])
    func bidiControlsAreRefused(_ control: String) {
        #expect(throws: GemServiceError.invalidInput(message: "a wallet name cannot contain bidi controls or invisible characters")) {
            try WalletRules.validName("Savings" + control + "gnidart")
        }
    }

    @Test(arguments: [
        "\u{200B}", "\u{FEFF}", "\u{2060}", "\u{2061}", "\u{2064}", "\u{00AD}", "\u{180E}", "\u{034F}", "\u{3164}",
        "\u{115F}", "\u{FFA0}", "\u{2028}", "\u{2029}", "\u{E0041}", "\u{FFF9}",
    ])
    func invisibleCharactersAreRefused(_ invisible: String) {
        #expect(throws: GemServiceError.invalidInput(message: "a wallet name cannot contain bidi controls or invisible characters")) {
            try WalletRules.validName("Main" + invisible + "Wallet")
        }
    }

    @Test(arguments: [
        "👨‍👩‍👧", "می‌خواهم", "🏴󠁧󠁢󠁥󠁮󠁧󠁿 Savings", "Café", "ক্ষ", "Ñandú 1", "財布", "👍🏽",
    ])
    func namesThatNeedJoinersAreKept(_ name: String) throws {
        #expect(try WalletRules.validName(name) == name)
    }

    @Test func theRenamePathAppliesTheRules() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(.view(address: "0x9858effd232b4033e47d90003d41ec34ecaeda94", chain: .ethereum, name: nil)).wallet
        await #expect(throws: GemServiceError.self) { try await h.service.renameWallet(walletId: wallet.id, name: "a\u{202E}b") }
        await #expect(throws: GemServiceError.self) {
            try await h.service.importWallet(.view(address: "0x1234567890abcdef1234567890abcdef12345678", chain: .ethereum, name: "x\u{FEFF}"))
        }
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
