import Primitives

/// The NEAR JSON-RPC calls the client makes (chain-apis.md § 10; params as gemwalletcom/core
/// `crates/gem_near/src/rpc/client.rs` sends them: named objects, except `gas_price [null]` and `status []`).
public enum NearRPC: Sendable, Equatable {
    /// `query {request_type:"view_account", finality:"final", account_id}` → `{amount, locked, …}`.
    case viewAccount(accountId: String)
    /// `query {request_type:"view_access_key", finality:"final", account_id, public_key}` → `{nonce, permission, …}`.
    case viewAccessKey(accountId: String, publicKey: String)
    /// `gas_price [null]` → `{gas_price}` (yocto per gas, the latest block's).
    case gasPrice
    /// `block {finality:"final"}` → `{header: {height, hash, …}}`.
    case finalBlock
    /// `send_tx {signed_tx_base64}` → `{final_execution_status, transaction: {hash}}` (waits the node's default,
    /// EXECUTED_OPTIMISTIC).
    case sendTransaction(base64: String)
    /// `tx {tx_hash, sender_account_id, wait_until:"EXECUTED"}` → the execution outcome.
    case transaction(hash: String, sender: String)
    /// `status []` → `{chain_id, sync_info, …}`.
    case status

    public var method: String {
        switch self {
        case .viewAccount, .viewAccessKey: "query"
        case .gasPrice: "gas_price"
        case .finalBlock: "block"
        case .sendTransaction: "send_tx"
        case .transaction: "tx"
        case .status: "status"
        }
    }

    public var params: JSON {
        switch self {
        case let .viewAccount(accountId):
            .object([("request_type", .string("view_account")), ("finality", .string("final")), ("account_id", .string(accountId))])
        case let .viewAccessKey(accountId, publicKey):
            .object([("request_type", .string("view_access_key")), ("finality", .string("final")), ("account_id", .string(accountId)),
                     ("public_key", .string(publicKey))])
        case .gasPrice: .array([.null])
        case .finalBlock: .object([("finality", .string("final"))])
        case let .sendTransaction(base64): .object([("signed_tx_base64", .string(base64))])
        case let .transaction(hash, sender):
            .object([("tx_hash", .string(hash)), ("sender_account_id", .string(sender)), ("wait_until", .string("EXECUTED"))])
        case .status: .array([])
        }
    }

    /// The JSON-RPC envelope POSTed to the node's base URL.
    public var request: ChainRequest {
        JSONRPC.request(method, params)
    }
}
