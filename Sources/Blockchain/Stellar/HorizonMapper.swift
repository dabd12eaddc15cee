import Primitives

/// A Horizon account as the client reads it.
public struct StellarAccount: Sendable, Equatable {
    /// `sequence`: the account's current sequence number, as Horizon answers it (the next transaction signs
    /// with this + 1; the signer adds the 1).
    public var sequence: Int64
    /// The `native` entry's `balance` in stroops.
    public var nativeBalance: BigUInt
    /// Each issued asset's balance in stroops, by token id `issuer::code`.
    public var tokens: [String: BigUInt]

    public init(sequence: Int64, nativeBalance: BigUInt, tokens: [String: BigUInt]) {
        self.sequence = sequence
        self.nativeBalance = nativeBalance
        self.tokens = tokens
    }
}

/// What Horizon's root `GET /` tells the client.
public struct HorizonRoot: Sendable, Equatable {
    public var networkPassphrase: String
    public var latestLedger: UInt64

    public init(networkPassphrase: String, latestLedger: UInt64) {
        self.networkPassphrase = networkPassphrase
        self.latestLedger = latestLedger
    }
}

/// Pure mappers from Horizon answers to the client records. Shapes: the Horizon API reference
/// (developers.stellar.org/docs/data/apis/horizon/api-reference: accounts, fee stats, submit an async
/// transaction, transactions, the root) and chain-apis.md § 11. Amounts are decimal strings with 7 places.
public enum HorizonMapper {
    /// The fixed 1 XLM the specification's app reports as reserved (`account_activation_fee`, stroops).
    public static let reserve = BigUInt(10_000_000)
    /// An account holds at most this many balance entries (trustlines are subentries, capped at 1000 by the
    /// protocol); a longer list is refused.
    static let maxBalances = 1_001

    /// The JSON body of a 2xx answer. An error answer is Horizon's problem JSON (`{type, title, status, detail}`):
    /// a 404 is `notFound(title)`, the rest `rpc` with the HTTP status as the code; an error body that is not that
    /// shape is `http`.
    public static func json(_ response: ChainResponse) throws(ChainClientError) -> JSON {
        let text = String(decoding: response.body, as: UTF8.self)
        let json = try? JSONParser.parse(response.body)
        guard (200..<300).contains(response.status) else {
            guard let json, let title = json["title"]?.stringValue else {
                throw .http(status: response.status, body: ChainClientError.prefix(text))
            }
            if response.status == 404 { throw .notFound(ChainClientError.prefix(title)) }
            throw .rpc(code: Int64(response.status), message: ChainClientError.prefix(title))
        }
        guard let json else { throw .malformed("the answer is not JSON: \(ChainClientError.prefix(text, 80))") }
        return json
    }

    /// `GET /accounts/{id}`: `sequence` (an int64 string) and `balances[]` (`asset_type` `native`, or an issued
    /// asset with `asset_code` and `asset_issuer`; liquidity-pool shares are skipped).
    public static func account(_ json: JSON) throws(ChainClientError) -> StellarAccount {
        let sequence = try NodeAnswer.u64String(json["sequence"], "sequence")
        guard sequence <= UInt64(Int64.max) else { throw .malformed("sequence: above 2^63 - 1") }
        let balances = try NodeAnswer.array(json["balances"], "balances")
        guard balances.count <= maxBalances else { throw .malformed("balances: more than \(maxBalances) entries") }
        var native: BigUInt?
        var tokens: [String: BigUInt] = [:]
        for entry in balances {
            let type = try NodeAnswer.string(entry["asset_type"], "balances[].asset_type")
            switch type {
            case "native":
                guard native == nil else { throw .malformed("balances: two native entries") }
                native = try amount(entry["balance"], "balances[].balance")
            case "credit_alphanum4", "credit_alphanum12":
                let code = try NodeAnswer.string(entry["asset_code"], "balances[].asset_code")
                let issuer = try NodeAnswer.string(entry["asset_issuer"], "balances[].asset_issuer")
                guard (1...12).contains(code.utf8.count), issuer.utf8.count == 56 else {
                    throw .malformed("balances[]: not an asset code and issuer")
                }
                tokens["\(issuer)::\(code)"] = try amount(entry["balance"], "balances[].balance")
            default:
                continue
            }
        }
        guard let native else { throw .malformed("balances: no native entry") }
        return StellarAccount(sequence: Int64(sequence), nativeBalance: native, tokens: tokens)
    }

    /// The XLM balance as the app reports it (`balances_mapper.rs`): available = balance − 1 XLM (never below 0),
    /// reserved = the 1 XLM.
    public static func balance(_ account: StellarAccount) -> ChainBalance {
        let available = account.nativeBalance.saturatingSubtracting(reserve)
        return ChainBalance(assetId: AssetId(chain: .stellar), available: available, reserved: reserve)
    }

