/// Whether a node has caught up with its network, as the node itself reports it.
public enum ChainSyncState: Sendable, Equatable {
    case inSync
    /// Behind the head of its network and catching up.
    case syncing
}

/// A chain client whose API says whether its node is in sync (EVM `eth_syncing`, Blockbook's `inSync`). A client
/// that does not conform has no such answer and a node check shows the state as unknown.
public protocol ChainSyncReporting: ChainClient {
    func syncState() async throws(ChainClientError) -> ChainSyncState
}
