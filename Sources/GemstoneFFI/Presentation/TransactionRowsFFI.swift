import CGemstone
import Gemstone

// A page of transaction rows in one call (gemstone.h, gem_transaction_rows).

@c @implementation
public func gem_transaction_rows(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemTransactionRowsRequest.self, request, out)
}
