import Primitives

/// The prices and fiat rates kept on the device; owned by `GemPriceService`, its only writer.
public protocol GemPriceStore: Sendable {
    /// The stored prices of `assetIds`, in any order; an asset without a row is left out.
    func getPrices(assetIds: [AssetId]) async throws(GemServiceError) -> [GemAssetPrice]
    /// The conversion the stored prices are at and the stored rate of `currency`.
    func getPriceState(currency: String) async throws(GemServiceError) -> GemPriceState
    /// Commits one tick in ONE transaction: upserts `tick.rates` (only those that changed), then, when
    /// `tick.conversion` is present, sets every stored price to its `price_usd` times the conversion's rate and
    /// stores the conversion, then upserts `tick.prices`. On failure nothing of the tick is written, so an
    /// identical retry still applies (spec: "A failed write rolls the whole tick back").
    func saveRatesAndPrices(_ tick: GemPriceTick) async throws(GemServiceError)
}
