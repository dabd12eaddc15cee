extension GemDay: Comparable {
    /// The local day of `instant` (Unix seconds) at `utcOffsetSeconds` east of UTC.
    public static func of(instant: Int64, utcOffsetSeconds: Int) -> GemDay {
        civil(dayNumber: dayNumber(instant: instant, utcOffsetSeconds: utcOffsetSeconds))
    }

    public static func < (lhs: GemDay, rhs: GemDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Days since 1970-01-01 of the local time, rounding toward the past; a sum beyond Int64
    /// saturates instead of trapping.
    static func dayNumber(instant: Int64, utcOffsetSeconds: Int) -> Int64 {
        let (local, overflow) = instant.addingReportingOverflow(Int64(utcOffsetSeconds))
        let seconds = overflow ? (utcOffsetSeconds > 0 ? Int64.max : Int64.min) : local
        let (quotient, remainder) = seconds.quotientAndRemainder(dividingBy: 86_400)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The civil date of a day number: the public-domain `civil_from_days` algorithm of Howard
    /// Hinnant, "chrono-Compatible Low-Level Date Algorithms" (eras of 400 years, March-based years).
    static func civil(dayNumber: Int64) -> GemDay {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return GemDay(year: Int(year), month: Int(month), day: Int(day))
    }
}

/// Derived once per list build (spec: "Derive shared boundaries once, then label sections"). The clock and the
/// time zone are inputs: the core never reads either.
extension GemDayBoundaries {
    /// The boundaries at `now` (Unix seconds) for a device `utcOffsetSeconds` east of UTC.
    public init(now: Int64, utcOffsetSeconds: Int) {
        let day = GemDay.dayNumber(instant: now, utcOffsetSeconds: utcOffsetSeconds)
        self.init(today: GemDay.civil(dayNumber: day), yesterday: GemDay.civil(dayNumber: day - 1))
    }

    /// Today, yesterday, or a date (a future day too is dated, not named).
    public func label(_ day: GemDay) -> GemDayLabel {
        if day == today { return .today }
        if day == yesterday { return .yesterday }
        return .date
    }

    /// The labels of many section days in one call.
    public func labels(_ days: [GemDay]) -> [GemDayLabel] {
        days.map(label)
    }
}