    /// Each token's balance in the order asked, matched on `issuer::code`; a token the account holds no
    /// trustline for is 0.
    public static func tokenBalances(_ account: StellarAccount, tokens: [AssetId]) -> [ChainBalance] {
        tokens.map { asset in
            ChainBalance(assetId: asset, available: asset.tokenId.flatMap { account.tokens[$0] } ?? .zero)
        }
    }

    /// `GET /fee_stats`, as the app reads it (`models/fee.rs`): Slow = Normal = `fee_charged.min`, Fast =
    /// `fee_charged.p95` × 2 (stroops per operation).
    public static func feeRates(_ json: JSON) throws(ChainClientError) -> FeeRates {
        let charged = try NodeAnswer.member(json, "fee_charged", "fee_charged")
        let min = try NodeAnswer.decimal(charged["min"], "fee_charged.min")
        let p95 = try NodeAnswer.decimal(charged["p95"], "fee_charged.p95")
        return FeeRates(unit: .nativeUnit, rates: [
            FeeRate(priority: .slow, value: min), FeeRate(priority: .normal, value: min),
            FeeRate(priority: .fast, value: p95 * BigUInt(2)),
        ])
    }

    /// `GET /`: `network_passphrase` and `ingest_latest_ledger`.
    public static func root(_ json: JSON) throws(ChainClientError) -> HorizonRoot {
        let passphrase = try NodeAnswer.string(json["network_passphrase"], "network_passphrase")
        guard passphrase.utf8.count <= 200 else { throw .malformed("network_passphrase: longer than 200 bytes") }
        return HorizonRoot(networkPassphrase: passphrase,
                           latestLedger: try NodeAnswer.u64Number(json["ingest_latest_ledger"], "ingest_latest_ledger"))
    }

    /// `POST /transactions_async`: `tx_status` `PENDING` (HTTP 201) with its `hash` is accepted, and so is
    /// `DUPLICATE` (the node already holds it). `ERROR` is `rejected(error_result_xdr)`, `TRY_AGAIN_LATER`
    /// `rejected("TRY_AGAIN_LATER")`; a problem JSON (a malformed envelope, HTTP 400) is `rejected(title)`.
    public static func broadcast(_ response: ChainResponse) throws(ChainClientError) -> String {
        let text = String(decoding: response.body, as: UTF8.self)
        guard let answer = try? JSONParser.parse(response.body) else {
            if (200..<300).contains(response.status) { throw .malformed("the answer is not JSON: \(ChainClientError.prefix(text, 80))") }
            throw .http(status: response.status, body: ChainClientError.prefix(text))
        }
        if let status = answer["tx_status"]?.stringValue {
            switch status {
            case "PENDING", "DUPLICATE":
                return try hash(answer["hash"], "hash")
            case "ERROR":
                throw .rejected(ChainClientError.prefix(answer["error_result_xdr"]?.stringValue ?? "ERROR"))
            default:
                throw .rejected(ChainClientError.prefix(status))
            }
        }
        if let title = answer["title"]?.stringValue, !(200..<300).contains(response.status) {
            throw .rejected(ChainClientError.prefix(title))
        }
        if (200..<300).contains(response.status) { throw .malformed("tx_status: not a string") }
        throw .http(status: response.status, body: ChainClientError.prefix(text))
    }

    /// `GET /transactions/{hash}`: `successful` true → confirmed, false → failed, in `ledger`, with the fee
    /// `fee_charged` (stroops). A hash Horizon has not ingested yet (404) is pending in the client.
    public static func transactionStatus(_ json: JSON) throws(ChainClientError) -> ChainTransactionStatus {
        let successful = try NodeAnswer.bool(json["successful"], "successful")
        let fee = try NodeAnswer.decimal(json["fee_charged"], "fee_charged")
        let ledger = try NodeAnswer.u64Number(json["ledger"], "ledger")
        return ChainTransactionStatus(state: successful ? .confirmed : .failed, blockNumber: ledger, fee: fee)
    }

    /// A 7-place decimal amount string in stroops, at most an int64.
    static func amount(_ json: JSON?, _ name: String) throws(ChainClientError) -> BigUInt {
        let text = try NodeAnswer.string(json, name)
        guard text.utf8.count <= 30, let value = BigUInt(decimalText: text, decimals: 7) else {
            throw .malformed("\(name): not a 7-place decimal amount")
        }
        guard value.bitLength <= 63 else { throw .malformed("\(name): above int64") }
        return value
    }

    /// 64 hex digits (the transaction hash as Horizon prints it), lower-cased.
    static func hash(_ json: JSON?, _ name: String) throws(ChainClientError) -> String {
        let text = try NodeAnswer.string(json, name)
        let utf8 = Array(text.utf8)
        guard utf8.count == 64, utf8.allSatisfy(EthereumAddress.isHexDigit) else { throw .malformed("\(name): not 64 hex digits") }
        return text.lowercased()
    }
}
