import Primitives

/// One synchronous, pure answer of the presentation layer, in the shape it crosses the ABI: a
/// request record decoded from the host's JSON, an output record encoded back. The FFI layer needs
/// one generic adapter (decode, `answer()`, encode) for every projection below.
public protocol GemProjection: Decodable, Sendable {
    associatedtype Output: Encodable & Sendable
    func answer() throws(GemServiceError) -> Output
}

// MARK: - Load state and lists

/// `load_state_refreshed`: a sync's outcome folded into what the screen shows.
public struct GemLoadStateRefreshRequest: GemProjection, Codable, Equatable {
    /// The sync's error; nil when it succeeded.
    public var syncError: GemServiceError?
    public var showsValue: Bool

    public init(syncError: GemServiceError?, showsValue: Bool) {
        self.syncError = syncError
        self.showsValue = showsValue
    }

    public func answer() -> GemLoadState {
        GemLoadState.refreshed(syncError.map { .failure($0) } ?? .success(()), showsValue: showsValue)
    }
}

/// `list_phase`: the phase of a list from its load state and whether it has rows (never the rows).
/// The answer is null only in `once_loaded` mode before the first sync answers.
public struct GemListPhaseRequest: GemProjection, Codable, Equatable {
    public var mode: GemListPhaseMode
    public var state: GemLoadState
    public var hasRows: Bool
    public var empty: GemEmptyState

    public init(mode: GemListPhaseMode, state: GemLoadState, hasRows: Bool, empty: GemEmptyState) {
        self.mode = mode
        self.state = state
        self.hasRows = hasRows
        self.empty = empty
    }

    public func answer() -> GemListPhase? {
        switch mode {
        case .synced: .of(state: state, hasRows: hasRows, empty: empty)
        case .local: .local(hasRows: hasRows, empty: empty)
        case .onceLoaded: .onceLoaded(state: state, hasRows: hasRows, empty: empty)
        }
    }
}

/// `empty_state`: the empty state of a list whose empty state never changes.
public struct GemEmptyStateRequest: GemProjection, Codable, Equatable {
    public var kind: GemEmptyStateKind

    public init(kind: GemEmptyStateKind) {
        self.kind = kind
    }

    public func answer() -> GemEmptyState { .of(kind) }
}

/// `list_window_on_end_reached`: the next window of a long list.
public struct GemListWindowRequest: GemProjection, Codable, Equatable {
    public var window: GemListWindow
    public var rowCount: Int

    public init(window: GemListWindow, rowCount: Int) {
        self.window = window
        self.rowCount = rowCount
    }

    public func answer() throws(GemServiceError) -> GemListWindow {
        try GemRequestCheck.nonNegative(window.limit, field: "window.limit")
        try GemRequestCheck.nonNegative(window.maximum, field: "window.maximum")
        try GemRequestCheck.nonNegative(rowCount, field: "row_count")
        return window.onEndReached(rowCount: rowCount)
    }
}

// MARK: - Numbers

/// `formatted_currency`: money in `code`, signed (forced sign and tone) when asked.
public struct GemCurrencyNumberRequest: GemProjection, Codable, Equatable {
    public var value: Double
    public var code: String
    public var style: GemCurrencyStyle
    public var signed: Bool

    public init(value: Double, code: String, style: GemCurrencyStyle, signed: Bool = false) {
        self.value = value
        self.code = code
        self.style = style
        self.signed = signed
    }

    public func answer() throws(GemServiceError) -> GemFormattedNumber {
        try GemRequestCheck.currency(code, field: "code")
        return signed ? .signedCurrency(value, code: code, style: style) : .currency(value, code: code, style: style)
    }
}

/// `formatted_amount`: an asset amount in a value style.
public struct GemAmountNumberRequest: GemProjection, Codable, Equatable {
    public var value: Double
    public var symbol: String?
    public var style: GemValueStyle

    public init(value: Double, symbol: String?, style: GemValueStyle) {
        self.value = value
        self.symbol = symbol
        self.style = style
    }

    public func answer() -> GemFormattedNumber { .amount(value, symbol: symbol, style: style) }
}

/// `plain_number`: typed text as a machine decimal ("" for no amount, null when not a number).
public struct GemPlainNumberRequest: GemProjection, Codable, Equatable {
    public var format: GemNumberFormat
    public var text: String

    public init(format: GemNumberFormat, text: String) {
        self.format = format
        self.text = text
    }

    public func answer() throws(GemServiceError) -> String? {
        try GemRequestCheck.format(format)
        try GemRequestCheck.typedText(text)
        return format.plainNumber(text)
    }
}

/// The exact value typed text reads as, or why it reads as none.
public enum GemInputValue: Sendable, Equatable {
    case value(value: BigUInt)
    case error(error: GemAmountError)
}

/// `value_from_input`: typed text as an exact atomic value of an asset with `decimals` places.
public struct GemValueFromInputRequest: GemProjection, Codable, Equatable {
    public var format: GemNumberFormat
    public var text: String
    public var decimals: Int

    public init(format: GemNumberFormat, text: String, decimals: Int) {
        self.format = format
        self.text = text
        self.decimals = decimals
    }

