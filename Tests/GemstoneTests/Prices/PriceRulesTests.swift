import Primitives
import Testing
@testable import Gemstone

private let btc = AssetId(chain: .bitcoin)
private let eur = GemPriceConversion(currency: "EUR", rate: 0.9)

@Suite struct PriceRulesTests {
    @Test func usdIsAlwaysAtOne() {
        let state = GemPriceState(conversion: nil, rate: 7)
        #expect(PriceRules.effectiveConversion(currency: "USD", rates: [GemFiatRate(symbol: "USD", rate: 2)], state: state)
            == GemPriceConversion(currency: "USD", rate: 1))
    }

    @Test func theTicksRateWinsOverTheStoredOne() {
        let state = GemPriceState(conversion: eur, rate: 0.9)
        #expect(PriceRules.effectiveConversion(currency: "EUR", rates: [GemFiatRate(symbol: "EUR", rate: 0.95)], state: state)
            == GemPriceConversion(currency: "EUR", rate: 0.95))
        #expect(PriceRules.effectiveConversion(currency: "EUR", rates: [GemFiatRate(symbol: "GBP", rate: 0.8)], state: state) == eur)
    }

    @Test func withNoRateKnownPricesReadInUSD() {
        #expect(PriceRules.effectiveConversion(currency: "EUR", rates: [], state: GemPriceState())
            == GemPriceConversion(currency: "USD", rate: 1))
    }

    @Test func aConversionAlreadyStoredIsNotSelectedAgain() {
        #expect(PriceRules.selectConversion(effective: eur, stored: eur) == nil)
        #expect(PriceRules.selectConversion(effective: eur, stored: nil) == eur)
        #expect(PriceRules.selectConversion(effective: eur, stored: GemPriceConversion(currency: "EUR", rate: 0.91)) == eur)
        #expect(PriceRules.selectConversion(effective: eur, stored: GemPriceConversion(currency: "GBP", rate: 0.9)) == eur)
    }

    @Test func aPriceIsConvertedOnceAndKeepsItsUSDPrice() {
        let entry = PriceEntry(assetId: btc, priceUsd: 100, change24h: -2, updatedAt: 5)
        let stored = PriceRules.converted(entry, at: eur)
        #expect(stored == GemAssetPrice(assetId: btc, priceUsd: 100, price: 90, priceChangePercentage24h: -2, updatedAt: 5))
    }

    @Test func aTickConvertsItsPricesAtTheRateInEffectEvenWhenNoConversionIsSent() {
        let entry = PriceEntry(assetId: btc, priceUsd: 100, change24h: 0, updatedAt: nil)
        let tick = PriceRules.tick(currency: "EUR", rates: [], prices: [entry], state: GemPriceState(conversion: eur, rate: 0.9))
        #expect(tick.conversion == nil)
        #expect(tick.prices.map(\.price) == [90])
    }

    @Test func laterEntriesForTheSameKeyWin() {
        let first = PriceEntry(assetId: btc, priceUsd: 1, change24h: 0, updatedAt: nil)
        let second = PriceEntry(assetId: btc, priceUsd: 2, change24h: 0, updatedAt: nil)
        let tick = PriceRules.tick(currency: "USD", rates: [GemFiatRate(symbol: "EUR", rate: 1), GemFiatRate(symbol: "EUR", rate: 2)],
                                   prices: [first, second], state: GemPriceState())
        #expect(tick.prices.map(\.priceUsd) == [2])
        #expect(tick.rates == [GemFiatRate(symbol: "EUR", rate: 2)])
    }

    @Test func oneBadEntryIsDroppedAlone() throws {
        let list = try #require(JSONParser.parse("""
        [{"assetId":"bitcoin","price":100,"priceChangePercentage24h":1.5,"lastUpdatedAt":"2024-12-04T10:00:00.123"},
         {"assetId":"not a chain","price":1,"priceChangePercentage24h":0},
         {"assetId":"ethereum","price":-1,"priceChangePercentage24h":0},
         {"assetId":"ethereum","price":"3000","priceChangePercentage24h":0},
         {"assetId":"solana","price":150,"priceChangePercentage24h":-3,"lastUpdatedAt":"yesterday"}]
        """).arrayValue)
        let read = KnownEntries.prices(list)
        #expect(read.entries.map(\.assetId) == [btc, AssetId(chain: .solana)])
        #expect(read.dropped == 3)
        #expect(read.entries.first?.updatedAt == 1_733_306_400)
        #expect(read.entries.last?.updatedAt == nil)
    }

    @Test func aRateOfAnUnknownCurrencyIsDroppedAlone() throws {
        let list = try #require(JSONParser.parse("""
        [{"symbol":"EUR","rate":0.9},{"symbol":"XYZ","rate":2},{"symbol":"GBP","rate":0},{"symbol":"JPY","rate":150}]
        """).arrayValue)
        let read = KnownEntries.rates(list)
        #expect(read.entries == [GemFiatRate(symbol: "EUR", rate: 0.9), GemFiatRate(symbol: "JPY", rate: 150)])
        #expect(read.dropped == 2)
    }

    @Test(arguments: [
        ("1970-01-01T00:00:00", Int64(0)), ("2000-03-01T00:00:00Z", Int64(951_868_800)),
        ("2024-02-29T23:59:59", Int64(1_709_251_199)),
    ])
    func apiDates(_ text: String, _ seconds: Int64) {
        #expect(APIDate.seconds(text) == seconds)
    }

    @Test(arguments: ["2024-13-01T00:00:00", "2024-01-01", "2024-01-01T00:00:00+02:00", "2024-01-01T00:00:00."])
    func unreadableAPIDates(_ text: String) {
        #expect(APIDate.seconds(text) == nil)
    }
}
