@testable import Gemstone

/// `GemPriceAlertStore` in memory, with the adapters' semantics: rows keyed by `PriceAlert.id`,
/// one `updatePriceAlerts` call is one transaction (all or nothing), upserts replace the row with
/// the same id, reads answer in insertion order. Records every call and can fail chosen ones.
actor MemoryPriceAlertStore: GemPriceAlertStore {
    struct Update: Equatable {
        var alerts: [PriceAlert]
        var deleteIds: [String]
    }

    private(set) var rows: [PriceAlert]
    /// Every `updatePriceAlerts` call that succeeded, in order.
    private(set) var updates: [Update] = []
    private(set) var reads = 0
    private var updateOutcomes: [GemServiceError?] = []
    private var readOutcomes: [GemServiceError?] = []

    init(_ rows: [PriceAlert] = []) {
        self.rows = rows
    }

    /// The next update calls fail or pass in this order (`nil` passes); later calls pass.
    func scriptUpdates(_ outcomes: GemServiceError?...) {
        updateOutcomes = outcomes
    }

    /// The next read calls fail or pass in this order (`nil` passes); later calls pass.
    func scriptReads(_ outcomes: GemServiceError?...) {
        readOutcomes = outcomes
    }

    var writes: Int { updates.count }

    func getPriceAlerts(assetId: String?) async throws(GemServiceError) -> [PriceAlert] {
        reads += 1
        if !readOutcomes.isEmpty, let error = readOutcomes.removeFirst() { throw error }
        guard let assetId else { return rows }
        return rows.filter { $0.assetId == assetId }
    }

    func updatePriceAlerts(alerts: [PriceAlert], deleteIds: [String]) async throws(GemServiceError) {
        if !updateOutcomes.isEmpty, let error = updateOutcomes.removeFirst() { throw error }
        let deleted = Set(deleteIds)
        rows.removeAll { deleted.contains($0.id) }
        for alert in alerts {
            if let index = rows.firstIndex(where: { $0.id == alert.id }) {
                rows[index] = alert
            } else {
                rows.append(alert)
            }
        }
        updates.append(Update(alerts: alerts, deleteIds: deleteIds))
    }
}
