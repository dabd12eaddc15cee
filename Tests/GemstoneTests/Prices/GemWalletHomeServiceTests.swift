import Primitives
import Testing
@testable import Gemstone

private func data(_ asset: Asset, whole: UInt64, price: Double? = nil, change: Double = 0, enabled: Bool = true) -> GemAssetData {
    let units = BigUInt(whole) * BigUInt.powerOfTen(Int(asset.decimals))
    return GemAssetData(asset: asset,
                        balance: GemBalance(assetId: asset.id, available: units, staked: .zero, pending: .zero, locked: .zero, reserved: .zero),
                        price: price.map { GemAssetPrice(assetId: asset.id, priceUsd: $0, price: $0, priceChangePercentage24h: change) },
                        isEnabled: enabled, address: nil)
}

private struct Harness {
    let store: MemoryPriceStore
    let transport = TestHTTPTransport()
    let prices: GemPriceService
    let home: GemWalletHomeService

    init(store: MemoryPriceStore) throws {
        self.store = store
        let preferences = GemPreferencesService(store: MemoryPreferencesStore(["currency": "EUR"]))
        prices = try GemPriceService(baseURL: "http://127.0.0.1:9", transport: transport, preferences: preferences, store: store)
        home = GemWalletHomeService(prices: prices)
    }
}

@Suite struct GemWalletHomeServiceTests {
    @Test func theTotalAndItsChangeFromEachPricesDailyMove() {
        // 2 ETH at 100 (+25% over the day: 80 a day ago) and 1 BTC at 50 (unchanged), a hidden token left out.
        let value = WalletHomeRules.value([data(Fixtures.ethereum, whole: 2, price: 100, change: 25), data(Fixtures.bitcoin, whole: 1, price: 50),
                                           data(Fixtures.usdt, whole: 1_000, price: 1, enabled: false)], currency: "EUR")
        #expect(value.total.value == 250)
        #expect(value.total.unit == .currency(code: "EUR"))
        #expect(value.change.value == 40)
        #expect(value.change.tone == .positive)
        #expect(value.changePercentage.value == 40.0 / 210.0 * 100)
        #expect(value.rows.count == 2)
    }

    @Test func aFallingWalletReadsNegative() {
        let value = WalletHomeRules.value([data(Fixtures.ethereum, whole: 1, price: 90, change: -10)], currency: "USD")
        #expect(value.change.tone == .negative)
        #expect(value.change.value < 0)
    }

    @Test func theHomeReadsTheStoredPricesInTheirCurrency() async throws {
        let stored = GemAssetPrice(assetId: Fixtures.ethereum.id, priceUsd: 100, price: 90, priceChangePercentage24h: 0)
        let harness = try Harness(store: MemoryPriceStore(prices: [stored], conversion: GemPriceConversion(currency: "EUR", rate: 0.9)))
        let home = await harness.home.load(assets: [data(Fixtures.ethereum, whole: 2, price: 1)], previous: nil)
        #expect(home.state == .data)
        #expect(home.value.total.value == 180)
        #expect(home.value.currency == "EUR")
    }

    @Test func aFailedRefreshKeepsWhatIsShown() async throws {
        let stored = GemAssetPrice(assetId: Fixtures.ethereum.id, priceUsd: 100, price: 90, priceChangePercentage24h: 0)
        let harness = try Harness(store: MemoryPriceStore(prices: [stored], conversion: GemPriceConversion(currency: "EUR", rate: 0.9)))
        let assets = [data(Fixtures.ethereum, whole: 2)]
        let shown = await harness.home.load(assets: assets, previous: nil)
        await harness.transport.enqueue(.failure(.offline(message: "down")), .failure(.offline(message: "down")))
        let refreshed = await harness.home.refresh(assets: assets, previous: shown)
        #expect(refreshed == shown)
        #expect(refreshed.state == .data)
    }

    @Test func aFailedFirstLoadShowsTheError() async throws {
        let harness = try Harness(store: MemoryPriceStore())
        await harness.transport.enqueue(.failure(.offline(message: "down")), .failure(.offline(message: "down")))
        let home = await harness.home.refresh(assets: [data(Fixtures.ethereum, whole: 1)], previous: nil)
        #expect(home.state == .error(error: .offline(message: "down")))
        #expect(home.value.rows.isEmpty)
    }
}

@Suite struct WalletHomeTransitionTests {
    private static let value = WalletHomeRules.value([], currency: "EUR")

    @Test(arguments: [GemLoadState.noData, .loading, .error(error: .offline(message: "x"))])
    func aFailureWithNothingShownIsTheError(_ state: GemLoadState) {
        let previous = GemWalletHome(state: state, value: Self.value)
        #expect(GemWalletHomeService.next(previous, .failure(.store(message: "s"))).state == .error(error: .store(message: "s")))
    }

    @Test func aFailureKeepsAShownHomeAndSuccessReplacesIt() {
        let shown = GemWalletHome(state: .data, value: Self.value)
        #expect(GemWalletHomeService.next(shown, .failure(.offline(message: "x"))) == shown)
        let fresh = WalletHomeRules.value([], currency: "GBP")
        #expect(GemWalletHomeService.next(shown, .success(fresh)) == GemWalletHome(state: .data, value: fresh))
    }
}
