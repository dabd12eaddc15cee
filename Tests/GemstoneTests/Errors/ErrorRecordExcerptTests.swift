@testable import Gemstone
import Primitives
import Testing

/// An error record quotes a short excerpt of its input at most: a record whose `type` (its kind) is 1 MiB is
/// refused with a message of a few dozen bytes, and every `GemServiceError` made from a codec error is bounded.
///
/// Before this bound, a 50 MB kind came back as a 52 MB record ("unknown error type <the whole kind>").
@Suite struct ErrorRecordExcerptTests {
    static let huge = String(repeating: "k", count: 1 << 20)

    @Test func anUnknownKindIsQuotedShort() {
        let record = Array(#"{"type":"\#(Self.huge)","message":"m"}"#.utf8)
        do {
            _ = try JSONCodec.decode(GemServiceError.self, from: record)
            Issue.record("decoded")
        } catch {
            let service = GemServiceError(error)
            #expect(service.message.utf8.count < 300)
            #expect(service.message.hasPrefix("type: unknown error type \"" + String(repeating: "k", count: 40) + "…\""))
        }
    }

    @Test func aServiceErrorFromAnyCodecErrorIsBounded() {
        let service = GemServiceError(JSONCodecError(path: Self.huge, reason: Self.huge))
        #expect(service.message.utf8.count < JSONCodecError.maxPathBytes + JSONCodecError.maxReasonBytes + 16)
    }

    @Test func requestChecksQuoteShort() {
        #expect(throws: GemServiceError.self) { try GemRequestCheck.currency(Self.huge) }
        do {
            try GemRequestCheck.currency(Self.huge)
        } catch {
            #expect(error.message.utf8.count < 200)
        }
        do {
            try GemRequestCheck.format(GemNumberFormat(decimalSeparator: Self.huge))
        } catch {
            #expect(error.message.utf8.count < 200)
        }
    }
}
