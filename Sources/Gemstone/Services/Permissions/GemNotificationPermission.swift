// The type is generated from schema/price_alerts.json.

extension GemNotificationPermission {
    init(granted: Bool) {
        self = granted ? .granted : .denied
    }
}
