import GemCrypto
import Primitives

/// The block a state query reads (the JSON-RPC block tag).
public enum EthereumBlockTag: String, Sendable, Equatable {
    /// The newest mined block (what the specification's app sends for every tagged call, chain-apis.md § 1).
    case latest
    /// The newest block plus the node's pending pool: the nonce that counts transactions not yet mined.
    case pending
}

/// The EVM JSON-RPC calls the wallet makes (chain-apis.md § 1; the specification's `gem_evm/src/rpc/client.rs`):
/// inputs in, a `ChainRequest` out, no transport. Quantities are written as the execution API specifies them
/// (`0x` + lowercase hex, no leading zeros, `0x0` for zero); byte strings as `0x` + two digits per byte.
public enum EthereumRPC: Sendable, Equatable {
    /// `eth_chainId` `[]`.
    case chainId
    /// `eth_blockNumber` `[]`.
    case blockNumber
    /// `eth_syncing` `[]`: `false` when the node follows the head, a sync-progress object while it catches up
    /// (Ethereum execution API, `eth_syncing`).
    case syncing
    /// `eth_getBalance` `[address, tag]`.
    case balance(address: String, block: EthereumBlockTag)
    /// `eth_call` `[{to, data}, tag]`.
    case call(to: String, data: [UInt8], block: EthereumBlockTag)
    /// `eth_getTransactionCount` `[address, tag]`.
    case transactionCount(address: String, block: EthereumBlockTag)
    /// `eth_estimateGas` `[{from, to, value, data}, "latest"]` (value `0x0` and data `0x` when there are none, as
    /// the specification's load step sends them).
    case estimateGas(from: String, to: String, value: BigUInt, data: [UInt8])
    /// `eth_feeHistory` `[blockCount, "latest", percentiles]`.
    case feeHistory(blockCount: UInt64, rewardPercentiles: [Int64])
    /// `eth_sendRawTransaction` `[rawHex]` (`0x` added when missing).
    case sendRawTransaction(String)
    /// `eth_getTransactionReceipt` `[hash]`.
    case transactionReceipt(hash: String)

    public var method: String {
        switch self {
        case .chainId: "eth_chainId"
        case .blockNumber: "eth_blockNumber"
        case .syncing: "eth_syncing"
        case .balance: "eth_getBalance"
        case .call: "eth_call"
        case .transactionCount: "eth_getTransactionCount"
        case .estimateGas: "eth_estimateGas"
        case .feeHistory: "eth_feeHistory"
        case .sendRawTransaction: "eth_sendRawTransaction"
        case .transactionReceipt: "eth_getTransactionReceipt"
        }
    }

    public var params: JSON {
        switch self {
        case .chainId, .blockNumber, .syncing:
            return .array([])
        case let .balance(address, block), let .transactionCount(address, block):
            return .array([.string(address), .string(block.rawValue)])
        case let .call(to, data, block):
            return .array([.object([("to", .string(to)), ("data", .string(EthereumRPC.data(data)))]), .string(block.rawValue)])
        case let .estimateGas(from, to, value, data):
            return .array([
                .object([("from", .string(from)), ("to", .string(to)), ("value", .string(EthereumRPC.quantity(value))),
                         ("data", .string(EthereumRPC.data(data)))]),
                .string(EthereumBlockTag.latest.rawValue),
            ])
        case let .feeHistory(blockCount, percentiles):
            return .array([.string(EthereumRPC.quantity(BigUInt(blockCount))), .string(EthereumBlockTag.latest.rawValue),
                           .array(percentiles.map { .int($0) })])
        case let .sendRawTransaction(raw):
            return .array([.string(raw.hasPrefix("0x") ? raw : "0x" + raw)])
        case let .transactionReceipt(hash):
            return .array([.string(hash)])
        }
    }

    /// The single call as a JSON-RPC request.
    public func request(id: Int64 = 1) -> ChainRequest {
        JSONRPC.request(method, params, id: id)
    }

    /// Several calls in one JSON-RPC batch (ids 1…n), as the specification sends token balances and metadata.
    public static func batch(_ calls: [EthereumRPC]) -> ChainRequest {
        JSONRPC.batch(calls.map { (method: $0.method, params: $0.params) })
    }

    /// A QUANTITY: `0x` + lowercase hex without leading zeros (`0x0` for zero).
    public static func quantity(_ value: BigUInt) -> String {
        "0x" + value.hexString
    }

    /// DATA: `0x` + two lowercase hex digits per byte (`0x` for none).
    public static func data(_ bytes: [UInt8]) -> String {
        "0x" + Hex.encode(bytes)
    }
}

/// ERC-20 call data (the specification's `FUNCTION_ERC20_*` selectors and `batch_token_balance_calls`).
public enum ERC20Call {
    /// `name()`.
    public static let name: [UInt8] = [0x06, 0xfd, 0xde, 0x03]
    /// `symbol()`.
    public static let symbol: [UInt8] = [0x95, 0xd8, 0x9b, 0x41]
    /// `decimals()`.
    public static let decimals: [UInt8] = [0x31, 0x3c, 0xe5, 0x67]

    /// `balanceOf(account)`: selector 0x70a08231, then the 20 account bytes left-padded to one 32-byte word.
    public static func balanceOf(_ account: [UInt8]) -> [UInt8] {
        [0x70, 0xa0, 0x82, 0x31] + [UInt8](repeating: 0, count: max(0, 32 - account.count)) + account.suffix(32)
    }
}

/// The OP-stack L1 data fee call (the specification's `preload_optimism.rs`).
public enum OPStackGasPriceOracle {
    /// The OP-stack gas price oracle predeploy (chain-apis.md § 1, "L1 fee (OP-stack only)").
    public static let oracle = "0x420000000000000000000000000000000000000F"

    /// `getL1Fee(bytes)` of `unsignedTransaction`: selector 0x49948e0e, the offset word 0x20, the length word, then
    /// the bytes zero-padded to a whole word (the ABI encoding of one dynamic `bytes` argument).
    public static func getL1Fee(_ unsignedTransaction: [UInt8]) -> [UInt8] {
        var data: [UInt8] = [0x49, 0x94, 0x8e, 0x0e]
        data += [UInt8](repeating: 0, count: 31) + [0x20]
        let length = BigUInt(UInt64(unsignedTransaction.count)).bigEndianBytes
        data += [UInt8](repeating: 0, count: 32 - length.count) + length
        data += unsignedTransaction
        data += [UInt8](repeating: 0, count: (32 - unsignedTransaction.count % 32) % 32)
        return data
    }
}
