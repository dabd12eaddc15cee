/// The currency code rule shared by preferences and price alerts: exactly three ASCII uppercase
/// letters (the ISO 4217 alphabetic shape, `USD`, `EUR`). Whether the code is a currency the
/// price service knows is decided there, not here.
enum CurrencyCode {
    static func isValid(_ code: String) -> Bool {
        let bytes = Array(code.utf8)
        return bytes.count == 3 && bytes.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    }
}