    public func answer() throws(GemServiceError) -> GemInputValue {
        try GemRequestCheck.format(format)
        try GemRequestCheck.decimals(decimals)
        try GemRequestCheck.typedText(text)
        return switch format.value(fromInput: text, decimals: decimals) {
        case let .success(value): .value(value: value)
        case let .failure(error): .error(error: error)
        }
    }
}

/// `input_text`: an exact atomic value written for a field in the device's format.
public struct GemInputTextRequest: GemProjection, Codable, Equatable {
    public var format: GemNumberFormat
    public var value: BigUInt
    public var decimals: Int

    public init(format: GemNumberFormat, value: BigUInt, decimals: Int) {
        self.format = format
        self.value = value
        self.decimals = decimals
    }

    public func answer() throws(GemServiceError) -> String {
        try GemRequestCheck.format(format)
        try GemRequestCheck.decimals(decimals)
        return format.inputText(value, decimals: decimals)
    }
}

/// `value_text`: an approximate value written for a field in the device's format.
public struct GemValueTextRequest: GemProjection, Codable, Equatable {
    public var format: GemNumberFormat
    public var value: Double

    public init(format: GemNumberFormat, value: Double) {
        self.format = format
        self.value = value
    }

    public func answer() throws(GemServiceError) -> String {
        try GemRequestCheck.format(format)
        return format.valueText(value)
    }
}

/// `amount_error_display`: what an amount error shows.
public struct GemAmountErrorDisplayRequest: GemProjection, Codable, Equatable {
    public var error: GemAmountError

    public init(error: GemAmountError) {
        self.error = error
    }

    public func answer() throws(GemServiceError) -> GemAmountErrorDisplay {
        switch error {
        case let .belowMinimum(asset, _), let .insufficientBalance(asset, _): try GemRequestCheck.asset(asset, field: "error.asset")
        case .invalidNumber, .tooManyDecimals, .zero: break
        }
        return error.display()
    }
}

/// `duration_parts`: a duration in seconds as its largest parts.
public struct GemDurationPartsRequest: GemProjection, Codable, Equatable {
    public var seconds: Int
    public var maxParts: Int

    public init(seconds: Int, maxParts: Int = 2) {
        self.seconds = seconds
        self.maxParts = maxParts
    }

    public func answer() throws(GemServiceError) -> [GemDurationPart] {
        guard maxParts >= 1 else { throw .invalidInput(message: "max_parts \(maxParts) is below 1") }
        return GemDurationPart.parts(seconds: seconds, maxParts: maxParts)
    }
}

// MARK: - Copies and addresses

// The request records of address_copy, copy_kind_policy and format_address, and GemCopyPolicy, are generated
// from schema/projections.json, which also generates their @c functions (GemstoneFFI/Generated); the rules are here.

/// `address_copy`: an address's copy model, its display shortened once.
extension GemAddressCopyRequest: GemProjection {
    public func answer() throws(GemServiceError) -> GemCopy {
        guard !address.isEmpty else { throw .invalidInput(message: "address is empty") }
        return .address(address, chain: chain)
    }
}

/// `copy_kind_policy`: whether a copy kind is sensitive and how long it may stay on the clipboard.
extension GemCopyPolicyRequest: GemProjection {
    public func answer() -> GemCopyPolicy {
        GemCopyPolicy(isSensitive: kind.isSensitive, clipboardExpirySeconds: kind.clipboardExpirySeconds)
    }
}

/// `format_address`: an address as a screen shows it.
extension GemFormatAddressRequest: GemProjection {
    public func answer() -> String { formatAddress(address, style: style) }
}

// MARK: - Days

/// `day_boundaries`: today and yesterday at `now` (Unix seconds) for the device's UTC offset.
public struct GemDayBoundariesRequest: GemProjection, Codable, Equatable {
    public var now: Int64
    public var utcOffsetSeconds: Int

    public init(now: Int64, utcOffsetSeconds: Int) {
        self.now = now
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    public func answer() throws(GemServiceError) -> GemDayBoundaries {
        guard utcOffsetSeconds.magnitude <= GemConstants.maxUTCOffsetSeconds else {
            throw .invalidInput(message: "utc_offset_seconds \(utcOffsetSeconds) is beyond \(GemConstants.maxUTCOffsetSeconds) either way")
        }
        return GemDayBoundaries(now: now, utcOffsetSeconds: utcOffsetSeconds)
    }
}

/// `day_labels`: the header of each section day, in one call per list build.
public struct GemDayLabelsRequest: GemProjection, Codable, Equatable {
    public var boundaries: GemDayBoundaries
    public var days: [GemDay]

    public init(boundaries: GemDayBoundaries, days: [GemDay]) {
        self.boundaries = boundaries
        self.days = days
    }

