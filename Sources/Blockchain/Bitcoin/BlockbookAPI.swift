import Primitives

/// The Blockbook REST API v2 requests the Bitcoin family's client sends (chain-apis.md § 2; Blockbook's
/// `docs/api.md`): inputs in, wire format out, no transport. Paths and bodies are the ones gemwalletcom/core's
/// `gem_bitcoin/src/rpc/client.rs` sends; an address, xpub or txid is one path segment, percent-encoded except for
/// RFC 3986 unreserved characters and `:` (so `bitcoincash:q…` goes as the app sends it, and no input can add a
/// path segment or a query).
public enum BlockbookAPI: Sendable, Equatable {
    /// `GET /api/v2/address/{address}`: `balance`, `unconfirmedBalance` (the app sends no parameter).
    case address(String)
    /// `GET /api/v2/xpub/{xpub}?details=basic`: the balances of every address derived from an extended public key,
    /// without the address list or transactions (Blockbook's `details=basic`; the app does not call it).
    case xpub(String)
    /// `GET /api/v2/utxo/{address or xpub}`: confirmed and mempool outputs (Blockbook's default, which the app
    /// uses); `confirmedOnly` adds `?confirmed=true`.
    case utxo(String, confirmedOnly: Bool = false)
    /// `GET /api/v2/estimatefee/{blocks}`: `result`, coin per kB as a decimal string.
    case estimateFee(blocks: Int)
    /// `POST /api/v2/sendtx/` with the raw transaction hex as a `text/plain` body.
    case sendTransaction(hex: String)
    /// `GET /api/v2/tx/{txid}`.
    case transaction(txid: String)
    /// `GET /api/`: `blockbook.{bestHeight,inSync}`, `backend.{chain,blocks,consensus}`.
    case status
    /// `GET /api/v2/block/{height}`: the app reads block 1's `previousBlockHash` (the genesis hash) as the chain id.
    case block(height: UInt64)

    public var request: ChainRequest {
        switch self {
        case let .address(address):
            ChainRequest(method: .get, path: "/api/v2/address/" + BlockbookAPI.segment(address))
        case let .xpub(xpub):
            ChainRequest(method: .get, path: "/api/v2/xpub/" + BlockbookAPI.segment(xpub),
                         query: [ChainHeader(name: "details", value: "basic")])
        case let .utxo(address, confirmedOnly):
            ChainRequest(method: .get, path: "/api/v2/utxo/" + BlockbookAPI.segment(address),
                         query: confirmedOnly ? [ChainHeader(name: "confirmed", value: "true")] : [])
        case let .estimateFee(blocks):
            ChainRequest(method: .get, path: "/api/v2/estimatefee/\(blocks)")
        case let .sendTransaction(hex):
            ChainRequest(method: .post, path: "/api/v2/sendtx/", headers: [ChainHeader(name: "Content-Type", value: "text/plain")],
                         body: Array(hex.utf8))
        case let .transaction(txid):
            ChainRequest(method: .get, path: "/api/v2/tx/" + BlockbookAPI.segment(txid))
        case .status:
            ChainRequest(method: .get, path: "/api/")
        case let .block(height):
            ChainRequest(method: .get, path: "/api/v2/block/\(height)")
        }
    }

    /// `text` as one path segment: unreserved characters and `:` kept, every other byte %XX.
    static func segment(_ text: String) -> String {
        text.split(separator: ":", omittingEmptySubsequences: false).map { ChainRequest.percentEncoded(String($0)) }
            .joined(separator: ":")
    }
}
