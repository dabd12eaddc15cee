/// What a sync writes to the store: `alerts` to upsert (keyed by `PriceAlert.id`) and the ids of
/// local alerts to delete. Empty when local and remote agree.
struct PriceAlertChanges: Sendable, Equatable {
    var alerts: [PriceAlert]
    var deleteIds: [String]

    var isEmpty: Bool { alerts.isEmpty && deleteIds.isEmpty }
}
