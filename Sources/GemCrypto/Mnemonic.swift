// BIP39 mnemonics: entropy <-> words with checksum, validation, generation, and the PBKDF2 seed.

/// A validated BIP39 mnemonic. The phrase and entropy are kept as `Secret`s; `description` is redacted.
public struct Mnemonic: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The normalized phrase (NFKD, lowercase, words joined by one space), UTF-8.
    public let phrase: Secret
    /// The entropy the words encode (16, 20, 24, 28 or 32 bytes).
    public let entropy: Secret
    /// 12, 15, 18, 21 or 24.
    public let wordCount: Int

    /// Word counts BIP39 defines.
    public static let validWordCounts = [12, 15, 18, 21, 24]

    /// Validates `phrase`: NFKD-normalized, lowercased, split on any whitespace. Throws `.invalidWordCount`,
    /// `.unknownWord(index:word:)` for the first word outside the list, or `.invalidChecksum`.
    public init(_ phrase: String, wordlist: Wordlist = .english) throws(MnemonicError) {
        let words = Mnemonic.normalizedWords(phrase)
        guard Mnemonic.validWordCounts.contains(words.count) else { throw .invalidWordCount(words.count) }
        var indices = [Int]()
        indices.reserveCapacity(words.count)
        for (i, word) in words.enumerated() {
            guard let index = wordlist.index(of: word) else { throw .unknownWord(index: i, word: word) }
            indices.append(index)
        }
        // 11 bits per word: entropy bits then checksum bits (one per 32 bits of entropy).
        let totalBits = words.count * 11
        let checksumBits = totalBits / 33
        let entropyBytes = (totalBits - checksumBits) / 8
        var bits = [UInt8](repeating: 0, count: (totalBits + 7) / 8)
        for (w, index) in indices.enumerated() {
            for b in 0..<11 where (index >> (10 - b)) & 1 == 1 {
                let pos = w * 11 + b
                bits[pos / 8] |= 0x80 >> UInt8(pos % 8)
            }
        }
        var entropy = Array(bits[0..<entropyBytes])
        let expected = Hash.sha256(entropy)[0] >> UInt8(8 - checksumBits)
        let found = bits[entropyBytes] >> UInt8(8 - checksumBits)
        Sodium.wipe(&bits)
        Sodium.wipe(&indices)
        guard expected == found else {
            Sodium.wipe(&entropy)
            throw .invalidChecksum
        }
        self.entropy = Secret(wiping: &entropy)
        var joined = Array(words.joined(separator: " ").utf8)
        self.phrase = Secret(wiping: &joined)
        self.wordCount = words.count
    }

    /// Words for `entropy` (16, 20, 24, 28 or 32 bytes). Throws `.invalidEntropyLength`.
    public init(entropy: Secret, wordlist: Wordlist = .english) throws(MnemonicError) {
        guard [16, 20, 24, 28, 32].contains(entropy.count) else { throw .invalidEntropyLength(entropy.count) }
        var bytes = entropy.copyBytes()
        let checksumBits = entropy.count / 4
        bytes.append(Hash.sha256(bytes)[0])
        let wordCount = (entropy.count * 8 + checksumBits) / 11
        var words = [String]()
        words.reserveCapacity(wordCount)
        for w in 0..<wordCount {
            var index = 0
            for b in 0..<11 {
                let pos = w * 11 + b
                index = index << 1 | Int((bytes[pos / 8] >> UInt8(7 - pos % 8)) & 1)
            }
            words.append(wordlist.words[index])
        }
        Sodium.wipe(&bytes)
        var joined = Array(words.joined(separator: " ").utf8)
        self.phrase = Secret(wiping: &joined)
        self.entropy = entropy
        self.wordCount = wordCount
    }

    /// A new mnemonic of `wordCount` words (12, 15, 18, 21 or 24) from `random`'s entropy.
    /// Throws `.unsupportedWordCount` or `.randomUnavailable`.
    public static func generate(wordCount: Int = 12, random: some RandomSource = SystemRandom(),
                                wordlist: Wordlist = .english) throws(MnemonicError) -> Mnemonic {
        guard validWordCounts.contains(wordCount) else { throw .unsupportedWordCount(wordCount) }
        let length = wordCount * 11 * 32 / 33 / 8
        guard var bytes = try? random.randomBytes(length), bytes.count == length else { throw .randomUnavailable }
        return try Mnemonic(entropy: Secret(wiping: &bytes), wordlist: wordlist)
    }

    /// The BIP39 seed: PBKDF2-HMAC-SHA512(phrase, "mnemonic" + passphrase, 2048 iterations, 64 bytes), both
    /// NFKD-normalized. The passphrase is used as given otherwise (case and spaces matter).
    public func seed(passphrase: String = "") -> Secret {
        var password = phrase.copyBytes()
        defer { Sodium.wipe(&password) }
        return Mnemonic.seed(normalizedPhrase: password, passphrase: passphrase)
    }

    /// The BIP39 seed of a phrase already in its normalized form (NFKD, lowercase, words joined by one space, UTF-8:
    /// what `phrase` holds and a keystore record stores), read in place without a `String` copy.
    public static func seed(normalizedPhrase phrase: Secret, passphrase: String = "") -> Secret {
        var password = phrase.copyBytes()
        defer { Sodium.wipe(&password) }
        return seed(normalizedPhrase: password, passphrase: passphrase)
    }

    /// The BIP39 seed of a phrase that is not validated (BIP39 allows seeds from any text; wallets should
    /// validate first). The phrase is normalized as in `init(_:)`.
    public static func seed(unvalidatedPhrase: String, passphrase: String = "") -> Secret {
        var password = Array(normalizedWords(unvalidatedPhrase).joined(separator: " ").utf8)
        defer { Sodium.wipe(&password) }
        return seed(normalizedPhrase: password, passphrase: passphrase)
    }

    private static func seed(normalizedPhrase: [UInt8], passphrase: String) -> Secret {
        var salt = Array(("mnemonic" + NFKD.normalize(passphrase)).utf8)
        var seed = Sodium.pbkdf2SHA512(password: normalizedPhrase, salt: salt, iterations: 2048, length: 64)
        Sodium.wipe(&salt)
        return Secret(wiping: &seed)
    }

    /// NFKD, lowercase, split on whitespace (ASCII and Unicode, e.g. the ideographic space of Japanese phrases).
    static func normalizedWords(_ phrase: String) -> [String] {
        NFKD.normalize(phrase).lowercased().split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// The words, revealed as ordinary strings (for showing the phrase to its owner once; not wiped).
    public func revealWords() -> [String] {
        String(decoding: phrase.copyBytes(), as: UTF8.self).split(separator: " ").map(String.init)
    }

    public static func == (lhs: Mnemonic, rhs: Mnemonic) -> Bool { lhs.phrase == rhs.phrase }

    public var description: String { "Mnemonic(\(wordCount) words, redacted)" }
    public var debugDescription: String { description }
}

extension Mnemonic: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
