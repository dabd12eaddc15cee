import GemCrypto
import Testing

struct BIP39Case: Decodable, Sendable, CustomTestStringConvertible {
    let entropy: String
    let mnemonic: String
    let seed: String
    let xprv: String
    var testDescription: String { "\(entropy.count * 4)-bit entropy \(entropy.prefix(8))…" }
}

struct BIP39File: Decodable, Sendable {
    let passphrase: String
    let vectors: [BIP39Case]
}

struct NFKDSeedCase: Decodable, Sendable, CustomTestStringConvertible {
    let phrase: String
    let passphrase: String
    let seed: String
    var testDescription: String { "passphrase \(passphrase)" }
}

/// A fixed randomness source: returns the given bytes, or fails.
struct FixedRandom: RandomSource {
    let bytes: [UInt8]?
    func randomBytes(_ count: Int) throws(RandomError) -> [UInt8] {
        guard let bytes else { throw .unavailable }
        return Array(bytes.prefix(count))
    }
}

@Suite struct MnemonicTests {
    static let file = Result { try VectorFile.load("bip39-english", as: BIP39File.self) }
    static let nfkd = Result { try VectorFile.load("bip39-nfkd-seeds", as: VectorList<NFKDSeedCase>.self).vectors }

    @Test func vectorFilesAreComplete() throws {
        #expect(try Self.file.get().vectors.count == 24)
        #expect(try Self.nfkd.get().count == 3)
    }

    @Test(arguments: try file.get().vectors) func trezorVector(_ v: BIP39Case) throws {
        let passphrase = try Self.file.get().passphrase
        let mnemonic = try Mnemonic(v.mnemonic)
        #expect(Hex.encode(mnemonic.entropy.revealBytes()) == v.entropy)
        #expect(mnemonic.revealWords().joined(separator: " ") == v.mnemonic)
        let seed = mnemonic.seed(passphrase: passphrase)
        #expect(Hex.encode(seed.revealBytes()) == v.seed)
        let master = try ExtendedPrivateKey(seed: seed)
        #expect(String(decoding: master.serialized().revealBytes(), as: UTF8.self) == v.xprv)
        // entropy -> mnemonic
        let fromEntropy = try Mnemonic(entropy: Secret(try hex(v.entropy)))
        #expect(fromEntropy.revealWords().joined(separator: " ") == v.mnemonic)
        #expect(fromEntropy == mnemonic)
    }

    @Test(arguments: try nfkd.get()) func nfkdSeeds(_ v: NFKDSeedCase) throws {
        #expect(Hex.encode(Mnemonic.seed(unvalidatedPhrase: v.phrase, passphrase: v.passphrase).revealBytes()) == v.seed)
    }

    @Test func normalizesCaseAndWhitespace() throws {
        let canonical = try Mnemonic("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about")
        let messy = try Mnemonic("  Abandon\tABANDON abandon abandon abandon abandon\nabandon abandon abandon abandon abandon About  ")
        #expect(messy == canonical)
        #expect(messy.seed(passphrase: "TREZOR") == canonical.seed(passphrase: "TREZOR"))
        // The passphrase is not case-folded.
        #expect(messy.seed(passphrase: "trezor") != canonical.seed(passphrase: "TREZOR"))
    }

    @Test func rejectsWordCount() {
        #expect(throws: MnemonicError.invalidWordCount(11)) {
            try Mnemonic("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about")
        }
        #expect(throws: MnemonicError.invalidWordCount(0)) { try Mnemonic("   ") }
        #expect(throws: MnemonicError.invalidWordCount(13)) {
            try Mnemonic("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about")
        }
    }

    @Test func rejectsUnknownWordNamingTheFirst() {
        #expect(throws: MnemonicError.unknownWord(index: 2, word: "abandn")) {
            try Mnemonic("abandon abandon abandn abandon abandon abandon abandon abandon abandon abandon abandon xyz")
        }
        // The description gives the position, not the word.
        let error = MnemonicError.unknownWord(index: 2, word: "abandn")
        #expect(!error.description.contains("abandn"))
        #expect(error.description.contains("3"))
    }

    @Test func rejectsBadChecksum() {
        #expect(throws: MnemonicError.invalidChecksum) {
            try Mnemonic("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon")
        }
        #expect(throws: MnemonicError.invalidChecksum) {
            try Mnemonic("legal winner thank year wave sausage worth useful legal winner thank thank")
        }
    }

    @Test func rejectsEntropyLength() {
        #expect(throws: MnemonicError.invalidEntropyLength(15)) { try Mnemonic(entropy: Secret([UInt8](repeating: 0, count: 15))) }
        #expect(throws: MnemonicError.invalidEntropyLength(33)) { try Mnemonic(entropy: Secret([UInt8](repeating: 0, count: 33))) }
    }

    @Test(arguments: [12, 15, 18, 21, 24]) func generateWithInjectedRandomness(words: Int) throws {
        let entropy = [UInt8](repeating: 0x7f, count: 32)
        let mnemonic = try Mnemonic.generate(wordCount: words, random: FixedRandom(bytes: entropy))
        #expect(mnemonic.wordCount == words)
        #expect(mnemonic.entropy.revealBytes() == Array(entropy.prefix(words * 4 / 3)))
        #expect(try Mnemonic(mnemonic.revealWords().joined(separator: " ")) == mnemonic)
    }

    @Test func generateFromSystemRandomness() throws {
        let a = try Mnemonic.generate(wordCount: 24)
        let b = try Mnemonic.generate(wordCount: 24)
        #expect(a.wordCount == 24)
        #expect(a != b)
    }

    @Test func generateErrors() {
        #expect(throws: MnemonicError.unsupportedWordCount(13)) { try Mnemonic.generate(wordCount: 13) }
        #expect(throws: MnemonicError.randomUnavailable) { try Mnemonic.generate(random: FixedRandom(bytes: nil)) }
        #expect(throws: MnemonicError.randomUnavailable) { try Mnemonic.generate(random: FixedRandom(bytes: [1, 2, 3])) }
    }

    @Test func englishListIsBIP39() {
        // bitcoin/bips bip-0039/english.txt: one word per line, SHA-256 as below.
        let file = Array((Wordlist.english.words.joined(separator: "\n") + "\n").utf8)
        #expect(Wordlist.english.words.count == 2048)
        #expect(Hex.encode(Hash.sha256(file)) == "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda")
        #expect(Wordlist.english.index(of: "zoo") == 2047)
        #expect(Wordlist.english.index(of: "Zoo") == nil)
    }

    @Test func neverPrintsWords() throws {
        let mnemonic = try Mnemonic("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about")
        for text in ["\(mnemonic)", String(reflecting: mnemonic), dumped(mnemonic)] {
            #expect(!text.contains("abandon"))
        }
    }
}

func dumped(_ value: some Any) -> String {
    var out = ""
    dump(value, to: &out)
    return out
}
