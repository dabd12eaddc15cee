import Primitives

/// The algod v2 REST calls the client makes (chain-apis.md § 12; paths as gemwalletcom/core
/// `crates/gem_algorand/src/rpc/client.rs` builds them, appended to the node's base URL).
public enum AlgodAPI: Sendable, Equatable {
    /// `GET /v2/accounts/{address}` → `{amount, min-balance, assets[], …}`.
    case account(address: String)
    /// `GET /v2/transactions/params` → `{last-round, genesis-id, genesis-hash, min-fee, fee, …}`.
    case transactionParams
    /// `POST /v2/transactions`, `Content-Type: application/x-binary`, the signed msgpack bytes as the body →
    /// `{txId}`.
    case submit(signedTransaction: [UInt8])
    /// `GET /v2/transactions/pending/{txid}` → `{confirmed-round?, pool-error, txn}`.
    case pendingTransaction(id: String)

    public var request: ChainRequest {
        switch self {
        case let .account(address):
            return ChainRequest(method: .get, path: "/v2/accounts/\(ChainRequest.percentEncoded(address))")
        case .transactionParams:
            return ChainRequest(method: .get, path: "/v2/transactions/params")
        case let .submit(bytes):
            return ChainRequest(method: .post, path: "/v2/transactions",
                                headers: [ChainHeader(name: "Content-Type", value: "application/x-binary")], body: bytes)
        case let .pendingTransaction(id):
            return ChainRequest(method: .get, path: "/v2/transactions/pending/\(ChainRequest.percentEncoded(id))")
        }
    }
}
