import CGemstone
import Gemstone
import Primitives

/// The one adapter every presentation answer goes through: the request record decoded from the
/// host's JSON, answered, and the answer encoded into the host's buffer (gemstone.h,
/// "Presentation answers"). A malformed request is GEM_ERR_INVALID_ARGUMENT; a rule the request
/// breaks is the rule's GemServiceError (GEM_ERR_INVALID_INPUT).
///
/// Ownership: `request` is borrowed from the host for the call; `out` is filled with bytes the
/// host owns (gem_buffer_free).
func answerProjection<Request: GemProjection>(_ type: Request.Type, _ request: UnsafePointer<CChar>?,
                                              _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    Outcome {
        let decoded = try decodeArgument(Request.self, request, "request_json")
        return try JSONCodec.encode(try decoded.answer())
    }.deliver(out)
}
