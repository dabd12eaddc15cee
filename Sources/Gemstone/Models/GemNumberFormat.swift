import Primitives

extension GemNumberFormat {
    /// The separator as one scalar; an empty setting reads as ".".
    var separator: Unicode.Scalar {
        decimalSeparator.unicodeScalars.first ?? "."
    }
}

// MARK: - Reading typed text

extension GemNumberFormat {
    /// The longest typed text read as a number, in UTF-8 bytes: a uint256 amount written with every separator in
    /// a three-byte script (78 digits, 25 group marks, a point) and 255 decimal places fit it. Longer text is not
    /// a number, refused before any scanning.
    public static let maxInputBytes = 1024

    /// Normalizes typed text to a machine decimal string (ASCII digits, "." as the point, no
    /// grouping, no leading zeros): "1.234,5" with "," → "1234.5", "٣٫٥" with "٫" → "3.5".
    ///
    /// - Digits: ASCII and the decimal digits of the Arabic-Indic, Extended Arabic-Indic
    ///   (Persian, Urdu), Devanagari and Bengali scripts and full-width forms.
    /// - The device's separator is the decimal point; every other separator (".", ",", "'", "’",
    ///   "٬", spaces) groups thousands, so "1.234" reads 1234 where "," is the decimal separator.
    /// - Grouping is checked, so that a number typed with the wrong separator is rejected rather
    ///   than read 1000 times too large or too small: groups follow a first group of one to three
    ///   digits that does not start with zero, have two or three digits (Indian lakh grouping
    ///   included), the last one has three, and none comes after the decimal point.
    ///
    /// Returns "" for text with no digit (no amount), `nil` for text that is not a number, text of more than
    /// `maxInputBytes` UTF-8 bytes included (refused before it is scanned).
    public func plainNumber(_ text: String) -> String? {
        guard text.utf8.count <= GemNumberFormat.maxInputBytes else { return nil }
        let separator = separator
        var whole: [UInt8] = []
        var fraction: [UInt8] = []
        var seenPoint = false
        // Grouping: digits in the current run, runs seen, and whether the last mark was a group.
        var run = 0
        var groups = 0
        var lastWasGroup = false

        let scalars = text.unicodeScalars
        guard scalars.contains(where: { GemNumberFormat.digitValue($0) != nil }) else { return "" }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start].properties.isWhitespace { start = scalars.index(after: start) }
        while end > start, scalars[scalars.index(before: end)].properties.isWhitespace { end = scalars.index(before: end) }

        for scalar in scalars[start..<end] {
            if let digit = GemNumberFormat.digitValue(scalar) {
                if seenPoint { fraction.append(digit) } else { whole.append(digit) }
                run += 1
                lastWasGroup = false
            } else if scalar == separator {
                guard !seenPoint, !lastWasGroup else { return nil }
                guard GemNumberFormat.groupingIsValid(lastRun: run, groups: groups) else { return nil }
                seenPoint = true
                run = 0
            } else if GemNumberFormat.isGroupingMark(scalar) {
                // A group mark needs digits before it, none after the point, and no mark beside it.
                guard !seenPoint, run > 0 else { return nil }
                // A grouped number never starts with zero: "0,500" is a mistyped 0.5, not 500.
                guard groups > 0 || whole.first != 0x30 else { return nil }
                let validRun = groups == 0 ? run <= 3 : (run == 2 || run == 3)
                guard validRun else { return nil }
                groups += 1
                run = 0
                lastWasGroup = true
            } else {
                return nil
            }
        }
        guard !lastWasGroup else { return nil }
        if !seenPoint { guard GemNumberFormat.groupingIsValid(lastRun: run, groups: groups) else { return nil } }

