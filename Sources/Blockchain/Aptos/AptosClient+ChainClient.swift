import Primitives

/// Aptos over the fullnode REST API v1 (chain-apis.md § 7): `GET …/balance/{asset}` for APT and each token,
/// `POST /v1/view` `0x1::delegation_pool::get_stake` for the stake in the app's pool, an account resource for
/// token metadata, `GET /v1/` for the block height and chain id.
extension AptosClient: ChainClient {
    public var chain: Chain { .aptos }

    /// The delegation pool the specification's app stakes with (gemwalletcom/core `gem_aptos/src/constants.rs`
    /// `KNOWN_VALIDATOR_POOL`, Everstake).
    public static let stakePool = "0xdb5247f859ce63dbe8940cf8773be722a60dcc594a8be9aca4b76abceb251b8e"

    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        try await balance(address: address).coinOnly
    }

    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        guard !tokenIds.isEmpty else { return [] }
        return try await tokenBalances(owner: address, tokens: ChainClientSupport.bounded(tokenIds, chain))
    }

    /// `get_stake(pool, delegator)` → `[active, inactive, pending_inactive]`: staked = active, pending = inactive
    /// + pending_inactive (as the specification's `map_balance_staking`; inactive stake waits to be withdrawn).
    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        let delegator: String
        do { delegator = try AptosAddress.validate(address) } catch { throw .malformed("address: not an Aptos address") }
        let body = JSON.object([
            ("function", .string("0x1::delegation_pool::get_stake")), ("type_arguments", .array([])),
            ("arguments", .array([.string(AptosClient.stakePool), .string(delegator)])),
        ])
        let result = try AptosMapper.json(try await transport.send(.json(path: "/v1/view", body)))
        return try AptosMapper.stake(result)
    }

    /// A fungible asset (a metadata address): `GET /v1/accounts/{token}/resource/0x1::fungible_asset::Metadata`,
    /// as the specification's `get_token_data`. A coin type (`0x…::module::Name`): `GET
    /// /v1/accounts/{its address}/resource/0x1::coin::CoinInfo<{type}>`. Either answers `data {name, symbol,
    /// decimals}`.
    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        let path: String
        let parts = ChainClientSupport.parts(tokenId)
        if parts.count > 1, let account = parts.first {
            path = "/v1/accounts/\(AptosAPI.segment(account))/resource/\(AptosAPI.segment("0x1::coin::CoinInfo<\(tokenId)>"))"
        } else {
            path = "/v1/accounts/\(AptosAPI.segment(tokenId))/resource/0x1::fungible_asset::Metadata"
        }
        return try AptosMapper.tokenMetadata(try AptosMapper.json(try await transport.send(ChainRequest(method: .get, path: path))))
    }

    /// `GET /v1/` `chain_id` in decimal ("1" on mainnet, the chain's `networkId`).
    public func networkId() async throws(ChainClientError) -> String {
        let id = try await chainId()
        return String(id)
    }
}

extension AptosMapper {
    /// `get_stake`'s `[active, inactive, pending_inactive]` (decimal u64 strings).
    static func stake(_ result: JSON) throws(ChainClientError) -> ChainBalance {
        let values = try NodeAnswer.array(result, "view result")
        guard values.count == 3 else { throw .malformed("view result: not three amounts") }
        let active = try NodeAnswer.decimal(values[0], "active")
        let inactive = try NodeAnswer.decimal(values[1], "inactive")
        let pendingInactive = try NodeAnswer.decimal(values[2], "pending_inactive")
        return .stake(.aptos, staked: active, pending: inactive + pendingInactive)
    }

    /// An account resource `{type, data: {name, symbol, decimals}}` → the token (an Aptos token is `token`).
    static func tokenMetadata(_ resource: JSON) throws(ChainClientError) -> ChainTokenMetadata {
        let data = try NodeAnswer.member(resource, "data", "data")
        let decimals = try NodeAnswer.u64Number(data["decimals"], "data.decimals")
        guard decimals <= 255 else { throw .malformed("data.decimals: above 255") }
        return ChainTokenMetadata(name: try NodeAnswer.string(data["name"], "data.name"), symbol: try NodeAnswer.string(data["symbol"], "data.symbol"),
                                  decimals: Int32(decimals), type: .token)
    }
}
