import GemCrypto
import Primitives

/// A block's identity as `getnowblock` / `getblock` answer it.
public struct TronBlock: Sendable, Equatable {
    /// `blockID`: 32 bytes, the block number in its first 8.
    public var id: [UInt8]
    /// `block_header.raw_data.number`.
    public var number: UInt64
    /// `block_header.raw_data.timestamp`, in milliseconds.
    public var timestamp: Int64

    public init(id: [UInt8], number: UInt64, timestamp: Int64) {
        self.id = id
        self.number = number
        self.timestamp = timestamp
    }
}

/// The chain parameters the load step prices a transfer with (`getchainparameters`), in sun.
public struct TronChainParameters: Sendable, Equatable {
    /// `getTransactionFee`: sun per byte of bandwidth.
    public var bandwidthPrice: UInt64
    /// `getEnergyFee`: sun per unit of energy.
    public var energyPrice: UInt64
    /// `getCreateNewAccountFeeInSystemContract`: the activation fee of a new account.
    public var activationFee: UInt64
    /// `getCreateAccountFee`: the bandwidth burn of creating an account when the sender's bandwidth is short.
    public var createAccountFee: UInt64

    public init(bandwidthPrice: UInt64, energyPrice: UInt64, activationFee: UInt64, createAccountFee: UInt64) {
        self.bandwidthPrice = bandwidthPrice
        self.energyPrice = energyPrice
        self.activationFee = activationFee
        self.createAccountFee = createAccountFee
    }
}

/// An account's bandwidth and energy (`getaccountresource`; a missing field is 0).
public struct TronAccountUsage: Sendable, Equatable {
    public var freeNetUsed: UInt64
    public var freeNetLimit: UInt64
    public var netUsed: UInt64
    public var netLimit: UInt64
    public var energyUsed: UInt64
    public var energyLimit: UInt64

    public init(freeNetUsed: UInt64 = 0, freeNetLimit: UInt64 = 0, netUsed: UInt64 = 0, netLimit: UInt64 = 0, energyUsed: UInt64 = 0,
                energyLimit: UInt64 = 0) {
        self.freeNetUsed = freeNetUsed
        self.freeNetLimit = freeNetLimit
        self.netUsed = netUsed
        self.netLimit = netLimit
        self.energyUsed = energyUsed
        self.energyLimit = energyLimit
    }

    /// Free plus staked bandwidth left.
    public var availableBandwidth: UInt64 {
        let (sum, overflow) = (freeNetLimit &- min(freeNetUsed, freeNetLimit)).addingReportingOverflow(netLimit &- min(netUsed, netLimit))
        return overflow ? UInt64.max : sum
    }

    public var availableEnergy: UInt64 { energyLimit &- min(energyUsed, energyLimit) }
}

/// What a transfer costs as the app's load step prices it (`provider/preload_mapper.rs`), in sun.
public struct TronTransferFee: Sendable, Equatable {
    /// The TRX the transfer burns: bandwidth, energy the sender lacks, account activation.
    public var fee: BigUInt
    /// TRC-20 only: `raw_data.fee_limit`, the energy estimate (with its 20 % buffer) times the energy price.
    public var feeLimit: UInt64?

    public init(fee: BigUInt, feeLimit: UInt64?) {
        self.fee = fee
        self.feeLimit = feeLimit
    }
}

/// Pure mappers from java-tron HTTP answers (developers.tron.network/reference; chain-apis.md § 6) to the client
/// records. Numbers are JSON integers; hex fields are plain hex without `0x`.
public enum TronMapper {
    /// Bandwidth bytes a transfer is assumed to use (chain-apis.md § 6).
    public static let transferBandwidth: UInt64 = 300
    /// The buffer the app adds to a TRC-20 energy estimate, in percent.
    public static let energyBufferPercent: UInt64 = 20
    /// The most entries of `chainParameter` read (mainnet has fewer than 100).
    static let maxChainParameters = 1_000

