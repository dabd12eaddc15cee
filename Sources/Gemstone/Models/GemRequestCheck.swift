import Primitives

/// The checks a projection request passes before its rule runs: values a host can send that no
/// screen could mean, refused as `invalidInput` with the field named, never answered with a guess.
enum GemRequestCheck {
    static func currency(_ code: String, field: String = "currency") throws(GemServiceError) {
        guard CurrencyCode.isValid(code) else {
            throw .invalidInput(message: "\(field) \"\(JSONCodec.excerpt(code))\" is not three upper-case letters")
        }
    }

    static func decimals(_ decimals: Int, field: String = "decimals") throws(GemServiceError) {
        guard decimals >= 0, decimals <= GemConstants.maxAssetDecimals else {
            throw .invalidInput(message: "\(field) \(decimals) is outside 0...\(GemConstants.maxAssetDecimals)")
        }
    }

    static func asset(_ asset: Asset, field: String = "asset") throws(GemServiceError) {
        try decimals(Int(asset.decimals), field: "\(field).decimals")
    }

    /// One character that is not a digit; empty reads as ".".
    static func format(_ format: GemNumberFormat, field: String = "format") throws(GemServiceError) {
        let scalars = format.decimalSeparator.unicodeScalars
        guard scalars.count <= 1, scalars.allSatisfy({ GemNumberFormat.digitValue($0) == nil && !$0.properties.isWhitespace }) else {
            throw .invalidInput(message: "\(field).decimal_separator \"\(JSONCodec.excerpt(format.decimalSeparator))\" is not one non-digit character")
        }
    }

    /// Typed text of at most `GemNumberFormat.maxInputBytes`: longer text is refused before it is read.
    static func typedText(_ text: String, field: String = "text") throws(GemServiceError) {
        guard text.utf8.count <= GemNumberFormat.maxInputBytes else {
            throw .invalidInput(message: "\(field) is longer than \(GemNumberFormat.maxInputBytes) bytes")
        }
    }

    static func nonNegative(_ value: Int, field: String) throws(GemServiceError) {
        guard value >= 0 else { throw .invalidInput(message: "\(field) \(value) is negative") }
    }

    static func session(_ session: GemAmountSession, field: String = "session") throws(GemServiceError) {
        try asset(session.asset, field: "\(field).asset")
        try currency(session.currency, field: "\(field).currency")
        try format(session.format, field: "\(field).format")
    }

    static func day(_ day: GemDay, field: String) throws(GemServiceError) {
        guard day.month >= 1, day.month <= 12, day.day >= 1, day.day <= GemDay.daysIn(year: day.year, month: day.month) else {
            throw .invalidInput(message: "\(field) \(day.year)-\(day.month)-\(day.day) is not a calendar date")
        }
    }
}

extension GemDay {
    /// Days in a month of the proleptic Gregorian calendar (`month` 1...12).
    static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }
}
