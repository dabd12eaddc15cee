import Primitives

/// The cardano-graphql calls the client makes (chain-apis.md § 14): every call a POST to `/` of
/// `{operationName, variables, query}`, with the query texts exactly as gemwalletcom/core
/// `crates/gem_cardano/src/rpc/client.rs` sends them, plus two the app does not make (marked).
public enum CardanoGraphQL: Sendable, Equatable {
    /// `GetBalance`: the sum of `value` over the address's UTxOs.
    case balance(address: String)
    /// `UtxoSetForAddress`: the address's UTxOs, largest first, with their tokens.
    case utxos(address: String)
    /// `GetNetworkMagic`: `genesis.shelley.networkMagic`.
    case networkMagic
    /// `{ cardano { tip { number } } }`: the tip's block number (no operation name or variables, as the app sends it).
    case tipNumber
    /// Not the app's: `{ cardano { tip { number slotNo } } }`, for the slot a transaction's ttl counts from.
    case tip
    /// `SubmitTransaction`: the signed transaction's CBOR as hex.
    case submit(transactionHex: String)
    /// Not the app's (it reports every Cardano transaction confirmed without asking): `GetTransaction`, the
    /// transaction with this hash (cardano-graphql `transactions`, `Hash32Hex`), with its fee and block.
    case transaction(hash: String)

    static let balanceQuery = "query GetBalance($address: String!) { utxos: utxos_aggregate(where: { address: { _eq: $address }  } ) { aggregate { sum { value } } } }"
    static let utxosQuery = "query UtxoSetForAddress($address: String!) { utxos(order_by: { value: desc } , where: { address: { _eq: $address }  } ) { address value txHash index tokens { quantity asset { fingerprint policyId assetName } } } }"
    static let networkMagicQuery = "query GetNetworkMagic { genesis { shelley { networkMagic } } }"
    static let submitQuery = "mutation SubmitTransaction($transaction: String!) { submitTransaction(transaction: $transaction) { hash } }"
    static let transactionQuery = "query GetTransaction($hash: Hash32Hex!) { transactions(where: { hash: { _eq: $hash } }) { hash fee validContract block { number } } }"

    public var request: ChainRequest {
        switch self {
        case let .balance(address): return Self.operation("GetBalance", ["address": address], Self.balanceQuery)
        case let .utxos(address): return Self.operation("UtxoSetForAddress", ["address": address], Self.utxosQuery)
        case .networkMagic: return Self.operation("GetNetworkMagic", [:], Self.networkMagicQuery)
        case .tipNumber: return ChainRequest.json(path: "/", .object([("query", .string("{ cardano { tip { number } } }"))]))
        case .tip: return ChainRequest.json(path: "/", .object([("query", .string("{ cardano { tip { number slotNo } } }"))]))
        case let .submit(hex): return Self.operation("SubmitTransaction", ["transaction": hex], Self.submitQuery)
        case let .transaction(hash): return Self.operation("GetTransaction", ["hash": hash], Self.transactionQuery)
        }
    }

    private static func operation(_ name: String, _ variables: KeyValuePairs<String, String>, _ query: String) -> ChainRequest {
        ChainRequest.json(path: "/", .object([
            ("operationName", .string(name)),
            ("variables", .object(variables.map { ($0.key, JSON.string($0.value)) })),
            ("query", .string(query)),
        ]))
    }
}
