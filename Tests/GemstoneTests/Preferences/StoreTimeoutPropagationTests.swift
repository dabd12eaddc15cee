import Blockchain
import Primitives
import Testing
@testable import Gemstone

/// A store call that times out (the port adapters fail it with `timeout` after the service's store timeout,
/// gemstone.h "Store timeouts") fails the command that made it with that same error: the node, assets,
/// balance and transactions services neither swallow it, retry it, nor rewrite it as another kind.
@Suite struct StoreTimeoutPropagationTests {
    static let timeout = GemServiceError.timeout(message: "the host did not answer within 0.2 seconds")
    typealias H = BalanceHarness

    struct TimingOutNodeStore: GemNodeStore {
        func getNodes() async throws(GemServiceError) -> [GemChainNode] { throw StoreTimeoutPropagationTests.timeout }
        func updateNodes(add: [GemChainNode], delete: [GemChainNode]) async throws(GemServiceError) { throw StoreTimeoutPropagationTests.timeout }
        func getSelections() async throws(GemServiceError) -> [GemChainNode] { throw StoreTimeoutPropagationTests.timeout }
        func setSelection(chain: Chain, url: String?) async throws(GemServiceError) { throw StoreTimeoutPropagationTests.timeout }
    }

    struct TimingOutAssetStore: GemAssetStore {
        func getAssets(ids: [AssetId]) async throws(GemServiceError) -> [Asset] { throw StoreTimeoutPropagationTests.timeout }
        func addAssets(_ assets: [Asset]) async throws(GemServiceError) { throw StoreTimeoutPropagationTests.timeout }
        func getWalletAssets(walletId: WalletId) async throws(GemServiceError) -> [AssetId] { throw StoreTimeoutPropagationTests.timeout }
        func updateWalletAssets(_ update: GemWalletAssetsUpdate) async throws(GemServiceError) { throw StoreTimeoutPropagationTests.timeout }
    }

    struct TimingOutBalanceStore: GemBalanceStore {
        func getBalances(walletId: WalletId, assetIds: [AssetId]) async throws(GemServiceError) -> [GemBalance] {
            throw StoreTimeoutPropagationTests.timeout
        }
        func updateBalances(_ update: GemBalanceUpdate) async throws(GemServiceError) { throw StoreTimeoutPropagationTests.timeout }
    }

    struct TimingOutTransactionStore: GemTransactionStore {
        func getTransactions(walletId: WalletId) async throws(GemServiceError) -> [Transaction] { throw StoreTimeoutPropagationTests.timeout }
        func getTransaction(id: String) async throws(GemServiceError) -> Transaction? { throw StoreTimeoutPropagationTests.timeout }
        func updateTransactions(_ transactions: [Transaction]) async throws(GemServiceError) { throw StoreTimeoutPropagationTests.timeout }
    }

    static func session() -> GemWalletSessionService {
        GemWalletSessionService(walletStore: MemoryWalletStore([H.wallet(H.walletA, address: "0xAAAA")]),
                                sessionStore: MemoryWalletSessionStore(H.walletA))
    }

    @Test func aNodeStoreTimeoutFailsTheNodesCommandWithTimeout() async throws {
        let service = try GemNodeService(store: TimingOutNodeStore(), http: TestHTTPTransport(),
                                         builtin: { chain in ["https://\(chain.id).example"] }, overrides: [:])
        await #expect(throws: Self.timeout) { try await service.nodes(chain: .ethereum) }
    }

    @Test func anAssetStoreTimeoutFailsTheWalletAssetsCommandWithTimeout() async {
        let clients = ScriptedChainClients([ScriptedChainClient(chain: .ethereum), ScriptedChainClient(chain: .solana)])
        let assets = GemAssetsService(store: TimingOutAssetStore(), wallets: Self.session(), clients: clients)
        await #expect(throws: Self.timeout) { try await assets.walletAssets(walletId: H.walletA) }
    }

    @Test func aBalanceStoreTimeoutFailsTheBalancesCommandWithTimeout() async {
        let clients = ScriptedChainClients([ScriptedChainClient(chain: .ethereum), ScriptedChainClient(chain: .solana)])
        let session = Self.session()
        let assets = GemAssetsService(store: MemoryAssetStore(), wallets: session, clients: clients)
        let balances = GemBalanceService(store: TimingOutBalanceStore(), assets: assets, wallets: session, clients: clients)
        await #expect(throws: Self.timeout) { try await balances.balances(walletId: H.walletA) }
    }

    @Test func aTransactionStoreTimeoutFailsTheTransactionsCommandsWithTimeout() async {
        let clients = ScriptedChainClients([ScriptedChainClient(chain: .ethereum)])
        let assets = GemAssetsService(store: MemoryAssetStore(), wallets: Self.session(), clients: clients)
        let transactions = GemTransactionsService(store: TimingOutTransactionStore(), assets: assets)
        await #expect(throws: Self.timeout) { try await transactions.transactions(walletId: H.walletA) }
        await #expect(throws: Self.timeout) { try await transactions.transaction(id: "ethereum_0x1") }
    }
}
