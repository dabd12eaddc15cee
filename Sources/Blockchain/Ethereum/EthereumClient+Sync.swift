import Primitives

/// An EVM node's sync state: `eth_syncing` answers `false` in sync and a progress object (`startingBlock`,
/// `currentBlock`, `highestBlock`) while syncing (Ethereum execution API).
extension EthereumClient: ChainSyncReporting {
    public func syncState() async throws(ChainClientError) -> ChainSyncState {
        let result = try JSONRPC.result(try await transport.send(EthereumRPC.syncing.request()))
        if result.boolValue == false { return .inSync }
        guard case .object = result else { throw .malformed("eth_syncing is neither false nor a sync object") }
        return .syncing
    }
}
