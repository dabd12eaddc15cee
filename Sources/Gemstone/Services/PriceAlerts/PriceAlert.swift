import Primitives

/// A price alert (spec: price alerts). `assetId` is the asset's storage id (`bitcoin`,
/// `ethereum_0xdAC1…`). An alert fires at a target `price`, at a `pricePercentChange` in the
/// given `priceDirection`, or, with neither, on any notable move.
///
/// JSON (DESIGN § 3): `{"id":…,"asset_id":…,"currency":…,"price":…,"price_percent_change":…,
/// "price_direction":"up"|"down","last_notified_at":…}`, absent optionals left out. `id` is
/// written for the host's convenience (it is the store's key, `PriceAlertRules.alertId`) and
/// ignored when a record is read: the core always derives it from the fields.
/// Its JSON shape is declared in schema/price_alerts.json; the type stays hand-written because `id` is derived.
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

    /// The store key: alerts with the same target share it (`PriceAlertRules.alertId`).
    public var id: String { PriceAlertRules.alertId(self) }

    private enum EncodingKeys: String, CodingKey {
        case id, assetId, currency, price, pricePercentChange, priceDirection, lastNotifiedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EncodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(assetId, forKey: .assetId)
        try container.encode(currency, forKey: .currency)
        try container.encodeIfPresent(price, forKey: .price)
        try container.encodeIfPresent(pricePercentChange, forKey: .pricePercentChange)
        try container.encodeIfPresent(priceDirection, forKey: .priceDirection)
        try container.encodeIfPresent(lastNotifiedAt, forKey: .lastNotifiedAt)
    }
}

/// The hand-written conversion `JSONCodec` uses for alerts (a store answers lists of them); it
/// produces the same shape as `encode(to:)`, which `PriceAlertJSONTests` pins.
extension PriceAlert: JSONConvertible {
    public init(json: JSON) throws(JSONCodecError) {
        let reader = try JSONObjectReader(json)
        self.init(
            assetId: try reader.string("asset_id"),
            currency: try reader.string("currency"),
            price: try reader.optionalDouble("price"),
            pricePercentChange: try reader.optionalDouble("price_percent_change"),
            priceDirection: try reader.optionalRawValue(PriceAlertDirection.self, "price_direction"),
            lastNotifiedAt: try reader.optionalInt64("last_notified_at")
        )
    }

    public var json: JSON {
        var object = JSONObjectBuilder(capacity: 7)
        object.set("id", id)
        object.set("asset_id", assetId)
        object.set("currency", currency)
        object.set("price", ifPresent: price)
        object.set("price_percent_change", ifPresent: pricePercentChange)
        object.set("price_direction", ifPresent: priceDirection?.rawValue)
        object.set("last_notified_at", ifPresent: lastNotifiedAt)
        return object.json
    }
}
