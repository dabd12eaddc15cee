/// The presentation constants, defined once. Those a front end also needs are declared in
/// `schema/constants.json` and generated into `Generated/Constants+Schema.swift`, `include/gemstone.h`
/// (`GEM_<NAME>`) and every binding.
public enum GemConstants {
    // MARK: Numbers (GemPrecision, GemCurrencyStyle, GemValueStyle)

    /// Below this magnitude (and from `adaptiveFloor` up) a number reads in significant digits.
    public static let smallValueThreshold = 0.99
    /// Below this magnitude a number is too small for significant digits and reads in two places.
    public static let adaptiveFloor = 1e-10
    /// Significant digits of the adaptive rule.
    public static let adaptiveSignificantDigits = 4
    /// Places of a currency amount and of a number from one up.
    public static let currencyPlaces = 2
    /// From this magnitude an abbreviating style reads compact (100K, 1.2M).
    public static let abbreviationThreshold = 100_000.0
    /// A short amount reads in up to two places from this magnitude, up to four below it.
    public static let smallAmountThreshold = 0.1
    /// Places of a short amount below `smallAmountThreshold`.
    public static let smallAmountPlaces = 4
    /// A non-zero short amount below this magnitude is dust and reads "< 0.0001".
    public static let dustThreshold = 0.0001
    /// Places the dust threshold is printed with.
    public static let dustPlaces = 4
    /// Most places of the full amount style.
    public static let fullPlaces = 32

    // MARK: Addresses (GemCopy)

    /// Characters a shortened address keeps from its start ("0x1234").
    public static let addressShortPrefixLength = 6
    /// Characters a shortened address keeps from its end ("5678").
    public static let addressShortSuffixLength = 4
}
