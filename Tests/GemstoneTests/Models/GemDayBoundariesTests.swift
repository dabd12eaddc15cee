@testable import Gemstone
import Testing

@Suite struct GemDayBoundariesTests {
    /// 2026-03-01T00:00:00Z, Unix seconds (Python: calendar.timegm((2026, 3, 1, 0, 0, 0))).
    static let march1 = Int64(1_772_323_200)

    @Test func aDayIsReadInTheDevicesOffset() {
        #expect(GemDay.of(instant: Self.march1, utcOffsetSeconds: 0) == GemDay(year: 2026, month: 3, day: 1))
        #expect(GemDay.of(instant: Self.march1 - 1, utcOffsetSeconds: 0) == GemDay(year: 2026, month: 2, day: 28))
        #expect(GemDay.of(instant: Self.march1 - 1, utcOffsetSeconds: 3_600) == GemDay(year: 2026, month: 3, day: 1), "one second before midnight UTC is past midnight in UTC+1")
        #expect(GemDay.of(instant: Self.march1, utcOffsetSeconds: -3_600) == GemDay(year: 2026, month: 2, day: 28))
        #expect(GemDay.of(instant: 0, utcOffsetSeconds: 0) == GemDay(year: 1970, month: 1, day: 1))
        #expect(GemDay.of(instant: -1, utcOffsetSeconds: 0) == GemDay(year: 1969, month: 12, day: 31), "days round toward the past")
    }

    @Test func civilDatesMatchTheGregorianCalendar() {
        // Day numbers from Python: (datetime.date(y, m, d) - datetime.date(1970, 1, 1)).days
        let cases: [(Int64, GemDay)] = [
            (11_016, GemDay(year: 2000, month: 2, day: 29)),
            (11_017, GemDay(year: 2000, month: 3, day: 1)),
            (-25_508, GemDay(year: 1900, month: 3, day: 1)),
            (19_782, GemDay(year: 2024, month: 2, day: 29)),
            (20_513, GemDay(year: 2026, month: 3, day: 1)),
            (2_932_896, GemDay(year: 9999, month: 12, day: 31)),
            (-719_162, GemDay(year: 1, month: 1, day: 1)),
        ]
        for (dayNumber, day) in cases {
            #expect(GemDay.civil(dayNumber: dayNumber) == day, "\(dayNumber)")
        }
    }

    @Test func yesterdayStepsBackOverMonthYearAndLeapDay() {
        let march = GemDayBoundaries(now: Self.march1 + 600, utcOffsetSeconds: 0)
        #expect(march.today == GemDay(year: 2026, month: 3, day: 1))
        #expect(march.yesterday == GemDay(year: 2026, month: 2, day: 28))
        // 2024-03-01T12:00:00Z and 2026-01-01T00:00:00Z
        #expect(GemDayBoundaries(now: 1_709_294_400, utcOffsetSeconds: 0).yesterday == GemDay(year: 2024, month: 2, day: 29))
        #expect(GemDayBoundaries(now: 1_767_225_600, utcOffsetSeconds: 0).yesterday == GemDay(year: 2025, month: 12, day: 31))
    }

    @Test func aDayIsNamedTodayOrYesterdayBeforeItIsDated() {
        let boundaries = GemDayBoundaries(now: Self.march1, utcOffsetSeconds: 0)
        #expect(boundaries.label(GemDay(year: 2026, month: 3, day: 1)) == .today)
        #expect(boundaries.label(GemDay(year: 2026, month: 2, day: 28)) == .yesterday)
        #expect(boundaries.label(GemDay(year: 2026, month: 2, day: 27)) == .date)
        #expect(boundaries.label(GemDay(year: 2026, month: 3, day: 2)) == .date, "a future day is dated, not named")
        #expect(boundaries.labels([GemDay(year: 2026, month: 3, day: 1), GemDay(year: 2025, month: 3, day: 1)]) == [.today, .date])
    }

    @Test func instantsAtTheEdgesOfInt64DoNotTrap() {
        _ = GemDayBoundaries(now: .max, utcOffsetSeconds: 50_400)
        _ = GemDayBoundaries(now: .min, utcOffsetSeconds: -43_200)
        #expect(GemDay.of(instant: .max, utcOffsetSeconds: 3_600) == GemDay.of(instant: .max, utcOffsetSeconds: 0))
    }

    @Test func boundariesCrossAsRecords() throws {
        try expectGolden(GemDayBoundaries(now: Self.march1, utcOffsetSeconds: 0),
                         #"{"today":{"year":2026,"month":3,"day":1},"yesterday":{"year":2026,"month":2,"day":28}}"#)
        try expectGolden(GemDayLabel.yesterday, #""yesterday""#)
    }
}
