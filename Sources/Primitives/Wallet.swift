/// A wallet: its identity, display state and accounts.
///
/// Fields follow the specification's `wallet.rs`. The type is not stored apart from the id (it cannot
/// disagree with it); it is still written to JSON as `type`, and a decoded `type` must match the id.
public struct Wallet: Sendable, Hashable {
    public let id: WalletId
    /// The keystore record's identifier; `nil` for watch-only wallets.
    public let externalId: String?
    public let name: String
    /// The wallet's number in creation order, used for default names ("Wallet #3").
    public let index: Int32
    public let accounts: [Account]
    /// Position in the user's list.
    public let order: Int32
    public let isPinned: Bool
    public let imageUrl: String?
    public let source: WalletSource

    public init(id: WalletId, externalId: String?, name: String, index: Int32, accounts: [Account], order: Int32,
                isPinned: Bool, imageUrl: String?, source: WalletSource) {
        self.id = id
        self.externalId = externalId
        self.name = name
        self.index = index
        self.accounts = accounts
        self.order = order
        self.isPinned = isPinned
        self.imageUrl = imageUrl
        self.source = source
    }

    public var type: WalletType { id.type }

    /// The wallet's account on `chain`, if it has one.
    public func account(for chain: Chain) -> Account? {
        accounts.first { $0.chain == chain }
    }
}

extension Wallet: Codable {
    enum CodingKeys: String, CodingKey {
        case id
        case externalId
        case name
        case index
        case type
        case accounts
        case order
        case isPinned
        case imageUrl
        case source
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(WalletId.self, forKey: .id)
        if let type = try container.decodeIfPresent(WalletType.self, forKey: .type), type != id.type {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container,
                                                   debugDescription: "wallet type does not match its id")
        }
        self.init(
            id: id,
            externalId: try container.decodeIfPresent(String.self, forKey: .externalId),
            name: try container.decode(String.self, forKey: .name),
            index: try container.decode(Int32.self, forKey: .index),
            accounts: try container.decode([Account].self, forKey: .accounts),
            order: try container.decode(Int32.self, forKey: .order),
            isPinned: try container.decode(Bool.self, forKey: .isPinned),
            imageUrl: try container.decodeIfPresent(String.self, forKey: .imageUrl),
            source: try container.decode(WalletSource.self, forKey: .source)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(externalId, forKey: .externalId)
        try container.encode(name, forKey: .name)
        try container.encode(index, forKey: .index)
        try container.encode(type, forKey: .type)
        try container.encode(accounts, forKey: .accounts)
        try container.encode(order, forKey: .order)
        try container.encode(isPinned, forKey: .isPinned)
        try container.encodeIfPresent(imageUrl, forKey: .imageUrl)
        try container.encode(source, forKey: .source)
    }
}
