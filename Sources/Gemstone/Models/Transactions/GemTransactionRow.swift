import Primitives

/// One row of a transaction list (activity, asset details): the transaction's identity and every
/// decision its row draws — title, counterparty, signed and toned value, fiat equivalent, status.
///
/// Its shape is declared in schema/transaction_rows.json, which generates its Codable conformance and the
/// records beside it (subtitle, value, status, priced asset); the storage below and the row writer
/// (TransactionRowsJSON.swift) stay hand-written for the rows page's speed.
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
