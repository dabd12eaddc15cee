import Primitives

/// Cosmos Hub, Osmosis, Celestia, Thorchain, Injective, Sei and Noble over the Cosmos SDK REST API (chain-apis.md
/// § 4): `GET /cosmos/bank/v1beta1/balances/{a}` for the coin and the denoms, the staking module's delegations and
/// unbonding delegations for the stake (not on Thorchain or Noble), `blocks/latest` and `node_info`.
extension CosmosClient: ChainClient {
    /// The native denom's entry of the bank balances; 0 when the complete list has none. When the list is paged
    /// (`pagination.next_key`) and the denom is not on its first page, one `balances/{a}/by_denom?denom=` asks for it.
    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        guard let denom = chain.config.denom else { throw .malformed("\(chain.id) has no native denom") }
        let amounts = try await denomBalances(address: address, denoms: [denom])
        return ChainBalance(assetId: chain.assetId, available: amounts[0])
    }

    /// One bank balances request for every denom, one per token in order: a denom the complete list does not hold
    /// is 0; a denom not on the first page of a paged list is asked for alone (`by_denom`).
    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        guard !tokenIds.isEmpty else { return [] }
        let denoms = try ChainClientSupport.bounded(tokenIds, chain)
        let amounts = try await denomBalances(address: address, denoms: denoms)
        var balances: [ChainBalance] = []
        for (denom, amount) in zip(denoms, amounts) {
            balances.append(ChainBalance(assetId: try ChainClientSupport.tokenAssetId(chain, denom), available: amount))
        }
        return balances
    }

    /// The balance of each of `denoms`, in order: `GET …/balances/{address}`, then `GET
    /// …/balances/{address}/by_denom?denom=` (Cosmos SDK bank `Query/Balance`) for each denom a paged first page
    /// did not list.
    func denomBalances(address: String, denoms: [String]) async throws(ChainClientError) -> [BigUInt] {
        let (coins, paged) = try CosmosMapper.coins(try await get(.balances(address: address)))
        var amounts: [BigUInt] = []
        for denom in denoms {
            if let coin = coins.first(where: { $0.0 == denom }) {
                amounts.append(coin.1)
            } else if paged {
                let request = ChainRequest(method: .get, path: "/cosmos/bank/v1beta1/balances/\(ChainRequest.percentEncoded(address))/by_denom",
                                           query: [ChainHeader(name: "denom", value: denom)])
                let json = try CosmosMapper.json(try await transport.send(request))
                amounts.append(try CosmosMapper.amount(json["balance"]?["amount"], "balance.amount"))
            } else {
                amounts.append(.zero)
            }
        }
        return amounts
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
