import CGemstone
import Dispatch
import Gemstone
import Synchronization

/// Every gem_call the core has handed to a host and not yet seen answered.
///
/// A gem_call pointer is a token (a number, never an address): answering looks the number up
/// here, so a call answered twice, late, or after its service was freed finds nothing and
/// returns GEM_ERR_STALE_CALL without touching memory. Tokens are never reused.
final class PortCalls: Sendable {
    static let shared = PortCalls()

    enum Waiter {
        case async(CheckedContinuation<Result<[UInt8], GemServiceError>, Never>)
        case sync(SyncAnswer)
    }

    private struct State {
        var nextToken: UInt64 = 1
        var waiters: [UInt64: Waiter] = [:]
    }

    private let state = Mutex(State())

    func register(_ waiter: Waiter) -> UInt64 {
        state.withLock { state in
            let token = state.nextToken
            state.nextToken += 1
            state.waiters[token] = waiter
            return token
        }
    }

    /// Delivers an answer; false when the token is unknown (answered already, or cancelled).
    @discardableResult
    func answer(_ token: UInt64, _ result: Result<[UInt8], GemServiceError>) -> Bool {
        guard let waiter = state.withLock({ $0.waiters.removeValue(forKey: token) }) else { return false }
        switch waiter {
        case let .async(continuation): continuation.resume(returning: result)
        case let .sync(answer): answer.set(result)
        }
        return true
    }

    func isPending(_ token: UInt64) -> Bool {
        state.withLock { $0.waiters[token] != nil }
    }

    /// Forgets a token without answering (a sync call the host did not answer inline).
    func drop(_ token: UInt64) {
        _ = state.withLock { $0.waiters.removeValue(forKey: token) }
    }

    static func pointer(_ token: UInt64) -> OpaquePointer? {
        OpaquePointer(bitPattern: UInt(token))
    }

    static func token(_ pointer: OpaquePointer?) -> UInt64? {
        guard let pointer else { return nil }
        return UInt64(UInt(bitPattern: pointer))
    }
}

/// The slot a SYNC port method answers into before it returns.
final class SyncAnswer: Sendable {
    private let result = Mutex<Result<[UInt8], GemServiceError>?>(nil)
    func set(_ value: Result<[UInt8], GemServiceError>) { result.withLock { $0 = value } }
    func take() -> Result<[UInt8], GemServiceError>? { result.withLock { $0 } }
}

@c @implementation
public func gem_call_ok(_ call: OpaquePointer?, _ data: UnsafePointer<UInt8>?, _ len: Int) -> gem_status {
    guard let token = PortCalls.token(call) else { return GEM_ERR_INVALID_ARGUMENT }
    guard let bytes = copyBytes(data, len) else {
        let failed = PortCalls.shared.answer(token, .failure(.port(message: "gem_call_ok: data is NULL with len \(len)")))
        return failed ? GEM_ERR_INVALID_ARGUMENT : GEM_ERR_STALE_CALL
    }
    return PortCalls.shared.answer(token, .success(bytes)) ? GEM_OK : GEM_ERR_STALE_CALL
}

@c @implementation
public func gem_call_fail(_ call: OpaquePointer?, _ status: gem_status, _ message: UnsafePointer<CChar>?) -> gem_status {
    guard let token = PortCalls.token(call) else { return GEM_ERR_INVALID_ARGUMENT }
    let text = (try? optionalString(message, "message")) ?? nil
    let error = GemServiceError(status: status, message: text ?? "the host reported status \(status)")
    return PortCalls.shared.answer(token, .failure(error)) ? GEM_OK : GEM_ERR_STALE_CALL
}
