@testable import Gemstone
import Primitives
import Testing

@Suite struct GemCopyTests {
    let address = "0x1234567890abcdef1234567890abcdef12345678"

    @Test func onlySecretsAreSensitive() {
        #expect(!GemCopyKind.address(chain: .ethereum).isSensitive)
        #expect(!GemCopyKind.plain.isSensitive)
        #expect(GemCopyKind.secretPhrase.isSensitive)
        #expect(GemCopyKind.privateKey.isSensitive)
    }

    @Test func aCopiedSecretLeavesTheClipboardAfterAMinute() {
        #expect(GemCopyKind.secretPhrase.clipboardExpirySeconds == 60)
        #expect(GemCopyKind.privateKey.clipboardExpirySeconds == 60)
        #expect(GemCopyKind.address(chain: .bitcoin).clipboardExpirySeconds == nil)
        #expect(GemCopyKind.plain.clipboardExpirySeconds == nil)
    }

    @Test func anAddressCopyKeepsTheWholeValueAndShortensItsDisplayOnce() {
        let copy = GemCopy.address(address, chain: .ethereum)
        #expect(copy.kind == .address(chain: .ethereum))
        #expect(copy.value.revealText() == address)
        #expect(copy.display == "0x1234...5678")
    }

    @Test func aPlainCopyShowsWhatItCopies() {
        #expect(GemCopy.plain("memo 42") == GemCopy(kind: .plain, value: "memo 42", display: "memo 42"))
    }

    @Test func aSecretCopyShowsNothing() {
        let phrase = GemCopy.secretPhrase(["abandon", "ability", "able"])
        #expect(phrase.value == "abandon ability able")
        #expect(phrase.display.isEmpty)
        #expect(GemCopy.privateKey("0xkey").display.isEmpty)
    }

    @Test func printingACopyNeverShowsASecret() {
        let phrase = GemCopy.secretPhrase(["abandon", "ability"])
        let key = GemCopy.privateKey("0xsecretkey")
        var dumped = ""
        dump(phrase, to: &dumped)
        dump(key, to: &dumped)
        let printed = "\(phrase) \(key) \(String(reflecting: phrase))" + dumped
        #expect(!printed.contains("abandon") && !printed.contains("secretkey"), "\(printed)")
        #expect("\(GemCopy.address(address, chain: .ethereum))".contains(address))
    }

    @Test(arguments: [
        ("0x1234567890abcdef1234567890abcdef12345678", "0x1234...5678"),
        ("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "bc1qar...5mdq"),
        ("0x12345678901", "0x12345678901"),  // 13 characters: "0x1234...8901" would be no shorter
        ("0x123456789012", "0x1234...9012"),
        ("0x12345678901234", "0x1234...1234"),
        ("", ""),
    ])
    func aShortAddressKeepsSixAndFourCharactersOnlyWhenThatIsShorter(address: String, short: String) {
        #expect(formatAddress(address, style: .short) == short)
        #expect(formatAddress(address, style: .full) == address)
    }

    @Test func copiesCrossAsRecords() throws {
        try expectGolden(GemCopy.address(address, chain: .ethereum),
                         #"{"kind":{"type":"address","chain":"ethereum"},"value":"0x1234567890abcdef1234567890abcdef12345678","display":"0x1234...5678"}"#)
        try expectGolden(GemCopy.plain("m"), #"{"kind":{"type":"plain"},"value":"m","display":"m"}"#)
        try expectGolden(GemCopyKind.secretPhrase, #"{"type":"secret_phrase"}"#)
        try expectGolden(GemCopyKind.privateKey, #"{"type":"private_key"}"#)
    }
}
