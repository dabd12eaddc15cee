import Primitives
import Testing
@testable import Gemstone

/// A stream connection that records what it was asked to send, answers `connected` and fails the sends
/// scripted to fail.
actor RecordingStreamConnection: GemStreamConnection {
    var connected = true
    private(set) var sent: [GemStreamMessage] = []
    private var sendFailures: [GemServiceError] = []

    func setConnected(_ value: Bool) { connected = value }

    func failNextSend(_ error: GemServiceError) { sendFailures.append(error) }

    /// The next send succeeds and the one after it fails.
    func failAfterOneSend(_ error: GemServiceError) { failAfter = (1, error) }
    private var failAfter: (sends: Int, error: GemServiceError)?

    func isConnected() async throws(GemServiceError) -> Bool { connected }

    func send(_ message: GemStreamMessage) async throws(GemServiceError) {
        if !sendFailures.isEmpty { throw sendFailures.removeFirst() }
        if let (sends, error) = failAfter {
            if sends == 0 {
                failAfter = nil
                throw error
            }
            failAfter = (sends - 1, error)
        }
        sent.append(message)
    }
}

private struct StreamHarness {
    let balances: BalanceHarness
    let alertStore: MemoryPriceAlertStore
    let connection = RecordingStreamConnection()
    let service: GemStreamSubscriptionService

    init(alerts: [PriceAlert] = [PriceAlert.mock(assetId: "bitcoin"), PriceAlert.mock(assetId: "ethereum", price: 5_000)]) throws {
        balances = BalanceHarness()
        alertStore = MemoryPriceAlertStore(alerts)
        let alertService = try GemPriceAlertService(baseURL: "http://127.0.0.1:9/", transport: TestHTTPTransport(),
                                                    preferences: GemPreferencesService(store: MemoryPreferencesStore()),
                                                    store: alertStore, permissions: TestNotificationPermissions())
        service = GemStreamSubscriptionService(assets: balances.assets, alerts: alertService, connection: connection)
    }

    func addUSDT() async throws {
        try await balances.assetStore.updateWalletAssets(GemWalletAssetsUpdate(walletId: BalanceHarness.walletA, add: [BalanceHarness.usdt], remove: []))
    }
}

struct GemStreamSubscriptionServiceTests {
    let eth = BalanceHarness.eth
    let sol = BalanceHarness.sol
    let usdt = BalanceHarness.usdt
    let btc = AssetId(chain: .bitcoin)

