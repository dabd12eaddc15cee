import Primitives

/// The Aptos fullnode REST v1 calls the client makes (chain-apis.md § 7; paths as gemwalletcom/core
/// `crates/gem_aptos/src/rpc/client.rs` builds them; the client appends `/v1/…` to the node's base URL).
public enum AptosAPI: Sendable, Equatable {
    /// `GET /v1/` → the ledger info (`chain_id`, `block_height`, …).
    case ledger
    /// `GET /v1/accounts/{address}` → `{sequence_number, authentication_key}`.
    case account(address: String)
    /// `GET /v1/accounts/{address}/balance/{asset}` → a bare integer. `asset` is a coin type
    /// (`0x1::aptos_coin::AptosCoin`) or a fungible asset's metadata address.
    case balance(address: String, asset: String)
    /// `GET /v1/estimate_gas_price` → `{deprioritized_gas_estimate, gas_estimate, prioritized_gas_estimate}`.
    case estimateGasPrice
    /// `POST /v1/transactions` with the BCS-encoded signed transaction as the raw body
    /// (`Content-Type: application/x.aptos.signed_transaction+bcs`) → the pending transaction.
    case submit(signedTransaction: [UInt8])
    /// `GET /v1/transactions/by_hash/{hash}` → the transaction (pending or committed).
    case transaction(hash: String)

    /// APT's coin type.
    public static let aptCoinType = "0x1::aptos_coin::AptosCoin"

    public var request: ChainRequest {
        switch self {
        case .ledger:
            return ChainRequest(method: .get, path: "/v1/")
        case let .account(address):
            return ChainRequest(method: .get, path: "/v1/accounts/\(AptosAPI.segment(address))")
        case let .balance(address, asset):
            return ChainRequest(method: .get, path: "/v1/accounts/\(AptosAPI.segment(address))/balance/\(AptosAPI.segment(asset))")
        case .estimateGasPrice:
            return ChainRequest(method: .get, path: "/v1/estimate_gas_price")
        case let .submit(signedTransaction):
            return ChainRequest(method: .post, path: "/v1/transactions",
                                headers: [ChainHeader(name: "Content-Type", value: "application/x.aptos.signed_transaction+bcs")],
                                body: signedTransaction)
        case let .transaction(hash):
            return ChainRequest(method: .get, path: "/v1/transactions/by_hash/\(AptosAPI.segment(hash))")
        }
    }

    /// A path segment: RFC 3986 unreserved characters and `:` kept (so a coin type reads as the app sends it),
    /// every other byte %XX (a `/`, `?` or `<` in an input cannot change the path).
    static func segment(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
            }
        }
        return out
    }
}
