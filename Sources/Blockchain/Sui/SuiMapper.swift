import GemCrypto
import Primitives

/// One page of `suix_getCoins`.
public struct SuiCoinPage: Sendable, Equatable {
    public var coins: [SuiSignerInput.Coin]
    /// The cursor of the next page, nil on the last one.
    public var nextCursor: String?

    public init(coins: [SuiSignerInput.Coin], nextCursor: String?) {
        self.coins = coins
        self.nextCursor = nextCursor
    }
}

/// Pure mappers from Sui JSON-RPC results to the client records. Shapes: the Sui JSON-RPC reference
/// (docs.sui.io/sui-api-ref) and chain-apis.md § 8. Balances are u128 decimal strings, versions and gas u64 strings.
public enum SuiMapper {
    /// SUI's coin type (the node prints it short).
    public static let suiCoinType = "0x2::sui::SUI"

    /// `suix_getBalance`: `totalBalance`.
    public static func balance(_ result: JSON) throws(ChainClientError) -> ChainBalance {
        ChainBalance(assetId: AssetId(chain: .sui), available: try NodeAnswer.decimal(result["totalBalance"], "totalBalance", bits: 128))
    }

    /// `suix_getAllBalances`: one balance per coin type asked for, in that order (0 when the owner holds none).
    /// Types match with every address in them in full form, so `0x2::sui::SUI` matches `0x0…02::sui::SUI`.
    public static func tokenBalances(_ result: JSON, coinTypes: [String]) throws(ChainClientError) -> [ChainBalance] {
        var totals: [String: BigUInt] = [:]
        for (index, entry) in try NodeAnswer.array(result, "result").enumerated() {
            let type = try NodeAnswer.string(entry["coinType"], "[\(index)].coinType")
            totals[normalizedCoinType(type), default: .zero] += try NodeAnswer.decimal(entry["totalBalance"], "[\(index)].totalBalance", bits: 128)
        }
        var seen = Set<String>()
        var balances: [ChainBalance] = []
        for type in coinTypes where seen.insert(normalizedCoinType(type)).inserted {
            let assetId: AssetId
            do { assetId = try AssetId(chain: .sui, tokenId: type) } catch { throw .malformed("coinType: not a token id (\(ChainClientError.prefix(type, 80)))") }
            balances.append(ChainBalance(assetId: assetId, available: totals[normalizedCoinType(type)] ?? .zero))
        }
        return balances
    }

    /// `suix_getCoins`: `{data: [{coinObjectId, version, digest, balance}], nextCursor, hasNextPage}`.
    public static func coins(_ result: JSON) throws(ChainClientError) -> SuiCoinPage {
        var coins: [SuiSignerInput.Coin] = []
        for (index, entry) in try NodeAnswer.array(result["data"], "data").enumerated() {
            let name = "data[\(index)]"
            let id = try NodeAnswer.string(entry["coinObjectId"], "\(name).coinObjectId")
            guard let objectId = try? SuiAddress.validate(id) else { throw .malformed("\(name).coinObjectId: not 0x + 64 hex digits") }
            let digest = try NodeAnswer.string(entry["digest"], "\(name).digest")
            guard digest.utf8.count <= 44, let bytes = try? Base58.decode(digest), bytes.count == 32 else {
                throw .malformed("\(name).digest: not base58 of 32 bytes")
            }
            coins.append(SuiSignerInput.Coin(objectId: objectId, version: try NodeAnswer.u64String(entry["version"], "\(name).version"),
                                             digest: digest, balance: try NodeAnswer.decimal(entry["balance"], "\(name).balance", bits: 64)))
        }
        let more = NodeAnswer.optional(result, "hasNextPage")?.boolValue ?? false
        let cursor = more ? NodeAnswer.optional(result, "nextCursor")?.stringValue : nil
        return SuiCoinPage(coins: coins, nextCursor: cursor)
    }

    /// `suix_getReferenceGasPrice` as the specification's app rates it (gemwalletcom/core `preload_mapper.rs`
    /// `map_transaction_rate_rates`): Slow the reference price, Normal 110 % of it (rounded down), Fast twice it.
    /// The app falls back to 1000 when the answer does not parse; here that is `malformed`.
    public static func feeRates(_ result: JSON) throws(ChainClientError) -> FeeRates {
        let reference = try NodeAnswer.u64String(result, "result")
        let price = BigUInt(reference)
        let normal = price.multiplied(bySmall: 110).quotientAndRemainder(dividingBySmall: 100)?.quotient ?? .zero
        let fast = price.multiplied(bySmall: 2)
        guard normal.uint64 != nil, fast.uint64 != nil else { throw .malformed("result: the gas price by priority is above u64") }
        return FeeRates(unit: .nativeUnit, rates: [
            FeeRate(priority: .slow, value: price), FeeRate(priority: .normal, value: normal), FeeRate(priority: .fast, value: fast),
        ])
    }

