import Primitives

/// Tolerant entry decoding (spec "deserialize_known_entries"): a list whose entries are independent is
/// read entry by entry, and an entry that is malformed, or names a currency the service does not know,
/// is dropped alone and counted, so one bad entry never discards the others. Only the price and rate
/// lists read this way; every other payload fails closed.
struct KnownEntries<Entry: Sendable>: Sendable {
    var entries: [Entry]
    var dropped: Int

    init(_ list: [JSON], _ read: (JSON) -> Entry?) {
        entries = []
        entries.reserveCapacity(list.count)
        dropped = 0
        for item in list {
            if let entry = read(item) { entries.append(entry) } else { dropped += 1 }
        }
    }
}

extension KnownEntries where Entry == PriceEntry {
    /// `{"assetId": id, "price": number ≥ 0, "priceChangePercentage24h": number, "lastUpdatedAt"?: date}`;
    /// an unreadable date is left out, not a reason to drop the price.
    static func prices(_ list: [JSON]) -> KnownEntries {
        KnownEntries(list) { item in
            guard let text = item["assetId"]?.stringValue, let assetId = try? AssetId(parsing: text),
                  let price = finite(item["price"]), price >= 0,
                  let change = finite(item["priceChangePercentage24h"]) else { return nil }
            return PriceEntry(assetId: assetId, priceUsd: price, change24h: change,
                              updatedAt: item["lastUpdatedAt"]?.stringValue.flatMap(APIDate.seconds))
        }
    }
}

extension KnownEntries where Entry == GemFiatRate {
    /// `{"symbol": a known currency, "rate": number > 0}`.
    static func rates(_ list: [JSON]) -> KnownEntries {
        KnownEntries(list) { item in
            guard let symbol = item["symbol"]?.stringValue, FiatCurrency.isKnown(symbol),
                  let rate = finite(item["rate"]), rate > 0 else { return nil }
            return GemFiatRate(symbol: symbol, rate: rate)
        }
    }
}

/// A JSON number as a finite Double; nil for anything else.
private func finite(_ value: JSON?) -> Double? {
    switch value {
    case let .int(number): Double(number)
    case let .double(number) where number.isFinite: number
    default: nil
    }
}

/// The API's dates: `YYYY-MM-DDTHH:MM:SS`, optionally with a fraction and a `Z` (chrono's NaiveDateTime as
/// serde writes it, in UTC), read as whole seconds since 1970.
enum APIDate {
    static func seconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
              let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var rest = bytes[19...]
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            let fraction = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard !fraction.isEmpty else { return nil }
            rest = rest.dropFirst(fraction.count)
        }
        if rest.first == UInt8(ascii: "Z") { rest = rest.dropFirst() }
        guard rest.isEmpty else { return nil }
        return daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
    }

    private static func digits(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int64? {
        var value: Int64 = 0
        for byte in bytes[start..<start + count] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
