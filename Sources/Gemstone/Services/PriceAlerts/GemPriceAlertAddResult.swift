/// The answer to adding a price alert (`GemPriceAlertService.add`): the alert as stored, and the
/// state of price alerts after the add turned them on. A refused permission is reported here, not
/// thrown: the alert is kept and the screen tells the user notifications are off.
///
/// JSON: `{"alert":{"id":"bitcoin:USD:100000::up","asset_id":"bitcoin","currency":"USD",
/// "price":100000,"price_direction":"up"},"enabled":true,"permission":"granted"}`.
public struct GemPriceAlertAddResult: Sendable, Equatable, Codable {
    /// The alert as written locally and accepted by the API; `alert.id` is its key.
    public var alert: PriceAlert
    /// Whether price alerts are on now: true exactly when the permission was granted.
    public var enabled: Bool
    /// The OS's answer; the add asks every time.
    public var permission: GemNotificationPermission

    public init(alert: PriceAlert, enabled: Bool, permission: GemNotificationPermission) {
        self.alert = alert
        self.enabled = enabled
        self.permission = permission
    }
}
