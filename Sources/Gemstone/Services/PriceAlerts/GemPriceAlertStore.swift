/// The price alerts kept on the device; owned by `GemPriceAlertService`.
/// `updatePriceAlerts` upserts `alerts` (keyed by `PriceAlert.id`) and deletes `deleteIds` in one
/// transaction, writing only rows that change.
public protocol GemPriceAlertStore: Sendable {
    func getPriceAlerts(assetId: String?) async throws(GemServiceError) -> [PriceAlert]
    func updatePriceAlerts(alerts: [PriceAlert], deleteIds: [String]) async throws(GemServiceError)
}
