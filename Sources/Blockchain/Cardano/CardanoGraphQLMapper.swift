import GemCrypto
import Primitives

/// The chain tip as `CardanoGraphQL.tip` reads it.
public struct CardanoTip: Sendable, Equatable {
    public var blockNumber: UInt64
    public var slot: UInt64

    public init(blockNumber: UInt64, slot: UInt64) {
        self.blockNumber = blockNumber
        self.slot = slot
    }
}

/// Pure mappers from cardano-graphql answers to the client records. Shapes: the cardano-graphql schema
/// (github.com/cardano-foundation/cardano-graphql: `utxos`, `utxos_aggregate`, `submitTransaction`, `genesis`,
/// `cardano.tip`, `transactions`) and chain-apis.md § 14. An answer is `{data}` or `{errors: [{message}]}`;
/// lovelace amounts are decimal strings.
public enum CardanoGraphQLMapper {
    /// The most UTxOs one answer may list.
    static let maxUTXOs = 10_000
    /// The app's placeholder fee rate in lovelace (`provider/preload.rs`); the signer computes the real minimum fee.
    public static let placeholderFee = BigUInt(1_000_000)

    /// The `data` of an answer. `errors[0].message` (with any HTTP status) is `rpc(code: status)`; a non-2xx
    /// answer that is not GraphQL is `http`.
    public static func data(_ response: ChainResponse) throws(ChainClientError) -> JSON {
        let text = String(decoding: response.body, as: UTF8.self)
        guard let json = try? JSONParser.parse(response.body) else {
            if (200..<300).contains(response.status) { throw .malformed("the answer is not JSON: \(ChainClientError.prefix(text, 80))") }
            throw .http(status: response.status, body: ChainClientError.prefix(text))
        }
        if let errors = json["errors"]?.arrayValue, let first = errors.first {
            throw .rpc(code: Int64(response.status), message: ChainClientError.prefix(first["message"]?.stringValue ?? "GraphQL error"))
        }
        guard (200..<300).contains(response.status) else { throw .http(status: response.status, body: ChainClientError.prefix(text)) }
        guard let data = NodeAnswer.optional(json, "data") else { throw .malformed("data: missing") }
        return data
    }

    /// `GetBalance`: `utxos.aggregate.sum.value` (null for an address with no UTxOs → 0).
    public static func balance(_ data: JSON) throws(ChainClientError) -> ChainBalance {
        let sum = try NodeAnswer.member(try NodeAnswer.member(try NodeAnswer.member(data, "utxos", "utxos"), "aggregate", "utxos.aggregate"),
                                        "sum", "utxos.aggregate.sum")
        let value = try NodeAnswer.optional(sum, "value").map { v throws(ChainClientError) in
            try NodeAnswer.decimal(v, "utxos.aggregate.sum.value", bits: 128)
        } ?? .zero
        return ChainBalance(assetId: AssetId(chain: .cardano), available: value)
    }

    /// `UtxoSetForAddress`: each `{txHash (64 hex), index, value (lovelace), tokens[]}`; one holding tokens is
    /// marked so the signer leaves it unspent.
    public static func utxos(_ data: JSON) throws(ChainClientError) -> [CardanoUTXO] {
        let entries = try NodeAnswer.array(data["utxos"], "utxos")
        guard entries.count <= maxUTXOs else { throw .malformed("utxos: more than \(maxUTXOs) entries") }
        return try entries.map { entry throws(ChainClientError) in
            let hash = try NodeAnswer.string(entry["txHash"], "utxos[].txHash")
            guard hash.utf8.count == 64, let id = try? Hex.decode(hash), id.count == 32 else { throw .malformed("utxos[].txHash: not 64 hex digits") }
            let index = try NodeAnswer.u64Number(entry["index"], "utxos[].index")
            guard index <= UInt64(UInt16.max) else { throw .malformed("utxos[].index: above 65535") }
            let tokens = try NodeAnswer.optional(entry, "tokens").map { v throws(ChainClientError) in try NodeAnswer.array(v, "utxos[].tokens") } ?? []
            return CardanoUTXO(transactionId: id, index: UInt32(index), lovelace: try NodeAnswer.decimal(entry["value"], "utxos[].value"),
                               hasTokens: !tokens.isEmpty)
        }
    }

