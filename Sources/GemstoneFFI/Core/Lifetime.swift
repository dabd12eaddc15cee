import CGemstone
import Dispatch
import Gemstone
import Synchronization

/// What one service handle has in flight: the commands it started and the port calls they wait
/// on. Freeing the handle closes its lifetime: every pending port call is failed with
/// `cancelled` (the host's later answer becomes stale), every running command's `done` fires
/// with GEM_ERR_CANCELLED, and nothing new starts.
final class Lifetime: Sendable {
    private struct State {
        var closed = false
        var nextCommand: UInt64 = 1
        var commands: [UInt64: (Completion, Task<Void, Never>?)] = [:]
        var calls: Set<UInt64> = []
    }

    private let state = Mutex(State())

    /// The lifetime of the command the current task runs for. A port call is tracked by the command's lifetime,
    /// not by the lifetime of the table's owner: a service composed into another (the node service inside a
    /// balance refresh) makes its calls on behalf of the composing service's command, so freeing the composed
    /// service's own handle never cancels them, and freeing the composing one does.
    @TaskLocal static var current: Lifetime?

    var isClosed: Bool { state.withLock { $0.closed } }

    /// Starts `work` as a command reporting to `completion`. The work runs on the core's
    /// executors, never on the caller's thread.
    func start(_ completion: Completion, _ work: @escaping @Sendable () async throws -> [UInt8]) {
        let id: UInt64? = state.withLock { state in
            guard !state.closed else { return nil }
            let id = state.nextCommand
            state.nextCommand += 1
            state.commands[id] = (completion, nil)
            return id
        }
        guard let id else {
            DispatchQueue.global().async { completion.fire(Outcome(GemServiceError.cancelled)) }
            return
        }
        let task = Task.detached { [self] in
            let outcome: Outcome
            do {
                outcome = .success(try await Lifetime.$current.withValue(self) { try await work() })
            } catch {
                outcome = Outcome(error)
            }
            finish(id)
            // Freed while it ran: the command's port calls were failed as cancelled, and whatever the work made of
            // that (a node "unreachable", a store error) is not the outcome; the free is.
            completion.fire(isClosed ? Outcome(GemServiceError.cancelled) : outcome)
        }
        state.withLock { state in
            if state.commands[id] != nil { state.commands[id] = (completion, task) }
        }
    }

    private func finish(_ id: UInt64) {
        _ = state.withLock { $0.commands.removeValue(forKey: id) }
    }

    /// Registers a port call made on behalf of this lifetime; false once closed.
    func track(_ token: UInt64) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.calls.insert(token)
            return true
        }
    }

    func untrack(_ token: UInt64) {
        _ = state.withLock { $0.calls.remove(token) }
    }

    func close() {
        let (commands, calls) = state.withLock { state in
            state.closed = true
            defer {
                state.commands = [:]
                state.calls = []
            }
            return (Array(state.commands.values), state.calls)
        }
        for token in calls {
            PortCalls.shared.answer(token, .failure(.cancelled))
        }
        for (completion, task) in commands {
            task?.cancel()
            DispatchQueue.global().async { completion.fire(Outcome(GemServiceError.cancelled)) }
        }
    }
}

/// A port method of a host table, bound to its context and to the lifetime of the service that
/// owns the table.
struct PortMethod: Sendable {
    let function: gem_port_fn
    /// Keeps the table (and so the host's context) alive for as long as a call may still run.
    let table: TableRelease

    var context: HostPointer { table.context }

    /// Calls the method on a dispatch thread (blocking allowed) and suspends until the host
    /// answers, the lifetime closes, or `timeout` passes.
    func call(_ args: [UInt8], lifetime: Lifetime, timeout: Duration? = nil) async throws(GemServiceError) -> [UInt8] {
        let function = function
        let table = table
        let issued = Atomic<UInt64>(0)
        let lifetime = Lifetime.current ?? lifetime
        // The timeout's timer, cancelled once the call is answered: a call answered in milliseconds does not
        // leave a wake-up (and its closure) pending for the rest of the timeout.
        let timer = timeout.map { timeout in
            DispatchWorkItem {
                PortCalls.shared.answer(issued.load(ordering: .acquiring), .failure(.timeout(message: "the host did not answer within \(timeout)")))
            }
        }
        defer { timer?.cancel() }
        let result: Result<[UInt8], GemServiceError> = await withCheckedContinuation { continuation in
            let token = PortCalls.shared.register(.async(continuation))
            issued.store(token, ordering: .releasing)
            guard lifetime.track(token) else {
                PortCalls.shared.answer(token, .failure(.cancelled))
                return
            }
            if let timeout, let timer {
                let (seconds, attoseconds) = timeout.components
                let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
                DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: timer)
            }
            // A queue of its own per call: a serial queue runs on libdispatch's overcommit pool, which gives each
            // blocked call its own thread, where the global queue's pool stays near the core count. A host port that
            // blocks (curl_easy_perform, a SQLite transaction) would otherwise queue every other port call of the
            // process behind it: 52 chains refreshed at once would be written two at a time, after the slowest.
            DispatchQueue(label: "gemstone.port-call").async {
                // A call cancelled while queued (its service was freed) is not made at all.
                guard PortCalls.shared.isPending(token) else { return }
                args.withUnsafeBufferPointer { buffer in
                    guard let base = buffer.baseAddress, let call = PortCalls.pointer(token) else {
                        PortCalls.shared.answer(token, .failure(.internal(message: "empty port arguments")))
                        return
                    }
                    function(table.context.raw, base, buffer.count, call)
                }
            }
        }
        lifetime.untrack(issued.load(ordering: .acquiring))
        return try result.get()
    }

    /// Calls a SYNC method on the calling thread; nil when the host did not answer before returning.
    func callSync(_ args: [UInt8]) -> Result<[UInt8], GemServiceError>? {
        let answer = SyncAnswer()
        let token = PortCalls.shared.register(.sync(answer))
        args.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let call = PortCalls.pointer(token) else { return }
            function(context.raw, base, buffer.count, call)
        }
        PortCalls.shared.drop(token)
        return answer.take()
    }
}
