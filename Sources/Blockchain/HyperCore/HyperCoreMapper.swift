import Primitives

/// A spot token as `spotMeta` lists it.
public struct HyperCoreSpotToken: Sendable, Equatable {
    public var name: String
    public var index: UInt64
    public var weiDecimals: Int
    public var tokenId: String

    public init(name: String, index: UInt64, weiDecimals: Int, tokenId: String) {
        self.name = name
        self.index = index
        self.weiDecimals = weiDecimals
        self.tokenId = tokenId
    }
}

/// Pure mappers from Hyperliquid `/info` and `/exchange` answers to the client records. Shapes: the Hyperliquid
/// API documentation (https://hyperliquid.gitbook.io/hyperliquid-docs/for-developers/api) and chain-apis.md § 15.
public enum HyperCoreMapper {
    /// HYPE's spot token index, and its decimals as the wallet's native asset.
    public static let nativeTokenIndex: UInt64 = 150
    public static let nativeDecimals = 8
    /// The most entries a list answer may hold.
    static let maxEntries = 10_000

    /// The body of an answer: an HTTP error status or a body that is not JSON is thrown.
    public static func body(_ response: ChainResponse) throws(ChainClientError) -> JSON {
        let text = String(decoding: response.body, as: UTF8.self)
        guard (200..<300).contains(response.status) else { throw .http(status: response.status, body: ChainClientError.prefix(text)) }
        guard let json = try? JSONParser.parse(response.body) else { throw .malformed("the answer is not JSON: \(ChainClientError.prefix(text, 80))") }
        return json
    }

    /// A decimal text (`"12.5"`) in base units of `decimals` places.
    static func amount(_ json: JSON?, _ name: String, decimals: Int) throws(ChainClientError) -> BigUInt {
        let text = try NodeAnswer.string(json, name)
        guard let value = BigUInt(decimalText: text, decimals: decimals) else {
            throw .malformed("\(name): not a decimal of at most \(decimals) places")
        }
        return value
    }

    static func list(_ json: JSON?, _ name: String) throws(ChainClientError) -> [JSON] {
        let entries = try NodeAnswer.array(json, name)
        guard entries.count <= maxEntries else { throw .malformed("\(name): more than \(maxEntries) entries") }
        return entries
    }

    /// `spotClearinghouseState`: `total` of each `balances[]` entry by its `token` index, unscaled text.
    public static func spotTotals(_ state: JSON) throws(ChainClientError) -> [UInt64: JSON] {
        var totals: [UInt64: JSON] = [:]
        for (index, entry) in try list(state["balances"], "balances").enumerated() {
            let token = try NodeAnswer.u64Number(entry["token"], "balances[\(index)].token")
            totals[token] = try NodeAnswer.member(entry, "total", "balances[\(index)].total")
        }
        return totals
    }

    /// HYPE: the `token` 150 entry's `total` ×10^8 (absent → 0); `delegatorSummary` gives `delegated` (staked) and
    /// `totalPendingWithdrawal` (pending), ×10^8.
    public static func balance(state: JSON, delegator: JSON) throws(ChainClientError) -> ChainBalance {
        let totals = try spotTotals(state)
        let available = try spotTotal(totals, index: nativeTokenIndex, decimals: nativeDecimals)
        let staked = try amount(delegator["delegated"], "delegated", decimals: nativeDecimals)
        let pending = try amount(delegator["totalPendingWithdrawal"], "totalPendingWithdrawal", decimals: nativeDecimals)
        return ChainBalance(assetId: AssetId(chain: .hyperCore), available: available, staked: staked, pending: pending)
    }

    /// `spotMeta`: `tokens[]` of `{name, index, weiDecimals, tokenId}`.
    public static func spotTokens(_ meta: JSON) throws(ChainClientError) -> [HyperCoreSpotToken] {
        var tokens: [HyperCoreSpotToken] = []
        for (index, entry) in try list(meta["tokens"], "tokens").enumerated() {
            let name = "tokens[\(index)]"
            let decimals = try NodeAnswer.u64Number(entry["weiDecimals"], "\(name).weiDecimals")
            guard decimals <= 30 else { throw .malformed("\(name).weiDecimals: above 30") }
            tokens.append(HyperCoreSpotToken(
                name: try NodeAnswer.string(entry["name"], "\(name).name"), index: try NodeAnswer.u64Number(entry["index"], "\(name).index"),
                weiDecimals: Int(decimals), tokenId: try NodeAnswer.string(entry["tokenId"], "\(name).tokenId")))
        }
        return tokens
    }

