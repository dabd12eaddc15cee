import Primitives

/// Algorand over algod v2 (chain-apis.md § 12): `GET /v2/accounts/{a}` for ALGO (the min-balance as `reserved`)
/// and each ASA, `GET /v2/assets/{id}` for an ASA's metadata, `GET /v2/transactions/params` for the latest round
/// and the genesis id. Algorand has no staking the app reads.
extension AlgorandClient: ChainClient {
    public var chain: Chain { .algorand }

    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        try await balance(address: address).coinOnly
    }

    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        guard !tokenIds.isEmpty else { return [] }
        return try await tokenBalances(owner: address, tokens: ChainClientSupport.bounded(tokenIds, chain))
    }

    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        nil
    }

    /// `GET /v2/assets/{id}` → `params {name, unit-name, decimals}` (as the specification's `map_asset`).
    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        guard let id = UInt64(tokenId), String(id) == tokenId else { throw .malformed("token id: not a decimal asset id") }
        let json = try AlgodMapper.json(try await transport.send(ChainRequest(method: .get, path: "/v2/assets/\(id)")))
        let params = try NodeAnswer.member(json, "params", "params")
        let decimals = try NodeAnswer.u64Number(params["decimals"], "params.decimals")
        guard decimals <= 19 else { throw .malformed("params.decimals: above 19") }
        return ChainTokenMetadata(name: try NodeAnswer.string(params["name"], "params.name"),
                                  symbol: try NodeAnswer.string(params["unit-name"], "params.unit-name"), decimals: Int32(decimals), type: .asa)
    }
}
