import Testing
import Gemstone

struct GemStoreTimeoutTests {
    @Test func noFieldIsTheDefault() {
        #expect(GemStoreTimeout.duration(milliseconds: nil) == .milliseconds(30_000))
        #expect(GemStoreTimeout.defaultDuration == .milliseconds(GemStoreTimeout.defaultMilliseconds))
    }

    @Test(arguments: [1, 200, 30_000, 600_000])
    func aBoundInRangeIsTaken(_ milliseconds: Int) {
        #expect(GemStoreTimeout.duration(milliseconds: milliseconds) == .milliseconds(milliseconds))
    }

    @Test(arguments: [0, -1, 600_001, Int.max, Int.min])
    func aBoundOutOfRangeIsRefused(_ milliseconds: Int) {
        #expect(GemStoreTimeout.duration(milliseconds: milliseconds) == nil)
    }
}
