import Primitives

/// The wallet rules, pure: ids, names, positions, and which chains a phrase wallet gets.
enum WalletRules {
    /// The longest name a wallet keeps, in characters.
    static let maximumNameLength = 64

    /// The longest name in UTF-8 bytes: 64 four-byte characters. A character holds any number of combining
    /// marks, so the character count alone bounds nothing.
    static let maximumNameBytes = 256

    /// `multicoin_<address>` (the EIP-55 address at m/44'/60'/0'/0/0), or `<type>_<chain>_<address>`.
    static func walletId(type: WalletType, chain: Chain, address: String) -> WalletId {
        switch type {
        case .multicoin: .multicoin(address: address)
        case .single: .single(chain: chain, address: address)
        case .privateKey: .privateKey(chain: chain, address: address)
        case .view: .view(chain: chain, address: address)
        }
    }

    /// The chains a multi-coin phrase wallet gets: those asked for, once each, in `Chain.allCases` order;
    /// every chain when none is asked for.
    static func multicoinChains(_ requested: [Chain]) -> [Chain] {
        if requested.isEmpty { return Chain.allCases }
        let wanted = Set(requested)
        return Chain.allCases.filter { wanted.contains($0) }
    }

    /// Wallets in the user's order: `order`, then `index` (creation) for equal orders.
    static func sorted(_ wallets: [Wallet]) -> [Wallet] {
        wallets.sorted { ($0.order, $0.index) < ($1.order, $1.index) }
    }

    /// The next creation number: one more than the highest stored, 1 for the first wallet.
    static func nextIndex(_ wallets: [Wallet]) -> Int32 {
        (wallets.map(\.index).max() ?? 0) + 1
    }

    /// A new wallet goes to the end of the list.
    static func nextOrder(_ wallets: [Wallet]) -> Int32 {
        wallets.isEmpty ? 0 : (wallets.map(\.order).max() ?? 0) + 1
    }

    /// The name as given, trimmed; "Wallet #<index>" when it is absent or blank. Throws when too long.
    static func name(_ requested: String?, index: Int32) throws(GemServiceError) -> String {
        guard let requested, !trimmed(requested).isEmpty else { return defaultName(index: index) }
        return try validName(requested)
    }

    /// A name the user typed for a rename: trimmed, not blank, at most `maximumNameBytes` UTF-8 bytes (checked
    /// first, so the other checks read bounded text) and `maximumNameLength` characters, no control characters,
    /// no bidi controls or invisible characters (`isHiddenInName`).
    static func validName(_ name: String) throws(GemServiceError) -> String {
        let name = trimmed(name)
        guard !name.isEmpty else { throw .invalidInput(message: "a wallet name cannot be blank") }
        guard name.utf8.count <= maximumNameBytes else {
            throw .invalidInput(message: "a wallet name has at most \(maximumNameBytes) bytes of UTF-8")
        }
        guard name.count <= maximumNameLength else {
            throw .invalidInput(message: "a wallet name has at most \(maximumNameLength) characters")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidInput(message: "a wallet name cannot contain control characters")
        }
        var previous: Unicode.Scalar?
        for scalar in name.unicodeScalars {
            if isHiddenInName(scalar, after: previous) {
                throw .invalidInput(message: "a wallet name cannot contain bidi controls or invisible characters")
            }
            previous = scalar
        }
        return name
    }

    /// Whether `scalar` would make a name read other than it is: a format character (general category Cf: bidi
    /// embeddings, overrides, isolates and marks, U+200B zero-width space, U+FEFF byte-order mark, U+2060 word
    /// joiner, U+2061-2064 invisible operators, U+00AD soft hyphen, U+180E, interlinear annotation marks, lone
    /// tags), a line or paragraph separator, the combining grapheme joiner or a Hangul filler (blank letters).
    /// Kept: U+200D ZWJ (emoji sequences) and U+200C ZWNJ (Persian, Indic scripts), and tag characters inside an
    /// emoji tag sequence (after U+1F3F4 or another tag: the flags of England, Scotland, Wales).
    static func isHiddenInName(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Bool {
        switch scalar.value {
        case 0x200C, 0x200D: return false
        case 0xE0020...0xE007F:
            guard let previous else { return true }
            return !(previous.value == 0x1F3F4 || (0xE0020...0xE007F).contains(previous.value))
        case 0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0: return true
        default:
            switch scalar.properties.generalCategory {
            case .format, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }

    static func defaultName(index: Int32) -> String {
        "Wallet #\(index)"
    }

    /// The wallet that becomes current after `deleted` is removed from `wallets`: unchanged when another
    /// wallet was current, else the first remaining wallet in the user's order, else none.
    static func currentAfterDeleting(_ deleted: WalletId, current: WalletId?, wallets: [Wallet]) -> WalletId? {
        let remaining = sorted(wallets.filter { $0.id != deleted })
        if let current, current != deleted, remaining.contains(where: { $0.id == current }) { return current }
        return remaining.first?.id
    }

    /// `text` without leading and trailing whitespace (Unicode whitespace and newlines), read by scalars:
    /// linear, however many combining marks a character holds.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }
}
