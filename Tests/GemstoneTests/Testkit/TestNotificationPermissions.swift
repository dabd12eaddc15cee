@testable import Gemstone

/// `GemNotificationPermissions` that answers as scripted (granted when the script is empty, the
/// usual case) and counts how often it was asked.
actor TestNotificationPermissions: GemNotificationPermissions {
    private(set) var asks = 0
    private var script: [Result<Bool, GemServiceError>]

    init(_ script: [Result<Bool, GemServiceError>] = []) {
        self.script = script
    }

    func answer(_ outcomes: Result<Bool, GemServiceError>...) {
        script.append(contentsOf: outcomes)
    }

    func request() async throws(GemServiceError) -> Bool {
        asks += 1
        return try (script.isEmpty ? .success(true) : script.removeFirst()).get()
    }
}
