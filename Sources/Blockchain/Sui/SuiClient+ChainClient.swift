import Primitives

/// Sui over JSON-RPC (chain-apis.md § 8): `suix_getBalance`, `suix_getAllBalances`, `suix_getStakes` for the
/// stake, `suix_getCoinMetadata` for token metadata, `sui_getLatestCheckpointSequenceNumber`,
/// `sui_getChainIdentifier`.
extension SuiClient: ChainClient {
    public var chain: Chain { .sui }

    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        try await balance(address: address).coinOnly
    }

    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        try await tokenBalances(owner: address, coinTypes: ChainClientSupport.bounded(tokenIds, chain))
    }

    /// `suix_getStakes [owner]`: Σ over `[].stakes[]` of `principal` + `estimatedReward` (absent while a stake is
    /// pending), as the specification's `map_balance_staking`; all staked (Sui unstakes at once, nothing unbonds).
    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        let result = try JSONRPC.result(try await transport.send(JSONRPC.request("suix_getStakes", .array([.string(address)]))))
        return .stake(.sui, staked: try SuiMapper.staked(result), pending: .zero)
    }

    /// `suix_getCoinMetadata [coinType]` → `{decimals, name, symbol}`; null (an unknown type) is `notFound`.
    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        let result = try JSONRPC.result(try await transport.send(JSONRPC.request("suix_getCoinMetadata", .array([.string(tokenId)]))))
        return try SuiMapper.coinMetadata(result, coinType: tokenId)
    }
}

extension SuiMapper {
    /// The most delegations or stakes one answer may list.
    static let maxStakes = 10_000

    /// `suix_getStakes`: `[{validatorAddress, stakes: [{principal, estimatedReward?, status}]}]` → Σ principal +
    /// estimated reward (decimal u64 strings).
    static func staked(_ result: JSON) throws(ChainClientError) -> BigUInt {
        let delegations = try NodeAnswer.array(result, "result")
        guard delegations.count <= maxStakes else { throw .malformed("result: more than \(maxStakes) delegations") }
        var total = BigUInt.zero
        var count = 0
        for (index, delegation) in delegations.enumerated() {
            let stakes = try NodeAnswer.array(delegation["stakes"], "result[\(index)].stakes")
            count += stakes.count
            guard count <= maxStakes else { throw .malformed("result: more than \(maxStakes) stakes") }
            for (position, stake) in stakes.enumerated() {
                let name = "result[\(index)].stakes[\(position)]"
                total = total + (try NodeAnswer.decimal(stake["principal"], "\(name).principal"))
                if let reward = NodeAnswer.optional(stake, "estimatedReward") {
                    total = total + (try NodeAnswer.decimal(reward, "\(name).estimatedReward"))
                }
            }
        }
        return total
    }

    /// `suix_getCoinMetadata` → the token's name, symbol and decimals (a Sui coin is `token`).
    static func coinMetadata(_ result: JSON, coinType: String) throws(ChainClientError) -> ChainTokenMetadata {
        if result.isNull { throw .notFound("coin type \(ChainClientError.prefix(coinType, 80)) has no metadata") }
        let decimals = try NodeAnswer.u64Number(result["decimals"], "decimals")
        guard decimals <= 255 else { throw .malformed("decimals: above 255") }
        return ChainTokenMetadata(name: try NodeAnswer.string(result["name"], "name"), symbol: try NodeAnswer.string(result["symbol"], "symbol"),
                                  decimals: Int32(decimals), type: .token)
    }
}
