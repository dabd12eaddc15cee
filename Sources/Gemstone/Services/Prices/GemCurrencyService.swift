/// The selected currency (spec: GemCurrencyService), held by the preferences service and applied to the
/// stored prices by the price service.
public final class GemCurrencyService: Sendable {
    private let preferences: GemPreferencesService
    private let prices: GemPriceService

    public init(preferences: GemPreferencesService, prices: GemPriceService) {
        self.preferences = preferences
        self.prices = prices
    }

    /// The selected currency (USD when none is stored).
    public func currency() -> String {
        preferences.currency()
    }

    /// Every currency that can be selected, sorted.
    public func currencies() -> [String] {
        FiatCurrency.codes
    }

    /// Selects `code`, one of `currencies()` (anything else is `.invalidInput` and changes nothing), then
    /// reprices the stored prices at its stored rate. The preference is written first: when the repricing
    /// fails the error is thrown and the next tick repairs the prices, since the stored conversion is then
    /// not the one in effect.
    @discardableResult
    public func setCurrency(_ code: String) async throws(GemServiceError) -> GemPriceTickResult {
        guard FiatCurrency.isKnown(code) else {
            throw .invalidInput(message: "\(code.count <= 8 ? code : String(code.prefix(8)) + "…") is not a known currency")
        }
        try preferences.setCurrency(code)
        return try await prices.reprice()
    }
}
