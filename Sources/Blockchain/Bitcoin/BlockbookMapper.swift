import Primitives

/// An unspent output as Blockbook's `/api/v2/utxo/…` lists it (Blockbook `docs/api.md`, "Get utxo"): the fields the
/// signer takes (`utxo`) plus what the listing says about it.
public struct BlockbookUTXO: Sendable, Equatable {
    public let utxo: BitcoinUTXO
    /// 0 for an output still in the mempool.
    public let confirmations: UInt64
    /// The block it was mined in; nil while in the mempool.
    public let height: UInt64?
    /// An output of a coinbase transaction (spendable only after 100 confirmations).
    public let coinbase: Bool
    /// The address holding it, given when the listing was asked for an xpub (nil for an address listing).
    public let address: String?

    public init(utxo: BitcoinUTXO, confirmations: UInt64, height: UInt64? = nil, coinbase: Bool = false, address: String? = nil) {
        self.utxo = utxo
        self.confirmations = confirmations
        self.height = height
        self.coinbase = coinbase
        self.address = address
    }
}

/// What `GET /api/` says about a Blockbook node and its backend.
public struct BlockbookStatus: Sendable, Equatable {
    /// `blockbook.bestHeight`: the latest block Blockbook has indexed (the app's latest block).
    public let bestHeight: UInt64
    /// `blockbook.inSync`.
    public let inSync: Bool
    /// `backend.blocks`: the backend node's height.
    public let backendBlocks: UInt64?
    /// `backend.chain`: "main", "test", "regtest", …
    public let chain: String?
    /// Zcash: `backend.consensus.nextblock` (the branch id the next block is mined under) or, when absent,
    /// `backend.consensus.chaintip` (what the app reads), as a number.
    public let consensusBranchId: UInt32?

    public init(bestHeight: UInt64, inSync: Bool, backendBlocks: UInt64? = nil, chain: String? = nil, consensusBranchId: UInt32? = nil) {
        self.bestHeight = bestHeight
        self.inSync = inSync
        self.backendBlocks = backendBlocks
        self.chain = chain
        self.consensusBranchId = consensusBranchId
    }
}

/// Pure mappers from Blockbook's answers (chain-apis.md § 2) to the client contract. Every amount is decimal text
/// parsed exactly (no floating point), every input bounded, every failure a `ChainClientError`.
public enum BlockbookMapper {
    /// Answers larger than this are refused before parsing (an address listing of 10,000 outputs is ~1.5 MB).
    public static let maximumBody = 16 << 20
    /// UTXO listings longer than this are refused as not what a wallet's address holds.
    public static let maximumUTXOs = 10_000
    /// Coinbase outputs are spendable after this many confirmations (consensus `COINBASE_MATURITY`).
    public static let coinbaseMaturity: UInt64 = 100

    // MARK: - Chain parameters (gemwalletcom/core `primitives/src/chain_bitcoin.rs`)

    /// Estimate-fee block targets for slow, normal and fast: 8/4/2 on Dogecoin, 6/3/1 elsewhere.
    public static func blockTargets(_ chain: Chain) -> (slow: Int, normal: Int, fast: Int) {
        chain == .doge ? (8, 4, 2) : (6, 3, 1)
    }

    /// The chain's minimum byte fee, in its fee unit: BTC 1, BCH 5, LTC 5, Doge 1000, Zcash 1.
    public static func minimumByteFee(_ chain: Chain) -> UInt64 {
        switch chain {
        case .bitcoinCash, .litecoin: 5
        case .doge: 1000
        default: 1
        }
    }

    /// Fee rates above this many base units per byte are refused as absurd: 1 coin per kB, 100 on Dogecoin
    /// (whose relay fee was 1 DOGE per kB until 2021).
    public static func maximumByteFee(_ chain: Chain) -> UInt64 {
        chain == .doge ? 10_000_000 : 100_000
    }

    /// Consensus `MAX_MONEY` in base units: no output holds more (21 M coins; Litecoin 84 M; Dogecoin 10 G).
    public static func maximumMoney(_ chain: Chain) -> UInt64 {
        switch chain {
        case .litecoin: 84_000_000 * 100_000_000
        case .doge: 10_000_000_000 * 100_000_000
        default: 21_000_000 * 100_000_000
        }
    }

    /// The fee unit of `chain`: per virtual byte on the segwit chains, per byte on Bitcoin Cash and Dogecoin,
    /// ZIP-317 per logical action on Zcash.
    public static func feeUnit(_ chain: Chain) -> FeeUnit {
        switch chain {
        case .bitcoinCash, .doge: .satoshiPerByte
        case .zcash: .zatoshiPerAction
        default: .satoshiPerVByte
        }
    }

