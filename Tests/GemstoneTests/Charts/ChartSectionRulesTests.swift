import Primitives
import Testing
@testable import Gemstone

/// The chart screen's market, alert and link sections (`ChartSectionRules`, through `viewState`): which rows
/// show, in which order, converted at which rate, and which links an app may open.
@Suite struct ChartSectionRulesTests {
    static let bitcoin = AssetId(chain: .bitcoin)
    static let btc = Asset(id: bitcoin, name: "Bitcoin", symbol: "BTC", decimals: 8, type: .native)
    static let eur = GemPriceConversion(currency: "EUR", rate: 0.5)
    static let market = GemAssetMarket(marketCap: 1_900_000_000_000, marketCapFdv: 2_000_000_000_000, marketCapRank: 1,
                                       totalVolume: 30_000, circulatingSupply: 19_800_000, totalSupply: 19_800_000,
                                       maxSupply: 21_000_000)

    /// A session holding two points at the EUR rate 0.5.
    static func loaded() -> GemChartSession {
        let session = GemChartSession.start(assetId: bitcoin, period: .day, currency: "EUR")
        let points = [GemChartPoint(date: 1_000, value: 10), GemChartPoint(date: 1_060, value: 11)]
        return session.applying(.result(result: GemChartResult(request: session.request, state: .data, conversion: eur, points: points)))
    }

