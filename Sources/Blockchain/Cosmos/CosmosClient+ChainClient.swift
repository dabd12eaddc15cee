import Primitives

/// Cosmos Hub, Osmosis, Celestia, Thorchain, Injective, Sei and Noble over the Cosmos SDK REST API (chain-apis.md
/// § 4): `GET /cosmos/bank/v1beta1/balances/{a}` for the coin and the denoms, the staking module's delegations and
/// unbonding delegations for the stake (not on Thorchain or Noble), `blocks/latest` and `node_info`.
extension CosmosClient: ChainClient {
    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        try await balance(address: address).coinOnly
    }

    /// One bank balances request for every denom. A denom the answer does not list is 0, except when the answer
    /// is paged (`pagination.next_key`): then a denom not on the first page is left out, its balance unknown.
    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        guard !tokenIds.isEmpty else { return [] }
        return try await tokenBalances(address: address, denoms: ChainClientSupport.bounded(tokenIds, chain))
    }

    /// Delegations (staked) and unbonding entries (pending) in the native denom; the rewards the same requests
    /// read are not a balance kind and are left out. Nil on Thorchain and Noble.
    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        guard let staking = try await staking(address: address) else { return nil }
        return .stake(chain, staked: staking.staked, pending: staking.pending)
    }

    /// The specification's app reads no denom metadata from the chain (`gem_cosmos` `get_token_data` is not
    /// implemented).
    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        throw ChainClientSupport.unsupported(chain, "denom metadata is not read from the chain")
    }
}