    /// The address as Blockbook indexes it: a Bitcoin Cash CashAddr without its prefix (`q…`, `p…`) gets
    /// `bitcoincash:` (the app's `Address.full()`); anything else (a prefixed address, a legacy `1…`, an xpub) is
    /// sent as given.
    public static func blockbookAddress(_ address: String, chain: Chain) -> String {
        guard chain == .bitcoinCash, !address.contains(":"), let first = address.first, "qpQP".contains(first) else { return address }
        return "bitcoincash:" + address
    }

    // MARK: - Answers

    /// The JSON of an answer. Blockbook answers its errors as `{"error": "…"}` or `{"error": {"message": "…"}}`,
    /// often with HTTP 400: those are `.rpc(code: status, message:)`; a body that is not JSON is `.http` for an
    /// error status and `.malformed` otherwise.
    public static func json(_ response: ChainResponse) throws(ChainClientError) -> JSON {
        guard response.body.count <= maximumBody else { throw .malformed("the answer is larger than \(maximumBody) bytes") }
        let json: JSON
        do {
            json = try JSONParser.parse(response.body)
        } catch {
            let text = String(decoding: response.body.prefix(400), as: UTF8.self)
            guard (200..<300).contains(response.status) else { throw .http(status: response.status, body: ChainClientError.prefix(text)) }
            throw .malformed("the answer is not JSON: \(ChainClientError.prefix(text, 80))")
        }
        if let message = errorMessage(json) {
            throw .rpc(code: Int64(response.status), message: ChainClientError.prefix(message))
        }
        guard (200..<300).contains(response.status) else {
            let text = String(decoding: response.body.prefix(400), as: UTF8.self)
            throw .http(status: response.status, body: ChainClientError.prefix(text))
        }
        return json
    }

    /// The message of a Blockbook error answer, or nil when `json` is not one.
    static func errorMessage(_ json: JSON) -> String? {
        guard let error = json["error"], !error.isNull else { return nil }
        if let text = error.stringValue { return text }
        if let text = error["message"]?.stringValue { return text }
        return "unreadable error"
    }

    /// A satoshi amount written as decimal text (how Blockbook writes every amount): ASCII digits, no sign, no
    /// leading zero, at most `bound`.
    public static func satoshis(_ value: JSON?, _ field: String, bound: UInt64 = .max) throws(ChainClientError) -> UInt64 {
        guard let text = value?.stringValue else { throw .malformed("\(field) is not a decimal string") }
        guard let amount = canonicalUInt64(text), amount <= bound else {
            throw .malformed("\(field) is not an amount up to \(bound): \(ChainClientError.prefix(text, 40))")
        }
        return amount
    }

    /// A signed satoshi amount (`unconfirmedBalance`): an optional `-`, then an unsigned amount.
    static func signedSatoshis(_ value: JSON?, _ field: String) throws(ChainClientError) -> (negative: Bool, magnitude: UInt64) {
        guard let text = value?.stringValue else { throw .malformed("\(field) is not a decimal string") }
        let negative = text.hasPrefix("-")
        guard let magnitude = canonicalUInt64(negative ? String(text.dropFirst()) : text), !(negative && magnitude == 0) else {
            throw .malformed("\(field) is not a signed amount: \(ChainClientError.prefix(text, 40))")
        }
        return (negative, magnitude)
    }

