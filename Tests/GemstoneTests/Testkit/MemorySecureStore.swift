@testable import Gemstone

/// `GemSecureStore` in memory. Any method can be made to fail until `heal()`; writes are counted.
actor MemorySecureStore: GemSecureStore {
    enum Method: Hashable {
        case get, set, delete
    }

    private(set) var values: [String: String]
    private(set) var writes: [Method] = []
    private var failures: [Method: GemServiceError] = [:]

    init(_ values: [String: String] = [:]) {
        self.values = values
    }

    func fail(_ method: Method, with error: GemServiceError = .store(message: "scripted secure store failure")) {
        failures[method] = error
    }

    func heal() {
        failures = [:]
    }

    /// Replaces a stored value as an attacker or a disk fault would.
    func overwrite(key: String, value: String?) {
        values[key] = value
    }

    func get(key: String) async throws(GemServiceError) -> String? {
        if let error = failures[.get] { throw error }
        return values[key]
    }

    func set(key: String, value: String) async throws(GemServiceError) {
        if let error = failures[.set] { throw error }
        values[key] = value
        writes.append(.set)
    }

    func delete(key: String) async throws(GemServiceError) {
        if let error = failures[.delete] { throw error }
        values[key] = nil
        writes.append(.delete)
    }
}
