import Primitives

/// Prices and fiat rates (spec "Wallet price requests use USD", "Price updates commit a stream tick"):
/// the one owner of the price store.
///
/// Prices are asked for in USD and stored with their USD price beside the price in the selected
/// currency, converted once at that currency's rate. Every write is one tick, one
/// `GemPriceStore.saveRatesAndPrices` call: Core reads the stored conversion, selects the conversion
/// in effect (`PriceRules`), converts the tick's prices at it and asks the store to reprice only when
/// the stored prices are not already at it.
///
/// Commit and recovery (spec § 9): a tick is written whole or not at all. The rule compares with what
/// the store holds, read inside the tick, never with a value kept in memory, so after a failed write an
/// identical retry selects the same conversion again and applies. Ticks run one at a time in arrival
/// order (`CommandLane`), so two ticks never read the same stored state.
public final class GemPriceService: Sendable {
    /// The most assets one `syncPrices` asks for.
    public static let maximumAssets = 1_000
    /// The largest stream tick `applyTick` reads, in bytes.
    public static let maximumTickBytes = 4 << 20

    private let baseURL: String
    private let transport: any GemHTTPTransport
    private let preferences: GemPreferencesService
    private let store: any GemPriceStore
    private let lane = CommandLane()

    /// `baseURL` is the API's root (the rule of `BaseURL.validated`: https, or http to loopback only).
    public init(baseURL: String, transport: any GemHTTPTransport, preferences: GemPreferencesService,
                store: any GemPriceStore) throws(GemServiceError) {
        self.baseURL = try BaseURL.validated(baseURL, name: "the API base URL")
        self.transport = transport
        self.preferences = preferences
        self.store = store
    }

    // MARK: reads

    /// The stored prices of `assetIds`, in the currency of the stored conversion.
    public func getPrices(assetIds: [AssetId]) async throws(GemServiceError) -> [GemAssetPrice] {
        try await store.getPrices(assetIds: assetIds)
    }

    /// The conversion the stored prices are at (nil before the first tick) and the selected currency's stored rate.
    public func getPriceState() async throws(GemServiceError) -> GemPriceState {
        try await store.getPriceState(currency: preferences.currency())
    }

    /// The conversion a value in US dollars is shown in for `currency`: USD at 1; otherwise the stored rate
    /// of `currency`; with none stored, USD at 1 (the rule ticks convert prices by, `PriceRules.effectiveConversion`).
    /// The chart service converts its points with it.
    public func conversion(currency: String) async throws(GemServiceError) -> GemPriceConversion {
        if currency == FiatCurrency.usd { return GemPriceConversion(currency: FiatCurrency.usd, rate: 1) }
        let state = try await store.getPriceState(currency: currency)
        return PriceRules.effectiveConversion(currency: currency, rates: [], state: state)
    }

    // MARK: commands

    /// Asks the API for the fiat rates and for the USD prices of `assetIds` (at once), then commits them as
    /// one tick. A failed request writes nothing; a malformed entry of an answer is dropped alone.
    @discardableResult
    public func syncPrices(assetIds: [AssetId]) async throws(GemServiceError) -> GemPriceTickResult {
        guard assetIds.count <= Self.maximumAssets else {
            throw .invalidInput(message: "\(assetIds.count) assets; at most \(Self.maximumAssets) per sync")
        }
        let (prices, rates) = try await fetch(assetIds: assetIds)
        return try await commit(rates: rates.entries, prices: prices.entries, dropped: prices.dropped + rates.dropped)
    }

    /// Commits one tick of the price stream: the payload `{"prices":[AssetPrice…],"rates":[FiatRate…]}` the
    /// API's stream sends (gemwalletcom/core crates/primitives/src/websocket.rs, WebSocketPricePayload;
    /// either list may be absent). Entries are read one by one: a malformed one or a rate of an unknown
    /// currency is dropped alone. A payload that is not such an object is `.invalidInput` and writes nothing.
    @discardableResult
    public func applyTick(_ payload: [UInt8]) async throws(GemServiceError) -> GemPriceTickResult {
        guard payload.count <= Self.maximumTickBytes else {
            throw .invalidInput(message: "a tick of \(payload.count) bytes; at most \(Self.maximumTickBytes)")
        }
        let json: JSON
        do {
            json = try JSONParser.parse(payload)
        } catch {
            throw .invalidInput(message: "the tick is not JSON: \(error.description)")
        }
        guard case .object = json else { throw .invalidInput(message: "the tick is not a JSON object") }
        func list(_ key: String) throws(GemServiceError) -> [JSON] {
            guard let value = json[key], !value.isNull else { return [] }
            guard let list = value.arrayValue else { throw .invalidInput(message: "the tick's \(key) is not a list") }
            return list
        }
        let prices = KnownEntries.prices(try list("prices"))
        let rates = KnownEntries.rates(try list("rates"))
        return try await commit(rates: rates.entries, prices: prices.entries, dropped: prices.dropped + rates.dropped)
    }

    /// Moves the stored prices to the selected currency at its stored rate (after the currency changed):
    /// a tick without entries, which writes only when the stored conversion is not the one in effect.
    @discardableResult
    public func reprice() async throws(GemServiceError) -> GemPriceTickResult {
        try await commit(rates: [], prices: [], dropped: 0)
    }

    // MARK: private

    private func commit(rates: [GemFiatRate], prices: [PriceEntry], dropped: Int) async throws(GemServiceError) -> GemPriceTickResult {
        let currency = preferences.currency()
        return try await lane.run { () async throws(GemServiceError) -> GemPriceTickResult in
            let state = try await store.getPriceState(currency: currency)
            let tick = PriceRules.tick(currency: currency, rates: rates, prices: prices, state: state)
            if !tick.rates.isEmpty || !tick.prices.isEmpty || tick.conversion != nil {
                try await store.saveRatesAndPrices(tick)
            }
            return PriceRules.result(tick, state: state, dropped: dropped)
        }
    }

    private func fetch(assetIds: [AssetId]) async throws(GemServiceError)
        -> (KnownEntries<PriceEntry>, KnownEntries<GemFiatRate>) {
        async let prices = request(.prices(assetIds: assetIds), PriceAPI.prices)
        async let rates = request(.fiatRates, PriceAPI.fiatRates)
        do {
            return try await (prices, rates)
        } catch let error as GemServiceError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .internal(message: String(describing: error))
        }
    }

    private func request<T>(_ target: PriceAPI, _ read: (GemHTTPResponse) throws(GemServiceError) -> T) async throws(GemServiceError) -> T {
        try read(try await transport.request(target.request(baseURL: baseURL)))
    }
}
