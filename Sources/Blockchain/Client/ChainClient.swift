import Primitives

/// The questions every chain answers in the same shape, whatever its family: what the balance service, the asset
/// service and the node checks ask. `ChainClients.client(for:transport:)` gives the one of each chain; each family
/// conforms its own client in `Blockchain/<Family>/<Family>Client+ChainClient.swift`.
public protocol ChainClient: Sendable {
    var chain: Chain { get }

    /// The native coin's balance of `address`: `available`, and `reserved` or `locked` where the chain holds part
    /// of it back (an XRP or Stellar reserve, a frozen Tron balance). `staked` and `pending` stay nil here.
    func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance

    /// The balances of tokens (`AssetId.tokenId` spellings), one per token in their order; none when `tokenIds` is
    /// empty (and then no request). A chain without tokens throws `unsupported`.
    func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance]

    /// The native coin staked by `address` (`staked`, and `pending` for what is unbonding), with `available` zero;
    /// nil, without a request, on a chain whose staking this client does not read.
    func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance?

    /// A token's name, symbol, decimals and type, read from the chain. A chain without tokens throws `unsupported`.
    func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata

    /// The node's latest block (height, slot, ledger, sequence number: the chain's own counter).
    func latestBlock() async throws(ChainClientError) -> UInt64

    /// The node's network id in the spelling of `chain.config.networkId`, to compare the two.
    func networkId() async throws(ChainClientError) -> String
}

/// A token as its chain describes it.
public struct ChainTokenMetadata: Sendable, Equatable {
    public var name: String
    public var symbol: String
    public var decimals: Int32
    public var type: AssetType

    public init(name: String, symbol: String, decimals: Int32, type: AssetType) {
        self.name = name
        self.symbol = symbol
        self.decimals = decimals
        self.type = type
    }
}
