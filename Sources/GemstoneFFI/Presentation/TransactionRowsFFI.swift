import CGemstone
import Gemstone
import Primitives

// A page of transaction rows in one call (gemstone.h, gem_transaction_rows). Each row is written
// into the host's buffer as it is built, so the page is never held as rows nor as a Swift copy
// of its JSON; the bytes are those of the [GemTransactionRow] answer.

@c @implementation
public func gem_transaction_rows(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    do {
        let decoded = try decodeArgument(GemTransactionRowsRequest.self, request, "request_json")
        let sink = BufferSink(capacity: 2 + decoded.transactions.count * (GemTransactionRow.jsonSizeEstimate + 1))
        var output = JSONOutput(sink: sink)
        output.beginArray()
        try decoded.forEachRow { row in row.write(to: &output) }
        output.endArray()
        return sink.deliver(output, out)
    } catch {
        return Outcome(error).deliver(out)
    }
}