        // Leading zeros of the whole part go; one zero stays before the point.
        let firstSignificant = whole.firstIndex(where: { $0 != 0x30 }) ?? whole.count
        var text = firstSignificant == whole.count ? "0" : String(decoding: whole[firstSignificant...], as: UTF8.self)
        // Trailing zeros of the fraction do not change the value.
        let lastSignificant = fraction.lastIndex(where: { $0 != 0x30 }).map { $0 + 1 } ?? 0
        if lastSignificant > 0 {
            text += "." + String(decoding: fraction[..<lastSignificant], as: UTF8.self)
        }
        return text
    }

    /// The exact atomic value of typed text for an asset with `decimals` places
    /// ("1,5" with "," and 6 decimals → 1500000). Fails with `invalidNumber` for text that is not
    /// a number (or has no digit, or is longer than `maxInputBytes`, or is above a uint256 amount at
    /// `decimals` places) and with `tooManyDecimals` when it has more places than the asset (trailing
    /// zeros aside).
    public func value(fromInput text: String, decimals: Int) -> Result<BigUInt, GemAmountError> {
        guard decimals >= 0, let plain = plainNumber(text), !plain.isEmpty else { return .failure(.invalidNumber) }
        if let point = plain.firstIndex(of: "."), plain.distance(from: point, to: plain.endIndex) - 1 > decimals {
            return .failure(.tooManyDecimals(decimals: decimals))
        }
        guard let value = BigUInt(decimalText: plain, decimals: decimals) else { return .failure(.invalidNumber) }
        return .success(value)
    }

    static func groupingIsValid(lastRun: Int, groups: Int) -> Bool {
        groups == 0 || lastRun == 3
    }

    /// Marks people type between groups of digits.
    static func isGroupingMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2C, 0x2E, 0x27, 0x20: true  // , . ' space
        case 0x00A0, 0x202F, 0x2009, 0x2007: true  // no-break, narrow no-break, thin, figure spaces
        case 0x2019, 0x066C: true  // right single quote (Swiss), Arabic thousands separator
        default: false
        }
    }

    /// The ASCII byte of a decimal digit in a supported script, or nil.
    static func digitValue(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        for zero in digitZeros where value >= zero && value <= zero + 9 {
            return UInt8(value - zero) + 0x30
        }
        return nil
    }

    /// The zero of each supported run of ten decimal digits: ASCII, Arabic-Indic, Extended
    /// Arabic-Indic (Persian, Urdu), Devanagari, Bengali, full-width (Unicode 15, category Nd).
    static let digitZeros: [UInt32] = [0x30, 0x0660, 0x06F0, 0x0966, 0x09E6, 0xFF10]
}

// MARK: - Writing into a field

extension GemNumberFormat {
    /// An exact atomic value written for an editable field in the device's format, every place
    /// kept and no grouping (1500000, 6 decimals, "," → "1,5").
    public func inputText(_ value: BigUInt, decimals: Int) -> String {
        localized(value.decimalText(decimals: max(decimals, 0)))
    }

    /// An approximate value (a fiat suggestion) written for an editable field in the device's
    /// format: the shortest digits that read back as the same double, never in exponent form
    /// (1e-05 → "0.00001"). A value that is not finite writes as "" (no amount).
    public func valueText(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        return localized(GemNumberFormat.plainDecimal(value))
    }

    private func localized(_ machine: String) -> String {
        decimalSeparator == "." || decimalSeparator.isEmpty ? machine : machine.replacing(".", with: decimalSeparator)
    }

    /// The shortest round-trip digits of `value` (Swift's `description`) as a plain decimal.
    static func plainDecimal(_ value: Double) -> String {
        if value == 0 { return "0" }
        let text = value.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        var negative = false
        if mantissa.first == "-" {
            negative = true
            mantissa = mantissa.dropFirst()
        }
        let point = mantissa.firstIndex(of: ".") ?? mantissa.endIndex
        let digits = Array(mantissa[..<point]) + Array(mantissa[point...].dropFirst())
        let pointPosition = mantissa.distance(from: mantissa.startIndex, to: point) + exponent

        var whole: String
        var fraction: String
        if pointPosition <= 0 {
            whole = "0"
            fraction = String(repeating: "0", count: -pointPosition) + String(digits)
        } else if pointPosition >= digits.count {
            whole = String(digits) + String(repeating: "0", count: pointPosition - digits.count)
            fraction = ""
        } else {
            whole = String(digits[..<pointPosition])
            fraction = String(digits[pointPosition...])
        }
        while fraction.last == "0" { fraction.removeLast() }
        whole = String(whole.drop(while: { $0 == "0" }))
        if whole.isEmpty { whole = "0" }
        let sign = negative ? "-" : ""
        return fraction.isEmpty ? sign + whole : sign + whole + "." + fraction
    }
}