    @Test func firstSubscribeSendsTheWalletsAssetsAndTheAlertsAssets() async throws {
        let harness = try StreamHarness()
        let result = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        #expect(result == GemStreamSubscription(walletId: BalanceHarness.walletA, assets: [eth, sol, btc], sent: .full, sentAssets: [eth, sol, btc],
                                                     unsubscribedAssets: []))
        #expect(await harness.connection.sent == [GemStreamMessage(type: .subscribePrices, data: GemStreamMessagePrices(assets: [eth, sol, btc]))])
    }

    @Test func aNewTokenSendsOnlyIt() async throws {
        let harness = try StreamHarness()
        _ = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        try await harness.addUSDT()
        let result = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        #expect(result.sent == .added)
        #expect(result.sentAssets == [usdt])
        #expect(result.assets == [eth, sol, usdt, btc])
        #expect(await harness.connection.sent.last == GemStreamMessage(type: .addPrices, data: GemStreamMessagePrices(assets: [usdt])))
    }

    @Test func unchangedSendsNothing() async throws {
        let harness = try StreamHarness()
        _ = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        let again = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        #expect(again.sent == GemStreamSubscriptionSent.none)
        #expect(again.sentAssets.isEmpty)
        #expect(await harness.connection.sent.count == 1)
    }

    @Test func anotherWalletSendsAFullSubscription() async throws {
        let harness = try StreamHarness()
        _ = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        let result = try await harness.service.subscribe(walletId: BalanceHarness.walletB)
        #expect(result.sent == .full)
        #expect(await harness.connection.sent.last?.type == .subscribePrices)
    }

    @Test func notConnectedSendsNothingAndTheNextConnectedSubscribeIsFull() async throws {
        let harness = try StreamHarness()
        _ = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        await harness.connection.setConnected(false)
        let offline = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        #expect(offline.sent == GemStreamSubscriptionSent.none)
        #expect(offline.assets == [eth, sol, btc])
        #expect(await harness.connection.sent.count == 1)
        await harness.connection.setConnected(true)
        let back = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        #expect(back.sent == .full)
        #expect(await harness.connection.sent.count == 2)
    }

    @Test func aFailedSendIsSentAgainOnTheNextSubscribe() async throws {
        let harness = try StreamHarness()
        _ = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        try await harness.addUSDT()
        await harness.connection.failNextSend(.offline(message: "socket closed"))
        await #expect(throws: GemServiceError.offline(message: "socket closed")) {
            try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        }
        let retry = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        #expect(retry.sent == .added)
        #expect(retry.sentAssets == [usdt])
    }

    @Test func aRemovedTokenIsUnsubscribedAndANewOneAddedInOneSubscribe() async throws {
        let harness = try StreamHarness()
        try await harness.addUSDT()
        _ = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        try await harness.balances.assetStore.updateWalletAssets(
            GemWalletAssetsUpdate(walletId: BalanceHarness.walletA, add: [], remove: [BalanceHarness.usdt]))
        let removed = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        #expect(removed.sent == .removed && removed.unsubscribedAssets == [usdt] && removed.sentAssets.isEmpty)
        #expect(await harness.connection.sent.last == GemStreamMessage(type: .unsubscribePrices, data: GemStreamMessagePrices(assets: [usdt])))
        #expect(try await harness.service.subscribe(walletId: BalanceHarness.walletA).sent == GemStreamSubscriptionSent.none)
    }

    @Test func aFailedAdditionAfterAnUnsubscriptionSendsOnlyTheAdditionAgain() async throws {
        let harness = try StreamHarness()
        let connection = harness.connection
        _ = try await harness.service.subscribe(walletId: BalanceHarness.walletA)   // eth, sol, btc (the bitcoin alert)
        let bitcoinAlert = try #require(await harness.alertStore.rows.first { $0.assetId == "bitcoin" })
        try await harness.alertStore.updatePriceAlerts(alerts: [], deleteIds: [bitcoinAlert.id])
        try await harness.addUSDT()
        // the unsubscription of btc goes out, the addition of usdt fails
        await connection.failAfterOneSend(.offline(message: "socket closed"))
        await #expect(throws: GemServiceError.offline(message: "socket closed")) {
            try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        }
        #expect(await connection.sent.count == 2)
        #expect(await connection.sent.last == GemStreamMessage(type: .unsubscribePrices, data: GemStreamMessagePrices(assets: [btc])))
        let retry = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        #expect(retry.sent == .added && retry.sentAssets == [usdt] && retry.unsubscribedAssets.isEmpty,
                "the unsubscription was remembered as sent; only the addition goes again")
        #expect(await connection.sent.count == 3)
    }

    @Test func aResetMakesTheNextSubscribeFull() async throws {
        let harness = try StreamHarness()
        _ = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        #expect(try await harness.service.subscribe(walletId: BalanceHarness.walletA).sent == GemStreamSubscriptionSent.none)
        await harness.service.reset()
        #expect(await harness.connection.sent.count == 1, "a reset sends nothing")
        let again = try await harness.service.subscribe(walletId: BalanceHarness.walletA)
        #expect(again.sent == .full && again.sentAssets == [eth, sol, btc])
    }

    @Test func aFailedFirstSendStaysFull() async throws {
        let harness = try StreamHarness()
        await harness.connection.failNextSend(.offline(message: "socket closed"))
        await #expect(throws: GemServiceError.self) { try await harness.service.subscribe(walletId: BalanceHarness.walletA) }
        #expect(try await harness.service.subscribe(walletId: BalanceHarness.walletA).sent == .full)
    }

    @Test func anUnknownWalletIsNotFoundAndSendsNothing() async throws {
        let harness = try StreamHarness()
        let unknown = WalletId.multicoin(address: "0xCCCC")
        await #expect(throws: GemServiceError.self) { try await harness.service.subscribe(walletId: unknown) }
        #expect(await harness.connection.sent.isEmpty)
    }
}
