@testable import Gemstone
import Primitives
import Testing

@Suite struct GemNumberFormatTests {
    static let dot = GemNumberFormat(decimalSeparator: ".")
    static let comma = GemNumberFormat(decimalSeparator: ",")
    static let arabic = GemNumberFormat(decimalSeparator: "\u{066B}")

    @Test(arguments: [
        ("1234.5", "1234.5"), ("1,234.5", "1234.5"), ("1,234,567", "1234567"), ("1 234.5", "1234.5"),
        ("1\u{00A0}234.5", "1234.5"), ("1\u{202F}234", "1234"), ("1'234.5", "1234.5"), ("1\u{2019}234", "1234"),
        ("1,00,000", "100000"), ("12,34,567.8", "1234567.8"), ("  42  ", "42"), ("0.5", "0.5"), (".5", "0.5"),
        ("5.", "5"), ("5.000", "5"), ("007", "7"), ("000", "0"), ("00.50", "0.5"), ("0", "0"),
    ])
    func aDotDecimalDeviceGroupsWithCommasAndSpaces(text: String, plain: String) {
        #expect(Self.dot.plainNumber(text) == plain)
    }

    @Test(arguments: [
        ("1.234", "1234"), ("1.234,5", "1234.5"), ("1.234.567,89", "1234567.89"), ("1 234,5", "1234.5"),
        ("0,001", "0.001"), (",5", "0.5"), ("12", "12"),
    ])
    func aCommaDecimalDeviceReadsADotAsGrouping(text: String, plain: String) {
        #expect(Self.comma.plainNumber(text) == plain)
    }

    @Test(arguments: [
        ("١٢٣", "123"), ("٣٫٥", "3.5"), ("١٬٢٣٤٫٥", "1234.5"), ("۱۲۳۴", "1234"), ("۳٫۵", "3.5"), ("٠٫٠٠١", "0.001"),
    ])
    func arabicIndicAndPersianDigitsReadAsDigits(text: String, plain: String) {
        #expect(Self.arabic.plainNumber(text) == plain)
    }

    @Test func otherDecimalScriptsAndFullWidthDigitsReadAsDigits() {
        #expect(Self.dot.plainNumber("१२.५") == "12.5")
        #expect(Self.dot.plainNumber("১২") == "12")
        #expect(Self.dot.plainNumber("１２．") == nil, "a full-width point is not this device's separator")
        #expect(Self.dot.plainNumber("１２") == "12")
    }

    @Test(arguments: ["", "   ", "abc", "-", ".", ","])
    func textWithNoDigitIsNoAmount(text: String) {
        #expect(Self.dot.plainNumber(text) == "")
    }

    @Test(arguments: [
        "1.2.3", "1..5", "1,5", "12,34", "1,2345", "1234,567", ",123", "1,", "1,.5", "1.5,2", "1,,000", "-5", "+5", "1e5",
        "12abc", "0x10", "1/2", "0,500", "00,500", "655471582'535.6",
    ])
    func aDotDecimalDeviceRejectsWhatItCannotRead(text: String) {
        #expect(Self.dot.plainNumber(text) == nil)
    }

    @Test(arguments: ["1.5", "12.34", "1,2,3", "1.234,5,6", "1,5.5", "0.500"])
    func aCommaDecimalDeviceRejectsADotThatCannotBeGrouping(text: String) {
        #expect(Self.comma.plainNumber(text) == nil, "\(text) would otherwise read 10 to 1000 times off")
    }

