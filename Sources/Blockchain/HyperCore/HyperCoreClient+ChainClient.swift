import Primitives

/// HyperCore over Hyperliquid's info API (chain-apis.md § 15): `spotClearinghouseState` for HYPE and the spot
/// tokens, `spotMeta` for token decimals and metadata, `delegatorSummary` for the stake. The latest block and
/// the network id are constants without a request, as in the specification's app (the info API has neither).
extension HyperCoreClient: ChainClient {
    public var chain: Chain { .hyperCore }

    /// `spotClearinghouseState`: the HYPE (token 150) entry's `total` ×10^8; absent → 0. The stake is the
    /// stake answer's (`balance(address:)` folds both into one record with two requests).
    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        let totals = try HyperCoreMapper.spotTotals(try await info(.spotClearinghouseState(user: address)))
        let available = try HyperCoreMapper.spotTotal(totals, index: HyperCoreMapper.nativeTokenIndex, decimals: HyperCoreMapper.nativeDecimals)
        return ChainBalance(assetId: chain.assetId, available: available)
    }

    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        try await tokenBalances(owner: address, tokenIds: ChainClientSupport.bounded(tokenIds, chain))
    }

    /// `delegatorSummary`: `delegated` staked, `totalPendingWithdrawal` pending (×10^8).
    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        let summary = try await info(.delegatorSummary(user: address))
        return .stake(.hyperCore,
                      staked: try HyperCoreMapper.amount(summary["delegated"], "delegated", decimals: HyperCoreMapper.nativeDecimals),
                      pending: try HyperCoreMapper.amount(summary["totalPendingWithdrawal"], "totalPendingWithdrawal",
                                                          decimals: HyperCoreMapper.nativeDecimals))
    }

    /// `spotMeta`: the token whose `name` is the token id's first part (`name::tokenId::index`, or a bare name, as
    /// the specification's `get_token_data` looks it up); name and symbol are that name, decimals `weiDecimals`.
    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        let name = tokenId.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let tokens = try HyperCoreMapper.spotTokens(try await info(.spotMeta))
        guard let token = tokens.first(where: { $0.name == name }) else { throw .notFound("spot token \(ChainClientError.prefix(name, 40))") }
        return ChainTokenMetadata(name: token.name, symbol: token.name, decimals: Int32(token.weiDecimals), type: .token)
    }
}
