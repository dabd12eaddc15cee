import Primitives

/// The wallet row rules (spec: GemWalletRow, wallet_sections, GemWalletDetails), pure.

extension WalletListItem {
    /// The list item of a wallet record (what the wallets table holds, without the accounts).
    public init(_ wallet: Wallet) {
        self.init(id: wallet.id, name: wallet.name, index: wallet.index, order: wallet.order,
                  isPinned: wallet.isPinned, imageUrl: wallet.imageUrl)
    }
}

/// One wallet's row: a multi-coin wallet is subtitled with its kind, a one-chain wallet with its network; a
/// watch-only wallet's avatar carries the badge; the placeholder is the name's first character, upper-cased.
public func walletRow(_ item: WalletListItem, currentWalletId: WalletId?) -> GemWalletRow {
    let image = item.imageUrl.flatMap { $0.isEmpty ? nil : $0 }
    return GemWalletRow(
        id: item.id,
        name: item.name,
        subtitle: item.id.chain.map { .text(text: ChainNames.network($0)) } ?? .walletType(walletType: item.id.type),
        placeholder: item.name.first.map { String($0).uppercased() } ?? "",
        showsWatchBadge: item.id.type == .view,
        isPinned: item.isPinned,
        isCurrent: item.id == currentWalletId,
        hasAvatar: image != nil,
        imageUrl: image
    )
}

/// The wallet list: the pinned wallets, then the others, each by the user's order (then creation order, then
/// id, so the answer never depends on the order given); an empty section is left out.
public func walletSections(_ wallets: [WalletListItem], currentWalletId: WalletId?) -> [GemWalletSection] {
    let sorted = wallets.sorted { a, b in
        if a.order != b.order { return a.order < b.order }
        if a.index != b.index { return a.index < b.index }
        return a.id.id < b.id.id
    }
    var pinned: [GemWalletRow] = []
    var others: [GemWalletRow] = []
    for item in sorted {
        let row = walletRow(item, currentWalletId: currentWalletId)
        if item.isPinned { pinned.append(row) } else { others.append(row) }
    }
    var sections: [GemWalletSection] = []
    if !pinned.isEmpty { sections.append(GemWalletSection(kind: .pinned, rows: pinned)) }
    if !others.isEmpty { sections.append(GemWalletSection(kind: .wallets, rows: others)) }
    return sections
}

/// A wallet's details screen: a phrase wallet shows its phrase, a private-key wallet its key, a watch-only
/// wallet nothing; the address row only when the wallet has exactly one account.
public func walletDetails(_ wallet: Wallet, currentWalletId: WalletId?) -> GemWalletDetails {
    let secret: GemWalletSecretKind? =
        switch wallet.type {
        case .multicoin, .single: .phrase
        case .privateKey: .privateKey
        case .view: nil
        }
    let address = wallet.accounts.count == 1 ? wallet.accounts.first.map { account in
        GemAddressRow(chain: account.chain, address: formatAddress(account.address, style: .short),
                      copy: .address(account.address, chain: account.chain))
    } : nil
    return GemWalletDetails(
        row: walletRow(WalletListItem(wallet), currentWalletId: currentWalletId),
        secretKind: secret,
        showSecret: secret.map { .showSecret(kind: $0) },
        address: address
    )
}