    public func answer() throws(GemServiceError) -> [GemDayLabel] {
        try GemRequestCheck.day(boundaries.today, field: "boundaries.today")
        try GemRequestCheck.day(boundaries.yesterday, field: "boundaries.yesterday")
        for (index, day) in days.enumerated() { try GemRequestCheck.day(day, field: "days[\(index)]") }
        return boundaries.labels(days)
    }
}

// MARK: - Transactions

/// `transaction_rows`: a page of transaction rows in one call.
public struct GemTransactionRowsRequest: GemProjection, Codable, Equatable {
    public var transactions: [Transaction]
    public var assets: [GemPricedAsset]
    public var currency: String

    public init(transactions: [Transaction], assets: [GemPricedAsset], currency: String) {
        self.transactions = transactions
        self.assets = assets
        self.currency = currency
    }

    public func answer() throws(GemServiceError) -> [GemTransactionRow] {
        var rows: [GemTransactionRow] = []
        rows.reserveCapacity(transactions.count)
        try forEachRow { rows.append(copy $0) }
        return rows
    }

    /// The answer's rows handed to `body` one at a time as they are built (gem_transaction_rows
    /// writes each straight into the host's buffer), after the request's checks.
    public func forEachRow(_ body: (borrowing GemTransactionRow) -> Void) throws(GemServiceError) {
        try GemRequestCheck.currency(currency)
        for (index, priced) in assets.enumerated() { try GemRequestCheck.asset(priced.asset, field: "assets[\(index)].asset") }
        try forEachTransactionRow(transactions, assets: assets, currency: currency, body)
    }
}

// MARK: - Amount session

/// `amount_session_new`: a new amount session, nothing typed.
public struct GemAmountSessionRequest: GemProjection, Codable, Equatable {
    public var asset: Asset
    public var balance: BigUInt
    public var currency: String
    public var format: GemNumberFormat
    public var minimum: BigUInt?

    public init(asset: Asset, balance: BigUInt, currency: String, format: GemNumberFormat, minimum: BigUInt? = nil) {
        self.asset = asset
        self.balance = balance
        self.currency = currency
        self.format = format
        self.minimum = minimum
    }

    public func answer() throws(GemServiceError) -> GemAmountSession {
        try GemRequestCheck.asset(asset)
        try GemRequestCheck.currency(currency)
        try GemRequestCheck.format(format)
        return GemAmountSession(asset: asset, balance: balance, currency: currency, format: format, minimum: minimum)
    }
}

/// `amount_session_apply`: the session after one event.
public struct GemAmountSessionEventRequest: GemProjection, Codable, Equatable {
    public var session: GemAmountSession
    public var event: GemAmountEvent

    public init(session: GemAmountSession, event: GemAmountEvent) {
        self.session = session
        self.event = event
    }

    public func answer() throws(GemServiceError) -> GemAmountSession {
        try GemRequestCheck.session(session)
        return session.applying(event)
    }
}

/// `amount_session_view_state`: the amount screen at `price` (per whole unit, in the session's currency).
public struct GemAmountViewStateRequest: GemProjection, Codable, Equatable {
    public var session: GemAmountSession
    public var price: Double?

    public init(session: GemAmountSession, price: Double?) {
        self.session = session
        self.price = price
    }

    public func answer() throws(GemServiceError) -> GemAmountViewState {
        try GemRequestCheck.session(session)
        if let price, !(price >= 0) { throw .invalidInput(message: "price \(price) is negative") }
        return session.viewState(price: price)
    }
}

extension GemInputValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, value, error
    }

    private enum Kind: String, Codable {
        case value, error
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .type) {
        case .value: self = .value(value: try container.decode(BigUInt.self, forKey: .value))
        case .error: self = .error(error: try container.decode(GemAmountError.self, forKey: .error))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .value(value):
            try container.encode(Kind.value, forKey: .type)
            try container.encode(value, forKey: .value)
        case let .error(error):
            try container.encode(Kind.error, forKey: .type)
            try container.encode(error, forKey: .error)
        }
    }
}

// MARK: - Asset and wallet rows

extension GemAssetRowTextRequest: GemProjection {
    public func answer() throws(GemServiceError) -> GemAssetRowText {
        try GemRequestCheck.asset(asset)
        return assetRowText(asset, style: style)
    }
}

extension GemAssetListRowsRequest: GemProjection {
    public func answer() throws(GemServiceError) -> [GemAssetItemRow] {
        try GemRequestCheck.currency(currency)
        for (index, data) in assets.enumerated() { try GemRequestCheck.asset(data.asset, field: "assets[\(index)].asset") }
        return assetListRows(assets, currency: currency, style: style)
    }
}

extension GemWalletAssetRowsRequest: GemProjection {
    public func answer() throws(GemServiceError) -> [GemAssetItemRow] {
        try GemRequestCheck.currency(currency)
        for (index, data) in assets.enumerated() { try GemRequestCheck.asset(data.asset, field: "assets[\(index)].asset") }
        return walletAssetRows(assets, currency: currency)
    }
}

extension GemWalletSectionsRequest: GemProjection {
    public func answer() -> [GemWalletSection] {
        walletSections(wallets, currentWalletId: currentWalletId)
    }
}

extension GemWalletDetailsRequest: GemProjection {
    public func answer() -> GemWalletDetails {
        walletDetails(wallet, currentWalletId: currentWalletId)
    }
}
