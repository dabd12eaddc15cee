@testable import Gemstone
import Primitives
import Testing

@Suite struct GemPrecisionTests {
    @Test(arguments: [0.000838216, 0.98, 0.989999, -0.5, 1e-10, 0.1])
    func adaptiveReadsFourSignificantDigitsFromTheFloorUpToPoint99(magnitude: Double) {
        #expect(GemPrecision.adaptive(magnitude) == .significant(max: 4))
    }

    @Test(arguments: [0.0, 0.99, 0.995, 1, 1193.0109, 9.9e-11, 1e-11, -2])
    func adaptiveReadsTwoPlacesFromPoint99UpAndBelowTheFloor(magnitude: Double) {
        #expect(GemPrecision.adaptive(magnitude) == .fraction(min: 2, max: 2))
    }

    @Test(arguments: [
        (0.9, 4), (0.1, 4), (-0.5, 4), (0.0999, 5), (0.0345, 5), (0.01, 5), (0.00999, 6),
        (0.001, 6), (0.000838216, 7), (1e-10, 13), (0.0000000002, 13),
    ])
    func currencyKeepsFourSignificantDigitsAfterTheLeadingZerosAndNeverFewerThanTwoPlaces(magnitude: Double, maximum: Int) {
        #expect(GemPrecision.currency(magnitude) == .fraction(min: 2, max: maximum))
    }

    @Test(arguments: [0.99, 1193.0109, 1e-11, 0.0])
    func currencyOutsideTheSmallRangeIsTwoPlaces(magnitude: Double) {
        #expect(GemPrecision.currency(magnitude) == .twoPlaces)
    }

    @Test func fiatIsPinnedToTwoPlacesAtEveryMagnitude() {
        for magnitude in [0.0001, 0.5, 0.99, 12.3456, 1e9] {
            #expect(GemCurrencyStyle.fiat.precision(magnitude) == .fraction(min: 2, max: 2))
            #expect(!GemCurrencyStyle.fiat.abbreviates(magnitude))
        }
        #expect(GemCurrencyStyle.currency.precision(0.5) == .fraction(min: 2, max: 4))
    }

    @Test func onlyTheAbbreviatedCurrencyStyleCompactsFromTheThreshold() {
        #expect(GemCurrencyStyle.abbreviated.abbreviates(100_000))
        #expect(GemCurrencyStyle.abbreviated.abbreviates(-100_000))
        #expect(!GemCurrencyStyle.abbreviated.abbreviates(99_999.99))
        #expect(!GemCurrencyStyle.currency.abbreviates(1e12))
    }

    @Test func theValueLadder() {
        #expect(GemValueStyle.full.precision(0.00001) == .fraction(min: 0, max: 32))
        #expect(GemValueStyle.short.precision(0.1) == .fraction(min: 0, max: 2))
        #expect(GemValueStyle.short.precision(0.0999) == .fraction(min: 0, max: 4))
        #expect(GemValueStyle.short.precision(-0.5) == .fraction(min: 0, max: 2))
        #expect(GemValueStyle.auto.precision(1) == .fraction(min: 0, max: 2))
        #expect(GemValueStyle.auto.precision(0.99) == .significant(max: 4))
    }

    @Test func onlyTheShortValueStyleAbbreviatesOrCutsDust() {
        #expect(GemValueStyle.short.abbreviates(100_000))
        #expect(!GemValueStyle.short.abbreviates(99_999))
        #expect(!GemValueStyle.auto.abbreviates(1_000_000))
        #expect(!GemValueStyle.full.abbreviates(1_000_000))

        #expect(GemValueStyle.short.isDust(0.00009))
        #expect(GemValueStyle.short.isDust(-0.00009))
        #expect(!GemValueStyle.short.isDust(0.0001))
        #expect(!GemValueStyle.short.isDust(0))
        #expect(!GemValueStyle.full.isDust(0.00009))
        #expect(!GemValueStyle.auto.isDust(0.00009))
    }

    @Test func theConstantsAreTheSpecificationsOwn() {
        #expect(GemConstants.smallValueThreshold == 0.99)
        #expect(GemConstants.adaptiveFloor == 1e-10)
        #expect(GemConstants.abbreviationThreshold == 100_000)
        #expect(GemConstants.smallAmountThreshold == 0.1)
        #expect(GemConstants.dustThreshold == 0.0001)
    }

