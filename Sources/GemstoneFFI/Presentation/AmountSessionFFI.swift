import CGemstone
import Gemstone

// The amount screen's session: created, advanced by events, read as one view state (gemstone.h,
// gem_amount_session_*). The session is a value the host keeps between calls.

@c @implementation
public func gem_amount_session_new(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemAmountSessionRequest.self, request, out, limit: typedAmountRequestLimit)
}

@c @implementation
public func gem_amount_session_apply(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemAmountSessionEventRequest.self, request, out, limit: typedAmountRequestLimit)
}

@c @implementation
public func gem_amount_session_view_state(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemAmountViewStateRequest.self, request, out, limit: typedAmountRequestLimit)
}
