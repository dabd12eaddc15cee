import Primitives

/// The Substrate API Sidecar REST calls the Polkadot Asset Hub client makes (chain-apis.md § 13; paths as
/// gemwalletcom/core `crates/gem_polkadot/src/rpc/client.rs` builds them). Addresses are validated by the
/// client before they enter a path.
public enum PolkadotAPI: Sendable, Equatable {
    /// `GET /accounts/{address}/balance-info` → `nonce`, `free`, `reserved` (decimal strings).
    case balanceInfo(address: String)
    /// `GET /transaction/material` → `at {hash, height}`, `genesisHash`, `specVersion`, `txVersion`.
    case material
    /// `POST /transaction/fee-estimate` `{tx}` → `partialFee`.
    case feeEstimate(transaction: String)
    /// `POST /transaction` `{tx}` of the signed extrinsic's 0x-hex → `hash`.
    case submit(transaction: String)
    /// `GET /blocks/head` → the head block (`number`).
    case head
    /// `GET /blocks?range={from}-{to}&noFees=true` → the blocks with their extrinsics.
    case blocks(from: UInt64, to: UInt64)
    /// `GET /node/version` → `chain`.
    case nodeVersion
    /// `GET /blocks/head/header` → `number`.
    case headHeader

    public var request: ChainRequest {
        switch self {
        case let .balanceInfo(address):
            return ChainRequest(method: .get, path: "/accounts/\(ChainRequest.percentEncoded(address))/balance-info")
        case .material:
            return ChainRequest(method: .get, path: "/transaction/material")
        case let .feeEstimate(transaction):
            return .json(path: "/transaction/fee-estimate", .object([("tx", .string(transaction))]))
        case let .submit(transaction):
            return .json(path: "/transaction", .object([("tx", .string(transaction))]))
        case .head:
            return ChainRequest(method: .get, path: "/blocks/head")
        case let .blocks(from, to):
            return ChainRequest(method: .get, path: "/blocks",
                                query: [ChainHeader(name: "range", value: "\(from)-\(to)"), ChainHeader(name: "noFees", value: "true")])
        case .nodeVersion:
            return ChainRequest(method: .get, path: "/node/version")
        case .headHeader:
            return ChainRequest(method: .get, path: "/blocks/head/header")
        }
    }
}
