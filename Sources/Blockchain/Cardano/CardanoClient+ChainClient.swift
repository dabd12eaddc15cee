import Primitives

/// Cardano over cardano-graphql (chain-apis.md § 14): `GetBalance` for ADA, `UtxoSetForAddress` for native
/// tokens (Σ of each token's `quantity` over the address's UTxOs), `{ cardano { tip { number } } }`,
/// `GetNetworkMagic`. Staking and token metadata are not read (the specification's app reads neither).
extension CardanoClient: ChainClient {
    public var chain: Chain { .cardano }

    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        try await balance(address: address).coinOnly
    }

    /// One `UtxoSetForAddress`: a token id is the asset's unit (policy id hex + asset name hex) or its CIP-14
    /// fingerprint (`asset1…`); a token the UTxOs do not hold is 0. (`tokenBalances(owner:tokens:)`, the app's
    /// answer, reports every token 0 without reading; this reads them.)
    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        guard !tokenIds.isEmpty else { return [] }
        let tokenIds = try ChainClientSupport.bounded(tokenIds, chain)
        do { _ = try CardanoAddress.validate(address, hrp: "addr", network: 1) } catch { throw .malformed("address: not a Cardano mainnet address") }
        let data = try await call(.utxos(address: address))
        let held = try CardanoGraphQLMapper.tokenQuantities(data)
        var balances: [ChainBalance] = []
        for token in tokenIds {
            balances.append(ChainBalance(assetId: try ChainClientSupport.tokenAssetId(.cardano, token), available: held[token.lowercased()] ?? .zero))
        }
        return balances
    }

    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        nil
    }

    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        throw ChainClientSupport.unsupported(chain, "native token metadata is not read")
    }
}

extension CardanoGraphQLMapper {
    /// `UtxoSetForAddress` → Σ `tokens[].quantity` per asset, keyed by both its unit (`policyId` + `assetName`,
    /// lowercase hex) and its `fingerprint`.
    static func tokenQuantities(_ data: JSON) throws(ChainClientError) -> [String: BigUInt] {
        let entries = try NodeAnswer.array(data["utxos"], "utxos")
        guard entries.count <= maxUTXOs else { throw .malformed("utxos: more than \(maxUTXOs) entries") }
        var totals: [String: BigUInt] = [:]
        var count = 0
        for (index, entry) in entries.enumerated() {
            let tokens = try NodeAnswer.optional(entry, "tokens").map { v throws(ChainClientError) in try NodeAnswer.array(v, "utxos[\(index)].tokens") } ?? []
            count += tokens.count
            guard count <= maxUTXOs * 4 else { throw .malformed("utxos: too many tokens") }
            for (position, token) in tokens.enumerated() {
                let name = "utxos[\(index)].tokens[\(position)]"
                let quantity = try NodeAnswer.decimal(token["quantity"], "\(name).quantity", bits: 64)
                let asset = try NodeAnswer.member(token, "asset", "\(name).asset")
                let policy = try NodeAnswer.string(asset["policyId"], "\(name).asset.policyId")
                let assetName = NodeAnswer.optional(asset, "assetName")?.stringValue ?? ""
                var keys = [(policy + assetName).lowercased()]
                if let fingerprint = NodeAnswer.optional(asset, "fingerprint")?.stringValue { keys.append(fingerprint.lowercased()) }
                for key in keys { totals[key] = (totals[key] ?? .zero) + quantity }
            }
        }
        return totals
    }
}
