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

    init(_ pointer: UnsafePointer<gem_price_alert_store>?, lifetime: Lifetime, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "store")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        getPriceAlerts = try requireMethod(table.get_price_alerts, "store.get_price_alerts", release)
        updatePriceAlerts = try requireMethod(table.update_price_alerts, "store.update_price_alerts", release)
        self.lifetime = lifetime
    }

    func getPriceAlerts(assetId: String?) async throws(GemServiceError) -> [PriceAlert] {
        let args = JSON.object(assetId.map { [("asset_id", JSON.string($0))] } ?? [])
        let answer = try await getPriceAlerts.call(JSONWriter.bytes(args), lifetime: lifetime)
        return try decodeAnswer([PriceAlert].self, answer, "store.get_price_alerts")
    }

    func updatePriceAlerts(alerts: [PriceAlert], deleteIds: [String]) async throws(GemServiceError) {
        let args: [UInt8]
        do {
            args = try JSONCodec.encode(PriceAlertStoreUpdate(alerts: alerts, deleteIds: deleteIds))
        } catch {
            throw .internal(message: error.description)
        }
        _ = try await updatePriceAlerts.call(args, lifetime: lifetime)
    }
}

private struct PriceAlertStoreUpdate: Encodable {
    let alerts: [PriceAlert]
    let deleteIds: [String]
}
