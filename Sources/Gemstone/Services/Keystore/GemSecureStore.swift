/// Where the host keeps secrets at rest (spec "Choose the persistence owner": a secret, `GemSecureStore`,
/// the Keychain on iOS, Tink on Android). The core stores only encrypted keystore records here, one per
/// wallet, keyed by the wallet's `external_id`; the host adds its own OS protection on top.
///
/// The specification calls this port sync. Here it is `async` so that the core never blocks one of its
/// cooperative threads on host I/O; a host may still answer inline, which is what a sync store does.
/// Every method can fail, and a failure propagates: a secret that cannot be read is never read as absent.
public protocol GemSecureStore: Sendable {
    /// The value stored under `key`, or nil when there is none.
    func get(key: String) async throws(GemServiceError) -> String?
    /// Stores `value` under `key`, replacing any previous value.
    func set(key: String, value: String) async throws(GemServiceError)
    /// Removes `key`; removing a key that is not there succeeds.
    func delete(key: String) async throws(GemServiceError)
}
