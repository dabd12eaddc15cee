import Primitives

/// The Stellar Horizon REST calls the client makes (chain-apis.md § 11; paths as gemwalletcom/core
/// `crates/gem_stellar/src/rpc/client.rs` builds them, appended to the node's base URL).
public enum HorizonAPI: Sendable, Equatable {
    /// `GET /` → the root (`network_passphrase`, `ingest_latest_ledger`, …).
    case root
    /// `GET /accounts/{id}` → the account (`sequence`, `balances[]`, …); 404 for an account never funded.
    case account(id: String)
    /// `GET /fee_stats` → `fee_charged` and `max_fee` percentiles (strings, stroops).
    case feeStats
    /// `POST /transactions_async`, `Content-Type: application/x-www-form-urlencoded`, body `tx=<envelope>` with the
    /// base64 XDR envelope percent-encoded (as js-stellar-sdk `submitAsyncTransaction` sends it:
    /// `tx=${encodeURIComponent(base64)}`, so a `+`, `/` or `=` is not read as a form separator or a space).
    case submitAsync(envelopeBase64: String)
    /// `GET /transactions/{hash}` → the ingested transaction (`successful`, `fee_charged`, `ledger`).
    case transaction(hash: String)

    public var request: ChainRequest {
        switch self {
        case .root:
            return ChainRequest(method: .get, path: "/")
        case let .account(id):
            return ChainRequest(method: .get, path: "/accounts/\(ChainRequest.percentEncoded(id))")
        case .feeStats:
            return ChainRequest(method: .get, path: "/fee_stats")
        case let .submitAsync(envelope):
            return ChainRequest(method: .post, path: "/transactions_async",
                                headers: [ChainHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")],
                                body: Array("tx=\(ChainRequest.percentEncoded(envelope))".utf8))
        case let .transaction(hash):
            return ChainRequest(method: .get, path: "/transactions/\(ChainRequest.percentEncoded(hash))")
        }
    }
}