    /// Digits only, no leading zero (but "0"), at most 20 of them, fitting UInt64.
    static func canonicalUInt64(_ text: String) -> UInt64? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 20, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        guard bytes.count == 1 || bytes[0] != 0x30 else { return nil }
        return UInt64(text)
    }

    /// A non-negative JSON integer.
    static func unsigned(_ value: JSON?, _ field: String) throws(ChainClientError) -> UInt64 {
        guard case let .int(number)? = value, number >= 0 else { throw .malformed("\(field) is not a non-negative integer") }
        return UInt64(number)
    }

    /// A non-negative JSON integer, or nil when absent or null.
    static func optionalUnsigned(_ value: JSON?, _ field: String) throws(ChainClientError) -> UInt64? {
        guard let value, !value.isNull else { return nil }
        return try unsigned(value, field)
    }

    /// `GET /api/v2/address/…` (or `/api/v2/xpub/…`) → the native balance: available = `balance` (confirmed),
    /// pending = `unconfirmedBalance` when positive, else 0 — a negative delta (an outgoing spend in the mempool)
    /// is not subtracted, as the app does (`balances_mapper.rs`, `Balance::with_pending_unconfirmed`).
    public static func balance(_ json: JSON, chain: Chain) throws(ChainClientError) -> ChainBalance {
        let available = try satoshis(json["balance"], "balance")
        var pending: UInt64 = 0
        if let unconfirmed = json["unconfirmedBalance"], !unconfirmed.isNull {
            let delta = try signedSatoshis(unconfirmed, "unconfirmedBalance")
            pending = delta.negative ? 0 : delta.magnitude
        }
        return ChainBalance(assetId: chain.assetId, available: BigUInt(available), pending: BigUInt(pending))
    }

    /// `GET /api/v2/utxo/…` → the outputs, in the node's order; immature coinbase outputs are left out (consensus
    /// refuses to spend them). Each txid is 64 hex digits, each value at most the chain's `MAX_MONEY`.
    public static func utxos(_ json: JSON, chain: Chain) throws(ChainClientError) -> [BlockbookUTXO] {
        guard let list = json.arrayValue else { throw .malformed("the UTXO answer is not a list") }
        guard list.count <= maximumUTXOs else { throw .malformed("the UTXO list has more than \(maximumUTXOs) entries") }
        var outputs: [BlockbookUTXO] = []
        outputs.reserveCapacity(list.count)
        for (index, entry) in list.enumerated() {
            let field = "utxo[\(index)]"
            guard let txid = entry["txid"]?.stringValue, isTransactionId(txid) else { throw .malformed("\(field).txid is not 64 hex digits") }
            let vout = try unsigned(entry["vout"], field + ".vout")
            guard let index = UInt32(exactly: vout) else { throw .malformed("\(field).vout is out of range") }
            let value = try satoshis(entry["value"], field + ".value", bound: maximumMoney(chain))
            let confirmations = try optionalUnsigned(entry["confirmations"], field + ".confirmations") ?? 0
            let height = try optionalUnsigned(entry["height"], field + ".height")
            let coinbase = entry["coinbase"]?.boolValue ?? false
            if coinbase && confirmations < coinbaseMaturity { continue }
            outputs.append(BlockbookUTXO(utxo: BitcoinUTXO(txid: txid, vout: index, value: value), confirmations: confirmations,
                                         height: height, coinbase: coinbase, address: entry["address"]?.stringValue))
        }
        return outputs
    }

    /// `GET /api/v2/estimatefee/{blocks}` → base units per byte: `result` is coin per kB as decimal text, read
    /// exactly as an integer of 8 decimals, divided by 1000 rounding down, raised to the chain's minimum byte fee
    /// (the app's `calculate_fee_rate`). A negative result (the node has no estimate) is the minimum.
    public static func byteFee(_ json: JSON, chain: Chain) throws(ChainClientError) -> UInt64 {
        guard let text = json["result"]?.stringValue, text.utf8.count <= 40 else { throw .malformed("result is not a decimal string") }
        let minimum = minimumByteFee(chain)
        if text.hasPrefix("-") {
            guard BigUInt(decimalText: String(text.dropFirst()), decimals: 8) != nil, text.utf8.count > 1 else {
                throw .malformed("result is not a decimal: \(ChainClientError.prefix(text, 40))")
            }
            return minimum
        }
        guard text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") }),
              let perKilobyte = BigUInt(decimalText: text, decimals: 8) else {
            throw .malformed("result is not a decimal of at most 8 places: \(ChainClientError.prefix(text, 40))")
        }
        guard let (perByte, _) = perKilobyte.quotientAndRemainder(dividingBySmall: 1000),
              let rate = perByte.uint64, rate <= maximumByteFee(chain) else {
            throw .malformed("result is an absurd fee rate: \(ChainClientError.prefix(text, 40))")
        }
        return max(rate, minimum)
    }

    /// Slow, normal and fast byte fees → `FeeRates`, spread as the app does (`map_fee_rates`): normal is at least
    /// slow + min, fast at least slow + 2·min and normal + normal/3.
    public static func feeRates(slow: UInt64, normal: UInt64, fast: UInt64, chain: Chain) -> FeeRates {
        let minimum = minimumByteFee(chain)
        let normal = max(normal, saturating(slow, minimum))
        let fast = max(fast, saturating(slow, 2 * minimum), saturating(normal, normal / 3))
        return FeeRates(unit: feeUnit(chain), rates: [
            FeeRate(priority: .slow, value: BigUInt(slow)),
            FeeRate(priority: .normal, value: BigUInt(normal)),
            FeeRate(priority: .fast, value: BigUInt(fast)),
        ])
    }

    /// `a + b`, or `UInt64.max` where that overflows (rates from `byteFee` are bounded far below it).
    static func saturating(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// Zcash's fee rates need no request: ZIP-317's marginal fee (5,000 zatoshis per logical action) at every
    /// priority, since a higher rate buys no earlier inclusion. (The app answers one placeholder `Regular(1000)`;
    /// this core's signer takes the ZIP-317 marginal fee and refuses less.)
    public static var zcashFeeRates: FeeRates {
        let rate = BigUInt(BitcoinSigner.zcashMarginalFee)
        return FeeRates(unit: .zatoshiPerAction, rates: FeePriority.allCases.map { FeeRate(priority: $0, value: rate) })
    }

    /// `POST /api/v2/sendtx/` → the txid. Blockbook answers `{"result": txid}`, or `{"error": …}` (a string or
    /// `{message}`, usually with HTTP 400): the error, an empty or non-txid result, is `.rejected`.
    public static func broadcast(_ response: ChainResponse) throws(ChainClientError) -> String {
        let json: JSON
        do {
            json = try self.json(response)
        } catch {
            if case let .rpc(_, message) = error { throw .rejected(message) }
            throw error
        }
        guard let txid = json["result"]?.stringValue, !txid.isEmpty else { throw .rejected("the node answered no transaction hash") }
        guard isTransactionId(txid) else { throw .malformed("result is not a transaction hash: \(ChainClientError.prefix(txid, 80))") }
        return txid
    }

    /// `GET /api/v2/tx/{txid}` → the status: confirmed (with its block and `fees`) once `confirmations > 0` or
    /// `blockHeight > 0`, else pending (Blockbook writes `blockHeight: -1` and `confirmations: 0` for a mempool
    /// transaction). A Bitcoin transaction that is mined cannot fail, so there is no failed state. An error answer
    /// that says "not found" (HTTP 400 `{"error":"Transaction '…' not found"}`: not yet in Blockbook's mempool, as
    /// happens just after a broadcast) is pending, not an error; other errors are thrown.
    public static func transactionStatus(_ response: ChainResponse) throws(ChainClientError) -> ChainTransactionStatus {
        let json: JSON
        do {
            json = try self.json(response)
        } catch {
            if case let .rpc(code, message) = error, code == 400 || code == 404, message.lowercased().contains("not found") {
                return ChainTransactionStatus(state: .pending)
            }
            throw error
        }
        let height: Int64
        switch json["blockHeight"] {
        case let .int(value)?: height = value
        case nil, .null?: height = -1
        default: throw .malformed("blockHeight is not an integer")
        }
        let confirmations = try optionalUnsigned(json["confirmations"], "confirmations") ?? 0
        guard height > 0 || confirmations > 0 else { return ChainTransactionStatus(state: .pending) }
        guard height > 0 else { throw .malformed("a confirmed transaction has no blockHeight") }
        let fee = try json["fees"].map { value throws(ChainClientError) in BigUInt(try satoshis(value, "fees")) }
        return ChainTransactionStatus(state: .confirmed, blockNumber: UInt64(height), fee: fee)
    }

    /// `GET /api/` → the node's status.
    public static func status(_ json: JSON) throws(ChainClientError) -> BlockbookStatus {
        guard let blockbook = json["blockbook"] else { throw .malformed("the status has no blockbook object") }
        let bestHeight = try unsigned(blockbook["bestHeight"], "blockbook.bestHeight")
        guard let inSync = blockbook["inSync"]?.boolValue else { throw .malformed("blockbook.inSync is not a boolean") }
        let backend = json["backend"]
        let blocks = try backend?["blocks"].map { value throws(ChainClientError) in try unsigned(value, "backend.blocks") }
        var branchId: UInt32?
        if let consensus = backend?["consensus"], !consensus.isNull {
            guard let text = consensus["nextblock"]?.stringValue ?? consensus["chaintip"]?.stringValue,
                  text.utf8.count == 8, text.utf8.allSatisfy(EthereumAddress.isHexDigit), let id = UInt32(text, radix: 16) else {
                throw .malformed("backend.consensus has no branch id of 8 hex digits")
            }
            branchId = id
        }
        return BlockbookStatus(bestHeight: bestHeight, inSync: inSync, backendBlocks: blocks,
                               chain: backend?["chain"]?.stringValue, consensusBranchId: branchId)
    }

    /// `GET /api/v2/block/1` → the chain id the app uses: block 1's `previousBlockHash`, the genesis hash (which
    /// is the chain's `network_id`).
    public static func networkId(_ json: JSON) throws(ChainClientError) -> String {
        guard let hash = json["previousBlockHash"]?.stringValue, isTransactionId(hash) else {
            throw .malformed("previousBlockHash is not 64 hex digits")
        }
        return hash.lowercased()
    }

    /// 64 hex digits.
    static func isTransactionId(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy(EthereumAddress.isHexDigit)
    }
}
