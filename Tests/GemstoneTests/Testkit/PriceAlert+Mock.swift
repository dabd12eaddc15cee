@testable import Gemstone

extension PriceAlert {
    /// A valid alert: bitcoin above 100000 USD.
    static func mock(
        assetId: String = "bitcoin",
        currency: String = "USD",
        price: Double? = 100_000,
        pricePercentChange: Double? = nil,
        priceDirection: PriceAlertDirection? = .up,
        lastNotifiedAt: Int64? = nil
    ) -> PriceAlert {
        PriceAlert(assetId: assetId, currency: currency, price: price, pricePercentChange: pricePercentChange,
                   priceDirection: priceDirection, lastNotifiedAt: lastNotifiedAt)
    }
}
