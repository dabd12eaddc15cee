import CGemstone
import Gemstone

// Day boundaries and section labels (gemstone.h, "Presentation answers").

@c @implementation
public func gem_day_boundaries(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemDayBoundariesRequest.self, request, out)
}

@c @implementation
public func gem_day_labels(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemDayLabelsRequest.self, request, out)
}
