import Primitives

/// A Blockbook node's sync state: `blockbook.inSync` of its status (`GET /api/`, chain-apis.md § 2).
extension BitcoinClient: ChainSyncReporting {
    public func syncState() async throws(ChainClientError) -> ChainSyncState {
        try await nodeStatus().inSync ? .inSync : .syncing
    }
}
