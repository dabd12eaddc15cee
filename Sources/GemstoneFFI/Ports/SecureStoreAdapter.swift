import CGemstone
import Gemstone
import Primitives

/// GemSecureStore over a host's gem_secure_store table. Async (the host may answer inline). Values
/// are the keystore's encrypted records.
final class SecureStoreAdapter: GemSecureStore {
    private let getMethod: PortMethod
    private let setMethod: PortMethod
    private let deleteMethod: PortMethod
    private let release: TableRelease
    private let lifetime: Lifetime
    /// How long one call may wait for the host before it fails with `timeout` (GemStoreTimeout).
    private let timeout: Duration

    init(_ pointer: UnsafePointer<gem_secure_store>?, lifetime: Lifetime, timeout: Duration, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "secure_store")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        getMethod = try requireMethod(table.get, "secure_store.get", release)
        setMethod = try requireMethod(table.set, "secure_store.set", release)
        deleteMethod = try requireMethod(table.delete_key, "secure_store.delete_key", release)
        self.lifetime = lifetime
        self.timeout = timeout
    }

    func get(key: String) async throws(GemServiceError) -> String? {
        let answer = try await getMethod.call(try portArgs(GemStoreKey(key: key)), lifetime: lifetime, timeout: timeout)
        return try decodeAnswer(String?.self, answer, "secure_store.get")
    }

    func set(key: String, value: String) async throws(GemServiceError) {
        let args = try portArgs(GemStoreEntry(key: key, value: value))
        _ = try await setMethod.call(args, lifetime: lifetime, timeout: timeout)
    }

    func delete(key: String) async throws(GemServiceError) {
        _ = try await deleteMethod.call(try portArgs(GemStoreKey(key: key)), lifetime: lifetime, timeout: timeout)
    }
}
