import Blockchain
import Primitives
@testable import Gemstone

/// The balance and assets services over scripted Ethereum and Solana clients and in-memory stores.
struct BalanceHarness {
    static let walletA = WalletId.multicoin(address: "0xAAAA")
    static let walletB = WalletId.multicoin(address: "0xBBBB")
    static let eth = AssetId(chain: .ethereum)
    static let sol = AssetId(chain: .solana)
    static let usdt: AssetId = { (try? AssetId(parsing: "ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7")) ?? AssetId(chain: .ethereum) }()
    static let usdtAsset = Asset(id: usdt, name: "Tether USD", symbol: "USDT", decimals: 6, type: .erc20)

    let ethereum = ScriptedChainClient(chain: .ethereum)
    let solana = ScriptedChainClient(chain: .solana)
    let store: MemoryBalanceStore
    let assetStore: MemoryAssetStore
    let sessionStore: MemoryWalletSessionStore
    let assets: GemAssetsService
    let service: GemBalanceService

    init(stored: [WalletId: [GemBalance]] = [:], tokens: [WalletId: [AssetId]] = [:]) {
        let wallets = [Self.wallet(Self.walletA, address: "0xAAAA"), Self.wallet(Self.walletB, address: "0xBBBB")]
        store = MemoryBalanceStore(stored)
        assetStore = MemoryAssetStore(assets: [Self.usdtAsset], walletAssets: tokens)
        sessionStore = MemoryWalletSessionStore(Self.walletA)
        let session = GemWalletSessionService(walletStore: MemoryWalletStore(wallets), sessionStore: sessionStore)
        let clients = ScriptedChainClients([ethereum, solana])
        assets = GemAssetsService(store: assetStore, wallets: session, clients: clients)
        service = GemBalanceService(store: store, assets: assets, wallets: session, clients: clients)
    }

    /// A wallet with an Ethereum then a Solana account.
    static func wallet(_ id: WalletId, address: String) -> Wallet {
        Wallet(id: id, externalId: nil, name: "Wallet", index: 1,
               accounts: [Account(chain: .ethereum, address: address, derivationPath: ""),
                          Account(chain: .solana, address: "So" + address, derivationPath: "")],
               order: 0, isPinned: false, imageUrl: nil, source: .import)
    }

    static func coin(_ assetId: AssetId, _ available: UInt64, reserved: UInt64? = nil) -> Result<[ChainBalance], ChainClientError> {
        .success([ChainBalance(assetId: assetId, available: BigUInt(available), reserved: reserved.map { BigUInt($0) })])
    }

    static func stake(_ assetId: AssetId, _ staked: UInt64, pending: UInt64? = nil) -> Result<[ChainBalance], ChainClientError> {
        .success([ChainBalance(assetId: assetId, available: .zero, staked: BigUInt(staked), pending: pending.map { BigUInt($0) })])
    }

    static func row(_ assetId: AssetId, available: UInt64 = 0, staked: UInt64 = 0, pending: UInt64 = 0, reserved: UInt64 = 0) -> GemBalance {
        GemBalance(assetId: assetId, available: BigUInt(available), staked: BigUInt(staked), pending: BigUInt(pending), locked: .zero,
                   reserved: BigUInt(reserved))
    }

    /// Both chains answer their coin at once.
    func scriptCoins(eth: UInt64, sol: UInt64) async {
        await ethereum.script(.coin, Self.coin(Self.eth, eth))
        await solana.script(.coin, Self.coin(Self.sol, sol))
    }
}
