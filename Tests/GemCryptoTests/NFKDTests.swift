@testable import GemCrypto
import Testing

struct NFKDCase: Decodable, Sendable, CustomTestStringConvertible {
    let input: String
    let nfkd: String
    var testDescription: String { input.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ") }
}

@Suite struct NFKDTests {
    static let file = Result { try VectorFile.load("nfkd", as: VectorList<NFKDCase>.self).vectors }

    @Test func vectorFileIsComplete() throws { #expect(try Self.file.get().count == 224) }

    /// Compared scalar by scalar: Swift's String == would treat canonically equivalent forms as equal.
    @Test(arguments: try file.get()) func matchesUnicodeData(_ v: NFKDCase) {
        #expect(Array(NFKD.normalize(v.input).unicodeScalars) == Array(v.nfkd.unicodeScalars))
    }

    @Test func asciiIsUnchanged() {
        #expect(NFKD.normalize("abandon about TREZOR 123") == "abandon about TREZOR 123")
    }
}
