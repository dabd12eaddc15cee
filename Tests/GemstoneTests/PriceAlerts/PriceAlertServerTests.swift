import Primitives
import Testing
@testable import Gemstone

/// The service against `tests/server/api_server.py` over real HTTP: the REST target, the body
/// encoding and the response mapper agree with the server the C, Python and Kotlin hosts test with.
@Suite(.serialized)
struct PriceAlertServerTests {
    @Test func scenarioAddListSyncRefuseDisable() async throws {
        let server = try #require(TestAPIServer.start(), "python3 tests/server/api_server.py did not start")
        let store = MemoryPriceAlertStore()
        let preferences = GemPreferencesService(store: MemoryPreferencesStore())
        try preferences.setDeviceId("device/1")
        let service = try GemPriceAlertService(baseURL: server.baseURL, transport: URLSessionTransport(),
                                               preferences: preferences, store: store,
                                               permissions: TestNotificationPermissions())
        let btc = PriceAlert.mock()
        let eth = PriceAlert.mock(assetId: "ethereum", price: nil, pricePercentChange: 5, priceDirection: .down)

        // add, list
        #expect(try await service.add(btc) == GemPriceAlertAddResult(alert: btc, enabled: true, permission: .granted))
        #expect(try await service.getPriceAlerts(assetId: nil) == [btc])
        let remote = try JSONCodec.decode([PriceAlert].self, from: Array(try await server.control(.get, "/_control/alerts/device%2F1").utf8))
        #expect(remote == [btc])

        // sync: the remote side gained eth; only eth is written
        try await server.control(.put, "/_control/alerts/device%2F1", body: try JSONCodec.encodeString([btc, eth]))
        let writesBefore = await store.writes
        #expect(try await service.sync(assetId: nil) == GemPriceAlertSyncResult(upserted: [eth], deletedIds: []))
        #expect(await store.writes == writesBefore + 1)
        #expect(try await service.sync(assetId: "ethereum") == GemPriceAlertSyncResult(upserted: [], deletedIds: []))
        #expect(await store.writes == writesBefore + 1)

        // a refused write is rolled back and reported with the server's message
        try await server.control(.post, "/_control/refuse_next_write")
        await #expect(throws: GemServiceError.api(status: 409, message: "refused by test server")) {
            try await service.delete(ids: [eth.id])
        }
        #expect(try await service.getPriceAlerts(assetId: nil) == [btc, eth])

        // a 500 on add leaves nothing behind
        try await server.control(.post, "/_control/fail_next")
        let sol = PriceAlert.mock(assetId: "solana", price: 250)
        await #expect(throws: GemServiceError.api(status: 500, message: "failed by test server")) { try await service.add(sol) }
        #expect(try await service.getPriceAlerts(assetId: "solana") == [])

        // delete, disable
        #expect(try await service.delete(ids: [eth.id]) == [eth])
        let after = try JSONCodec.decode([PriceAlert].self, from: Array(try await server.control(.get, "/_control/alerts/device%2F1").utf8))
        #expect(after == [btc])
        #expect(try await service.setEnabled(false) == GemPriceAlertsToggle(enabled: false, permission: nil))
        #expect(service.isEnabled() == false)
    }

    @Test func unreachableServerIsOfflineAndRolledBack() async throws {
        let store = MemoryPriceAlertStore()
        let preferences = GemPreferencesService(store: MemoryPreferencesStore(["device_id": "d"]))
        // Port 9 (discard) on loopback: nothing listens there on a test machine.
        let service = try GemPriceAlertService(baseURL: "http://127.0.0.1:9", transport: URLSessionTransport(),
                                               preferences: preferences, store: store,
                                               permissions: TestNotificationPermissions())
        await #expect {
            try await service.add(.mock())
        } throws: { error in
            guard case .offline = error as? GemServiceError else { return false }
            return true
        }
        #expect(await store.rows.isEmpty)
    }
}
