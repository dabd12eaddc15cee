import Primitives

/// The Sui JSON-RPC calls the client makes (chain-apis.md § 8; params as gemwalletcom/core
/// `crates/gem_sui/src/rpc/client.rs` sends them).
public enum SuiRPC: Sendable, Equatable {
    /// `suix_getBalance [owner]` (SUI) or `[owner, coinType]` → `{coinType, coinObjectCount, totalBalance, lockedBalance}`.
    case balance(owner: String, coinType: String?)
    /// `suix_getAllBalances [owner]` → `[{coinType, totalBalance, …}]`.
    case allBalances(owner: String)
    /// `suix_getCoins [owner, coinType, cursor, null]` (null limit: the node's page size) → `{data, nextCursor, hasNextPage}`.
    case coins(owner: String, coinType: String, cursor: String?)
    /// `suix_getReferenceGasPrice []` → a decimal string (MIST per gas unit).
    case referenceGasPrice
    /// `sui_executeTransactionBlock [tx_bytes, signatures, null, "WaitForLocalExecution"]` → `{digest, …}`.
    case executeTransactionBlock(txBytes: String, signatures: [String])
    /// `sui_getTransactionBlock [digest, {showInput, showEffects, showEvents, showObjectChanges, showBalanceChanges}]`.
    case transactionBlock(digest: String)
    /// `sui_getChainIdentifier []` → the chain id (the genesis checkpoint digest's first 4 bytes, hex).
    case chainIdentifier
    /// `sui_getLatestCheckpointSequenceNumber []` → a decimal string.
    case latestCheckpoint

    public var method: String {
        switch self {
        case .balance: "suix_getBalance"
        case .allBalances: "suix_getAllBalances"
        case .coins: "suix_getCoins"
        case .referenceGasPrice: "suix_getReferenceGasPrice"
        case .executeTransactionBlock: "sui_executeTransactionBlock"
        case .transactionBlock: "sui_getTransactionBlock"
        case .chainIdentifier: "sui_getChainIdentifier"
        case .latestCheckpoint: "sui_getLatestCheckpointSequenceNumber"
        }
    }

    public var params: JSON {
        switch self {
        case let .balance(owner, coinType):
            return .array([.string(owner)] + (coinType.map { [JSON.string($0)] } ?? []))
        case let .allBalances(owner):
            return .array([.string(owner)])
        case let .coins(owner, coinType, cursor):
            return .array([.string(owner), .string(coinType), cursor.map(JSON.string) ?? .null, .null])
        case .referenceGasPrice, .chainIdentifier, .latestCheckpoint:
            return .array([])
        case let .executeTransactionBlock(txBytes, signatures):
            return .array([.string(txBytes), .array(signatures.map(JSON.string)), .null, .string("WaitForLocalExecution")])
        case let .transactionBlock(digest):
            return .array([.string(digest), .object([
                ("showInput", .bool(true)), ("showEffects", .bool(true)), ("showEvents", .bool(true)),
                ("showObjectChanges", .bool(true)), ("showBalanceChanges", .bool(true)),
            ])])
        }
    }

    public var request: ChainRequest {
        JSONRPC.request(method, params)
    }
}
