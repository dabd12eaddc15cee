import Primitives

/// The toncenter v2/v3 calls the TON client makes (chain-apis.md § 5: paths and query items as gemwalletcom/core
/// `crates/gem_ton/src/rpc/client.rs` sends them). No API-key header is sent.
public enum TonRequest: Sendable, Equatable {
    /// `GET /api/v2/getAddressBalance?address=` → `{ok, result: nanotons as a string}`.
    case addressBalance(address: String)
    /// `GET /api/v2/getWalletInformation?address=` → `{ok, result: {seqno, account_state, balance, …}}`.
    case walletInformation(address: String)
    /// `GET /api/v3/jetton/wallets?owner_address=&limit=100&offset=0` → `{jetton_wallets: [{address, balance, jetton}]}`.
    case jettonWallets(owner: String)
    /// `POST /api/v2/sendBocReturnHash` with `{"boc": base64}` → `{ok, result: {hash}}`.
    case sendBocReturnHash(boc: String)
    /// `GET /api/v3/transactionsByMessage?msg_hash=` → `{transactions: […]}`.
    case transactionsByMessage(hash: String)
    /// `GET /api/v3/masterchainInfo` → `{first, last}`.
    case masterchainInfo

    /// The most jetton wallets one `jetton/wallets` page lists (the `limit` sent).
    public static let jettonWalletsLimit = 100

    public var request: ChainRequest {
        switch self {
        case let .addressBalance(address):
            ChainRequest(method: .get, path: "/api/v2/getAddressBalance", query: [ChainHeader(name: "address", value: address)])
        case let .walletInformation(address):
            ChainRequest(method: .get, path: "/api/v2/getWalletInformation", query: [ChainHeader(name: "address", value: address)])
        case let .jettonWallets(owner):
            ChainRequest(method: .get, path: "/api/v3/jetton/wallets", query: [
                ChainHeader(name: "owner_address", value: owner), ChainHeader(name: "limit", value: String(TonRequest.jettonWalletsLimit)),
                ChainHeader(name: "offset", value: "0"),
            ])
        case let .sendBocReturnHash(boc):
            .json(path: "/api/v2/sendBocReturnHash", .object([("boc", .string(boc))]))
        case let .transactionsByMessage(hash):
            ChainRequest(method: .get, path: "/api/v3/transactionsByMessage", query: [ChainHeader(name: "msg_hash", value: hash)])
        case .masterchainInfo:
            ChainRequest(method: .get, path: "/api/v3/masterchainInfo")
        }
    }
}