    /// `GetNetworkMagic`: `genesis.shelley.networkMagic` (764824073 on mainnet), as the chain's network id text.
    public static func networkMagic(_ data: JSON) throws(ChainClientError) -> String {
        let shelley = try NodeAnswer.member(try NodeAnswer.member(data, "genesis", "genesis"), "shelley", "genesis.shelley")
        let magic = try NodeAnswer.u64Number(shelley["networkMagic"], "genesis.shelley.networkMagic")
        guard magic <= UInt64(UInt32.max) else { throw .malformed("genesis.shelley.networkMagic: above u32") }
        return String(magic)
    }

    /// `cardano.tip.number`.
    public static func tipNumber(_ data: JSON) throws(ChainClientError) -> UInt64 {
        try NodeAnswer.u64Number(try tipObject(data)["number"], "cardano.tip.number")
    }

    /// `cardano.tip.number` and `cardano.tip.slotNo`.
    public static func tip(_ data: JSON) throws(ChainClientError) -> CardanoTip {
        let tip = try tipObject(data)
        return CardanoTip(blockNumber: try NodeAnswer.u64Number(tip["number"], "cardano.tip.number"),
                          slot: try NodeAnswer.u64Number(tip["slotNo"], "cardano.tip.slotNo"))
    }

    /// The fee rates as the app gives them: no request, its placeholder at every priority.
    public static func feeRates() -> FeeRates {
        FeeRates(unit: .nativeUnit, rates: FeePriority.allCases.map { FeeRate(priority: $0, value: placeholderFee) })
    }

    /// `SubmitTransaction`: `data.submitTransaction.hash` (64 hex); `errors[0].message` is `rejected`.
    public static func broadcast(_ response: ChainResponse) throws(ChainClientError) -> String {
        let data: JSON
        do {
            data = try self.data(response)
        } catch {
            if case let .rpc(_, message) = error { throw .rejected(message) }
            throw error
        }
        guard let submitted = NodeAnswer.optional(data, "submitTransaction") else { throw .malformed("submitTransaction: missing") }
        return try hash(submitted["hash"], "submitTransaction.hash")
    }

    /// `GetTransaction`: no transaction yet → pending; one in a block → confirmed (failed when `validContract` is
    /// false: its collateral was taken) with the block number and `fee`.
    public static func transactionStatus(_ data: JSON) throws(ChainClientError) -> ChainTransactionStatus {
        let transactions = try NodeAnswer.array(data["transactions"], "transactions")
        guard let transaction = transactions.first else { return ChainTransactionStatus(state: .pending) }
        guard let block = NodeAnswer.optional(transaction, "block") else { return ChainTransactionStatus(state: .pending) }
        let number = try NodeAnswer.u64Number(block["number"], "transactions[].block.number")
        let fee = try NodeAnswer.decimal(transaction["fee"], "transactions[].fee")
        let valid = try NodeAnswer.optional(transaction, "validContract").map { v throws(ChainClientError) in
            try NodeAnswer.bool(v, "transactions[].validContract")
        } ?? true
        return ChainTransactionStatus(state: valid ? .confirmed : .failed, blockNumber: number, fee: fee)
    }

    private static func tipObject(_ data: JSON) throws(ChainClientError) -> JSON {
        try NodeAnswer.member(try NodeAnswer.member(data, "cardano", "cardano"), "tip", "cardano.tip")
    }

    /// 64 hex digits, lower-cased.
    static func hash(_ json: JSON?, _ name: String) throws(ChainClientError) -> String {
        let text = try NodeAnswer.string(json, name)
        guard text.utf8.count == 64, text.utf8.allSatisfy(EthereumAddress.isHexDigit) else { throw .malformed("\(name): not 64 hex digits") }
        return text.lowercased()
    }
}
