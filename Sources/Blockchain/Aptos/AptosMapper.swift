import Primitives

/// The ledger info of `GET /v1/`.
public struct AptosLedger: Sendable, Equatable {
    public var chainId: UInt8
    public var blockHeight: UInt64

    public init(chainId: UInt8, blockHeight: UInt64) {
        self.chainId = chainId
        self.blockHeight = blockHeight
    }
}

/// Pure mappers from Aptos fullnode REST answers to the client records. Shapes: the Aptos node API reference
/// (fullnode.mainnet.aptoslabs.com/v1/spec, aptos.dev "Fullnode REST API") and chain-apis.md § 7. Numbers the
/// API calls U64 are decimal strings, except the balance endpoint's bare integer and the gas estimates.
public enum AptosMapper {
    /// The JSON body of a 2xx answer. An error answer is the API's `{message, error_code, vm_error_code}`:
    /// `account_not_found` / `transaction_not_found` (and any 404) are `notFound`, the rest `rpc` with the HTTP
    /// status as the code; an error body that is not that shape is `http`.
    public static func json(_ response: ChainResponse) throws(ChainClientError) -> JSON {
        let text = String(decoding: response.body, as: UTF8.self)
        let json = try? JSONParser.parse(response.body)
        guard (200..<300).contains(response.status) else {
            guard let json, let message = json["message"]?.stringValue else {
                throw .http(status: response.status, body: ChainClientError.prefix(text))
            }
            let code = json["error_code"]?.stringValue ?? ""
            let described = ChainClientError.prefix(code.isEmpty ? message : "\(message) (\(code))")
            if response.status == 404 || code.hasSuffix("_not_found") { throw .notFound(described) }
            throw .rpc(code: Int64(response.status), message: described)
        }
        guard let json else { throw .malformed("the answer is not JSON: \(ChainClientError.prefix(text, 80))") }
        return json
    }

    /// `GET …/balance/{asset}`: the bare integer, read from the body's digits (exact over all of u64; a JSON
    /// number above 2^63 would otherwise lose its low digits).
    public static func balance(_ response: ChainResponse, assetId: AssetId) throws(ChainClientError) -> ChainBalance {
        _ = try json(response)
        let digits = response.body.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        let trimmed = digits.reversed().drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }.reversed()
        let text = String(decoding: trimmed, as: UTF8.self)
        return ChainBalance(assetId: assetId, available: try NodeAnswer.decimal(.string(text), "balance", bits: 64))
    }

    /// `GET /v1/accounts/{address}`: `sequence_number` (a u64 string).
    public static func sequenceNumber(_ json: JSON) throws(ChainClientError) -> UInt64 {
        try NodeAnswer.u64String(json["sequence_number"], "sequence_number")
    }

    /// `GET /v1/estimate_gas_price`, as the specification's app reads it (`models/fee.rs`): Slow
    /// `deprioritized_gas_estimate`, Normal `gas_estimate`, Fast `prioritized_gas_estimate` (octas per gas unit).
    /// A missing estimate takes Normal's.
    public static func feeRates(_ json: JSON) throws(ChainClientError) -> FeeRates {
        let normal = try NodeAnswer.u64Number(json["gas_estimate"], "gas_estimate")
        let slow = try NodeAnswer.optional(json, "deprioritized_gas_estimate").map { v throws(ChainClientError) in
            try NodeAnswer.u64Number(v, "deprioritized_gas_estimate")
        } ?? normal
        let fast = try NodeAnswer.optional(json, "prioritized_gas_estimate").map { v throws(ChainClientError) in
            try NodeAnswer.u64Number(v, "prioritized_gas_estimate")
        } ?? normal
        return FeeRates(unit: .nativeUnit, rates: [
            FeeRate(priority: .slow, value: BigUInt(slow)), FeeRate(priority: .normal, value: BigUInt(normal)),
            FeeRate(priority: .fast, value: BigUInt(fast)),
        ])
    }

    /// `GET /v1/`: `chain_id` (a number, 1 on mainnet) and `block_height` (a u64 string).
    public static func ledger(_ json: JSON) throws(ChainClientError) -> AptosLedger {
        let chainId = try NodeAnswer.u64Number(json["chain_id"], "chain_id")
        guard chainId <= UInt64(UInt8.max) else { throw .malformed("chain_id: above 255") }
        return AptosLedger(chainId: UInt8(chainId), blockHeight: try NodeAnswer.u64String(json["block_height"], "block_height"))
    }

    /// `POST /v1/transactions`: the pending transaction's `hash` (`0x` + 64 hex digits); an error answer
    /// (`{message, error_code, vm_error_code}`, e.g. a sequence number too old) is `rejected`.
    public static func broadcast(_ response: ChainResponse) throws(ChainClientError) -> String {
        let answer: JSON
        do {
            answer = try json(response)
        } catch {
            throw error.asBroadcastRefusal
        }
        return try hash(answer["hash"], "hash")
    }

    /// `GET /v1/transactions/by_hash/{hash}`: `pending_transaction` → pending; a committed one `success` true →
    /// confirmed, false → failed, with the fee `gas_used × gas_unit_price`. A hash the node does not know
    /// (404 `transaction_not_found`) is pending in the client. No block: the answer carries the ledger
    /// `version`, not the block height.
    public static func transactionStatus(_ json: JSON) throws(ChainClientError) -> ChainTransactionStatus {
        let type = try NodeAnswer.string(json["type"], "type")
        if type == "pending_transaction" { return ChainTransactionStatus(state: .pending) }
        let success = try NodeAnswer.bool(json["success"], "success")
        let gasUsed = try NodeAnswer.decimal(json["gas_used"], "gas_used")
        let price = try NodeAnswer.decimal(json["gas_unit_price"], "gas_unit_price")
        return ChainTransactionStatus(state: success ? .confirmed : .failed, fee: gasUsed * price)
    }

    /// `0x` + 64 hex digits.
    static func hash(_ json: JSON?, _ name: String) throws(ChainClientError) -> String {
        let text = try NodeAnswer.string(json, name)
        let utf8 = Array(text.utf8)
        guard utf8.count == 66, text.hasPrefix("0x"), utf8.dropFirst(2).allSatisfy(EthereumAddress.isHexDigit) else {
            throw .malformed("\(name): not 0x + 64 hex digits")
        }
        return text.lowercased()
    }
}
