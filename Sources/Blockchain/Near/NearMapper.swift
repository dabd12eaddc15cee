import GemCrypto
import Primitives

/// `block {finality:"final"}`'s header part.
public struct NearBlock: Sendable, Equatable {
    public var height: UInt64
    /// The block hash (32 bytes; base58 on the wire).
    public var hash: [UInt8]

    public init(height: UInt64, hash: [UInt8]) {
        self.height = height
        self.hash = hash
    }
}

/// Pure mappers from NEAR JSON-RPC answers to the client records. Shapes: NEAR RPC documentation
/// (https://docs.near.org/api/rpc) and chain-apis.md § 10.
public enum NearMapper {
    /// The fixed gas a transfer is charged for (`provider/preload.rs`): fee = gas price × this.
    public static let transferGas = BigUInt(9_000_000_000_000)

    /// The execution statuses at which a transaction has executed (`constants.rs`).
    public static let executedStatuses: Set<String> = ["FINAL", "EXECUTED", "EXECUTED_OPTIMISTIC"]
    /// The statuses of a transaction seen but not executed yet.
    public static let inFlightStatuses: Set<String> = ["NONE", "INCLUDED", "INCLUDED_FINAL"]

    /// A JSON-RPC error's `cause.name` (NEAR's structured error: HANDLER_ERROR with UNKNOWN_ACCOUNT,
    /// UNKNOWN_TRANSACTION, …), nil for an answer with a result or not JSON.
    static func errorCause(_ response: ChainResponse) -> String? {
        guard let json = try? JSONParser.parse(response.body), let error = NodeAnswer.optional(json, "error") else { return nil }
        return error["cause"]?["name"]?.stringValue
    }

    /// `query view_account`: `amount` (yocto, a u128 string); an account that does not exist (error cause
    /// UNKNOWN_ACCOUNT, code -32000) has a balance of 0.
    public static func balance(_ response: ChainResponse) throws(ChainClientError) -> ChainBalance {
        if errorCause(response) == "UNKNOWN_ACCOUNT" { return ChainBalance(assetId: AssetId(chain: .near), available: .zero) }
        let result = try JSONRPC.result(response)
        return ChainBalance(assetId: AssetId(chain: .near), available: try NodeAnswer.decimal(result["amount"], "amount", bits: 128))
    }

    /// `gas_price`: slow = normal = the gas price, fast = twice it (yocto per gas).
    public static func feeRates(_ result: JSON) throws(ChainClientError) -> FeeRates {
        let price = try NodeAnswer.decimal(result["gas_price"], "gas_price", bits: 128)
        return FeeRates(unit: .nativeUnit, rates: [
            FeeRate(priority: .slow, value: price), FeeRate(priority: .normal, value: price), FeeRate(priority: .fast, value: price + price),
        ])
    }

    /// `query view_access_key`: `nonce` + 1, the nonce the next transaction signs with.
    public static func nextNonce(_ result: JSON) throws(ChainClientError) -> UInt64 {
        let nonce = try NodeAnswer.u64Number(result["nonce"], "nonce")
        guard nonce < UInt64(Int64.max) else { throw .malformed("nonce: at its maximum") }
        return nonce + 1
    }

    /// `block`: `header.height` and `header.hash` (base58 of 32 bytes).
    public static func block(_ result: JSON) throws(ChainClientError) -> NearBlock {
        let header = try NodeAnswer.member(result, "header", "header")
        let height = try NodeAnswer.u64Number(header["height"], "header.height")
        let text = try NodeAnswer.string(header["hash"], "header.hash")
        guard text.utf8.count <= 50, let hash = try? Base58.decode(text), hash.count == 32 else {
            throw .malformed("header.hash: not base58 of 32 bytes")
        }
        return NearBlock(height: height, hash: hash)
    }

    /// `send_tx`: an executed status → `transaction.hash`; any other status, or a JSON-RPC error, is `rejected`.
    public static func broadcast(_ response: ChainResponse) throws(ChainClientError) -> String {
        let result: JSON
        do {
            result = try JSONRPC.result(response)
        } catch {
            if case let .rpc(_, message) = error {
                let data = (try? JSONParser.parse(response.body))?["error"]?["data"]
                let detail = data?.stringValue ?? data.map { JSONWriter.string($0) } ?? ""
                throw .rejected(ChainClientError.prefix(detail.isEmpty ? message : detail))
            }
            throw error
        }
        let status = try NodeAnswer.string(result["final_execution_status"], "final_execution_status")
        guard executedStatuses.contains(status) else { throw .rejected("final_execution_status \(ChainClientError.prefix(status, 40))") }
        let hash = try NodeAnswer.string(result["transaction"]?["hash"], "transaction.hash")
        guard !hash.isEmpty, hash.utf8.count <= 50 else { throw .malformed("transaction.hash: empty or too long") }
        return hash
    }

    /// `tx`: a transaction the node does not know yet (error cause UNKNOWN_TRANSACTION, or the wait timing out,
    /// TIMEOUT_ERROR) and one seen but not executed (NONE, INCLUDED, INCLUDED_FINAL) are pending; an executed
    /// one is confirmed, or failed when its `status` is a `Failure`; any other status is failed. Fee =
    /// `transaction_outcome.outcome.tokens_burnt` × 2.
    public static func transactionStatus(_ response: ChainResponse) throws(ChainClientError) -> ChainTransactionStatus {
        if let cause = errorCause(response), cause == "UNKNOWN_TRANSACTION" || cause == "TIMEOUT_ERROR" {
            return ChainTransactionStatus(state: .pending)
        }
        let result = try JSONRPC.result(response)
        let status = try NodeAnswer.string(result["final_execution_status"], "final_execution_status")
        if inFlightStatuses.contains(status) { return ChainTransactionStatus(state: .pending) }
        let burnt = try NodeAnswer.decimal(result["transaction_outcome"]?["outcome"]?["tokens_burnt"], "transaction_outcome.outcome.tokens_burnt",
                                           bits: 128)
        let failed = !executedStatuses.contains(status) || result["status"]?["Failure"] != nil
        return ChainTransactionStatus(state: failed ? .failed : .confirmed, fee: burnt + burnt)
    }

    /// `status`: `chain_id`.
    public static func networkId(_ result: JSON) throws(ChainClientError) -> String {
        let id = try NodeAnswer.string(result["chain_id"], "chain_id")
        guard !id.isEmpty, id.utf8.count <= 64 else { throw .malformed("chain_id: empty or too long") }
        return id
    }

    /// The `ed25519:<base58>` key of an implicit account (its id is the hex public key).
    public static func implicitPublicKey(_ accountId: String) throws(ChainClientError) -> String {
        guard accountId.utf8.count == 64, let key = try? Hex.decode(accountId) else {
            throw .malformed("account id: not an implicit account (64 hex digits)")
        }
        return "ed25519:" + Base58.encode(key)
    }
}
