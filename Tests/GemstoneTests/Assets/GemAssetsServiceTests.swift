import Blockchain
import Primitives
import Testing
@testable import Gemstone

@Suite struct GemAssetsServiceTests {
    typealias H = BalanceHarness
    static let tst: AssetId = { (try? AssetId(parsing: "ethereum_0x5FbDB2315678afecb367f032d93F642f64180aa3")) ?? AssetId(chain: .ethereum) }()

    @Test func aWalletShowsTheNativeOfEachChainInAccountOrderThenItsTokens() async throws {
        let h = H(tokens: [H.walletA: [H.usdt]])
        let assets = try await h.assets.walletAssets(walletId: H.walletA)
        #expect(assets.map(\.id) == [H.eth, H.sol, H.usdt])
        #expect(assets.first == Asset(id: H.eth, name: "Ethereum", symbol: "ETH", decimals: 18, type: .native))
    }

    @Test func addingATokenReadsItsMetadataFromTheChainOnce() async throws {
        let h = H()
        await h.ethereum.script(metadata: .success(ChainTokenMetadata(name: "Test\u{0}Token", symbol: " TST ", decimals: 6, type: .erc20)))
        let asset = try await h.assets.addToken(walletId: H.walletA, assetId: Self.tst)
        #expect(asset == Asset(id: Self.tst, name: "TestToken", symbol: "TST", decimals: 6, type: .erc20))
        _ = try await h.assets.addToken(walletId: H.walletB, assetId: Self.tst)
        #expect(await h.ethereum.count(.metadata) == 1)
        #expect(try await h.assets.walletAssets(walletId: H.walletA).map(\.id) == [H.eth, H.sol, Self.tst])
    }

    @Test func addingATokenTwiceListsItOnce() async throws {
        let h = H()
        _ = try await h.assets.addToken(walletId: H.walletA, assetId: H.usdt)
        _ = try await h.assets.addToken(walletId: H.walletA, assetId: H.usdt)
        #expect(await h.assetStore.walletAssets[H.walletA] == [H.usdt])
    }

    @Test func aNativeAssetOrAChainWithoutAccountIsRefused() async throws {
        let h = H()
        await #expect(throws: GemServiceError.self) { try await h.assets.addToken(walletId: H.walletA, assetId: H.eth) }
        let tron = try AssetId(parsing: "tron_TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")
        await #expect(throws: GemServiceError.invalidInput(message: "the wallet has no tron account")) {
            try await h.assets.addToken(walletId: H.walletA, assetId: tron)
        }
        #expect(await h.assetStore.writes == 0)
    }

    @Test(arguments: [Int32(-1), 78])
    func decimalsOutsideWhatAnAmountCanHoldAreRefused(decimals: Int32) async throws {
        let h = H()
        await h.ethereum.script(metadata: .success(ChainTokenMetadata(name: "X", symbol: "X", decimals: decimals, type: .erc20)))
        await #expect(throws: GemServiceError.self) { try await h.assets.addToken(walletId: H.walletA, assetId: Self.tst) }
        #expect(await h.assetStore.writes == 0)
    }

    @Test func aNodeFailureReadingMetadataNamesTheChain() async throws {
        let h = H()
        await h.ethereum.script(metadata: .failure(.rpc(code: 3, message: "execution reverted")))
        await #expect(throws: GemServiceError.api(status: 200, message: "ethereum: error 3: execution reverted")) {
            try await h.assets.addToken(walletId: H.walletA, assetId: Self.tst)
        }
    }

    @Test func removingATokenNotListedIsNotFound() async throws {
        let h = H(tokens: [H.walletA: [H.usdt]])
        try await h.assets.removeToken(walletId: H.walletA, assetId: H.usdt)
        #expect(await h.assetStore.walletAssets[H.walletA] == [])
        await #expect(throws: GemServiceError.self) { try await h.assets.removeToken(walletId: H.walletA, assetId: H.usdt) }
    }

    @Test func longNamesAreCut() throws {
        let asset = try AssetRules.token(Self.tst, ChainTokenMetadata(name: String(repeating: "n", count: 500), symbol: "S", decimals: 0, type: .erc20))
        #expect(asset.name.count == AssetRules.maxNameCharacters)
    }
}