    @Test func marketRowsComeInTheScreensOrderConvertedAtTheHeldRate() {
        let rows = ChartSectionRules.market(Self.market, conversion: Self.eur, symbol: "BTC")
        #expect(rows.map(\.title) == [.marketCap, .marketCapRank, .tradingVolume, .fullyDilutedValuation, .circulatingSupply, .totalSupply,
                                      .maxSupply])
        #expect(rows[0].value == .currency(950_000_000_000, code: "EUR", style: .abbreviated))
        #expect(rows[0].value.display == .abbreviated)
        // 30,000 USD is 15,000 EUR: below the abbreviation threshold, in full
        #expect(rows[2].value == .currency(15_000, code: "EUR", style: .abbreviated))
        #expect(rows[2].value.display != .abbreviated)
        #expect(rows[1].value.value == 1 && rows[1].value.unit == .plain)
        #expect(rows[1].value.display == .number(precision: .fraction(min: 0, max: 0)))
        #expect(rows[4].value == .amount(19_800_000, symbol: "BTC", style: .short))
        #expect(rows[4].value.unit == .symbol(symbol: "BTC") && rows[4].value.display == .abbreviated)
    }

    @Test func withoutAHeldRateTheMarketReadsInUSD() {
        let rows = ChartSectionRules.market(Self.market, conversion: nil, symbol: nil)
        #expect(rows[0].value == .currency(1_900_000_000_000, code: "USD", style: .abbreviated))
        #expect(rows[4].value.unit == .plain, "no symbol: a bare number")
    }

    @Test(arguments: [0.0, -1, .nan, .infinity])
    func aFigureNotAboveZeroOrNotFiniteIsLeftOut(value: Double) {
        let market = GemAssetMarket(marketCap: value, marketCapFdv: value, marketCapRank: 0, totalVolume: 5, circulatingSupply: value,
                                    totalSupply: nil, maxSupply: 7)
        let rows = ChartSectionRules.market(market, conversion: Self.eur, symbol: "BTC")
        #expect(rows.map(\.title) == [.tradingVolume, .maxSupply])
        #expect(ChartSectionRules.market(nil, conversion: Self.eur, symbol: "BTC").isEmpty)
    }

    @Test func linksAreTheKnownKindsInOrderFirstOpenableURLEach() {
        let links = [GemAssetLink(name: "coingecko", url: "https://www.coingecko.com/en/coins/bitcoin"),
                     GemAssetLink(name: "Twitter", url: "https://x.com/bitcoin"),
                     GemAssetLink(name: "homepage", url: "http://bitcoin.org"),
                     GemAssetLink(name: "website", url: "https://bitcoin.org"),
                     GemAssetLink(name: "website", url: "https://second.example"),
                     GemAssetLink(name: "myspace", url: "https://myspace.com/bitcoin")]
        #expect(ChartSectionRules.links(links) == [GemChartLinkRow(kind: .website, url: "https://bitcoin.org"),
                                                   GemChartLinkRow(kind: .x, url: "https://x.com/bitcoin"),
                                                   GemChartLinkRow(kind: .coingecko, url: "https://www.coingecko.com/en/coins/bitcoin")])
    }

    @Test(arguments: ["https://bitcoin.org", "HTTPS://bitcoin.org/a?b#c", "https://bitcoin.org:443/", "https://[::1]/"])
    func anHttpsURLWithAHostOpens(url: String) {
        #expect(ChartSectionRules.isOpenable(url))
    }

    @Test(arguments: ["http://bitcoin.org", "javascript:alert(1)", "https://", "https:///path", "https://bank.com@evil.example/",
                      "https://bit coin.org", "https://bitcoin.org/\n", "https://:443/", "ftp://bitcoin.org", "https:/bitcoin.org",
                      "https://" + String(repeating: "a", count: GemConstants.chartMaxLinkBytes)])
    func aURLAnAppShouldNotOpenIsLeftOut(url: String) {
        #expect(!ChartSectionRules.isOpenable(url))
        #expect(ChartSectionRules.links([GemAssetLink(name: "website", url: url)]).isEmpty)
    }

    @Test func alertRowsAreThisAssetsAlertsAtTheHeldRate() {
        let price = GemAssetPrice(assetId: Self.bitcoin, priceUsd: 100_000, price: 100_000, priceChangePercentage24h: 2, updatedAt: 500)
        let alerts = [PriceAlert(assetId: "bitcoin", currency: "EUR", price: 60_000, priceDirection: .up),
                      PriceAlert(assetId: "ethereum", currency: "EUR", price: 4_000, priceDirection: .down),
                      PriceAlert(assetId: "bitcoin", currency: "EUR", pricePercentChange: 5, priceDirection: .down)]
        let rows = ChartSectionRules.alerts(alerts, assetId: Self.bitcoin, asset: Self.btc, price: price, conversion: Self.eur)
        #expect(rows.map(\.id) == [alerts[0].id, alerts[2].id])
        #expect(rows.map(\.kind) == [.price, .pricePercentChange])
        let data = GemAssetData(asset: Self.btc, balance: nil,
                                price: GemAssetPrice(assetId: Self.bitcoin, priceUsd: 100_000, price: 50_000, priceChangePercentage24h: 2,
                                                     updatedAt: 500),
                                isEnabled: true, address: nil)
        #expect(rows[0] == priceAlertRow(GemPriceAlertData(alert: alerts[0], asset: data), currency: "EUR"),
                "the price alert list's row, the price converted at the held rate")
        guard case let .value(value, _) = rows[0].row.trailing, case let .number(number) = value.text else {
            Issue.record("a target alert trails the current price")
            return
        }
        #expect(number.value == 50_000 && number.unit == .currency(code: "EUR"))
    }

    @Test func noAlertRowWithoutTheAssetsRecord() {
        let alerts = [PriceAlert(assetId: "bitcoin", currency: "USD", price: 1, priceDirection: .up)]
        #expect(ChartSectionRules.alerts(alerts, assetId: Self.bitcoin, asset: nil, price: nil, conversion: nil).isEmpty)
        let ether = Asset(id: AssetId(chain: .ethereum), name: "Ethereum", symbol: "ETH", decimals: 18, type: .native)
        #expect(ChartSectionRules.alerts(alerts, assetId: Self.bitcoin, asset: ether, price: nil, conversion: nil).isEmpty)
    }

    @Test func theViewCarriesTheSectionsFromTheOneInputWhateverThePhase() throws {
        let input = GemChartInput(assetId: Self.bitcoin, asset: Self.btc, market: Self.market,
                                  alerts: [PriceAlert(assetId: "bitcoin", currency: "EUR", price: 60_000, priceDirection: .up)],
                                  links: [GemAssetLink(name: "website", url: "https://bitcoin.org")])
        let loading = GemChartSession.start(assetId: Self.bitcoin, period: .day, currency: "EUR").viewState(input: input)
        #expect(loading.phase == .loading)
        #expect(loading.market.first?.value.unit == .currency(code: "USD"), "no rate held yet: USD at 1")
        #expect(loading.alerts.count == 1 && loading.links.count == 1)
        let loaded = try GemChartViewStateRequest(session: Self.loaded(), input: input).answer()
        #expect(loaded.market.first?.value == .currency(950_000_000_000, code: "EUR", style: .abbreviated))
        #expect(loaded.market.map(\.title).contains(.circulatingSupply))
        #expect(loaded.links == [GemChartLinkRow(kind: .website, url: "https://bitcoin.org")])
        #expect(GemChartSession.start(assetId: Self.bitcoin, period: .day, currency: "EUR")
            .viewState(input: GemChartInput(assetId: Self.bitcoin)).market.isEmpty)
    }
}
