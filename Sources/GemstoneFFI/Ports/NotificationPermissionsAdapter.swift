import CGemstone
import Gemstone
import Primitives

/// GemNotificationPermissions over a host's gem_notification_permissions table.
final class NotificationPermissionsAdapter: GemNotificationPermissions {
    private let method: PortMethod
    private let release: TableRelease
    private let lifetime: Lifetime

    init(_ pointer: UnsafePointer<gem_notification_permissions>?, lifetime: Lifetime, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "permissions")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        method = try requireMethod(table.request, "permissions.request", release)
        self.lifetime = lifetime
    }

    func request() async throws(GemServiceError) -> Bool {
        let answer = try await method.call(Array("{}".utf8), lifetime: lifetime)
        return try decodeAnswer(Bool.self, answer, "permissions.request")
    }
}
