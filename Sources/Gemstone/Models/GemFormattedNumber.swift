import Primitives

extension GemValueTone {
    public static func of(_ value: Double) -> GemValueTone {
        if value > 0 { return .positive }
        if value < 0 { return .negative }
        return .neutral
    }
}

/// A number as a value and the style that decides how it reads (spec: "A number crosses as a
/// value and a style"). For approximate display quantities only; exact amounts stay `BigUInt`
/// with decimals.
public struct GemFormattedNumber: Sendable, Equatable, Hashable, Codable {
    public var value: Double
    public var unit: GemNumberUnit
    public var display: GemNumberDisplay
    public var notation: GemNumberNotation
    public var tone: GemValueTone
    public var rounding: GemNumberRounding

    public init(value: Double, unit: GemNumberUnit, display: GemNumberDisplay, notation: GemNumberNotation, tone: GemValueTone, rounding: GemNumberRounding) {
        // JSON has no NaN or infinity: a value that is not a finite number reads as zero.
        self.value = value.isFinite ? value : 0
        self.unit = unit
        self.display = display
        self.notation = notation
        self.tone = tone
        self.rounding = rounding
    }
}

extension GemFormattedNumber {
    /// Money in `code`: the style settles precision and abbreviation; rounds to nearest, plain.
    public static func currency(_ value: Double, code: String, style: GemCurrencyStyle) -> GemFormattedNumber {
        GemFormattedNumber(
            value: value,
            unit: .currency(code: code),
            display: style.abbreviates(value) ? .abbreviated : .number(precision: style.precision(value)),
            notation: .plain,
            tone: .plain,
            rounding: .toNearest
        )
    }

    /// A change in money: a forced sign and the tone of its sign.
    public static func signedCurrency(_ value: Double, code: String, style: GemCurrencyStyle) -> GemFormattedNumber {
        currency(value, code: code, style: style).signed()
    }

    /// An asset amount (`symbol` nil for a bare number): the style settles precision,
    /// abbreviation and the dust cut; rounds toward zero so a balance never reads above itself.
    public static func amount(_ value: Double, symbol: String?, style: GemValueStyle) -> GemFormattedNumber {
        let display: GemNumberDisplay =
            if style.abbreviates(value) {
                .abbreviated
            } else if style.isDust(value) {
                .belowThreshold(threshold: GemConstants.dustThreshold, places: GemConstants.dustPlaces)
            } else {
                .number(precision: style.precision(value))
            }
        return GemFormattedNumber(value: value, unit: unit(symbol), display: display, notation: .plain, tone: .plain, rounding: .towardZero)
    }

    /// An exact atomic amount of an asset with `decimals` places, read for display.
    public static func amount(_ value: BigInt, decimals: Int, symbol: String?, style: GemValueStyle) -> GemFormattedNumber {
        amount(value.doubleValue(decimals: decimals), symbol: symbol, style: style)
    }

    /// The worth of an exact atomic amount at `price` per whole unit, in `code`.
    public static func fiat(_ value: BigInt, decimals: Int, price: Double, code: String) -> GemFormattedNumber {
        currency(value.doubleValue(decimals: decimals) * price, code: code, style: .fiat)
    }

    /// A number in the adaptive rule (two places from one up, four significant digits below).
    public static func adaptive(_ value: Double, symbol: String?) -> GemFormattedNumber {
        GemFormattedNumber(value: value, unit: unit(symbol), display: .number(precision: .adaptive(value)), notation: .plain, tone: .plain, rounding: .toNearest)
    }

    /// A percentage in two places; a signed one carries its sign and tone.
    public static func percentage(_ value: Double, signed: Bool) -> GemFormattedNumber {
        let number = GemFormattedNumber(value: value, unit: .percent, display: .number(precision: .twoPlaces), notation: .plain, tone: .plain, rounding: .toNearest)
        return signed ? number.signed() : number
    }

    /// A leverage or rate in two places ("2.50x").
    public static func multiplier(_ value: Double) -> GemFormattedNumber {
        GemFormattedNumber(value: value, unit: .multiplier, display: .number(precision: .twoPlaces), notation: .plain, tone: .plain, rounding: .toNearest)
    }

    /// A count, a block height: a whole number.
    public static func count(_ value: Int) -> GemFormattedNumber {
        GemFormattedNumber(value: Double(value), unit: .plain, display: .number(precision: .fraction(min: 0, max: 0)), notation: .plain, tone: .plain, rounding: .toNearest)
    }

    /// The same number with a forced sign, coloured by its sign.
    public func signed() -> GemFormattedNumber {
        var number = self
        number.notation = .signed
        number.tone = .of(value)
        return number
    }

