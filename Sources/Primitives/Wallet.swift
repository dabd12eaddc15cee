// Wallet's fields and JSON coding are generated from schema/wallets.json (Generated/Wallets+Schema.swift);
// its behaviour stays here.

extension Wallet {
    /// A wallet of `id`, its type the one the id names (the only way the two can be made, so they never disagree).
    public init(id: WalletId, externalId: String?, name: String, index: Int32, accounts: [Account], order: Int32,
                isPinned: Bool, imageUrl: String?, source: WalletSource) {
        self.init(id: id, externalId: externalId, name: name, index: index, type: id.type, accounts: accounts,
                  order: order, isPinned: isPinned, imageUrl: imageUrl, source: source)
    }

    /// The wallet's account on `chain`, if it has one.
    public func account(for chain: Chain) -> Account? {
        accounts.first { $0.chain == chain }
    }

    /// A decoded wallet's `type` must be the one its id names (spec: wallet.rs keeps the type in the id).
    var schemaViolation: String? {
        type == id.type ? nil : "wallet type \(type.rawValue) does not match its id (\(id.type.rawValue))"
    }
}