    /// `sui_executeTransactionBlock`'s `digest` (base58 of 32 bytes).
    public static func digest(_ result: JSON) throws(ChainClientError) -> String {
        let digest = try NodeAnswer.string(result["digest"], "digest")
        guard digest.utf8.count <= 44, let bytes = try? Base58.decode(digest), bytes.count == 32 else {
            throw .malformed("digest: not base58 of 32 bytes")
        }
        return digest
    }

    /// A broadcast's outcome: the digest, or the node's refusal (a JSON-RPC error) as `rejected`.
    public static func broadcast(_ response: ChainResponse) throws(ChainClientError) -> String {
        let result: JSON
        do {
            result = try JSONRPC.result(response)
        } catch {
            if case let .rpc(code, message) = error { throw .rejected("\(message) (\(code))") }
            throw error
        }
        return try digest(result)
    }

    /// `sui_getTransactionBlock`: `effects.status.status` "success" → confirmed, "failure" → reverted (gas is
    /// charged either way), anything else or no effects → pending; the block is `checkpoint` (absent until the
    /// transaction is in one), the fee computationCost + storageCost − storageRebate (0 when the rebate is larger).
    public static func transactionStatus(_ result: JSON) throws(ChainClientError) -> ChainTransactionStatus {
        let checkpoint: UInt64? = switch NodeAnswer.optional(result, "checkpoint") {
        case let value?: try NodeAnswer.u64String(value, "checkpoint")
        case nil: nil
        }
        guard let effects = NodeAnswer.optional(result, "effects") else { return ChainTransactionStatus(state: .pending, blockNumber: checkpoint) }
        let state: TransactionState
        switch effects["status"]?["status"]?.stringValue {
        case "success"?: state = .confirmed
        case "failure"?: state = .reverted
        default: return ChainTransactionStatus(state: .pending, blockNumber: checkpoint)
        }
        let gas = try NodeAnswer.member(effects, "gasUsed", "effects.gasUsed")
        let cost = try NodeAnswer.decimal(gas["computationCost"], "effects.gasUsed.computationCost")
            + NodeAnswer.decimal(gas["storageCost"], "effects.gasUsed.storageCost")
        let fee = cost.saturatingSubtracting(try NodeAnswer.decimal(gas["storageRebate"], "effects.gasUsed.storageRebate"))
        return ChainTransactionStatus(state: state, blockNumber: checkpoint, fee: fee)
    }

    /// Whether a JSON-RPC error is the node's answer for a digest it has not seen (-32602 "Could not find the
    /// referenced transaction [TransactionDigest(…)]"): a transaction not yet seen is pending.
    public static func isNotFound(_ error: ChainClientError) -> Bool {
        guard case let .rpc(_, message) = error else { return false }
        return message.hasPrefix("Could not find the referenced transaction")
    }

    /// `sui_getChainIdentifier`: 8 hex digits (mainnet 35834a8a).
    public static func chainIdentifier(_ result: JSON) throws(ChainClientError) -> String {
        let id = try NodeAnswer.string(result, "result")
        guard id.utf8.count == 8, id.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            throw .malformed("result: not 8 lower-case hex digits")
        }
        return id
    }

    /// `sui_getLatestCheckpointSequenceNumber`: a u64 decimal string.
    public static func checkpoint(_ result: JSON) throws(ChainClientError) -> UInt64 {
        try NodeAnswer.u64String(result, "result")
    }

    /// `coinType` with every `0x…` address followed by `::` written as 64 lower-case hex digits.
    public static func normalizedCoinType(_ type: String) -> String {
        let bytes = Array(type.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var index = 0
        while index < bytes.count {
            let atStart = index == 0 || !isHex(bytes[index - 1])
            if atStart, bytes[index] == 0x30, index + 1 < bytes.count, bytes[index + 1] == 0x78 || bytes[index + 1] == 0x58 {
                var end = index + 2
                while end < bytes.count, isHex(bytes[end]) { end += 1 }
                let digits = end - index - 2
                if digits > 0, digits <= 64, end + 1 < bytes.count, bytes[end] == 0x3A, bytes[end + 1] == 0x3A {
                    out += Array("0x".utf8) + [UInt8](repeating: 0x30, count: 64 - digits)
                    out += bytes[(index + 2)..<end].map { (0x41...0x46).contains($0) ? $0 + 0x20 : $0 }
                    index = end
                    continue
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
