import GemCrypto
import Primitives

/// The java-tron HTTP API calls the Tron client makes (chain-apis.md § 6; bodies as gemwalletcom/core
/// `crates/gem_tron/src/rpc/client.rs` builds them: account and contract bodies carry `visible: true`, so
/// addresses are base58). Addresses are validated by the client before they reach a body.
public enum TronAPI: Sendable, Equatable {
    /// `POST /wallet/getaccount` `{address, visible: true}` → the account (`balance` in sun; `{}` for an address
    /// the chain has never seen).
    case account(address: String)
    /// `POST /wallet/getaccountresource` `{address, visible: true}` → bandwidth and energy limits and usage.
    case accountResource(address: String)
    /// `POST /wallet/triggerconstantcontract` calling `balanceOf(address)` on `contract` with the zero address
    /// as owner; `parameter` is `owner`'s 20 account bytes as a 32-byte word in hex.
    case tokenBalance(owner: String, contract: String)
    /// `POST /wallet/triggerconstantcontract` calling `transfer(address,uint256)` with the sender as owner: the
    /// energy estimate of a TRC-20 transfer.
    case estimateTransfer(owner: String, contract: String, recipient: String, amount: BigUInt)
    /// `POST /wallet/getnowblock` `{}` → the head block (`blockID`, `block_header.raw_data`).
    case nowBlock
    /// `GET /wallet/getchainparameters` → `chainParameter[] {key, value}`.
    case chainParameters
    /// `POST /wallet/broadcasttransaction` of the signed transaction JSON, passed through as the signer wrote it.
    case broadcast(transaction: String)
    /// `GET /wallet/gettransactioninfobyid?value={txid}` → the transaction's info (`{}` while unknown).
    case transactionInfo(id: String)
    /// `GET /wallet/getblock` → the latest block.
    case latestBlock
    /// `GET /wallet/getblockbynum?num=0` → the genesis block (`blockID`), whose last four bytes are the chain id.
    case genesisBlock

    /// The zero address the app calls `balanceOf` from (`rpc/constants.rs` `DEFAULT_OWNER_ADDRESS`).
    public static let defaultOwner = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"

    public var request: ChainRequest {
        switch self {
        case let .account(address):
            return .json(path: "/wallet/getaccount", .object([("address", .string(address)), ("visible", .bool(true))]))
        case let .accountResource(address):
            return .json(path: "/wallet/getaccountresource", .object([("address", .string(address)), ("visible", .bool(true))]))
        case let .tokenBalance(owner, contract):
            return .json(path: "/wallet/triggerconstantcontract", .object([
                ("owner_address", .string(TronAPI.defaultOwner)), ("contract_address", .string(contract)),
                ("function_selector", .string("balanceOf(address)")), ("parameter", .string(TronAPI.word(owner))),
                ("visible", .bool(true)),
            ]))
        case let .estimateTransfer(owner, contract, recipient, amount):
            let amountHex = amount.hexString
            let amountWord = String(repeating: "0", count: max(0, 64 - amountHex.utf8.count)) + amountHex
            return .json(path: "/wallet/triggerconstantcontract", .object([
                ("owner_address", .string(owner)), ("contract_address", .string(contract)),
                ("function_selector", .string("transfer(address,uint256)")), ("parameter", .string(TronAPI.word(recipient) + amountWord)),
                ("visible", .bool(true)),
            ]))
        case .nowBlock:
            return .json(path: "/wallet/getnowblock", .object([]))
        case .chainParameters:
            return ChainRequest(method: .get, path: "/wallet/getchainparameters")
        case let .broadcast(transaction):
            return ChainRequest(method: .post, path: "/wallet/broadcasttransaction",
                                headers: [ChainHeader(name: "Content-Type", value: "application/json")], body: Array(transaction.utf8))
        case let .transactionInfo(id):
            return ChainRequest(method: .get, path: "/wallet/gettransactioninfobyid", query: [ChainHeader(name: "value", value: id)])
        case .latestBlock:
            return ChainRequest(method: .get, path: "/wallet/getblock")
        case .genesisBlock:
            return ChainRequest(method: .get, path: "/wallet/getblockbynum", query: [ChainHeader(name: "num", value: "0")])
        }
    }

    /// A base58 address's 20 account bytes (0x41 prefix dropped) left-padded to a 64-digit hex word; an address
    /// that does not decode is all zeros (the client validates addresses before building a request).
    static func word(_ address: String) -> String {
        let payload = (try? Base58.decodeCheck(address)) ?? []
        let account = payload.count == 21 ? Array(payload.dropFirst()) : [UInt8](repeating: 0, count: 20)
        return String(repeating: "0", count: 24) + Hex.encode(account)
    }
}
