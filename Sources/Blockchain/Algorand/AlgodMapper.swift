import GemCrypto
import Primitives

/// An algod account as the client reads it.
public struct AlgorandAccount: Sendable, Equatable {
    /// `amount` in microAlgos (pending rewards included, as algod reports it).
    public var amount: UInt64
    /// `min-balance`: the microAlgos the account must keep (0.1 ALGO plus 0.1 per ASA opted in, …).
    public var minBalance: UInt64
    /// `assets[]`: each opted-in ASA's `amount` by `asset-id`.
    public var assets: [UInt64: UInt64]

    public init(amount: UInt64, minBalance: UInt64, assets: [UInt64: UInt64]) {
        self.amount = amount
        self.minBalance = minBalance
        self.assets = assets
    }
}

/// `GET /v2/transactions/params`, the suggested parameters.
public struct AlgorandTransactionParams: Sendable, Equatable {
    /// `last-round`: the first round a new transaction is valid in.
    public var lastRound: UInt64
    public var genesisId: String
    /// `genesis-hash`, base64-decoded (32 bytes).
    public var genesisHash: [UInt8]
    /// `min-fee` in microAlgos.
    public var minFee: UInt64

    public init(lastRound: UInt64, genesisId: String, genesisHash: [UInt8], minFee: UInt64) {
        self.lastRound = lastRound
        self.genesisId = genesisId
        self.genesisHash = genesisHash
        self.minFee = minFee
    }
}

/// Pure mappers from algod v2 answers to the client records. Shapes: the algod REST reference
/// (developer.algorand.org/docs/rest-apis/algod: Account, TransactionParametersResponse,
/// PostTransactionsResponse, PendingTransactionResponse, ErrorResponse) and chain-apis.md § 12. Numbers are
/// JSON integers (uint64).
public enum AlgodMapper {
    /// An account's `assets[]` is refused above this many entries (no protocol cap since AVM 1.1; a bound on input).
    static let maxAssets = 100_000

    /// The JSON body of a 2xx answer. An error answer is algod's `{message, data?}`: a 404 is `notFound(message)`,
    /// the rest `rpc` with the HTTP status as the code; an error body that is not that shape is `http`.
    public static func json(_ response: ChainResponse) throws(ChainClientError) -> JSON {
        let text = String(decoding: response.body, as: UTF8.self)
        let json = try? JSONParser.parse(response.body)
        guard (200..<300).contains(response.status) else {
            guard let json, let message = json["message"]?.stringValue else {
                throw .http(status: response.status, body: ChainClientError.prefix(text))
            }
            if response.status == 404 { throw .notFound(ChainClientError.prefix(message)) }
            throw .rpc(code: Int64(response.status), message: ChainClientError.prefix(message))
        }
        guard let json else { throw .malformed("the answer is not JSON: \(ChainClientError.prefix(text, 80))") }
        return json
    }

    /// `GET /v2/accounts/{address}`: `amount`, `min-balance`, `assets[]` (`asset-id`, `amount`; absent when the
    /// account holds none).
    public static func account(_ json: JSON) throws(ChainClientError) -> AlgorandAccount {
        let amount = try NodeAnswer.u64Number(json["amount"], "amount")
        let minBalance = try NodeAnswer.u64Number(json["min-balance"], "min-balance")
        var assets: [UInt64: UInt64] = [:]
        if let entries = NodeAnswer.optional(json, "assets") {
            let entries = try NodeAnswer.array(entries, "assets")
            guard entries.count <= maxAssets else { throw .malformed("assets: more than \(maxAssets) entries") }
            for entry in entries {
                assets[try NodeAnswer.u64Number(entry["asset-id"], "assets[].asset-id")] = try NodeAnswer.u64Number(entry["amount"], "assets[].amount")
            }
        }
        return AlgorandAccount(amount: amount, minBalance: minBalance, assets: assets)
    }

    /// ALGO as the app reports it (`balances_mapper.rs`): with a positive amount, available = amount − min-balance
    /// and reserved = min-balance; an empty account is 0 and 0.
    public static func balance(_ account: AlgorandAccount) -> ChainBalance {
        guard account.amount > 0 else { return ChainBalance(assetId: AssetId(chain: .algorand), available: .zero, reserved: .zero) }
        return ChainBalance(assetId: AssetId(chain: .algorand), available: BigUInt(account.amount).saturatingSubtracting(BigUInt(account.minBalance)),
                            reserved: BigUInt(account.minBalance))
    }

