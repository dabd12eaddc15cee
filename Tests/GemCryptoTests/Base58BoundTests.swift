import GemCrypto
import Testing

/// Base58 decoding is quadratic in its length (each digit multiplies the whole number so far), so a decode is
/// bounded before any arithmetic: `Base58.decode` refuses text over its `limit` (`Base58.lengthLimit` unless the
/// caller names a tighter one) with `.stringTooLong`, as `Bech32.decode` does.
///
/// Before this bound, `Base58.decode` of 10 000 digits decoded (and 1 MiB took over a minute in a release build).
@Suite struct Base58BoundTests {
    @Test func textOverTheLimitIsRefusedBeforeDecoding() {
        let text = String(repeating: "z", count: Base58.lengthLimit + 1)
        #expect(throws: EncodingError.stringTooLong(length: Base58.lengthLimit + 1, limit: Base58.lengthLimit)) {
            try Base58.decode(text)
        }
        #expect(throws: EncodingError.stringTooLong(length: 45, limit: 44)) {
            try Base58.decode(String(repeating: "z", count: 45), limit: 44)
        }
        #expect(throws: EncodingError.stringTooLong(length: 10_000, limit: Base58.lengthLimit)) {
            try Base58.decodeCheck(String(repeating: "2", count: 10_000), alphabet: .ripple)
        }
    }

    @Test func textAtTheLimitDecodes() throws {
        let text = String(repeating: "z", count: Base58.lengthLimit)
        let bytes = try Base58.decode(text)
        #expect(Base58.encode(bytes) == text)
        #expect(try Base58.decode("zz", limit: 2) == [0x0d, 0x23])
    }

    @Test func aMebibyteIsRefusedInMilliseconds() {
        let text = String(repeating: "z", count: 1 << 20)
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = try? Base58.decode(text) }
        #expect(elapsed < linearBound, "1 MiB of base58 took \(elapsed)")
    }
}

/// The time a bounded answer takes at the scaling sizes (1 MiB, a million digits, 128 KiB): the 10 ms in
/// a release build; 500 ms in a debug build (several times slower, sharing the cores with the other tests), still
/// far below the seconds to minutes the quadratic parses took.
private let linearBound: Duration = {
    #if DEBUG
    .milliseconds(500)
    #else
    .milliseconds(10)
    #endif
}()
