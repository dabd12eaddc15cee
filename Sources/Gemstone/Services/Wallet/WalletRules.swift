import Primitives

/// The wallet rules, pure: ids, names, positions, and which chains a phrase wallet gets.
enum WalletRules {
    /// The longest name a wallet keeps, in characters.
    static let maximumNameLength = 64

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

    /// A name the user typed for a rename: trimmed, not blank, at most `maximumNameLength` characters, no
    /// control characters.
    static func validName(_ name: String) throws(GemServiceError) -> String {
        let name = trimmed(name)
        guard !name.isEmpty else { throw .invalidInput(message: "a wallet name cannot be blank") }
        guard name.count <= maximumNameLength else {
            throw .invalidInput(message: "a wallet name has at most \(maximumNameLength) characters")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidInput(message: "a wallet name cannot contain control characters")
        }
        return name
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

    /// `text` without leading and trailing whitespace (Unicode whitespace and newlines).
    static func trimmed(_ text: String) -> String {
        guard let start = text.firstIndex(where: { !$0.isWhitespace }),
              let end = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(text[start...end])
    }
}
