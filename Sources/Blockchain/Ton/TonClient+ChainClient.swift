import Primitives

/// TON over toncenter (chain-apis.md § 5): `getAddressBalance` for TON, `jetton/wallets` for jettons,
/// `getTokenData` of a jetton master for its metadata, `masterchainInfo` for the latest block and the network id
/// (`first.root_hash`). TON has no staking the app reads.
extension TonClient: ChainClient {
    public var chain: Chain { .ton }

    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        try await balance(address: address).coinOnly
    }

    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        try await tokenBalances(owner: address, tokenIds: ChainClientSupport.bounded(tokenIds, chain))
    }

    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        nil
    }

    /// `GET /api/v2/getTokenData?address={master}` → `result.jetton_content.data {name, symbol, decimals}` (as the
    /// specification's `get_token_data`; decimals a decimal string or number, 9 when absent as TEP-64 sets it).
    /// A jetton whose name and symbol live only off chain (`data.uri`) is `unsupported`: this client fetches no
    /// URL but its node's.
    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        let request = ChainRequest(method: .get, path: "/api/v2/getTokenData", query: [ChainHeader(name: "address", value: tokenId)])
        let result = try TonMapper.v2Result(try await transport.send(request))
        return try TonMapper.jettonMetadata(result)
    }
}

extension TonMapper {
    /// `getTokenData`'s result of a jetton master.
    static func jettonMetadata(_ result: JSON) throws(ChainClientError) -> ChainTokenMetadata {
        let data = try NodeAnswer.member(try NodeAnswer.member(result, "jetton_content", "jetton_content"), "data", "jetton_content.data")
        var decimals: UInt64 = 9
        switch NodeAnswer.optional(data, "decimals") {
        case nil: break
        case let value? where value.stringValue != nil:
            guard let text = value.stringValue, text.utf8.count <= 3, let parsed = UInt64(text) else {
                throw .malformed("jetton_content.data.decimals: not a decimal")
            }
            decimals = parsed
        case let value?:
            decimals = try NodeAnswer.u64Number(value, "jetton_content.data.decimals")
        }
        guard decimals <= 255 else { throw .malformed("jetton_content.data.decimals: above 255") }
        guard let name = NodeAnswer.optional(data, "name")?.stringValue, let symbol = NodeAnswer.optional(data, "symbol")?.stringValue else {
            throw .unsupported("ton: the jetton's name and symbol are off chain (jetton_content.data.uri)")
        }
        return ChainTokenMetadata(name: name, symbol: symbol, decimals: Int32(decimals), type: .jetton)
    }
}
