import Primitives

/// Stellar over Horizon (chain-apis.md § 11): `GET /accounts/{id}` for XLM (the 1 XLM reserve as `reserved`) and
/// each issued asset, `GET /assets?asset_issuer=&asset_code=` for an asset's metadata, `GET /` for the latest
/// ledger and the network passphrase. Stellar has no staking.
extension StellarClient: ChainClient {
    public var chain: Chain { .stellar }

    /// The decimals of every Stellar asset (amounts have 7 places; the specification's `STELLAR_TOKEN_DECIMALS`).
    public static let tokenDecimals: Int32 = 7

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

    /// Token id `issuer::code`: `GET /assets?asset_issuer={issuer}&asset_code={code}`, the record whose
    /// `asset_code` is the code (name and symbol both the code, as the specification's `get_token_data`); none
    /// is `notFound`.
    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        let parts = ChainClientSupport.parts(tokenId)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, parts[1].utf8.count <= 12 else {
            throw .malformed("token id: not issuer::code")
        }
        let request = ChainRequest(method: .get, path: "/assets", query: [
            ChainHeader(name: "asset_issuer", value: parts[0]), ChainHeader(name: "asset_code", value: parts[1]),
        ])
        let records = try NodeAnswer.array(try HorizonMapper.json(try await transport.send(request))["_embedded"]?["records"], "_embedded.records")
        guard records.contains(where: { $0["asset_code"]?.stringValue == parts[1] }) else {
            throw .notFound("asset \(ChainClientError.prefix(tokenId, 80))")
        }
        return ChainTokenMetadata(name: parts[1], symbol: parts[1], decimals: StellarClient.tokenDecimals, type: .token)
    }
}
