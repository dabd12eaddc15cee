import Primitives
import Testing
@testable import Gemstone

private let btc = AssetId(chain: .bitcoin)
private let eth = AssetId(chain: .ethereum)

private struct Harness {
    let store: MemoryPriceStore
    let transport = TestHTTPTransport()
    let preferences: GemPreferencesService
    let service: GemPriceService

    init(currency: String = "EUR", store: MemoryPriceStore = MemoryPriceStore()) throws {
        self.store = store
        preferences = GemPreferencesService(store: MemoryPreferencesStore(["currency": currency]))
        service = try GemPriceService(baseURL: "http://127.0.0.1:9", transport: transport, preferences: preferences, store: store)
    }
}

private func tick(eur: Double? = nil, prices: [(String, Double)] = [], extra: String = "") -> [UInt8] {
    let rates = eur.map { #"[{"symbol":"EUR","rate":\#($0)}]"# } ?? "[]"
    let list = prices.map { #"{"assetId":"\#($0.0)","price":\#($0.1),"priceChangePercentage24h":1}"# }
    return Array(#"{"rates":\#(rates),"prices":[\#((list + (extra.isEmpty ? [] : [extra])).joined(separator: ","))]}"#.utf8)
}

@Suite struct GemPriceServiceTests {
    @Test func syncAsksInUSDAndConvertsOnce() async throws {
        let harness = try Harness()
        // The prices and the rates are asked for together: each answer goes by its URL, not by arrival order.
        await harness.transport.route("/v1/prices",
            .status(200, #"{"currency":"USD","prices":[{"assetId":"bitcoin","price":100000,"priceChangePercentage24h":2,"lastUpdatedAt":"2024-12-04T10:00:00"}]}"#))
        await harness.transport.route("/v1/fiat_rates", .status(200, #"[{"symbol":"EUR","rate":0.9},{"symbol":"XXX","rate":3}]"#))
        let result = try await harness.service.syncPrices(assetIds: [btc])
        let requests = await harness.transport.requests
        let body = try #require(requests.first { $0.url.hasSuffix("/v1/prices") }?.body)
        #expect(body == #"{"currency":"USD","assetIds":["bitcoin"]}"#)
        #expect(requests.contains { $0.url == "http://127.0.0.1:9/v1/fiat_rates" && $0.method == .get })
        #expect(result == GemPriceTickResult(currency: "EUR", prices: 1, rates: 1, dropped: 1, conversion: GemPriceConversion(currency: "EUR", rate: 0.9)))
        let stored = try #require(await harness.store.price(btc))
        #expect(stored.priceUsd == 100_000)
        #expect(stored.price == 90_000)
    }

    @Test func aFailedRequestWritesNothing() async throws {
        let harness = try Harness()
        await harness.transport.route("/v1/prices", .status(500, "{}"))
        await harness.transport.route("/v1/fiat_rates", .status(200, "[]"))
        await #expect(throws: GemServiceError.self) { try await harness.service.syncPrices(assetIds: [btc]) }
        #expect(await harness.store.ticks.isEmpty)
    }

    @Test func aStaleConversionIsNeverAppliedTwice() async throws {
        let harness = try Harness()
        let first = try await harness.service.applyTick(tick(eur: 0.9, prices: [("bitcoin", 100)]))
        let second = try await harness.service.applyTick(tick(eur: 0.9, prices: [("ethereum", 10)]))
        #expect(first.conversion == GemPriceConversion(currency: "EUR", rate: 0.9))
        #expect(second.conversion == nil)
        #expect(await harness.store.ticks.map(\.conversion) == [GemPriceConversion(currency: "EUR", rate: 0.9), nil])
        #expect(await harness.store.price(btc)?.price == 90)
        #expect(await harness.store.price(eth)?.price == 9)
    }

    @Test func aNewRateRepricesStoredPricesFromTheirUSDPrice() async throws {
        let harness = try Harness()
        try await harness.service.applyTick(tick(eur: 0.9, prices: [("bitcoin", 100)]))
        let result = try await harness.service.applyTick(tick(eur: 0.5))
        #expect(result.conversion == GemPriceConversion(currency: "EUR", rate: 0.5))
        #expect(await harness.store.price(btc)?.price == 50)
    }

    @Test func aFailedWriteRollsBackSoAnIdenticalRetryApplies() async throws {
        let harness = try Harness(store: MemoryPriceStore(
            prices: [GemAssetPrice(assetId: btc, priceUsd: 100, price: 90, priceChangePercentage24h: 0)],
            rates: [GemFiatRate(symbol: "EUR", rate: 0.9)], conversion: GemPriceConversion(currency: "EUR", rate: 0.9)))
        await harness.store.scriptWrites(.store(message: "disk full"))
        let payload = tick(eur: 0.8)
        await #expect(throws: GemServiceError.store(message: "disk full")) { try await harness.service.applyTick(payload) }
        #expect(await harness.store.price(btc)?.price == 90)
        let retry = try await harness.service.applyTick(payload)
        #expect(retry.conversion == GemPriceConversion(currency: "EUR", rate: 0.8))
        #expect(await harness.store.price(btc)?.price == 80)
    }

    @Test func oneBadEntryInATickDropsThatEntryOnly() async throws {
        let harness = try Harness()
        let payload = Array(#"{"rates":[{"symbol":"EUR","rate":0.9},{"symbol":"QQQ","rate":1}],"prices":[{"assetId":"bitcoin","price":100,"priceChangePercentage24h":0},{"assetId":"bitcoin"}]}"#.utf8)
        let result = try await harness.service.applyTick(payload)
        #expect(result.prices == 1)
        #expect(result.rates == 1)
        #expect(result.dropped == 2)
    }

    @Test(arguments: ["[]", "not json", #"{"prices":{}}"#])
    func aTickThatIsNotAPayloadWritesNothing(_ text: String) async throws {
        let harness = try Harness()
        await #expect(throws: GemServiceError.self) { try await harness.service.applyTick(Array(text.utf8)) }
        #expect(await harness.store.ticks.isEmpty)
    }

    @Test func anEmptyTickWithTheConversionStoredWritesNothing() async throws {
        let harness = try Harness(store: MemoryPriceStore(conversion: GemPriceConversion(currency: "EUR", rate: 0.9)))
        _ = try await harness.service.applyTick(Array(#"{"rates":[{"symbol":"EUR","rate":0.9}]}"#.utf8))
        _ = try await harness.service.reprice()
        #expect(await harness.store.ticks.count == 1)
        #expect(await harness.store.ticks.first?.conversion == nil)
    }

    @Test func changingTheCurrencyRepricesAtItsStoredRate() async throws {
        let harness = try Harness(currency: "USD")
        try await harness.service.applyTick(tick(eur: 0.9, prices: [("bitcoin", 100)]))
        #expect(await harness.store.price(btc)?.price == 100)
        let currencies = GemCurrencyService(preferences: harness.preferences, prices: harness.service)
        let result = try await currencies.setCurrency("EUR")
        #expect(currencies.currency() == "EUR")
        #expect(result.conversion == GemPriceConversion(currency: "EUR", rate: 0.9))
        #expect(await harness.store.price(btc)?.price == 90)
    }

    @Test func anUnknownCurrencyIsRefusedAndChangesNothing() async throws {
        let harness = try Harness(currency: "USD")
        let currencies = GemCurrencyService(preferences: harness.preferences, prices: harness.service)
        await #expect(throws: GemServiceError.self) { try await currencies.setCurrency("ABC") }
        #expect(currencies.currency() == "USD")
        #expect(await harness.store.ticks.isEmpty)
    }

    @Test func aSyncOfTooManyAssetsIsRefusedBeforeAnyRequest() async throws {
        let harness = try Harness()
        let ids = Array(repeating: btc, count: GemPriceService.maximumAssets + 1)
        await #expect(throws: GemServiceError.self) { try await harness.service.syncPrices(assetIds: ids) }
        #expect(await harness.transport.requests.isEmpty)
    }
}
