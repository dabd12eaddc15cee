/// Runs a service's commands one at a time, in the order they arrive. A price-alert command reads
/// the store, writes it, calls the API and may roll its write back; letting a second command
/// interleave would let a rollback restore a row another command had since changed, or let a sync
/// delete a row an add has not yet posted. Reads do not take the lane.
actor CommandLane {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Returns once the caller holds the lane; `release` must follow exactly once.
    func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the lane to the longest-waiting caller, or frees it.
    func release() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }

    /// Runs `body` while holding the lane, releasing it whether `body` returns or throws.
    nonisolated func run<T>(_ body: () async throws(GemServiceError) -> T) async throws(GemServiceError) -> T {
        await acquire()
        do {
            let value = try await body()
            await release()
            return value
        } catch {
            await release()
            throw error
        }
    }
}
