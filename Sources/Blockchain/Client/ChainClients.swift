import Primitives

/// The `ChainClient` of every chain: its family's client over `transport` (which reaches the node the node
/// service chose). EVM chains share `EthereumClient`, the Bitcoin family `BitcoinClient`, the Cosmos family
/// `CosmosClient`; every other chain has a client of its own.
public enum ChainClients {
    public static func client(for chain: Chain, transport: any ChainTransport) -> any ChainClient {
        switch chain.type {
        case .ethereum:
            if let client = EthereumClient(chain: chain, transport: transport) { return client }
        case .bitcoin:
            if let client = BitcoinClient(chain: chain, transport: transport) { return client }
        case .cosmos:
            if let client = CosmosClient(chain: chain, transport: transport) { return client }
        case .solana: return SolanaClient(transport: transport)
        case .ton: return TonClient(transport: transport)
        case .tron: return TronClient(transport: transport)
        case .aptos: return AptosClient(transport: transport)
        case .sui: return SuiClient(transport: transport)
        case .xrp: return XrpClient(transport: transport)
        case .near: return NearClient(transport: transport)
        case .stellar: return StellarClient(transport: transport)
        case .algorand: return AlgorandClient(transport: transport)
        case .polkadot: return PolkadotClient(transport: transport)
        case .cardano: return CardanoClient(transport: transport)
        case .hyperCore: return HyperCoreClient(transport: transport)
        }
        // Reached only if a family's client refused a chain of its own type (an EVM chain without fee settings in
        // `EthereumChainFees`): every answer then names the gap instead of the process stopping.
        return MissingChainClient(chain: chain)
    }
}

/// The answer of a chain whose family client could not be built: every question is `unsupported`, naming why.
/// `ChainClientsTests` fails if any chain gets this one.
struct MissingChainClient: ChainClient {
    let chain: Chain

    private var error: ChainClientError { .unsupported("\(chain.id): no client for this chain") }

    func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance { throw error }
    func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] { throw error }
    func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? { throw error }
    func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata { throw error }
    func latestBlock() async throws(ChainClientError) -> UInt64 { throw error }
    func networkId() async throws(ChainClientError) -> String { throw error }
}
