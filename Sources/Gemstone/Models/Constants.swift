/// The presentation constants, defined once. Each one a front end also needs is published in
/// `include/gemstone.h` under the same name with a `GEM_` prefix.
public enum GemConstants {
    // MARK: Long lists (GemListWindow)

    /// Rows a long list observes first, and how many it adds each time its end is reached.
    public static let listPageSize = 50
    /// The list asks for more rows when a row this close to its end appears.
    public static let listPrefetchRows = 10
    /// The most rows a long list observes at once.
    public static let listMaxRows = 1_000

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

    // MARK: Addresses and copies (GemCopy)

    /// Characters a shortened address keeps from its start ("0x1234").
    public static let addressShortPrefixLength = 6
    /// Characters a shortened address keeps from its end ("5678").
    public static let addressShortSuffixLength = 4
    /// Seconds a copied secret may stay on the clipboard.
    public static let secretClipboardSeconds = 60

    // MARK: Requests the host sends

    /// The most decimal places an asset may have: an ERC-20 token's `decimals()` is a uint8
    /// (EIP-20), the widest any supported chain reports.
    public static let maxAssetDecimals = 255
    /// The widest UTC offset a device may report, either way: 18 hours, the range ISO 8601 and
    /// `java.time.ZoneOffset` accept.
    public static let maxUTCOffsetSeconds = 64_800
}
