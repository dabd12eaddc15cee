/// The answer to turning price alerts on or off (`GemPriceAlertService.setEnabled`).
///
/// JSON: `{"enabled":true,"permission":"granted"}`, `{"enabled":false,"permission":"denied"}`
/// (turning on, refused by the OS) or `{"enabled":false}` (turning off: permission is not asked,
/// so `permission` is left out).
public struct GemPriceAlertsToggle: Sendable, Equatable, Codable {
    /// Whether price alerts are on now (the stored preference).
    public var enabled: Bool
    /// The OS's answer when it was asked (turning on), nil when it was not (turning off).
    public var permission: GemNotificationPermission?

    public init(enabled: Bool, permission: GemNotificationPermission?) {
        self.enabled = enabled
        self.permission = permission
    }
}
