/// The OS's answer when the core asked for notification permission. Crosses as `"granted"` or
/// `"denied"`; a refusal is a value the screen renders, never an error.
public enum GemNotificationPermission: String, Sendable, Equatable, Codable {
    case granted
    case denied

    init(granted: Bool) {
        self = granted ? .granted : .denied
    }
}
