import CGemstone
import Gemstone

// Load state, list phase, empty state and the long-list window (gemstone.h, "Presentation answers").

@c @implementation
public func gem_load_state_refreshed(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemLoadStateRefreshRequest.self, request, out)
}

@c @implementation
public func gem_list_phase(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemListPhaseRequest.self, request, out)
}

@c @implementation
public func gem_empty_state(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemEmptyStateRequest.self, request, out)
}

@c @implementation
public func gem_list_window_on_end_reached(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemListWindowRequest.self, request, out)
}