    /// The JSON body of a 2xx answer. java-tron answers a refused request with HTTP 200 and `{"Error": text}`:
    /// that is `rpc` (code 0).
    public static func json(_ response: ChainResponse) throws(ChainClientError) -> JSON {
        let text = String(decoding: response.body, as: UTF8.self)
        guard (200..<300).contains(response.status) else {
            throw .http(status: response.status, body: ChainClientError.prefix(text))
        }
        let json: JSON
        do { json = try JSONParser.parse(response.body) } catch {
            throw .malformed("the answer is not JSON: \(ChainClientError.prefix(text, 80))")
        }
        guard case .object = json else { throw .malformed("the answer is not an object") }
        if let error = json["Error"]?.stringValue { throw .rpc(code: 0, message: ChainClientError.prefix(error)) }
        return json
    }

    /// `getaccount`: `balance` in sun; an account without one (or never seen, `{}`) holds 0.
    public static func balance(_ json: JSON) throws(ChainClientError) -> ChainBalance {
        let balance = try NodeAnswer.optional(json, "balance").map { v throws(ChainClientError) in try NodeAnswer.u64Number(v, "balance") } ?? 0
        return ChainBalance(assetId: AssetId(chain: .tron), available: BigUInt(balance))
    }

    /// `getaccount` of a destination: new when the answer has no `address` (java-tron answers `{}`).
    public static func isNewAccount(_ json: JSON) -> Bool {
        NodeAnswer.optional(json, "address") == nil
    }

    /// `triggerconstantcontract` `balanceOf`: `constant_result[0]`, a 32-byte word in hex (missing or empty → 0).
    /// A call the VM refused (`result.result` false, with `result.message`) is `rpc`.
    public static func tokenBalance(_ json: JSON, assetId: AssetId) throws(ChainClientError) -> ChainBalance {
        try checkCall(json)
        let results = try NodeAnswer.optional(json, "constant_result").map { v throws(ChainClientError) in
            try NodeAnswer.array(v, "constant_result")
        } ?? []
        guard let first = results.first else { return ChainBalance(assetId: assetId, available: BigUInt(0)) }
        let word = try NodeAnswer.string(first, "constant_result[0]")
        guard !word.isEmpty else { return ChainBalance(assetId: assetId, available: BigUInt(0)) }
        guard word.utf8.count <= 64, word.utf8.allSatisfy(EthereumAddress.isHexDigit), let value = BigUInt(hex: word) else {
            throw .malformed("constant_result[0]: not a 32-byte hex word")
        }
        return ChainBalance(assetId: assetId, available: value)
    }

    /// `triggerconstantcontract` `transfer`: `energy_used` plus `energy_penalty` (when present).
    public static func energyEstimate(_ json: JSON) throws(ChainClientError) -> UInt64 {
        try checkCall(json)
        let used = try NodeAnswer.u64Number(json["energy_used"], "energy_used")
        let penalty = try NodeAnswer.optional(json, "energy_penalty").map { v throws(ChainClientError) in
            try NodeAnswer.u64Number(v, "energy_penalty")
        } ?? 0
        let (sum, overflow) = used.addingReportingOverflow(penalty)
        guard !overflow, sum <= UInt64(Int64.max) else { throw .malformed("energy_used: above 2^63") }
        return sum
    }

    /// `getaccountresource`: the six usage fields (each missing → 0).
    public static func accountUsage(_ json: JSON) throws(ChainClientError) -> TronAccountUsage {
        func field(_ key: String) throws(ChainClientError) -> UInt64 {
            try NodeAnswer.optional(json, key).map { v throws(ChainClientError) in try NodeAnswer.u64Number(v, key) } ?? 0
        }
        return TronAccountUsage(freeNetUsed: try field("freeNetUsed"), freeNetLimit: try field("freeNetLimit"), netUsed: try field("NetUsed"),
                                netLimit: try field("NetLimit"), energyUsed: try field("EnergyUsed"), energyLimit: try field("EnergyLimit"))
    }

