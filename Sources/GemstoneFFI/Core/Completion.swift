import CGemstone
import Synchronization

/// A host's (done, context) pair, fired at most once.
final class Completion: Sendable {
    private let done: gem_completion_fn
    private let context: HostPointer
    private let fired = Atomic<Bool>(false)

    init(_ done: gem_completion_fn, _ context: UnsafeMutableRawPointer?) {
        self.done = done
        self.context = HostPointer(raw: context)
    }

    /// Calls the host's `done` with the outcome unless it was called already. The bytes are
    /// borrowed by the host for the duration of the callback only.
    func fire(_ outcome: Outcome) {
        guard fired.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        let bytes = outcome.bytes.isEmpty ? Array("null".utf8) : outcome.bytes
        bytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress {
                done(context.raw, outcome.status, base, buffer.count)
            }
        }
    }
}
