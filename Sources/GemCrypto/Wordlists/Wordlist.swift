// A BIP39 word list: 2048 distinct words, index = position.

public struct Wordlist: Sendable {
    /// The words in order.
    public let words: [String]
    private let indices: [String: Int]

    private init(parsing text: String) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        self.words = words
        var indices = [String: Int](minimumCapacity: words.count)
        for (i, w) in words.enumerated() { indices[w] = i }
        self.indices = indices
    }

    /// The English list of BIP39.
    public static let english = Wordlist(parsing: englishWords)

    /// Index 0...2047 of an (already normalized) word, nil if absent.
    public func index(of word: String) -> Int? { indices[word] }
}
