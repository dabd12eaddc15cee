import Primitives

/// Tron over the java-tron HTTP API (chain-apis.md § 6): `getaccount` for the coin and the stake (`frozenV2`,
/// `unfrozenV2`), one `triggerconstantcontract` per TRC-20 (`balanceOf`, and `name`/`symbol`/`decimals` for
/// metadata), `getblock`, `getblockbynum?num=0` for the network id.
extension TronClient: ChainClient {
    public var chain: Chain { .tron }

    /// The liquid balance (`balance`, in sun). TRX frozen for resources is the stake answer's, not `locked` here,
    /// so the two answers never count it twice.
    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        try await balance(address: address).coinOnly
    }

    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        guard !tokenIds.isEmpty else { return [] }
        return try await tokenBalances(owner: address, tokens: ChainClientSupport.bounded(tokenIds, chain))
    }

    /// `getaccount`: staked = Σ `frozenV2[].amount` (bandwidth and energy, Stake 2.0), pending = Σ
    /// `unfrozenV2[].unfreeze_amount` (unstaking, not yet withdrawable), as the specification's
    /// `map_staking_balance`; the votes it reads are cast with that same frozen TRX, so they add nothing.
    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        let account: String
        do { account = try TronAddress.validate(address) } catch { throw .malformed("address: not a Tron address") }
        return try TronMapper.stake(try await call(.account(address: account)))
    }

    /// Three `triggerconstantcontract` calls from the zero owner: `name()`, `symbol()`, `decimals()` (as the
    /// specification's `get_token_data`), decoded as ABI words.
    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        let contract: String
        do { contract = try TronAddress.validate(tokenId) } catch { throw .malformed("token: not a Tron address") }
        let name = try TronMapper.constantResult(try await transport.send(TronChainClientAPI.constantCall(contract: contract, selector: "name()")))
        let symbol = try TronMapper.constantResult(try await transport.send(TronChainClientAPI.constantCall(contract: contract, selector: "symbol()")))
        let decimals = try TronMapper.constantResult(try await transport.send(TronChainClientAPI.constantCall(contract: contract, selector: "decimals()")))
        let metadata = try EthereumMappers.tokenMetadata(name: .string("0x" + name), symbol: .string("0x" + symbol), decimals: .string("0x" + decimals))
        return ChainTokenMetadata(name: metadata.name, symbol: metadata.symbol, decimals: Int32(metadata.decimals), type: .trc20)
    }
}

/// The Tron request only the `ChainClient` conformance makes.
enum TronChainClientAPI {
    /// `POST /wallet/triggerconstantcontract` `{owner_address: the zero owner, contract_address, function_selector,
    /// parameter: "", visible: true}`.
    static func constantCall(contract: String, selector: String) -> ChainRequest {
        .json(path: "/wallet/triggerconstantcontract", .object([
            ("owner_address", .string(TronAPI.defaultOwner)), ("contract_address", .string(contract)),
            ("function_selector", .string(selector)), ("parameter", .string("")), ("visible", .bool(true)),
        ]))
    }
}

extension TronMapper {
    /// The most `frozenV2` / `unfrozenV2` entries an account answer may hold.
    static let maxStakeEntries = 1_000

    /// `getaccount` → the stake: Σ `frozenV2[].amount` staked (an entry without `amount` holds 0), Σ
    /// `unfrozenV2[].unfreeze_amount` pending. An account never seen (`{}`) stakes nothing.
    static func stake(_ json: JSON) throws(ChainClientError) -> ChainBalance {
        var staked = BigUInt.zero
        var pending = BigUInt.zero
        let frozen = try NodeAnswer.optional(json, "frozenV2").map { v throws(ChainClientError) in try NodeAnswer.array(v, "frozenV2") } ?? []
        let unfrozen = try NodeAnswer.optional(json, "unfrozenV2").map { v throws(ChainClientError) in try NodeAnswer.array(v, "unfrozenV2") } ?? []
        guard frozen.count <= maxStakeEntries, unfrozen.count <= maxStakeEntries else {
            throw .malformed("frozenV2/unfrozenV2: more than \(maxStakeEntries) entries")
        }
        for (index, entry) in frozen.enumerated() {
            if let amount = NodeAnswer.optional(entry, "amount") {
                staked = staked + BigUInt(try NodeAnswer.u64Number(amount, "frozenV2[\(index)].amount"))
            }
        }
        for (index, entry) in unfrozen.enumerated() {
            if let amount = NodeAnswer.optional(entry, "unfreeze_amount") {
                pending = pending + BigUInt(try NodeAnswer.u64Number(amount, "unfrozenV2[\(index)].unfreeze_amount"))
            }
        }
        return .stake(.tron, staked: staked, pending: pending)
    }

    /// `triggerconstantcontract`: `constant_result[0]` as hex text (at most 64 KiB of data); a call the VM
    /// refused is `rpc`, an answer without a result `malformed`.
    static func constantResult(_ response: ChainResponse) throws(ChainClientError) -> String {
        let json = try TronMapper.json(response)
        try checkCall(json)
        let results = try NodeAnswer.array(json["constant_result"], "constant_result")
        guard let first = results.first else { throw .malformed("constant_result: empty") }
        let word = try NodeAnswer.string(first, "constant_result[0]")
        guard word.utf8.count <= 2 * EthereumMappers.maxDataBytes else { throw .malformed("constant_result[0]: too long") }
        return word
    }
}
