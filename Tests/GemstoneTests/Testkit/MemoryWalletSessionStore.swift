import Primitives
import Synchronization
@testable import Gemstone

/// `GemWalletSessionStore` in memory (sync, as the port is). Writes can be made to fail; writes are counted.
final class MemoryWalletSessionStore: GemWalletSessionStore {
    private struct State {
        var current: WalletId?
        var writes = 0
        var failure: GemServiceError?
    }

    private let state: Mutex<State>

    init(_ current: WalletId? = nil) {
        state = Mutex(State(current: current))
    }

    func failWrites(_ error: GemServiceError? = .store(message: "scripted session failure")) {
        state.withLock { $0.failure = error }
    }

    func getCurrentWalletId() -> WalletId? {
        state.withLock { $0.current }
    }

    func setCurrentWalletId(_ walletId: WalletId?) throws(GemServiceError) {
        let failure = state.withLock { $0.failure }
        if let failure { throw failure }
        state.withLock {
            $0.current = walletId
            $0.writes += 1
        }
    }

    var current: WalletId? { state.withLock { $0.current } }
    var writes: Int { state.withLock { $0.writes } }
}
