/// The OS's notification permission. `request` asks (the OS may show its prompt) and answers
/// whether notifications are allowed; a platform failure throws.
public protocol GemNotificationPermissions: Sendable {
    func request() async throws(GemServiceError) -> Bool
}
