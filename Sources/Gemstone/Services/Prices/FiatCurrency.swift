/// The fiat currencies the price service knows: the codes of the API's `Currency` enum
/// (gemwalletcom/core crates/primitives/src/currency.rs at 4e39193e9c7a). A rate whose symbol is not
/// one of them is dropped from a tick, and `GemCurrencyService` selects only these.
public enum FiatCurrency {
    /// The currency the API is asked for prices in and the one stored prices read in until a rate of
    /// the selected currency is known (the API's `DEFAULT_FIAT_CURRENCY`).
    public static let usd = "USD"

    /// Every known code, sorted.
    public static let codes: [String] = [
        "AED", "ARS", "AUD", "BDT", "BHD", "BMD", "BRL", "CAD", "CHF", "CLP", "CNY", "CZK", "DKK", "EUR", "GBP", "HKD",
        "HUF", "IDR", "ILS", "INR", "JPY", "KRW", "KWD", "LKR", "MMK", "MXN", "MYR", "NGN", "NOK", "NZD", "PHP", "PKR",
        "PLN", "RUB", "SAR", "SEK", "SGD", "THB", "TRY", "TWD", "UAH", "USD", "VEF", "VND", "XDR", "ZAR",
    ]

    private static let known = Set(codes)

    public static func isKnown(_ code: String) -> Bool {
        known.contains(code)
    }
}
