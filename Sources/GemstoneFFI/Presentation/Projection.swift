import CGemstone
import Gemstone
import Primitives

/// The one adapter every presentation answer goes through: the request record decoded from the
/// host's JSON, answered, and the answer encoded into the host's buffer (gemstone.h,
/// "Presentation answers"). A malformed request is GEM_ERR_INVALID_ARGUMENT; a rule the request
/// breaks is the rule's GemServiceError (GEM_ERR_INVALID_INPUT). An answer that writes its own
/// JSON (a page of rows) is written straight into the host's buffer.
///
/// Ownership: `request` is borrowed from the host for the call; `out` is filled with bytes the
/// host owns (gem_buffer_free).
///
/// `limit`: the most request bytes the function reads (gemstone.h names it); a longer request is refused before it
/// is parsed.
func answerProjection<Request: GemProjection>(_ type: Request.Type, _ request: UnsafePointer<CChar>?,
                                              _ out: UnsafeMutablePointer<gem_buffer>?, limit: Int? = nil) -> gem_status {
    let answer: Request.Output
    do {
        let decoded = if let limit { try decodeBoundedArgument(Request.self, request, "request_json", limit: limit) }
            else { try decodeArgument(Request.self, request, "request_json") }
        answer = try decoded.answer()
    } catch {
        return Outcome(error).deliver(out)
    }
    if let writable = answer as? any JSONWritable {
        let sink = BufferSink(capacity: writable.jsonSizeEstimate + 1)
        var output = JSONOutput(sink: sink)
        writable.write(to: &output)
        return sink.deliver(output, out)
    }
    return Outcome { try JSONCodec.encode(answer) }.deliver(out)
}
