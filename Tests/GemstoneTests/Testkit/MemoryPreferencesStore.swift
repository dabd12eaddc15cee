import Synchronization
@testable import Gemstone

/// `GemPreferencesStore` in memory. Counts writes so a test can assert that nothing was written.
final class MemoryPreferencesStore: GemPreferencesStore {
    private let state: Mutex<(values: [String: String], writes: Int)>

    init(_ values: [String: String] = [:]) {
        state = Mutex((values: values, writes: 0))
    }

    func get(key: String) -> String? {
        state.withLock { $0.values[key] }
    }

    func set(key: String, value: String) {
        state.withLock {
            $0.values[key] = value
            $0.writes += 1
        }
    }

    func remove(key: String) {
        state.withLock {
            $0.values[key] = nil
            $0.writes += 1
        }
    }

    var values: [String: String] { state.withLock { $0.values } }
    var writes: Int { state.withLock { $0.writes } }
}
