@testable import Gemstone

/// `GemSecureStore` in memory. Any method can be made to fail until `heal()`; writes are counted.
/// The keystore's journal of pending secrets (`PendingSecrets.key`) is kept apart: `values` and
/// `writes` are the secrets' own, `journal` and `journalWrites` the journal's.
actor MemorySecureStore: GemSecureStore {
    enum Method: Hashable {
        case get, set, delete
    }

    private var stored: [String: String]
    private(set) var writes: [Method] = []
    private(set) var journalWrites: [Method] = []
    private var failures: [Method: GemServiceError] = [:]
    /// Fails a method only for this key (the others answer).
    private var keyedFailures: [String: [Method: GemServiceError]] = [:]

    init(_ values: [String: String] = [:]) {
        stored = values
    }

    /// The secrets, without the journal.
    var values: [String: String] { stored.filter { $0.key != PendingSecrets.key } }

    /// The keys the journal lists (empty when there is none).
    var journal: [String] { (try? PendingSecrets.parse(stored[PendingSecrets.key])) ?? ["<unreadable>"] }

    func fail(_ method: Method, with error: GemServiceError = .store(message: "scripted secure store failure")) {
        failures[method] = error
    }

    func fail(_ method: Method, key: String, with error: GemServiceError = .store(message: "scripted secure store failure")) {
        keyedFailures[key, default: [:]][method] = error
    }

    func heal() {
        failures = [:]
        keyedFailures = [:]
    }

    /// Replaces a stored value as an attacker or a disk fault would.
    func overwrite(key: String, value: String?) {
        stored[key] = value
    }

    private func failure(_ method: Method, _ key: String) -> GemServiceError? {
        failures[method] ?? keyedFailures[key]?[method]
    }

    private func record(_ method: Method, _ key: String) {
        if key == PendingSecrets.key { journalWrites.append(method) } else { writes.append(method) }
    }

    func get(key: String) async throws(GemServiceError) -> String? {
        if let error = failure(.get, key) { throw error }
        return stored[key]
    }

    func set(key: String, value: String) async throws(GemServiceError) {
        if let error = failure(.set, key) { throw error }
        stored[key] = value
        record(.set, key)
    }

    func delete(key: String) async throws(GemServiceError) {
        if let error = failure(.delete, key) { throw error }
        stored[key] = nil
        record(.delete, key)
    }
}
