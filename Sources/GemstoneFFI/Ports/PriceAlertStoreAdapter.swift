import CGemstone
import Gemstone
import Primitives

/// GemPriceAlertStore over a host's gem_price_alert_store table. Alerts cross with their "id"
/// (PriceAlert encodes the core's alert id rule) so the host keys rows without re-deriving it.
final class PriceAlertStoreAdapter: GemPriceAlertStore {
    private let getPriceAlerts: PortMethod
    private let updatePriceAlerts: PortMethod
    private let release: TableRelease
    private let lifetime: Lifetime
    /// How long one call may wait for the host before it fails with `timeout` (GemStoreTimeout).
    private let timeout: Duration

    init(_ pointer: UnsafePointer<gem_price_alert_store>?, lifetime: Lifetime, timeout: Duration, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "store")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        getPriceAlerts = try requireMethod(table.get_price_alerts, "store.get_price_alerts", release)
        updatePriceAlerts = try requireMethod(table.update_price_alerts, "store.update_price_alerts", release)
        self.lifetime = lifetime
        self.timeout = timeout
    }

    func getPriceAlerts(assetId: String?) async throws(GemServiceError) -> [PriceAlert] {
        let args = try portArgs(GemPriceAlertsQuery(assetId: assetId))
        let answer = try await getPriceAlerts.call(args, lifetime: lifetime, timeout: timeout)
        return try decodeAnswer([PriceAlert].self, answer, "store.get_price_alerts")
    }

    func updatePriceAlerts(alerts: [PriceAlert], deleteIds: [String]) async throws(GemServiceError) {
        let args: [UInt8]
        do {
            args = try JSONCodec.encode(GemPriceAlertStoreUpdate(alerts: alerts, deleteIds: deleteIds))
        } catch {
            throw .internal(message: error.description)
        }
        _ = try await updatePriceAlerts.call(args, lifetime: lifetime, timeout: timeout)
    }
}
