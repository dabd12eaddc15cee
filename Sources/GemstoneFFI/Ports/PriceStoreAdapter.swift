import CGemstone
import Gemstone
import Primitives

/// GemPriceStore over a host's gem_price_store table; rows cross as GemAssetPrice, a tick as GemPriceTick.
final class PriceStoreAdapter: GemPriceStore {
    private let getPricesMethod: PortMethod
    private let getPriceStateMethod: PortMethod
    private let saveRatesAndPricesMethod: PortMethod
    private let release: TableRelease
    private let lifetime: Lifetime
    /// How long one call may wait for the host before it fails with `timeout` (GemStoreTimeout).
    private let timeout: Duration

    init(_ pointer: UnsafePointer<gem_price_store>?, lifetime: Lifetime, timeout: Duration, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "store")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        getPricesMethod = try requireMethod(table.get_prices, "store.get_prices", release)
        getPriceStateMethod = try requireMethod(table.get_price_state, "store.get_price_state", release)
        saveRatesAndPricesMethod = try requireMethod(table.save_rates_and_prices, "store.save_rates_and_prices", release)
        self.lifetime = lifetime
        self.timeout = timeout
    }

    func getPrices(assetIds: [AssetId]) async throws(GemServiceError) -> [GemAssetPrice] {
        let args = try portArgs(GemPricesQuery(assetIds: assetIds))
        let answer = try await getPricesMethod.call(args, lifetime: lifetime, timeout: timeout)
        return try decodeAnswer([GemAssetPrice].self, answer, "store.get_prices")
    }

    func getPriceState(currency: String) async throws(GemServiceError) -> GemPriceState {
        let args = try portArgs(GemPriceStateQuery(currency: currency))
        let answer = try await getPriceStateMethod.call(args, lifetime: lifetime, timeout: timeout)
        return try decodeAnswer(GemPriceState.self, answer, "store.get_price_state")
    }

    func saveRatesAndPrices(_ tick: GemPriceTick) async throws(GemServiceError) {
        _ = try await saveRatesAndPricesMethod.call(try portArgs(tick), lifetime: lifetime, timeout: timeout)
    }
}