    /// The same number in parentheses.
    public func parenthesised() -> GemFormattedNumber {
        var number = self
        number.notation = .parenthesised
        return number
    }

    /// The same number coloured by its sign, without a forced sign.
    public func toned() -> GemFormattedNumber {
        var number = self
        number.tone = .of(value)
        return number
    }

    /// The same number in another tone.
    public func withTone(_ tone: GemValueTone) -> GemFormattedNumber {
        var number = self
        number.tone = tone
        return number
    }

    private static func unit(_ symbol: String?) -> GemNumberUnit {
        symbol.map { .symbol(symbol: $0) } ?? .plain
    }
}

// MARK: - Codable

// MARK: - Written JSON (the list path)

/// Written straight into the answer's bytes (a page of rows holds two numbers a row) as
/// fragments around the values; the same shape as `encode(to:)`, which `RecordJSONTests` pins.
extension GemFormattedNumber: JSONWritable {
    public func write(to out: inout JSONOutput) {
        out.beginValue()
        writeValue(to: &out)
    }

    /// The object, with no separator before it.
    public func writeValue(to out: inout JSONOutput) {
        out.fragment(#"{"value":"#)
        out.number(value)
        switch unit {
        case let .currency(code):
            out.fragment(#","unit":{"type":"currency","code":""#)
            out.stringContent(code)
            out.fragment(#""},"display":"#)
        case let .symbol(symbol):
            out.fragment(#","unit":{"type":"symbol","symbol":""#)
            out.stringContent(symbol)
            out.fragment(#""},"display":"#)
        case .percent: out.fragment(#","unit":{"type":"percent"},"display":"#)
        case .plain: out.fragment(#","unit":{"type":"plain"},"display":"#)
        case .multiplier: out.fragment(#","unit":{"type":"multiplier"},"display":"#)
        }
        display.writeValue(to: &out)
        // Each enum's value with the punctuation and the key that follow it, in one fragment.
        out.fragment(#","notation":""#)
        switch notation {
        case .plain: out.fragment(#"plain","tone":""#)
        case .signed: out.fragment(#"signed","tone":""#)
        case .parenthesised: out.fragment(#"parenthesised","tone":""#)
        }
        switch tone {
        case .plain: out.fragment(#"plain","rounding":""#)
        case .neutral: out.fragment(#"neutral","rounding":""#)
        case .positive: out.fragment(#"positive","rounding":""#)
        case .warning: out.fragment(#"warning","rounding":""#)
        case .negative: out.fragment(#"negative","rounding":""#)
        }
        switch rounding {
        case .toNearest: out.fragment(#"to_nearest"}"#)
        case .towardZero: out.fragment(#"toward_zero"}"#)
        }
    }
}

extension GemNumberUnit: JSONWritable {
    public func write(to out: inout JSONOutput) {
        out.beginObject()
        out.key("type")
        switch self {
        case let .currency(code):
            out.literal("currency")
            out.key("code")
            out.string(code)
        case let .symbol(symbol):
            out.literal("symbol")
            out.key("symbol")
            out.string(symbol)
        case .percent: out.literal("percent")
        case .plain: out.literal("plain")
        case .multiplier: out.literal("multiplier")
        }
        out.endObject()
    }
}

extension GemNumberDisplay: JSONWritable {
    public func write(to out: inout JSONOutput) {
        out.beginValue()
        writeValue(to: &out)
    }

    /// The object, with no separator before it.
    func writeValue(to out: inout JSONOutput) {
        switch self {
        case let .number(.fraction(min, max)):
            out.fragment(#"{"type":"number","precision":{"type":"fraction","min":"#)
            out.integer(min)
            out.fragment(#","max":"#)
            out.integer(max)
            out.fragment("}}")
        case let .number(.significant(max)):
            out.fragment(#"{"type":"number","precision":{"type":"significant","max":"#)
            out.integer(max)
            out.fragment("}}")
        case .abbreviated:
            out.fragment(#"{"type":"abbreviated"}"#)
        case let .belowThreshold(threshold, places):
            out.fragment(#"{"type":"below_threshold","threshold":"#)
            out.number(threshold)
            out.fragment(#","places":"#)
            out.integer(places)
            out.fragment("}")
        }
    }
}

extension GemPrecision: JSONWritable {
    public func write(to out: inout JSONOutput) {
        out.beginObject()
        out.key("type")
        switch self {
        case let .fraction(min, max):
            out.literal("fraction")
            out.key("min")
            out.int(min)
            out.key("max")
            out.int(max)
        case let .significant(max):
            out.literal("significant")
            out.key("max")
            out.int(max)
        }
        out.endObject()
    }
}
