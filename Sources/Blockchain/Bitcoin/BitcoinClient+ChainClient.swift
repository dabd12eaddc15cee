import Primitives

/// Bitcoin, Bitcoin Cash, Litecoin, Dogecoin and Zcash over Blockbook (chain-apis.md § 2): `GET /api/v2/address/{a}`
/// for the coin, `GET /api/` for the latest block, `GET /api/v2/block/1` for the network id (the genesis hash).
/// The family has no tokens and no staking.
extension BitcoinClient: ChainClient {
    /// The confirmed balance. Blockbook's positive unconfirmed delta (what `balance(address:)` reports as
    /// `pending`) is left out: a coin answer carries no `pending` (`ChainClient.coinBalance`).
    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        try await balance(address: address).coinOnly
    }

    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        guard !tokenIds.isEmpty else { return [] }
        throw ChainClientSupport.unsupported(chain, "the Bitcoin family has no tokens")
    }

    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        nil
    }

    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        throw ChainClientSupport.unsupported(chain, "the Bitcoin family has no tokens")
    }
}
