import Primitives

/// One row of a transaction list (activity, asset details): the transaction's identity and every
/// decision its row draws — title, counterparty, signed and toned value, fiat equivalent, status.
public struct GemTransactionRow: Sendable, Equatable {
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
    public var fiat: GemFormattedNumber? {
        get { if case let .number(number) = fiatStorage { number } else { nil } }
        set { fiatStorage = OptionalNumber(newValue) }
    }
    /// The fiat value, kept in a plain enum rather than an optional: the compiler copies a record
    /// that stores an optional of a type holding strings each time it builds one (measured on a
    /// page of 500 rows).
    private var fiatStorage: OptionalNumber
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
        self.fiatStorage = OptionalNumber(fiat)
        self.status = status
    }
}

/// A `GemFormattedNumber?` in a form the compiler does not copy when a row holding it is built.
enum OptionalNumber: Sendable, Equatable {
    case none
    case number(GemFormattedNumber)

    init(_ number: GemFormattedNumber?) {
        self = number.map { .number($0) } ?? .none
    }
}

extension GemTransactionRow: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, assetId, type, direction, state, createdAt, title, subtitle, value, fiat, status
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            assetId: try container.decode(AssetId.self, forKey: .assetId),
            type: try container.decode(TransactionType.self, forKey: .type),
            direction: try container.decode(TransactionDirection.self, forKey: .direction),
            state: try container.decode(TransactionState.self, forKey: .state),
            createdAt: try container.decode(Int64.self, forKey: .createdAt),
            title: try container.decode(GemTransactionTitle.self, forKey: .title),
            subtitle: try container.decode(GemTransactionSubtitle.self, forKey: .subtitle),
            value: try container.decode(GemTransactionValue.self, forKey: .value),
            fiat: try container.decodeIfPresent(GemFormattedNumber.self, forKey: .fiat),
            status: try container.decode(GemTransactionStatus.self, forKey: .status)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(assetId, forKey: .assetId)
        try container.encode(type, forKey: .type)
        try container.encode(direction, forKey: .direction)
        try container.encode(state, forKey: .state)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(title, forKey: .title)
        try container.encode(subtitle, forKey: .subtitle)
        try container.encode(value, forKey: .value)
        try container.encodeIfPresent(fiat, forKey: .fiat)
        try container.encode(status, forKey: .status)
    }
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