    @Test func precisionCrossesAsTaggedObjects() throws {
        try expectGolden(GemPrecision.fraction(min: 2, max: 4), #"{"type":"fraction","min":2,"max":4}"#)
        try expectGolden(GemPrecision.significant(max: 4), #"{"type":"significant","max":4}"#)
        try expectGolden(GemCurrencyStyle.abbreviated, #""abbreviated""#)
        try expectGolden(GemValueStyle.short, #""short""#)
    }
}

@Suite struct GemFormattedNumberTests {
    @Test func aCurrencyNumberCarriesItsCodeAndItsPrecision() {
        let fiat = GemFormattedNumber.currency(12.3456, code: "USD", style: .fiat)
        #expect(fiat.value == 12.3456)
        #expect(fiat.unit == .currency(code: "USD"))
        #expect(fiat.display == .number(precision: .fraction(min: 2, max: 2)))
        #expect(fiat.rounding == .toNearest)
        #expect(fiat.notation == .plain)
        #expect(fiat.tone == .plain, "a price is not up or down")
        #expect(GemFormattedNumber.currency(0.9, code: "USD", style: .currency).display == .number(precision: .fraction(min: 2, max: 4)),
                "$0.90, never $0.9")
    }

    @Test func onlyAnAbbreviatingStyleReadsAsAbbreviated() {
        #expect(GemFormattedNumber.currency(1_000_000, code: "USD", style: .abbreviated).display == .abbreviated)
        #expect(GemFormattedNumber.currency(1_000_000, code: "USD", style: .currency).display == .number(precision: .twoPlaces))
        #expect(GemFormattedNumber.amount(250_000, symbol: "ETH", style: .short).display == .abbreviated)
        #expect(GemFormattedNumber.amount(250_000, symbol: "ETH", style: .full).display == .number(precision: .full))
    }

    @Test func anAmountNeverRoundsAboveWhatIsHeld() {
        #expect(GemFormattedNumber.amount(5.205516, symbol: "ATOM", style: .auto).rounding == .towardZero)
        #expect(GemFormattedNumber.currency(5.205516, code: "USD", style: .currency).rounding == .toNearest)
    }

    @Test func anAmountBelowTheDustThresholdReadsBelowThreshold() {
        let dust = GemFormattedNumber.amount(0.00001, symbol: "BTC", style: .short)
        #expect(dust.unit == .symbol(symbol: "BTC"))
        #expect(dust.display == .belowThreshold(threshold: 0.0001, places: 4))
        #expect(GemFormattedNumber.amount(0.0001, symbol: "BTC", style: .short).display == .number(precision: .upToFourPlaces))
        #expect(GemFormattedNumber.amount(0, symbol: "BTC", style: .short).display == .number(precision: .upToFourPlaces))
        #expect(GemFormattedNumber.amount(0.5, symbol: nil, style: .auto).unit == .plain)
    }

    @Test func anExactAmountIsReadThroughItsDecimals() throws {
        let wei = try #require(BigInt("1500000000000000000"))
        #expect(GemFormattedNumber.amount(wei, decimals: 18, symbol: "ETH", style: .short).value == 1.5)
        let fiat = GemFormattedNumber.fiat(wei, decimals: 18, price: 2_000, code: "EUR")
        #expect(fiat.value == 3_000)
        #expect(fiat.unit == .currency(code: "EUR"))
        #expect(fiat.display == .number(precision: .twoPlaces))
    }

    @Test func onlyASignedNumberCarriesADirection() {
        #expect(GemFormattedNumber.signedCurrency(-5, code: "USD", style: .currency).tone == .negative)
        #expect(GemFormattedNumber.signedCurrency(5, code: "USD", style: .currency).tone == .positive)
        #expect(GemFormattedNumber.signedCurrency(0, code: "USD", style: .currency).tone == .neutral)
        #expect(GemFormattedNumber.signedCurrency(5, code: "USD", style: .currency).notation == .signed)
        #expect(GemFormattedNumber.percentage(-2, signed: true).tone == .negative)
        #expect(GemFormattedNumber.percentage(-2, signed: false).tone == .plain)
        #expect(GemFormattedNumber.percentage(-2, signed: false).toned().tone == .negative)
        #expect(GemFormattedNumber.percentage(-2, signed: false).toned().notation == .plain)
        #expect(GemFormattedNumber.currency(5, code: "USD", style: .fiat).parenthesised().notation == .parenthesised)
    }

    @Test func toneReadsTheSign() {
        #expect(GemValueTone.of(1) == .positive)
        #expect(GemValueTone.of(-1) == .negative)
        #expect(GemValueTone.of(0) == .neutral)
        #expect(GemValueTone.of(-0.0) == .neutral)
        #expect(GemValueTone.of(.nan) == .neutral)
    }

    @Test func aValueThatIsNotFiniteReadsAsZero() {
        #expect(GemFormattedNumber.currency(.nan, code: "USD", style: .fiat).value == 0)
        #expect(GemFormattedNumber.amount(.infinity, symbol: nil, style: .auto).value == 0)
    }

    @Test func countsAndMultipliersHaveTheirOwnUnits() {
        #expect(GemFormattedNumber.count(21_000_000) == GemFormattedNumber(value: 21_000_000, unit: .plain, display: .number(precision: .fraction(min: 0, max: 0)), notation: .plain, tone: .plain, rounding: .toNearest))
        #expect(GemFormattedNumber.multiplier(2.5).unit == .multiplier)
        #expect(GemFormattedNumber.adaptive(0.000838216, symbol: nil).display == .number(precision: .significant(max: 4)))
        #expect(GemFormattedNumber.adaptive(100, symbol: "USDT").display == .number(precision: .twoPlaces))
    }

    @Test func formattedNumbersCrossAsRecords() throws {
        try expectGolden(
            GemFormattedNumber.currency(1234.5, code: "USD", style: .fiat),
            #"{"value":1234.5,"unit":{"type":"currency","code":"USD"},"display":{"type":"number","precision":{"type":"fraction","min":2,"max":2}},"notation":"plain","tone":"plain","rounding":"to_nearest"}"#
        )
        try expectGolden(
            GemFormattedNumber.amount(0.00001, symbol: "BTC", style: .short),
            #"{"value":1e-05,"unit":{"type":"symbol","symbol":"BTC"},"display":{"type":"below_threshold","threshold":0.0001,"places":4},"notation":"plain","tone":"plain","rounding":"toward_zero"}"#
        )
        try expectGolden(
            GemFormattedNumber.percentage(-2, signed: true),
            #"{"value":-2,"unit":{"type":"percent"},"display":{"type":"number","precision":{"type":"fraction","min":2,"max":2}},"notation":"signed","tone":"negative","rounding":"to_nearest"}"#
        )
        try expectGolden(GemNumberDisplay.abbreviated, #"{"type":"abbreviated"}"#)
        try expectGolden(GemNumberUnit.multiplier, #"{"type":"multiplier"}"#)
        try expectGolden(GemNumberUnit.plain, #"{"type":"plain"}"#)
    }
}