    @Test func valueFromInputIsExactAtomicUnits() throws {
        #expect(Self.dot.value(fromInput: "1.5", decimals: 18) == .success(try #require(BigUInt("1500000000000000000"))))
        #expect(Self.comma.value(fromInput: "1.234,56", decimals: 6) == .success(BigUInt(1_234_560_000)))
        #expect(Self.arabic.value(fromInput: "٣٫٥", decimals: 8) == .success(BigUInt(350_000_000)))
        #expect(Self.dot.value(fromInput: "0.000000000000000001", decimals: 18) == .success(BigUInt(1)))
        #expect(Self.dot.value(fromInput: "0", decimals: 18) == .success(.zero))
        let huge = "123456789012345678901234567890"
        #expect(Self.dot.value(fromInput: huge, decimals: 18).map(\.description) == .success(huge + String(repeating: "0", count: 18)),
                "beyond 64 bits and beyond a double's 53 bits the value stays exact")
    }

    @Test func valueFromInputRejectsMorePlacesThanTheAssetHas() {
        #expect(Self.dot.value(fromInput: "1.1234567", decimals: 6) == .failure(.tooManyDecimals(decimals: 6)))
        #expect(Self.dot.value(fromInput: "1.123456", decimals: 6) == .success(BigUInt(1_123_456)))
        #expect(Self.dot.value(fromInput: "1.5", decimals: 0) == .failure(.tooManyDecimals(decimals: 0)))
        #expect(Self.dot.value(fromInput: "1.1234560000", decimals: 6) == .success(BigUInt(1_123_456)), "trailing zeros do not count")
    }

    @Test func valueFromInputRejectsTextThatIsNotANumber() {
        #expect(Self.dot.value(fromInput: "1,5", decimals: 6) == .failure(.invalidNumber))
        #expect(Self.dot.value(fromInput: "", decimals: 6) == .failure(.invalidNumber))
        #expect(Self.dot.value(fromInput: "1", decimals: -1) == .failure(.invalidNumber))
    }

    @Test func inputTextWritesEveryPlaceInTheDevicesFormat() throws {
        #expect(Self.comma.inputText(BigUInt(1_500_000), decimals: 6) == "1,5")
        #expect(Self.dot.inputText(BigUInt(1_500_000), decimals: 6) == "1.5")
        #expect(Self.arabic.inputText(BigUInt(1), decimals: 3) == "0\u{066B}001")
        #expect(Self.dot.inputText(try #require(BigUInt("1234567890123456789012")), decimals: 18) == "1234.567890123456789012")
        #expect(Self.comma.inputText(BigUInt(1_234_000_000), decimals: 6) == "1234", "a field gets no grouping")
        #expect(Self.comma.inputText(.zero, decimals: 6) == "0")
    }

    @Test func inputTextReadsBackToTheSameValue() throws {
        for format in [Self.dot, Self.comma, Self.arabic] {
            for value in [BigUInt(1), BigUInt(1_500_000), BigUInt(999_999_999_999), try #require(BigUInt("123456789012345678901234567"))] {
                #expect(format.value(fromInput: format.inputText(value, decimals: 9), decimals: 9) == .success(value))
            }
        }
    }

    @Test(arguments: [
        (0.001, "0.001"), (1e-05, "0.00001"), (1.2345e-07, "0.00000012345"), (100.0, "100"), (12.5, "12.5"),
        (1e16, "10000000000000000"), (1.2345e20, "123450000000000000000"), (0.0, "0"), (-2.5, "-2.5"), (0.1, "0.1"),
    ])
    func valueTextWritesShortestDigitsWithoutExponent(value: Double, text: String) {
        #expect(Self.dot.valueText(value) == text)
    }

    @Test func valueTextUsesTheDevicesSeparatorAndSkipsWhatIsNotFinite() {
        #expect(Self.comma.valueText(12.5) == "12,5")
        #expect(Self.comma.valueText(.nan) == "")
        #expect(Self.comma.valueText(.infinity) == "")
        #expect(Self.comma.value(fromInput: Self.comma.valueText(0.000123), decimals: 6) == .success(BigUInt(123)))
    }

    @Test func numberFormatCrossesAsARecord() throws {
        try expectGolden(Self.comma, #"{"decimal_separator":","}"#)
    }
}

@Suite struct GemAmountErrorTests {
    @Test func aZeroAmountIsSilent() {
        #expect(GemAmountError.zero.display() == GemAmountErrorDisplay.none)
        #expect(!GemAmountError.zero.display().isShown)
        #expect(GemAmountError.invalidNumber.display().isShown)
    }

    @Test func anAssetIsNamedNameAndSymbolUnlessTheyAreEqual() {
        #expect(GemAmountError.insufficientBalance(asset: Fixtures.ethereum, available: .zero).display() == .insufficientBalance(title: "Ethereum (ETH)"))
        #expect(GemAmountError.insufficientBalance(asset: Fixtures.tron, available: .zero).display() == .insufficientBalance(title: "TRX"))
    }

    @Test func belowMinimumShowsTheMinimumInFull() {
        let display = GemAmountError.belowMinimum(asset: Fixtures.bitcoin, minimum: BigUInt(12_345)).display()
        #expect(display == .belowMinimum(title: "Bitcoin (BTC)", minimum: .amount(0.00012345, symbol: "BTC", style: .full)))
    }

    @Test func eachCaseShowsItsOwnDisplay() {
        #expect(GemAmountError.invalidNumber.display() == .invalidAmount)
        #expect(GemAmountError.tooManyDecimals(decimals: 6).display() == .tooManyDecimals(decimals: 6))
    }

    @Test func amountErrorsCrossAsTaggedObjects() throws {
        try expectGolden(GemAmountError.zero, #"{"type":"zero"}"#)
        try expectGolden(GemAmountError.tooManyDecimals(decimals: 6), #"{"type":"too_many_decimals","decimals":6}"#)
        try expectGolden(
            GemAmountError.insufficientBalance(asset: Fixtures.tron, available: BigUInt(5)),
            #"{"type":"insufficient_balance","asset":{"id":"tron","name":"TRX","symbol":"TRX","decimals":6,"type":"native"},"available":"5"}"#
        )
        try expectGolden(GemAmountErrorDisplay.none, #"{"type":"none"}"#)
        try expectGolden(GemAmountErrorDisplay.insufficientBalance(title: "TRX"), #"{"type":"insufficient_balance","title":"TRX"}"#)
    }
}

@Suite struct GemNumberFormatCLDRTests {
    @Test func everyLocaleReadsBackWhatItWrites() {
        for (locale, separator, text, plain) in cldrNumberVectors {
            #expect(GemNumberFormat(decimalSeparator: separator).plainNumber(text) == plain, "\(locale): \(text)")
        }
    }
}
