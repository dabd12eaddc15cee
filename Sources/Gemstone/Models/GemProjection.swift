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
extension GemLoadStateRefreshRequest: GemProjection {
    public func answer() -> GemLoadState {
        GemLoadState.refreshed(syncError.map { .failure($0) } ?? .success(()), showsValue: showsValue)
    }
}

/// `list_phase`: the phase of a list from its load state and whether it has rows (never the rows).
/// The answer is null only in `once_loaded` mode before the first sync answers.
extension GemListPhaseRequest: GemProjection {
    public func answer() -> GemListPhase? {
        switch mode {
        case .synced: .of(state: state, hasRows: hasRows, empty: empty)
        case .local: .local(hasRows: hasRows, empty: empty)
        case .onceLoaded: .onceLoaded(state: state, hasRows: hasRows, empty: empty)
        }
    }
}

/// `empty_state`: the empty state of a list whose empty state never changes.
extension GemEmptyStateRequest: GemProjection {
    public func answer() -> GemEmptyState { .of(kind) }
}

/// `list_window_on_end_reached`: the next window of a long list.
extension GemListWindowRequest: GemProjection {
    public func answer() throws(GemServiceError) -> GemListWindow {
        try GemRequestCheck.nonNegative(window.limit, field: "window.limit")
        try GemRequestCheck.nonNegative(window.maximum, field: "window.maximum")
        try GemRequestCheck.nonNegative(rowCount, field: "row_count")
        return window.onEndReached(rowCount: rowCount)
    }
}

// MARK: - Numbers

/// `formatted_currency`: money in `code`, signed (forced sign and tone) when asked.
extension GemCurrencyNumberRequest: GemProjection {
    public func answer() throws(GemServiceError) -> GemFormattedNumber {
        try GemRequestCheck.currency(code, field: "code")
        return signed ? .signedCurrency(value, code: code, style: style) : .currency(value, code: code, style: style)
    }
}

/// `formatted_amount`: an asset amount in a value style.
extension GemAmountNumberRequest: GemProjection {
    public func answer() -> GemFormattedNumber { .amount(value, symbol: symbol, style: style) }
}

/// `plain_number`: typed text as a machine decimal ("" for no amount, null when not a number).
extension GemPlainNumberRequest: GemProjection {
    public func answer() throws(GemServiceError) -> String? {
        try GemRequestCheck.format(format)
        try GemRequestCheck.typedText(text)
        return format.plainNumber(text)
    }
}

/// `value_from_input`: typed text as an exact atomic value of an asset with `decimals` places.
extension GemValueFromInputRequest: GemProjection {
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
extension GemInputTextRequest: GemProjection {
    public func answer() throws(GemServiceError) -> String {
        try GemRequestCheck.format(format)
        try GemRequestCheck.decimals(decimals)
        return format.inputText(value, decimals: decimals)
    }
}

/// `value_text`: an approximate value written for a field in the device's format.
extension GemValueTextRequest: GemProjection {
    public func answer() throws(GemServiceError) -> String {
        try GemRequestCheck.format(format)
        return format.valueText(value)
    }
}

/// `amount_error_display`: what an amount error shows.
extension GemAmountErrorDisplayRequest: GemProjection {
    public func answer() throws(GemServiceError) -> GemAmountErrorDisplay {
        switch error {
        case let .belowMinimum(asset, _), let .insufficientBalance(asset, _): try GemRequestCheck.asset(asset, field: "error.asset")
        case .invalidNumber, .tooManyDecimals, .zero: break
        }
        return error.display()
    }
}

/// `duration_parts`: a duration in seconds as its largest parts.
extension GemDurationPartsRequest: GemProjection {
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
extension GemDayBoundariesRequest: GemProjection {
    public func answer() throws(GemServiceError) -> GemDayBoundaries {
        guard utcOffsetSeconds.magnitude <= GemConstants.maxUTCOffsetSeconds else {
            throw .invalidInput(message: "utc_offset_seconds \(utcOffsetSeconds) is beyond \(GemConstants.maxUTCOffsetSeconds) either way")
        }
        return GemDayBoundaries(now: now, utcOffsetSeconds: utcOffsetSeconds)
    }
}

/// `day_labels`: the header of each section day, in one call per list build.
extension GemDayLabelsRequest: GemProjection {
    public func answer() throws(GemServiceError) -> [GemDayLabel] {
        try GemRequestCheck.day(boundaries.today, field: "boundaries.today")
        try GemRequestCheck.day(boundaries.yesterday, field: "boundaries.yesterday")
        for (index, day) in days.enumerated() { try GemRequestCheck.day(day, field: "days[\(index)]") }
        return boundaries.labels(days)
    }
}

// MARK: - Transactions

/// `transaction_rows`: a page of transaction rows in one call.
public struct GemTransactionRowsRequest: GemProjection, Equatable {
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
extension GemAmountSessionRequest: GemProjection {
    public func answer() throws(GemServiceError) -> GemAmountSession {
        try GemRequestCheck.asset(asset)
        try GemRequestCheck.currency(currency)
        try GemRequestCheck.format(format)
        return GemAmountSession(asset: asset, balance: balance, currency: currency, format: format, minimum: minimum)
    }
}

/// `amount_session_apply`: the session after one event.
extension GemAmountSessionEventRequest: GemProjection {
    public func answer() throws(GemServiceError) -> GemAmountSession {
        try GemRequestCheck.session(session)
        return session.applying(event)
    }
}

/// `amount_session_view_state`: the amount screen at `price` (per whole unit, in the session's currency).
extension GemAmountViewStateRequest: GemProjection {
    public func answer() throws(GemServiceError) -> GemAmountViewState {
        try GemRequestCheck.session(session)
        if let price, !(price >= 0) { throw .invalidInput(message: "price \(price) is negative") }
        return session.viewState(price: price)
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

/// `price_alert_rows`: each stored alert's id and kind beside the asset row that says it. An alert is
/// checked as an add checks it, and against the asset it is joined with.
extension GemPriceAlertRowsRequest: GemProjection {
    public func answer() throws(GemServiceError) -> [GemPriceAlertRow] {
        try GemRequestCheck.currency(currency)
        for (index, data) in alerts.enumerated() {
            try GemRequestCheck.asset(data.asset.asset, field: "alerts[\(index)].asset.asset")
            do {
                try PriceAlertRules.validate(data.alert)
            } catch {
                throw .invalidInput(message: "alerts[\(index)].alert: \(error.message)")
            }
            guard data.alert.assetId == data.asset.asset.id.id else {
                throw .invalidInput(message: "alerts[\(index)].alert.asset_id \"\(JSONCodec.excerpt(data.alert.assetId))\" is not its asset's id \"\(data.asset.asset.id.id)\"")
            }
        }
        return priceAlertRows(alerts, currency: currency)
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
