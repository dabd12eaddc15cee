/// Price alerts (spec "Service example: price alerts"): the one owner of the alerts kept on the
/// device, kept in step with the remote API.
///
/// Commit and recovery (spec § 9):
/// - `add` and `delete` write locally first, then call the API. When the API refuses (non-2xx) or
///   cannot be reached, the local write is rolled back to exactly what was stored before and the
///   error is thrown. If the rollback itself fails, the original error is still the one thrown and
///   the next `sync` repairs the local rows from the remote ones.
/// - `sync` writes only the diff between remote and local, nothing when they agree.
/// - Turning alerts on, by `setEnabled(true)` or by `add`, asks the permissions port every time;
///   a refusal is returned as a value. The preference is written only once the command succeeded.
/// - Every command needs the device id from preferences and fails with `.invalidInput` before any
///   write when there is none.
///
/// Commands (`sync`, `add`, `delete`) run one at a time in arrival order (`CommandLane`); reads
/// and the preference toggle do not wait for them.
public final class GemPriceAlertService: Sendable {
    private let baseURL: String
    private let transport: any GemHTTPTransport
    private let preferences: GemPreferencesService
    private let store: any GemPriceAlertStore
    private let permissions: any GemNotificationPermissions
    private let lane = CommandLane()

    /// `baseURL` is the API's root, `https://host[/prefix]` (a trailing `/` is dropped); cleartext
    /// `http://` only to a loopback host (`127.0.0.1`, `[::1]`, `localhost`, optional `:port`);
    /// anything else is `.invalidInput`.
    public init(
        baseURL: String,
        transport: any GemHTTPTransport,
        preferences: GemPreferencesService,
        store: any GemPriceAlertStore,
        permissions: any GemNotificationPermissions
    ) throws(GemServiceError) {
        self.baseURL = try PriceAlertAPI.baseURL(baseURL)
        self.transport = transport
        self.preferences = preferences
        self.store = store
        self.permissions = permissions
    }

    // MARK: reads

    /// The alerts stored on the device, all of them or those of one asset.
    public func getPriceAlerts(assetId: String?) async throws(GemServiceError) -> [PriceAlert] {
        try await store.getPriceAlerts(assetId: assetId)
    }

    /// Whether price alerts are on (the stored preference).
    public func isEnabled() -> Bool {
        preferences.isPriceAlertsEnabled()
    }

    // MARK: commands

    /// Reads the remote alerts (all, or one asset's) and the local ones concurrently and writes
    /// the difference to the store; nothing is written when they agree.
    @discardableResult
    public func sync(assetId: String?) async throws(GemServiceError) -> GemPriceAlertSyncResult {
        let deviceId = try requireDeviceId()
        return try await lane.run { () async throws(GemServiceError) -> GemPriceAlertSyncResult in
            let (remote, local) = try await readBoth(deviceId: deviceId, assetId: assetId)
            let changes = PriceAlertRules.reconcile(local: local, remote: remote)
            if !changes.isEmpty {
                try await store.updatePriceAlerts(alerts: changes.alerts, deleteIds: changes.deleteIds)
            }
            return GemPriceAlertSyncResult(upserted: changes.alerts, deletedIds: changes.deleteIds)
        }
    }

    /// Validates `alert`, asks for notification permission, stores the alert, then posts it. An
    /// API refusal or transport failure restores the previous local state (no row, or the row the
    /// alert replaced) and is thrown; the preference is then left as it was. On success price
    /// alerts are turned on when the permission was granted and off when it was refused.
    public func add(_ alert: PriceAlert) async throws(GemServiceError) -> GemPriceAlertAddResult {
        try PriceAlertRules.validate(alert)
        let deviceId = try requireDeviceId()
        let permission = GemNotificationPermission(granted: try await permissions.request())
        try await lane.run { () async throws(GemServiceError) in
            let id = alert.id
            let previous = try await store.getPriceAlerts(assetId: alert.assetId).first { $0.id == id }
            try await store.updatePriceAlerts(alerts: [alert], deleteIds: [])
            do throws(GemServiceError) {
                try await send(.addPriceAlerts(deviceId: deviceId, alerts: [alert]))
            } catch {
                if let previous {
                    try? await store.updatePriceAlerts(alerts: [previous], deleteIds: [])
                } else {
                    try? await store.updatePriceAlerts(alerts: [], deleteIds: [id])
                }
                throw error
            }
        }
        preferences.setPriceAlertsEnabled(permission == .granted)
        return GemPriceAlertAddResult(alert: alert, enabled: permission == .granted, permission: permission)
    }

    /// Deletes the stored alerts with these ids, then deletes them on the API. Ids not stored are
    /// ignored; when none is stored nothing is written or sent. An API refusal or transport failure
    /// puts the deleted rows back and is thrown. Returns the alerts that were deleted.
    @discardableResult
    public func delete(ids: [String]) async throws(GemServiceError) -> [PriceAlert] {
        let deviceId = try requireDeviceId()
        let wanted = Set(ids)
        return try await lane.run { () async throws(GemServiceError) -> [PriceAlert] in
            let removed = try await store.getPriceAlerts(assetId: nil).filter { wanted.contains($0.id) }
            guard !removed.isEmpty else { return [] }
            try await store.updatePriceAlerts(alerts: [], deleteIds: removed.map(\.id))
            do throws(GemServiceError) {
                try await send(.deletePriceAlerts(deviceId: deviceId, alerts: removed))
            } catch {
                try? await store.updatePriceAlerts(alerts: removed, deleteIds: [])
                throw error
            }
            return removed
        }
    }

    /// Turning on asks the permissions port every time, even when alerts are already on: granted
    /// stores on, refused stores off and is reported as `permission: .denied`, not thrown. Turning
    /// off stores off without asking. Only a failing permissions port throws (nothing is stored).
    public func setEnabled(_ enabled: Bool) async throws(GemServiceError) -> GemPriceAlertsToggle {
        guard enabled else {
            preferences.setPriceAlertsEnabled(false)
            return GemPriceAlertsToggle(enabled: false, permission: nil)
        }
        let permission = GemNotificationPermission(granted: try await permissions.request())
        preferences.setPriceAlertsEnabled(permission == .granted)
        return GemPriceAlertsToggle(enabled: permission == .granted, permission: permission)
    }

    // MARK: private

    private func requireDeviceId() throws(GemServiceError) -> String {
        guard let deviceId = preferences.deviceId() else { throw .invalidInput(message: "no device id") }
        return deviceId
    }

    private func send(_ target: PriceAlertAPI) async throws(GemServiceError) {
        let response = try await transport.request(try target.request(baseURL: baseURL))
        try PriceAlertAPI.accept(response)
    }

    private func fetchRemote(deviceId: String, assetId: String?) async throws(GemServiceError) -> [PriceAlert] {
        let target = PriceAlertAPI.getPriceAlerts(deviceId: deviceId, assetId: assetId)
        return try PriceAlertAPI.alerts(from: try await transport.request(try target.request(baseURL: baseURL)))
    }

    /// The remote and local alerts, read concurrently. When both fail, the remote error is thrown.
    private func readBoth(deviceId: String, assetId: String?) async throws(GemServiceError) -> ([PriceAlert], [PriceAlert]) {
        async let remote = fetchRemote(deviceId: deviceId, assetId: assetId)
        async let local = store.getPriceAlerts(assetId: assetId)
        do {
            return try await (remote, local)
        } catch let error as GemServiceError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .internal(message: String(describing: error))
        }
    }
}
