import Primitives

/// The rippled JSON-RPC calls the Xrp client makes (chain-apis.md § 9; params are always a one-object array, as
/// gemwalletcom/core `crates/gem_xrp/src/rpc/client.rs` sends them). Accounts are validated by the client first.
public enum XrpRPC: Sendable, Equatable {
    /// `account_info` `[{account, ledger_index: "current"}]` → `account_data` (Balance, Sequence, Flags) and
    /// `ledger_current_index`; an unfunded account answers `error: actNotFound`.
    case accountInfo(account: String)
    /// `account_objects` `[{account, type: "state", ledger_index: "validated"}]` → the account's trust lines
    /// (RippleState objects).
    case accountObjects(account: String)
    /// `fee` `[{}]` → `drops.minimum_fee`, `drops.median_fee`.
    case fee
    /// `submit` `[{tx_blob, fail_hard: true}]` of the signed transaction's hex.
    case submit(txBlob: String)
    /// `tx` `[{transaction: hash}]` → the transaction, or `error: txnNotFound`.
    case transaction(hash: String)
    /// `ledger_current` `[{}]` → `ledger_current_index`.
    case ledgerCurrent

    public var request: ChainRequest {
        switch self {
        case let .accountInfo(account):
            return JSONRPC.request("account_info", .array([.object([("account", .string(account)), ("ledger_index", .string("current"))])]))
        case let .accountObjects(account):
            return JSONRPC.request("account_objects", .array([.object([
                ("account", .string(account)), ("type", .string("state")), ("ledger_index", .string("validated")),
            ])]))
        case .fee:
            return JSONRPC.request("fee", .array([.object([])]))
        case let .submit(txBlob):
            return JSONRPC.request("submit", .array([.object([("tx_blob", .string(txBlob)), ("fail_hard", .bool(true))])]))
        case let .transaction(hash):
            return JSONRPC.request("tx", .array([.object([("transaction", .string(hash))])]))
        case .ledgerCurrent:
            return JSONRPC.request("ledger_current", .array([.object([])]))
        }
    }
}
