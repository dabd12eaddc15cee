import Primitives
import Testing
@testable import Gemstone

/// The service composed from the testkit doubles of every port it uses.
private struct Harness {
    let store: MemoryPriceAlertStore
    let transport: TestHTTPTransport
    let preferencesStore: MemoryPreferencesStore
    let permissions: TestNotificationPermissions
    let service: GemPriceAlertService

    init(local: [PriceAlert] = [], deviceId: String? = "device-1", alertsEnabled: Bool? = nil) throws {
        store = MemoryPriceAlertStore(local)
        transport = TestHTTPTransport()
        var values: [String: String] = [:]
        values["device_id"] = deviceId
        values["price_alerts_enabled"] = alertsEnabled.map { $0 ? "true" : "false" }
        preferencesStore = MemoryPreferencesStore(values)
        permissions = TestNotificationPermissions()
        service = try GemPriceAlertService(
            baseURL: "http://127.0.0.1:9/",
            transport: transport,
            preferences: GemPreferencesService(store: preferencesStore),
            store: store,
            permissions: permissions
        )
    }
}

private func json(_ alerts: [PriceAlert]) throws -> String {
    try JSONCodec.encodeString(alerts)
}

private let btc = PriceAlert.mock()
private let eth = PriceAlert.mock(assetId: "ethereum", price: 5_000)
private let sol = PriceAlert.mock(assetId: "solana", price: nil, pricePercentChange: 10, priceDirection: .down)