    /// `getchainparameters`: the four prices the load step reads; each must be present with a value.
    public static func chainParameters(_ json: JSON) throws(ChainClientError) -> TronChainParameters {
        let entries = try NodeAnswer.array(json["chainParameter"], "chainParameter")
        guard entries.count <= maxChainParameters else { throw .malformed("chainParameter: more than \(maxChainParameters) entries") }
        func value(_ key: String) throws(ChainClientError) -> UInt64 {
            guard let entry = entries.first(where: { $0["key"]?.stringValue == key }) else { throw .malformed("\(key): missing") }
            return try NodeAnswer.u64Number(entry["value"], key)
        }
        return TronChainParameters(bandwidthPrice: try value("getTransactionFee"), energyPrice: try value("getEnergyFee"),
                                   activationFee: try value("getCreateNewAccountFeeInSystemContract"),
                                   createAccountFee: try value("getCreateAccountFee"))
    }

    /// `getnowblock` / `getblock`: `blockID` (32 bytes whose first 8 are the block number) and
    /// `block_header.raw_data` `number` and `timestamp`. An id whose number differs from `number` is malformed.
    public static func block(_ json: JSON) throws(ChainClientError) -> TronBlock {
        let idText = try NodeAnswer.string(json["blockID"], "blockID")
        guard idText.utf8.count == 64, let id = try? Hex.decode(idText) else { throw .malformed("blockID: not 32 bytes of hex") }
        let raw = json["block_header"]?["raw_data"]
        let number = try NodeAnswer.u64Number(raw?["number"], "block_header.raw_data.number")
        let timestamp = try NodeAnswer.u64Number(raw?["timestamp"], "block_header.raw_data.timestamp")
        let idNumber = id.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard idNumber == number else { throw .malformed("blockID: does not begin with block \(number)") }
        return TronBlock(id: id, number: number, timestamp: Int64(timestamp))
    }

    /// `getblockbynum` of block 0: `0x` + the last 8 hex digits of `blockID` (64 hex digits), lowercase.
    public static func networkId(_ json: JSON) throws(ChainClientError) -> String {
        let id = try NodeAnswer.string(json["blockID"], "blockID")
        guard id.utf8.count == 64, id.utf8.allSatisfy(EthereumAddress.isHexDigit) else { throw .malformed("blockID: not 32 bytes of hex") }
        return "0x" + String(id.suffix(8)).lowercased()
    }

    /// The latest block number of `getblock`: `block_header.raw_data.number`.
    public static func blockNumber(_ json: JSON) throws(ChainClientError) -> UInt64 {
        try NodeAnswer.u64Number(json["block_header"]?["raw_data"]?["number"], "block_header.raw_data.number")
    }

    /// `broadcasttransaction`: `txid`. An answer with `message` (hex of the node's text, e.g. SIGERROR) or
    /// `result` false is `rejected`, its `code` and decoded message quoted.
    public static func broadcast(_ response: ChainResponse) throws(ChainClientError) -> String {
        let answer: JSON
        do { answer = try json(response) } catch {
            if case let .rpc(_, message) = error { throw .rejected(message) }
            throw error
        }
        if let message = NodeAnswer.optional(answer, "message") {
            let code = answer["code"]?.stringValue ?? ""
            let text = message.stringValue.map(decodedMessage) ?? ""
            throw .rejected(ChainClientError.prefix(code.isEmpty ? text : text.isEmpty ? code : "\(code): \(text)"))
        }
        if answer["result"]?.boolValue == false { throw .rejected(answer["code"]?.stringValue ?? "result false") }
        return try txid(answer["txid"], "txid")
    }

