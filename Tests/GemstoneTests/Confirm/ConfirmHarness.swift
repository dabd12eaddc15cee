import Blockchain
import GemCrypto
import Primitives
@testable import Gemstone

/// The confirm service over the wallet harness (the abandon phrase's Ethereum account, its keystore), a scripted
/// Ethereum transfer, scripted scanner and simulation transports, and in-memory transaction store and status port.
struct ConfirmHarness {
    static let recipient = "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"
    static let eth = AssetId(chain: .ethereum)
    static let usdt: AssetId = { (try? AssetId(parsing: "ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7")) ?? AssetId(chain: .ethereum) }()
    static let usdtAsset = Asset(id: usdt, name: "Tether USD", symbol: "USDT", decimals: 6, type: .erc20)
    static let ethAsset = Asset(id: AssetId(chain: .ethereum), name: "Ethereum", symbol: "ETH", decimals: 18, type: .native)

    let wallets = WalletHarness()
    let transfer = ScriptedChainTransfer()
    let scan = TestHTTPTransport()
    let simulate = TestHTTPTransport()
    let store = MemoryTransactionStore()
    let status = RecordingTransactionStatusService()
    let service: GemConfirmTransferService
    let transactions: GemTransactionsService
    let walletId: WalletId

    init() async throws {
        walletId = try await wallets.service.importWallet(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [.ethereum, .solana],
                                                                     name: nil)).wallet.id
        let assets = GemAssetsService(store: MemoryAssetStore(assets: [Self.usdtAsset]), wallets: wallets.session,
                                      clients: ScriptedChainClients([ScriptedChainClient(chain: .ethereum)]))
        transactions = GemTransactionsService(store: store, assets: assets)
        service = GemConfirmTransferService(wallets: wallets.service, assets: assets, transfers: ScriptedChainTransfers(transfer: transfer),
                                            scanner: try GemScanService(baseURL: "https://api.test", http: scan),
                                            simulator: try GemSimulationService(baseURL: "https://api.test", http: simulate),
                                            transactions: transactions, status: status, now: { 1_700_000_000 })
    }

    func request(_ amount: UInt64 = 1_000_000_000_000_000, asset: AssetId = Self.eth, max: Bool = false, memo: String? = nil,
                 to: String = Self.recipient) -> GemTransferRequest {
        GemTransferRequest(walletId: walletId, assetId: asset, to: to, amount: BigUInt(amount), isMax: max, memo: memo)
    }

    /// The scanner's next answer.
    func verdict(malicious: Bool = false, memoRequired: Bool = false) async {
        await scan.enqueue(.status(200, #"{"is_malicious":\#(malicious),"is_memo_required":\#(memoRequired)}"#))
    }
}
