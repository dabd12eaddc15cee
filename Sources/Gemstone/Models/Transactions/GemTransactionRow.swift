import Primitives

/// One row of a transaction list (activity, asset details): the transaction's identity and every
/// decision its row draws — title, counterparty, signed and toned value, fiat equivalent, status.
public struct GemTransactionRow: Sendable, Equatable, Codable {
    public var id: String
    public var assetId: AssetId
    public var type: TransactionType
    public var direction: TransactionDirection
    public var state: TransactionState
    /// Unix time in seconds.
    public var createdAt: Int64
    public var title: GemTransactionTitle
    public var subtitle: GemTransactionSubtitle
    public var value: GemTransactionValue
    /// The value's worth in the list's currency, when the asset has a price and a value shows.
    public var fiat: GemFormattedNumber?
    public var status: GemTransactionStatus

    public init(
        id: String, assetId: AssetId, type: TransactionType, direction: TransactionDirection, state: TransactionState, createdAt: Int64,
        title: GemTransactionTitle, subtitle: GemTransactionSubtitle, value: GemTransactionValue, fiat: GemFormattedNumber?,
        status: GemTransactionStatus
    ) {
        self.id = id
        self.assetId = assetId
        self.type = type
        self.direction = direction
        self.state = state
        self.createdAt = createdAt
        self.title = title
        self.subtitle = subtitle
        self.value = value
        self.fiat = fiat
        self.status = status
    }
}

/// What a transaction row is titled; the app localizes each case once.
public enum GemTransactionTitle: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case sent, received
    case selfTransfer = "self_transfer"
    case nftSent = "nft_sent"
    case nftReceived = "nft_received"
    case swap, approval, stake, unstake, redelegate, rewards, withdraw, freeze, unfreeze, activation
    case contractCall = "contract_call"
    case openPosition = "open_position"
    case closePosition = "close_position"
    case modifyPosition = "modify_position"
    case earnDeposit = "earn_deposit"
    case earnWithdraw = "earn_withdraw"
}

/// The line under a transaction row's title.
public enum GemTransactionSubtitle: Sendable, Equatable, Hashable {
    case none
    /// Sent to `address` (already shortened).
    case to(address: String)
    /// Received from `address` (already shortened).
    case from(address: String)
}

/// What a transaction row shows on its trailing side.
public enum GemTransactionValue: Sendable, Equatable, Hashable {
    case none
    /// Only the asset's symbol (an approval).
    case symbol(symbol: String)
    /// The amount, its sign in `notation`, its colour in `tone`.
    case amount(amount: GemFormattedNumber)
}

/// How a transaction row marks its state: the badge's tone, whether it shows, whether it spins.
public struct GemTransactionStatus: Sendable, Equatable, Hashable, Codable {
    public var tone: GemValueTone
    public var showsBadge: Bool
    public var showsProgress: Bool

    public init(tone: GemValueTone, showsBadge: Bool, showsProgress: Bool) {
        self.tone = tone
        self.showsBadge = showsBadge
        self.showsProgress = showsProgress
    }
}

/// An asset a transaction list reads, with its price in the list's currency when one is known.
public struct GemPricedAsset: Sendable, Equatable, Hashable, Codable {
    public var asset: Asset
    public var price: Double?

    public init(asset: Asset, price: Double?) {
        self.asset = asset
        self.price = price
    }
}

extension GemTransactionSubtitle: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, address
    }

    private enum Kind: String, Codable {
        case none, to, from
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .type) {
        case .none: self = .none
        case .to: self = .to(address: try container.decode(String.self, forKey: .address))
        case .from: self = .from(address: try container.decode(String.self, forKey: .address))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .none: try container.encode(Kind.none, forKey: .type)
        case let .to(address):
            try container.encode(Kind.to, forKey: .type)
            try container.encode(address, forKey: .address)
        case let .from(address):
            try container.encode(Kind.from, forKey: .type)
            try container.encode(address, forKey: .address)
        }
    }
}

extension GemTransactionValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, symbol, amount
    }

    private enum Kind: String, Codable {
        case none, symbol, amount
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .type) {
        case .none: self = .none
        case .symbol: self = .symbol(symbol: try container.decode(String.self, forKey: .symbol))
        case .amount: self = .amount(amount: try container.decode(GemFormattedNumber.self, forKey: .amount))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .none: try container.encode(Kind.none, forKey: .type)
        case let .symbol(symbol):
            try container.encode(Kind.symbol, forKey: .type)
            try container.encode(symbol, forKey: .symbol)
        case let .amount(amount):
            try container.encode(Kind.amount, forKey: .type)
            try container.encode(amount, forKey: .amount)
        }
    }
}