    /// Each ASA's balance in the order asked (token id = the decimal asset id); one not opted in is 0.
    public static func tokenBalances(_ account: AlgorandAccount, tokens: [(assetId: AssetId, id: UInt64)]) -> [ChainBalance] {
        tokens.map { ChainBalance(assetId: $0.assetId, available: BigUInt(account.assets[$0.id] ?? 0)) }
    }

    /// `GET /v2/transactions/params`: `last-round`, `genesis-id`, `genesis-hash` (base64 of 32 bytes), `min-fee`.
    public static func transactionParams(_ json: JSON) throws(ChainClientError) -> AlgorandTransactionParams {
        let lastRound = try NodeAnswer.u64Number(json["last-round"], "last-round")
        let genesisId = try NodeAnswer.string(json["genesis-id"], "genesis-id")
        guard (1...64).contains(genesisId.utf8.count) else { throw .malformed("genesis-id: not 1 to 64 bytes") }
        let hashText = try NodeAnswer.string(json["genesis-hash"], "genesis-hash")
        guard hashText.utf8.count == 44, let hash = try? Base64.decode(hashText), hash.count == 32 else {
            throw .malformed("genesis-hash: not base64 of 32 bytes")
        }
        return AlgorandTransactionParams(lastRound: lastRound, genesisId: genesisId, genesisHash: hash,
                                         minFee: try NodeAnswer.u64Number(json["min-fee"], "min-fee"))
    }

    /// The fee by priority: algod has no fee market the app reads, so every priority is the params' `min-fee`
    /// (microAlgos per transaction; the app's load step charges exactly that).
    public static func feeRates(_ params: AlgorandTransactionParams) -> FeeRates {
        let fee = BigUInt(params.minFee)
        return FeeRates(unit: .nativeUnit, rates: FeePriority.allCases.map { FeeRate(priority: $0, value: fee) })
    }

    /// `POST /v2/transactions`: `txId`; an error answer (`{message}`, HTTP 400: overspend, below min fee, …) is
    /// `rejected(message)`.
    public static func broadcast(_ response: ChainResponse) throws(ChainClientError) -> String {
        let answer: JSON
        do {
            answer = try json(response)
        } catch {
            throw error.asBroadcastRefusal
        }
        return try transactionId(answer["txId"], "txId")
    }

    /// `GET /v2/transactions/pending/{txid}`: `confirmed-round` > 0 → confirmed in that round (with the txn's
    /// `fee` when given); a non-empty `pool-error` → failed; otherwise pending. A txid algod does not know
    /// (404 "txn does not exist") is pending in the client.
    public static func transactionStatus(_ json: JSON) throws(ChainClientError) -> ChainTransactionStatus {
        let round = try NodeAnswer.optional(json, "confirmed-round").map { v throws(ChainClientError) in
            try NodeAnswer.u64Number(v, "confirmed-round")
        } ?? 0
        if round > 0 {
            let fee = try NodeAnswer.optional(json["txn"]?["txn"] ?? .null, "fee").map { v throws(ChainClientError) in
                BigUInt(try NodeAnswer.u64Number(v, "txn.txn.fee"))
            }
            return ChainTransactionStatus(state: .confirmed, blockNumber: round, fee: fee)
        }
        let poolError = try NodeAnswer.optional(json, "pool-error").map { v throws(ChainClientError) in
            try NodeAnswer.string(v, "pool-error")
        } ?? ""
        return ChainTransactionStatus(state: poolError.isEmpty ? .pending : .failed)
    }

    /// A transaction id: 52 base32 characters (SHA-512/256, unpadded).
    static func transactionId(_ json: JSON?, _ name: String) throws(ChainClientError) -> String {
        let text = try NodeAnswer.string(json, name)
        guard text.utf8.count == 52, let bytes = try? Base32.decode(text), bytes.count == 32 else {
            throw .malformed("\(name): not a 52-character base32 transaction id")
        }
        return text
    }
}
