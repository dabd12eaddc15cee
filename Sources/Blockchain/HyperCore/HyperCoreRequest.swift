import Primitives

/// The Hyperliquid L1 calls the HyperCore client makes (chain-apis.md § 15): every one a POST of a JSON body
/// whose `type` names the query, to `/info`, or the signed action to `/exchange`.
public enum HyperCoreRequest: Sendable, Equatable {
    /// `/info {type:"spotClearinghouseState", user}` → `{balances: [{coin, token, total, hold}]}`.
    case spotClearinghouseState(user: String)
    /// `/info {type:"spotMeta"}` with `x-cache-ttl: 3600` → `{tokens: [{name, index, weiDecimals, tokenId}], universe}`.
    case spotMeta
    /// `/info {type:"delegatorSummary", user}` → `{delegated, undelegated, totalPendingWithdrawal}`.
    case delegatorSummary(user: String)
    /// `/info {type:"userNonFundingLedgerUpdates", user}` → `[{time, hash, delta: {type, nonce, …}}]`.
    case userNonFundingLedgerUpdates(user: String)
    /// `/exchange` with the signer's JSON body (`{action, nonce, signature}`), passed through.
    case exchange(body: [UInt8])

    public var request: ChainRequest {
        switch self {
        case let .spotClearinghouseState(user): info("spotClearinghouseState", user: user)
        case .spotMeta: info("spotMeta", user: nil, headers: [ChainHeader(name: "x-cache-ttl", value: "3600")])
        case let .delegatorSummary(user): info("delegatorSummary", user: user)
        case let .userNonFundingLedgerUpdates(user): info("userNonFundingLedgerUpdates", user: user)
        case let .exchange(body):
            ChainRequest(method: .post, path: "/exchange", headers: [ChainHeader(name: "Content-Type", value: "application/json")], body: body)
        }
    }

    private func info(_ type: String, user: String?, headers: [ChainHeader] = []) -> ChainRequest {
        var fields: [(String, JSON)] = [("type", .string(type))]
        if let user { fields.append(("user", .string(user))) }
        return .json(path: "/info", .object(fields), headers: headers)
    }
}
