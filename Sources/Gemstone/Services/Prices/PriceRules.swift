import Primitives

/// The price rules (spec "Wallet price requests use USD", "Price updates commit a stream tick"), pure.
enum PriceRules {
    /// The conversion in effect for a tick in `currency`: USD at 1; otherwise the tick's rate of the
    /// currency, else the stored one; with no rate known anywhere, USD at 1 (the prices then read in US
    /// dollars, and say so, until a rate arrives).
    static func effectiveConversion(currency: String, rates: [GemFiatRate], state: GemPriceState) -> GemPriceConversion {
        if currency == FiatCurrency.usd { return GemPriceConversion(currency: FiatCurrency.usd, rate: 1) }
        if let rate = rates.last(where: { $0.symbol == currency })?.rate ?? state.rate {
            return GemPriceConversion(currency: currency, rate: rate)
        }
        return GemPriceConversion(currency: FiatCurrency.usd, rate: 1)
    }

    /// The conversion a tick asks the store to apply: the effective one when the stored prices are not
    /// already at it, nil when they are (a stale or repeated rate is never applied twice).
    static func selectConversion(effective: GemPriceConversion, stored: GemPriceConversion?) -> GemPriceConversion? {
        effective == stored ? nil : effective
    }

    /// A USD price as the store keeps it: the USD price preserved, the price converted once.
    static func converted(_ entry: PriceEntry, at conversion: GemPriceConversion) -> GemAssetPrice {
        GemAssetPrice(assetId: entry.assetId, priceUsd: entry.priceUsd, price: entry.priceUsd * conversion.rate,
                      priceChangePercentage24h: entry.change24h, updatedAt: entry.updatedAt)
    }

    /// The store call of one tick: the rates, the conversion Core selected, the prices converted at the
    /// conversion in effect. Later entries for the same asset or symbol win.
    static func tick(currency: String, rates: [GemFiatRate], prices: [PriceEntry], state: GemPriceState) -> GemPriceTick {
        let effective = effectiveConversion(currency: currency, rates: rates, state: state)
        return GemPriceTick(
            currency: currency,
            rates: lastBy(rates, \.symbol),
            conversion: selectConversion(effective: effective, stored: state.conversion),
            prices: lastBy(prices, \.assetId).map { converted($0, at: effective) }
        )
    }

    /// What a committed tick did, for its caller.
    static func result(_ tick: GemPriceTick, state: GemPriceState, dropped: Int) -> GemPriceTickResult {
        GemPriceTickResult(currency: (tick.conversion ?? state.conversion)?.currency ?? FiatCurrency.usd,
                           prices: tick.prices.count, rates: tick.rates.count, dropped: dropped,
                           conversion: tick.conversion)
    }

    /// One entry per key, the last one given, in the order keys first appear.
    private static func lastBy<T, K: Hashable>(_ items: [T], _ key: (T) -> K) -> [T] {
        var index: [K: Int] = [:]
        var result: [T] = []
        result.reserveCapacity(items.count)
        for item in items {
            if let at = index[key(item)] {
                result[at] = item
            } else {
                index[key(item)] = result.count
                result.append(item)
            }
        }
        return result
    }
}

/// One price the API or the stream gave, in US dollars.
struct PriceEntry: Sendable, Equatable {
    var assetId: AssetId
    var priceUsd: Double
    var change24h: Double
    var updatedAt: Int64?
}
