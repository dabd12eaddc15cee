import Primitives
import Testing
@testable import Gemstone

/// The price service against `tests/server/api_server.py` over real HTTP: the API's shapes, a refused
/// request writing nothing, a malformed seeded entry dropped alone.
@Suite struct PriceServerTests {
    @Test func syncOverHTTP() async throws {
        let server = try #require(TestAPIServer.start(), "python3 tests/server/api_server.py did not start")
        try await server.control(.put, "/_control/fiat_rates", body: #"[{"symbol":"EUR","rate":0.5},{"symbol":"ZZZ","rate":2}]"#)
        try await server.control(.put, "/_control/prices", body: #"[{"assetId":"bitcoin","price":100,"priceChangePercentage24h":-1,"lastUpdatedAt":"2024-12-04T10:00:00"},{"assetId":"ethereum","price":"bad"}]"#)
        let store = MemoryPriceStore()
        let preferences = GemPreferencesService(store: MemoryPreferencesStore(["currency": "EUR"]))
        let service = try GemPriceService(baseURL: server.baseURL, transport: URLSessionTransport(), preferences: preferences, store: store)

        try await server.control(.post, "/_control/fail_next_price_request")
        await #expect(throws: GemServiceError.self) { try await service.syncPrices(assetIds: [AssetId(chain: .bitcoin)]) }
        #expect(await store.ticks.isEmpty)

        let result = try await service.syncPrices(assetIds: [AssetId(chain: .bitcoin), AssetId(chain: .ethereum)])
        #expect(result == GemPriceTickResult(currency: "EUR", prices: 1, rates: 1, dropped: 2, conversion: GemPriceConversion(currency: "EUR", rate: 0.5)))
        #expect(await store.price(AssetId(chain: .bitcoin)) == GemAssetPrice(assetId: AssetId(chain: .bitcoin), priceUsd: 100, price: 50, priceChangePercentage24h: -1, updatedAt: 1_733_306_400))
    }
}
