import Primitives
import Testing

private enum Mood: String, Codable, CaseIterable { case calm, happy }

private struct Tagged: Codable {
    var kind: String
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown kind \(kind)")
    }
}

/// An error quotes at most a short excerpt of any input (`JSONCodec.excerpt`, 40 characters), and a
/// `JSONCodecError` holds at most `JSONCodecError.maxPathBytes` of path and `maxReasonBytes` of reason whatever
/// built it, so an error record never echoes its input whole.
///
/// Before this bound, an enum value, a discriminator or a key of 50 MB came back whole in the error (a 52 MB
/// record), and the 40-character excerpt counted the whole text's characters first.
@Suite struct JSONErrorExcerptTests {
    static let huge = String(repeating: "x", count: 1 << 20)

    @Test func anExcerptIsAShortPrefix() {
        #expect(JSONCodec.excerpt("calm") == "calm")
        #expect(JSONCodec.excerpt(String(repeating: "y", count: 40)) == String(repeating: "y", count: 40))
        #expect(JSONCodec.excerpt(String(repeating: "y", count: 41)) == String(repeating: "y", count: 40) + "…")
        #expect(JSONCodec.excerpt("e" + String(repeating: "\u{0301}", count: 100_000)).utf8.count < 200)
    }

    @Test func anUnknownEnumValueIsQuotedShortInMilliseconds() {
        let bytes = Array("\"\(Self.huge)\"".utf8)
        let clock = ContinuousClock()
        var message = ""
        let elapsed = clock.measure {
            var scanner = JSONScanner(bytes)
            do { _ = try scanner.rawValue(Mood.self) } catch let error as JSONCodecError { message = error.description } catch {}
        }
        #expect(message.contains("unknown value \"" + String(repeating: "x", count: 40) + "…\"; expected one of calm, happy"))
        #expect(message.utf8.count < 200)
        #expect(elapsed < linearBound, "took \(elapsed)")
        // The Codable path (the standard library's own message) is held to the error's bound.
        var codable = ""
        let codableElapsed = clock.measure {
            do { _ = try JSONCodec.decode(Mood.self, from: bytes) } catch let error as JSONCodecError { codable = error.description } catch {}
        }
        #expect(codable.utf8.count <= JSONCodecError.maxReasonBytes + 3)
        #expect(codableElapsed < linearBound, "took \(codableElapsed)")
    }

    @Test func aDecodingErrorsDescriptionIsBounded() {
        do {
            _ = try JSONCodec.decode(Tagged.self, from: Array("{\"kind\":\"\(Self.huge)\"}".utf8))
            Issue.record("decoded")
        } catch {
            #expect(error.reason.utf8.count <= JSONCodecError.maxReasonBytes + 3)
            #expect(error.reason.hasPrefix("unknown kind xxx"))
            #expect(error.reason.hasSuffix("…"))
        }
    }

    @Test func anErrorHoldsAtMostItsBoundsWhateverBuiltIt() {
        let error = JSONCodecError(path: Self.huge, reason: Self.huge)
        #expect(error.path.utf8.count <= JSONCodecError.maxPathBytes + 3)
        #expect(error.reason.utf8.count <= JSONCodecError.maxReasonBytes + 3)
        #expect(JSONCodecError(path: "a.b", reason: "expected a string") == JSONCodecError(path: "a.b", reason: "expected a string"))
        #expect(JSONCodecError(path: "a.b", reason: "expected a string").description == "a.b: expected a string")
        // A multi-byte character is never split.
        let accents = JSONCodecError(path: "", reason: String(repeating: "é", count: 10_000))
        #expect(accents.reason.hasSuffix("é…"))
    }
}

/// The time a bounded answer takes at the scaling sizes (1 MiB, a million digits, 128 KiB): the issue's 10 ms in
/// a release build; 500 ms in a debug build (several times slower, sharing the cores with the other tests), still
/// far below the seconds to minutes the quadratic parses took.
private let linearBound: Duration = {
    #if DEBUG
    .milliseconds(500)
    #else
    .milliseconds(10)
    #endif
}()