    /// `gettransactioninfobyid`: `{}` (the node has not seen it) → pending; `receipt.result` OUT_OF_ENERGY or
    /// FAILED → reverted; else `blockNumber` > 0 → confirmed, the fee `fee` (absent when the transfer burnt
    /// nothing: 0); else pending.
    public static func transactionStatus(_ json: JSON) throws(ChainClientError) -> ChainTransactionStatus {
        guard case let .object(members) = json, !members.isEmpty else { return ChainTransactionStatus(state: .pending) }
        let block = try NodeAnswer.optional(json, "blockNumber").map { v throws(ChainClientError) in try NodeAnswer.u64Number(v, "blockNumber") } ?? 0
        let fee = try NodeAnswer.optional(json, "fee").map { v throws(ChainClientError) in try NodeAnswer.u64Number(v, "fee") } ?? 0
        if let result = NodeAnswer.optional(json["receipt"] ?? .null, "result") {
            let text = try NodeAnswer.string(result, "receipt.result")
            if text == "OUT_OF_ENERGY" || text == "FAILED" {
                return ChainTransactionStatus(state: .reverted, blockNumber: block > 0 ? block : nil, fee: BigUInt(fee))
            }
        }
        guard block > 0 else { return ChainTransactionStatus(state: .pending) }
        return ChainTransactionStatus(state: .confirmed, blockNumber: block, fee: BigUInt(fee))
    }

    /// The load step's price of a transfer (`preload_mapper.rs`). TRX: the bandwidth fee (0 when the sender has
    /// `transferBandwidth` bytes free or staked, else bytes × price); to a new account the activation fee, plus
    /// `getCreateAccountFee` when bandwidth is short. TRC-20: energy = estimate × 1.2; fee = the energy the sender
    /// lacks × energy price + the bandwidth fee; fee limit = energy × energy price.
    public static func transferFee(parameters: TronChainParameters, usage: TronAccountUsage, isNewAccount: Bool,
                                   energyEstimate: UInt64?) -> TronTransferFee {
        let bandwidthShort = usage.availableBandwidth < transferBandwidth
        let bandwidthFee = bandwidthShort ? BigUInt(transferBandwidth) * BigUInt(parameters.bandwidthPrice) : BigUInt(0)
        guard let estimate = energyEstimate else {
            if isNewAccount {
                let fee = BigUInt(parameters.activationFee) + (bandwidthShort ? BigUInt(parameters.createAccountFee) : BigUInt(0))
                return TronTransferFee(fee: fee, feeLimit: nil)
            }
            return TronTransferFee(fee: bandwidthFee, feeLimit: nil)
        }
        let energy = BigUInt(estimate) * BigUInt(100 + energyBufferPercent)
        let buffered = energy.quotientAndRemainder(dividingBySmall: 100)?.quotient ?? BigUInt(0)
        let lacking = buffered.saturatingSubtracting(BigUInt(usage.availableEnergy))
        let fee = lacking * BigUInt(parameters.energyPrice) + bandwidthFee
        let limit = buffered * BigUInt(parameters.energyPrice)
        return TronTransferFee(fee: fee, feeLimit: limit.uint64.map { min($0, UInt64(Int64.max)) } ?? UInt64(Int64.max))
    }

    /// A call result's `result`: `result` false, or a `code` with `message`, is `rpc` (the message hex-decoded).
    static func checkCall(_ json: JSON) throws(ChainClientError) {
        guard let result = NodeAnswer.optional(json, "result") else { return }
        let failed = result["result"]?.boolValue == false || NodeAnswer.optional(result, "code") != nil
        guard failed else { return }
        let message = result["message"]?.stringValue.map(decodedMessage) ?? (result["code"]?.stringValue ?? "call failed")
        throw .rpc(code: 0, message: ChainClientError.prefix(message))
    }

    /// java-tron's `message` fields are hex of UTF-8 text; text that is not hex is quoted as is.
    static func decodedMessage(_ text: String) -> String {
        guard let bytes = try? Hex.decode(text), !bytes.isEmpty else { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// 64 hex digits, lowercased.
    static func txid(_ json: JSON?, _ name: String) throws(ChainClientError) -> String {
        let text = try NodeAnswer.string(json, name)
        guard text.utf8.count == 64, text.utf8.allSatisfy(EthereumAddress.isHexDigit) else { throw .malformed("\(name): not 64 hex digits") }
        return text.lowercased()
    }
}
