import Primitives

/// The Cosmos SDK REST (LCD, grpc-gateway) requests the Cosmos family's client sends (chain-apis.md § 4;
/// gemwalletcom/core `gem_cosmos/src/rpc/client.rs`): inputs in, wire format out, no transport. An address or hash
/// is one path segment, percent-encoded except for RFC 3986 unreserved characters.
public enum CosmosAPI: Sendable, Equatable {
    /// `GET /cosmos/bank/v1beta1/balances/{address}`: every denom the address holds (zero balances are not listed).
    case balances(address: String)
    /// `GET /cosmos/staking/v1beta1/delegations/{address}`: `delegation_responses[].balance`.
    case delegations(address: String)
    /// `GET /cosmos/staking/v1beta1/delegators/{address}/unbonding_delegations`: `unbonding_responses[].entries[].balance`.
    case unbondingDelegations(address: String)
    /// `GET /cosmos/distribution/v1beta1/delegators/{address}/rewards`: `rewards[].reward[]` (decimal coins).
    case rewards(address: String)
    /// `GET /cosmos/auth/v1beta1/accounts/{address}`: `account_number` and `sequence`.
    case account(address: String)
    /// `POST /cosmos/tx/v1beta1/txs` with `{"mode": mode, "tx_bytes": base64}`.
    case broadcast(txBytes: String, mode: String = "BROADCAST_MODE_SYNC")
    /// `GET /cosmos/tx/v1beta1/txs/{hash}`.
    case transaction(hash: String)
    /// `GET /cosmos/base/tendermint/v1beta1/node_info`: `default_node_info.network` is the chain id.
    case nodeInfo
    /// `GET /cosmos/base/tendermint/v1beta1/blocks/latest`: `block.header.height`.
    case latestBlock

    public var request: ChainRequest {
        switch self {
        case let .balances(address):
            ChainRequest(method: .get, path: "/cosmos/bank/v1beta1/balances/" + ChainRequest.percentEncoded(address))
        case let .delegations(address):
            ChainRequest(method: .get, path: "/cosmos/staking/v1beta1/delegations/" + ChainRequest.percentEncoded(address))
        case let .unbondingDelegations(address):
            ChainRequest(method: .get, path: "/cosmos/staking/v1beta1/delegators/" + ChainRequest.percentEncoded(address) + "/unbonding_delegations")
        case let .rewards(address):
            ChainRequest(method: .get, path: "/cosmos/distribution/v1beta1/delegators/" + ChainRequest.percentEncoded(address) + "/rewards")
        case let .account(address):
            ChainRequest(method: .get, path: "/cosmos/auth/v1beta1/accounts/" + ChainRequest.percentEncoded(address))
        case let .broadcast(txBytes, mode):
            .json(path: "/cosmos/tx/v1beta1/txs", .object([("mode", .string(mode)), ("tx_bytes", .string(txBytes))]))
        case let .transaction(hash):
            ChainRequest(method: .get, path: "/cosmos/tx/v1beta1/txs/" + ChainRequest.percentEncoded(hash))
        case .nodeInfo:
            ChainRequest(method: .get, path: "/cosmos/base/tendermint/v1beta1/node_info")
        case .latestBlock:
            ChainRequest(method: .get, path: "/cosmos/base/tendermint/v1beta1/blocks/latest")
        }
    }
}
