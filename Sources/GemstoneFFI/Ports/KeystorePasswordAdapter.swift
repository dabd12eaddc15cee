import CGemstone
import GemCrypto
import Gemstone

/// GemKeystorePassword over a host's gem_keystore_password table. The answer is the password's raw
/// bytes (not JSON), moved into wiping storage at once.
final class KeystorePasswordAdapter: GemKeystorePassword {
    static let minimumLength = 16
    static let maximumLength = 1024

    private let method: PortMethod
    private let release: TableRelease
    private let lifetime: Lifetime

    init(_ pointer: UnsafePointer<gem_keystore_password>?, lifetime: Lifetime, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "password")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        method = try requireMethod(table.get_password, "password.get_password", release)
        self.lifetime = lifetime
    }

    func password() async throws(GemServiceError) -> Secret {
        var bytes = try await method.call(Array("{}".utf8), lifetime: lifetime)
        let secret = Secret(wiping: &bytes)
        guard (Self.minimumLength...Self.maximumLength).contains(secret.count) else {
            throw .port(message: "password.get_password answered \(secret.count) bytes; a keystore password is 16 to 1024 bytes")
        }
        return secret
    }
}