/// The three ways an API call fails: a refusal (4xx), a server error (5xx), no network.
private let failures: [(Result<GemHTTPResponse, GemServiceError>, GemServiceError)] = [
    (.status(409, #"{"error":{"message":"refused by test server"}}"#), .api(status: 409, message: "refused by test server")),
    (.status(500, ""), .api(status: 500, message: "internal server error")),
    (.failure(.offline(message: "no route to host")), .offline(message: "no route to host")),
]

struct GemPriceAlertServiceTests {
    // MARK: construction and reads

    @Test func rejectsMalformedBaseURL() {
        #expect(throws: GemServiceError.self) {
            try GemPriceAlertService(baseURL: "127.0.0.1:9", transport: TestHTTPTransport(),
                                     preferences: GemPreferencesService(store: MemoryPreferencesStore()),
                                     store: MemoryPriceAlertStore(), permissions: TestNotificationPermissions())
        }
    }

    @Test func getPriceAlertsReadsTheStore() async throws {
        let h = try Harness(local: [btc, eth])
        #expect(try await h.service.getPriceAlerts(assetId: nil) == [btc, eth])
        #expect(try await h.service.getPriceAlerts(assetId: "ethereum") == [eth])
        #expect(await h.transport.requests.isEmpty)
    }

    // MARK: sync

    @Test func syncWritesOnlyTheDiff() async throws {
        let h = try Harness(local: [btc, eth])
        var notified = eth
        notified.lastNotifiedAt = 42
        await h.transport.enqueue(.status(200, try json([notified, sol])))
        let result = try await h.service.sync(assetId: nil)
        #expect(result == GemPriceAlertSyncResult(upserted: [notified, sol], deletedIds: [btc.id]))
        #expect(await h.store.updates == [.init(alerts: [notified, sol], deleteIds: [btc.id])])
        #expect(await h.store.rows == [notified, sol])
        let requests = await h.transport.requests
        #expect(requests.map(\.url) == ["http://127.0.0.1:9/v1/devices/device-1/price_alerts"])
        #expect(requests.map(\.method) == [.get])
    }

    @Test func syncWritesNothingWhenLocalAndRemoteAgree() async throws {
        let h = try Harness(local: [btc, eth])
        await h.transport.enqueue(.status(200, try json([eth, btc])))
        #expect(try await h.service.sync(assetId: nil) == GemPriceAlertSyncResult(upserted: [], deletedIds: []))
        #expect(await h.store.writes == 0)
    }

    @Test func syncOfOneAssetAsksForItAndLeavesOtherAssetsAlone() async throws {
        let h = try Harness(local: [btc, eth])
        await h.transport.enqueue(.status(200, "[]"))
        let result = try await h.service.sync(assetId: "ethereum")
        #expect(result.deletedIds == [eth.id])
        #expect(await h.store.rows == [btc])
        #expect(await h.transport.requests.map(\.url) == ["http://127.0.0.1:9/v1/devices/device-1/price_alerts?asset_id=ethereum"])
    }

    @Test func syncReadsRemoteAndLocalConcurrently() async throws {
        let h = try Harness(local: [btc])
        await h.transport.hold()
        let sync = Task { try await h.service.sync(assetId: nil) }
        await h.transport.waitForRequests(1)
        // The remote answer is held back; the local read must not wait for it.
        var reads = 0
        for _ in 0..<1000 where reads == 0 {
            await Task.yield()
            reads = await h.store.reads
        }
        #expect(reads == 1)
        await h.transport.release()
        _ = try await sync.value
        #expect(await h.store.rows.isEmpty)
    }

    @Test(arguments: failures)
    func syncFailureWritesNothing(outcome: Result<GemHTTPResponse, GemServiceError>, error: GemServiceError) async throws {
        let h = try Harness(local: [btc])
        await h.transport.enqueue(outcome)
        await #expect(throws: error) { try await h.service.sync(assetId: nil) }
        #expect(await h.store.writes == 0)
        #expect(await h.store.rows == [btc])
    }

    @Test func syncReportsAnUnreadableRemoteAnswer() async throws {
        let h = try Harness(local: [btc])
        await h.transport.enqueue(.status(200, "{}"))
        await #expect(throws: GemServiceError.self) { try await h.service.sync(assetId: nil) }
        #expect(await h.store.writes == 0)
    }

    @Test func syncReportsALocalReadFailure() async throws {
        let h = try Harness(local: [btc])
        await h.store.scriptReads(.store(message: "disk I/O error"))
        await #expect(throws: GemServiceError.store(message: "disk I/O error")) { try await h.service.sync(assetId: nil) }
        #expect(await h.store.writes == 0)
    }

    // MARK: add

    @Test func addWritesLocallyFirstThenPosts() async throws {
        let h = try Harness()
        await h.transport.hold()
        let add = Task { try await h.service.add(btc) }
        await h.transport.waitForRequests(1)
        #expect(await h.store.rows == [btc])
        await h.transport.release()
        let result = try await add.value
        #expect(result == GemPriceAlertAddResult(alert: btc, enabled: true, permission: .granted))
        let request = try #require(await h.transport.requests.first)
        #expect(request.method == .post)
        #expect(request.url == "http://127.0.0.1:9/v1/devices/device-1/price_alerts")
        #expect(request.body == (try json([btc])))
        #expect(await h.store.rows == [btc])
    }

    @Test func addTurnsAlertsOnAndAsksEveryTime() async throws {
        let h = try Harness(alertsEnabled: true)
        _ = try await h.service.add(btc)
        _ = try await h.service.add(eth)
        #expect(await h.permissions.asks == 2)
        #expect(h.preferencesStore.values["price_alerts_enabled"] == "true")
        #expect(h.service.isEnabled())
    }

    @Test func addWithPermissionRefusedKeepsTheAlertAndReportsIt() async throws {
        let h = try Harness(alertsEnabled: true)
        await h.permissions.answer(.success(false))
        let result = try await h.service.add(btc)
        #expect(result == GemPriceAlertAddResult(alert: btc, enabled: false, permission: .denied))
        #expect(await h.store.rows == [btc])
        #expect(await h.transport.requests.count == 1)
        #expect(h.service.isEnabled() == false)
    }

    @Test(arguments: failures)
    func addRollsBackANewAlert(outcome: Result<GemHTTPResponse, GemServiceError>, error: GemServiceError) async throws {
        let h = try Harness(local: [eth], alertsEnabled: false)
        await h.transport.enqueue(outcome)
        await #expect(throws: error) { try await h.service.add(btc) }
        #expect(await h.store.rows == [eth])
        #expect(await h.store.updates == [.init(alerts: [btc], deleteIds: []), .init(alerts: [], deleteIds: [btc.id])])
        #expect(h.preferencesStore.values["price_alerts_enabled"] == "false")
    }

    @Test(arguments: failures)
    func addRollsBackToTheRowItReplaced(outcome: Result<GemHTTPResponse, GemServiceError>, error: GemServiceError) async throws {
        var notified = btc
        notified.lastNotifiedAt = 1_700_000_000
        let h = try Harness(local: [eth, notified])
        await h.transport.enqueue(outcome)
        await #expect(throws: error) { try await h.service.add(btc) }
        #expect(await h.store.rows == [eth, notified])
        #expect(await h.store.updates.last == .init(alerts: [notified], deleteIds: []))
    }

    @Test func addThrowsTheApiErrorWhenTheRollbackFails() async throws {
        let h = try Harness()
        await h.transport.enqueue(.status(409, #"{"message":"no"}"#))
        await h.store.scriptUpdates(nil, .store(message: "disk full"))
        await #expect(throws: GemServiceError.api(status: 409, message: "no")) { try await h.service.add(btc) }
    }

    @Test func addLocalWriteFailureSendsNothing() async throws {
        let h = try Harness()
        await h.store.scriptUpdates(.store(message: "disk full"))
        await #expect(throws: GemServiceError.store(message: "disk full")) { try await h.service.add(btc) }
        #expect(await h.transport.requests.isEmpty)
        #expect(await h.store.rows.isEmpty)
    }

    @Test func addRejectsAnInvalidAlertBeforeAnything() async throws {
        let h = try Harness()
        await #expect {
            try await h.service.add(.mock(currency: "usd"))
        } throws: { error in
            guard case .invalidInput = error as? GemServiceError else { return false }
            return true
        }
        #expect(await h.permissions.asks == 0)
        #expect(await h.store.writes == 0)
        #expect(await h.transport.requests.isEmpty)
    }

    @Test func addPermissionPortFailureWritesNothing() async throws {
        let h = try Harness()
        await h.permissions.answer(.failure(.port(message: "no notification service")))
        await #expect(throws: GemServiceError.port(message: "no notification service")) { try await h.service.add(btc) }
        #expect(await h.store.writes == 0)
        #expect(await h.transport.requests.isEmpty)
        #expect(h.preferencesStore.writes == 0)
    }

    // MARK: delete

    @Test func deleteRemovesLocallyFirstThenDeletesRemotely() async throws {
        let h = try Harness(local: [btc, eth, sol])
        await h.transport.hold()
        let delete = Task { try await h.service.delete(ids: [eth.id, sol.id]) }
        await h.transport.waitForRequests(1)
        #expect(await h.store.rows == [btc])
        await h.transport.release()
        #expect(try await delete.value == [eth, sol])
        let request = try #require(await h.transport.requests.first)
        #expect(request.method == .delete)
        #expect(request.url == "http://127.0.0.1:9/v1/devices/device-1/price_alerts")
        #expect(request.body == (try json([eth, sol])))
        #expect(await h.store.updates == [.init(alerts: [], deleteIds: [eth.id, sol.id])])
    }

    @Test(arguments: failures)
    func deleteRestoresTheRows(outcome: Result<GemHTTPResponse, GemServiceError>, error: GemServiceError) async throws {
        var notified = eth
        notified.lastNotifiedAt = 77
        let h = try Harness(local: [btc, notified])
        await h.transport.enqueue(outcome)
        await #expect(throws: error) { try await h.service.delete(ids: [notified.id]) }
        #expect(Set(await h.store.rows) == [btc, notified])
        #expect(await h.store.updates.last == .init(alerts: [notified], deleteIds: []))
    }

    @Test func deleteOfUnknownIdsWritesAndSendsNothing() async throws {
        let h = try Harness(local: [btc])
        #expect(try await h.service.delete(ids: ["nothing:USD:::", ""]) == [])
        #expect(await h.store.writes == 0)
        #expect(await h.transport.requests.isEmpty)
    }

    // MARK: device id

    @Test func everyCommandNeedsADeviceId() async throws {
        let h = try Harness(local: [btc], deviceId: nil)
        let noDevice = GemServiceError.invalidInput(message: "no device id")
        await #expect(throws: noDevice) { try await h.service.sync(assetId: nil) }
        await #expect(throws: noDevice) { try await h.service.add(eth) }
        await #expect(throws: noDevice) { try await h.service.delete(ids: [btc.id]) }
        #expect(await h.store.writes == 0)
        #expect(await h.transport.requests.isEmpty)
        #expect(await h.permissions.asks == 0)
    }

    // MARK: enable

    @Test func setEnabledAsksEveryTimeEvenWhenAlreadyOn() async throws {
        let h = try Harness(alertsEnabled: true)
        #expect(try await h.service.setEnabled(true) == GemPriceAlertsToggle(enabled: true, permission: .granted))
        #expect(try await h.service.setEnabled(true) == GemPriceAlertsToggle(enabled: true, permission: .granted))
        #expect(await h.permissions.asks == 2)
        #expect(h.service.isEnabled())
    }

    @Test func setEnabledReportsARefusalAsAValue() async throws {
        let h = try Harness(alertsEnabled: false)
        await h.permissions.answer(.success(false))
        #expect(try await h.service.setEnabled(true) == GemPriceAlertsToggle(enabled: false, permission: .denied))
        #expect(h.service.isEnabled() == false)
        #expect(h.preferencesStore.writes == 0)
    }

    @Test func setEnabledRefusalTurnsAnEnabledSwitchOff() async throws {
        let h = try Harness(alertsEnabled: true)
        await h.permissions.answer(.success(false))
        #expect(try await h.service.setEnabled(true) == GemPriceAlertsToggle(enabled: false, permission: .denied))
        #expect(h.preferencesStore.values["price_alerts_enabled"] == "false")
    }

    @Test func setEnabledFalseDoesNotAsk() async throws {
        let h = try Harness(alertsEnabled: true)
        #expect(try await h.service.setEnabled(false) == GemPriceAlertsToggle(enabled: false, permission: nil))
        #expect(await h.permissions.asks == 0)
        #expect(h.service.isEnabled() == false)
    }

    @Test func setEnabledPortFailureStoresNothing() async throws {
        let h = try Harness(alertsEnabled: false)
        await h.permissions.answer(.failure(.port(message: "denied by policy")))
        await #expect(throws: GemServiceError.port(message: "denied by policy")) { try await h.service.setEnabled(true) }
        #expect(h.preferencesStore.writes == 0)
    }

    @Test func setEnabledNeedsNoDeviceId() async throws {
        let h = try Harness(deviceId: nil)
        #expect(try await h.service.setEnabled(true).enabled)
    }

    // MARK: ordering

    /// A sync that arrives while an add waits for the API runs after the add has finished, so it
    /// can neither see the add's unposted row nor have its write undone by the add's rollback.
    @Test func commandsRunOneAtATime() async throws {
        let h = try Harness()
        await h.transport.hold()
        let add = Task { try await h.service.add(btc) }
        await h.transport.waitForRequests(1)
        let sync = Task { try await h.service.sync(assetId: nil) }
        for _ in 0..<100 { await Task.yield() }
        #expect(await h.transport.requests.count == 1)
        await h.transport.enqueue(.status(200, try json([btc])))
        await h.transport.release()
        _ = try await add.value
        #expect(try await sync.value == GemPriceAlertSyncResult(upserted: [], deletedIds: []))
        #expect(await h.transport.requests.map(\.method) == [.post, .get])
    }
}