    /// One balance per token id (`name::tokenId::index`) asked for, in that order: the first part is matched
    /// against a spot token's `name`, the balance is the state's entry whose `token` equals that token's `index`,
    /// scaled by its `weiDecimals`; absent → 0.
    public static func tokenBalances(state: JSON, tokens: [HyperCoreSpotToken], tokenIds: [String]) throws(ChainClientError) -> [ChainBalance] {
        let totals = try spotTotals(state)
        var seen = Set<String>()
        var balances: [ChainBalance] = []
        for tokenId in tokenIds where seen.insert(tokenId).inserted {
            let name = tokenId.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let assetId: AssetId
            do { assetId = try AssetId(chain: .hyperCore, tokenId: tokenId) } catch { throw .malformed("token id: empty") }
            var available = BigUInt.zero
            if let token = tokens.first(where: { $0.name == name }) {
                available = try spotTotal(totals, index: token.index, decimals: token.weiDecimals)
            }
            balances.append(ChainBalance(assetId: assetId, available: available))
        }
        return balances
    }

    /// Token `index`'s total in `spotTotals`, in base units of `decimals` places; absent → 0.
    public static func spotTotal(_ totals: [UInt64: JSON], index: UInt64, decimals: Int) throws(ChainClientError) -> BigUInt {
        try totals[index].map { value throws(ChainClientError) in
            try amount(value, "balances[token \(index)].total", decimals: decimals)
        } ?? .zero
    }

    /// No request: a single normal placeholder rate of 1 (transfers cost no fee).
    public static func feeRates() -> FeeRates {
        FeeRates(unit: .nativeUnit, rates: [FeeRate(priority: .normal, value: BigUInt(1))])
    }

    /// `/exchange`: `status` "ok" → `action:<nonce>` for an action, or an order's `statuses[0]` `filled.oid` /
    /// `resting.oid` (its `error` is `rejected`); `{status:"err", response}` is `rejected`.
    public static func broadcast(_ response: ChainResponse, nonce: UInt64) throws(ChainClientError) -> String {
        let json: JSON
        do { json = try body(response) } catch {
            if case let .http(_, text) = error { throw .rejected(text) }
            throw error
        }
        let status = try NodeAnswer.string(json["status"], "status")
        guard status == "ok" else {
            let detail = json["response"].map { $0.stringValue ?? JSONWriter.string($0) } ?? status
            throw .rejected(ChainClientError.prefix(detail))
        }
        if let first = json["response"]?["data"]?["statuses"]?.arrayValue?.first {
            if let error = first["error"]?.stringValue { throw .rejected(ChainClientError.prefix(error)) }
            if let oid = first["filled"]?["oid"] ?? first["resting"]?["oid"] { return String(try NodeAnswer.u64Number(oid, "statuses[0].oid")) }
            throw .malformed("statuses[0]: neither filled, resting nor error")
        }
        return "action:\(nonce)"
    }

    /// `userNonFundingLedgerUpdates`: the entry whose `delta.nonce` is `nonce` → confirmed (always, as the
    /// specification's app reads it); none yet → pending.
    public static func actionStatus(_ updates: JSON, nonce: UInt64) throws(ChainClientError) -> ChainTransactionStatus {
        for (index, entry) in try list(updates, "updates").enumerated() {
            guard let value = NodeAnswer.optional(try NodeAnswer.member(entry, "delta", "updates[\(index)]"), "nonce") else { continue }
            if try NodeAnswer.u64Number(value, "updates[\(index)].delta.nonce") == nonce { return ChainTransactionStatus(state: .confirmed) }
        }
        return ChainTransactionStatus(state: .pending)
    }

    /// The nonce of an `action:<nonce>` id.
    public static func actionNonce(_ id: String) throws(ChainClientError) -> UInt64 {
        guard id.hasPrefix("action:"), id.utf8.count <= 30, let nonce = UInt64(id.dropFirst(7)) else {
            throw .malformed("id: not action:<nonce>")
        }
        return nonce
    }
}
