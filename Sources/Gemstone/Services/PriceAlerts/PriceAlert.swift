/// A price alert (spec: price alerts). `assetId` is the asset's storage id (`bitcoin`,
/// `ethereum_0xdAC1…`). An alert fires at a target `price`, at a `pricePercentChange` in the
/// given `priceDirection`, or, with neither, on any notable move.
public struct PriceAlert: Sendable, Equatable, Hashable, Codable {
    public var assetId: String
    public var currency: String
    public var price: Double?
    public var pricePercentChange: Double?
    public var priceDirection: PriceAlertDirection?
    public var lastNotifiedAt: Int64?

    public init(assetId: String, currency: String, price: Double? = nil, pricePercentChange: Double? = nil,
                priceDirection: PriceAlertDirection? = nil, lastNotifiedAt: Int64? = nil) {
        self.assetId = assetId
        self.currency = currency
        self.price = price
        self.pricePercentChange = pricePercentChange
        self.priceDirection = priceDirection
        self.lastNotifiedAt = lastNotifiedAt
    }
}

public enum PriceAlertDirection: String, Sendable, Equatable, Hashable, Codable {
    case up
    case down
}
