import GemCrypto
import Primitives

/// An ERC-20 token's metadata as its contract reports it.
public struct EthereumTokenMetadata: Sendable, Equatable {
    public var name: String
    public var symbol: String
    public var decimals: UInt8

    public init(name: String, symbol: String, decimals: UInt8) {
        self.name = name
        self.symbol = symbol
        self.decimals = decimals
    }
}

/// Pure mappers from EVM JSON-RPC results to the client records (chain-apis.md § 1, the specification's
/// `balances_mapper.rs`, `token_mapper.rs`, `preload_mapper.rs`, `fee_calculator.rs`,
/// `transaction_state_mapper.rs`, `transaction_broadcast_mapper.rs`, `state.rs`).
///
/// Parsing is strict and bounded: a QUANTITY is `0x` + 1…64 hex digits without leading zeros (`0x0` for zero), as
/// the execution API specifies and nodes send; DATA is `0x` + an even number of hex digits, at most
/// `maxDataBytes`. Anything else is `ChainClientError.malformed` naming the field.
public enum EthereumMappers {
    /// The most bytes an `eth_call` answer may carry (token metadata and balances are a few words).
    public static let maxDataBytes = 64 * 1024

    // MARK: - Hex

    /// A QUANTITY up to 256 bits.
    public static func quantity(_ text: String, field: String) throws(ChainClientError) -> BigUInt {
        let utf8 = text.utf8
        guard utf8.count >= 2, utf8.starts(with: "0x".utf8) else {
            throw .malformed("\(field) is not a 0x quantity: \(ChainClientError.prefix(text, 40))")
        }
        let digits = utf8.count - 2
        guard digits > 0 else { throw .malformed("\(field) has no digits") }
        guard digits <= 64 else { throw .malformed("\(field) is beyond 256 bits") }
        var first = true
        for byte in utf8.dropFirst(2) {
            guard isHexDigit(byte) else { throw .malformed("\(field) is not hex: \(ChainClientError.prefix(text, 40))") }
            if first, byte == UInt8(ascii: "0"), digits > 1 { throw .malformed("\(field) has leading zeros") }
            first = false
        }
        guard let value = BigUInt(hex: text) else { throw .malformed("\(field) is not hex") }
        return value
    }

    /// A QUANTITY that is a JSON string.
    public static func quantity(_ json: JSON?, field: String) throws(ChainClientError) -> BigUInt {
        guard let text = json?.stringValue else { throw .malformed("\(field) is not a string") }
        return try quantity(text, field: field)
    }

    /// A QUANTITY that must fit 64 bits (block numbers, nonces, gas).
    public static func uint64(_ json: JSON?, field: String) throws(ChainClientError) -> UInt64 {
        guard let value = try quantity(json, field: field).uint64 else { throw .malformed("\(field) is beyond 64 bits") }
        return value
    }

    /// DATA: `0x` + two hex digits per byte, at most `maxDataBytes`.
    public static func data(_ json: JSON?, field: String) throws(ChainClientError) -> [UInt8] {
        guard let text = json?.stringValue else { throw .malformed("\(field) is not a string") }
        let utf8 = text.utf8
        guard utf8.count >= 2, utf8.starts(with: "0x".utf8) else {
            throw .malformed("\(field) is not 0x data: \(ChainClientError.prefix(text, 40))")
        }
        guard utf8.count - 2 <= 2 * maxDataBytes else { throw .malformed("\(field) is longer than \(maxDataBytes) bytes") }
        do {
            return try Hex.decode(String(text.dropFirst(2)))
        } catch {
            throw .malformed("\(field) is not hex data")
        }
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }

    // MARK: - ABI

    /// The first 32-byte word of an ABI answer as an unsigned integer (`uint256`, `uint8`, …).
    public static func abiUInt(_ bytes: [UInt8], field: String) throws(ChainClientError) -> BigUInt {
        guard bytes.count >= 32 else { throw .malformed("\(field) is \(bytes.count) bytes, not an ABI word") }
        return BigUInt(bigEndian: bytes.prefix(32))
    }

    /// An ABI-encoded `string` (head: offset; at the offset: length, then the bytes), or a `bytes32` text (exactly
    /// one word, NUL-padded, as MKR-era tokens answer `name()` and `symbol()`). Either must be UTF-8.
    public static func abiString(_ bytes: [UInt8], field: String) throws(ChainClientError) -> String {
        if bytes.count >= 64, let text = dynamicString(bytes) { return text }
        if bytes.count == 32 {
            var end = bytes.count
            while end > 0, bytes[end - 1] == 0 { end -= 1 }
            var start = 0
            while start < end, bytes[start] == 0 { start += 1 }
            if let text = String(validating: bytes[start..<end], as: UTF8.self) { return text }
        }
        throw .malformed("\(field) is not an ABI string")
    }

    private static func dynamicString(_ bytes: [UInt8]) -> String? {
        guard let offset = wordAsInt(bytes, at: 0), offset <= bytes.count - 32,
              let length = wordAsInt(bytes, at: offset), length <= bytes.count - offset - 32 else { return nil }
        let start = offset + 32
        return String(validating: bytes[start..<(start + length)], as: UTF8.self)
    }

    /// The word at byte `index` as an Int, when it is small enough to be an offset or a length into `bytes`.
    private static func wordAsInt(_ bytes: [UInt8], at index: Int) -> Int? {
        guard index >= 0, index <= bytes.count - 32 else { return nil }
        var value = 0
        for byte in bytes[index..<(index + 32)] {
            guard value <= (Int.max >> 8) else { return nil }
            value = value << 8 | Int(byte)
        }
        return value
    }

    // MARK: - Balances

    /// `eth_getBalance` → the native balance (available only; EVM staking is its own source).
    public static func balance(_ result: JSON, chain: Chain) throws(ChainClientError) -> ChainBalance {
        ChainBalance(assetId: AssetId(chain: chain), available: try quantity(result, field: "balance"))
    }

    /// The `balanceOf` answers of a token batch, zipped with the token list in order.
    public static func tokenBalances(_ results: [JSON], tokens: [String], chain: Chain) throws(ChainClientError) -> [ChainBalance] {
        guard results.count == tokens.count else {
            throw .malformed("\(results.count) token balances for \(tokens.count) tokens")
        }
        var balances: [ChainBalance] = []
        balances.reserveCapacity(tokens.count)
        for (token, result) in zip(tokens, results) {
            let field = "balanceOf(\(ChainClientError.prefix(token, 42)))"
            let assetId: AssetId
            do {
                assetId = try AssetId(chain: chain, tokenId: token)
            } catch {
                throw .malformed("\(field): an empty token id")
            }
            let bytes = try data(result, field: field)
            balances.append(ChainBalance(assetId: assetId, available: try abiUInt(bytes, field: field)))
        }
        return balances
    }

    /// `name()`, `symbol()`, `decimals()` answers → metadata. An empty name or symbol is refused (the
    /// specification's `map_token_data`); an empty `decimals()` answer is 0 decimals (ERC-20 makes it optional,
    /// and the specification's `decode_abi_uint8` reads it so); more than 255 is refused.
    public static func tokenMetadata(name: JSON, symbol: JSON, decimals: JSON) throws(ChainClientError) -> EthereumTokenMetadata {
        let nameText = try abiString(try data(name, field: "name()"), field: "name()")
        let symbolText = try abiString(try data(symbol, field: "symbol()"), field: "symbol()")
        guard !nameText.isEmpty else { throw .malformed("name() is empty") }
        guard !symbolText.isEmpty else { throw .malformed("symbol() is empty") }
        let decimalBytes = try data(decimals, field: "decimals()")
        var places: UInt8 = 0
        if !decimalBytes.isEmpty {
            guard let value = try abiUInt(decimalBytes, field: "decimals()").uint64, value <= 255 else {
                throw .malformed("decimals() is beyond 255")
            }
            places = UInt8(value)
        }
        return EthereumTokenMetadata(name: nameText, symbol: symbolText, decimals: places)
    }

    // MARK: - Fees

    /// The reward percentiles the specification asks `eth_feeHistory` for: slow, normal, fast.
    public static let rewardPercentiles: [Int64] = [20, 40, 60]

    /// `eth_feeHistory` → fee rates (the specification's `map_transaction_fee_rates`): each percentile column of
    /// `reward` averaged over the blocks (floor), raised to `minPriorityFee`, sorted ascending and labelled slow,
    /// normal, fast; `baseFee` is the last `baseFeePerGas` entry, the next block's base fee.
    public static func feeRates(_ result: JSON, minPriorityFee: BigUInt) throws(ChainClientError) -> FeeRates {
        guard let baseFees = result["baseFeePerGas"]?.arrayValue, let last = baseFees.last else {
            throw .malformed("baseFeePerGas is missing or empty")
        }
        let baseFee = try quantity(last, field: "baseFeePerGas")
        guard let rows = result["reward"]?.arrayValue, !rows.isEmpty else { throw .malformed("reward is missing or empty") }
        let columns = rewardPercentiles.count
        var sums = [BigUInt](repeating: .zero, count: columns)
        for row in rows {
            guard let cells = row.arrayValue, cells.count == columns else {
                throw .malformed("a reward row does not have \(columns) percentiles")
            }
            for (column, cell) in cells.enumerated() {
                sums[column] += try quantity(cell, field: "reward")
            }
        }
        var values: [BigUInt] = []
        for sum in sums {
            guard let (average, _) = sum.quotientAndRemainder(dividingBySmall: UInt64(rows.count)) else { throw .malformed("reward") }
            values.append(average < minPriorityFee ? minPriorityFee : average)
        }
        values.sort(by: <)
        let rates = zip(FeePriority.allCases, values).map { FeeRate(priority: $0, value: $1) }
        return FeeRates(unit: .weiPerGas, rates: rates, baseFee: baseFee)
    }

    /// The gas limit the specification signs with for an `eth_estimateGas` answer: the estimate plus 50%
    /// (floor), except an estimate of exactly 21000 (a plain transfer), kept as is.
    public static func gasLimit(estimate: UInt64) -> UInt64 {
        guard estimate != 21_000 else { return estimate }
        let (limit, overflow) = estimate.addingReportingOverflow(estimate / 2)
        return overflow ? UInt64.max : limit
    }

    // MARK: - Transactions

    /// `eth_getTransactionReceipt` → status. No receipt yet (`null`) or a receipt without a block is pending;
    /// `status` `0x1` is confirmed and `0x0` reverted, with the block and the fee paid
    /// (`gasUsed × effectiveGasPrice`, plus the OP-stack `l1Fee` when the receipt carries one). Any other status is
    /// refused rather than read as pending, so a lying node cannot hold a transaction in flight forever unnoticed.
    public static func transactionStatus(_ result: JSON) throws(ChainClientError) -> ChainTransactionStatus {
        if result.isNull { return ChainTransactionStatus(state: .pending) }
        guard case .object = result else { throw .malformed("the receipt is not an object") }
        guard let blockField = result["blockNumber"], !blockField.isNull else {
            return ChainTransactionStatus(state: .pending)
        }
        let blockNumber = try uint64(blockField, field: "blockNumber")
        let state: TransactionState
        switch result["status"]?.stringValue {
        case "0x1": state = .confirmed
        case "0x0": state = .reverted
        default: throw .malformed("status is not 0x0 or 0x1")
        }
        var fee = try quantity(result["gasUsed"], field: "gasUsed") * quantity(result["effectiveGasPrice"], field: "effectiveGasPrice")
        if let l1Fee = result["l1Fee"], !l1Fee.isNull {
            fee += try quantity(l1Fee, field: "l1Fee")
        }
        return ChainTransactionStatus(state: state, blockNumber: blockNumber, fee: fee)
    }

    /// An `eth_sendRawTransaction` answer → the transaction hash. A JSON-RPC error object is the node refusing the
    /// transaction (`rejected` with its message), whatever the HTTP status it came with; a hash that is not
    /// `0x` + 32 bytes is refused.
    public static func broadcastHash(_ response: ChainResponse) throws(ChainClientError) -> String {
        if let json = try? JSONParser.parse(response.body), let error = json["error"], !error.isNull {
            let message = error["message"]?.stringValue ?? "the node refused the transaction"
            throw .rejected(ChainClientError.prefix(message))
        }
        let result = try JSONRPC.result(response)
        let hash = try data(result, field: "transaction hash")
        guard hash.count == 32 else { throw .malformed("the transaction hash is \(hash.count) bytes") }
        return EthereumRPC.data(hash)
    }

    // MARK: - Node

    /// `eth_chainId` → the network id as the specification compares it: the chain id in decimal.
    public static func networkId(_ result: JSON) throws(ChainClientError) -> String {
        try quantity(result, field: "chainId").description
    }

    /// `eth_blockNumber` → the latest block number.
    public static func blockNumber(_ result: JSON) throws(ChainClientError) -> UInt64 {
        try uint64(result, field: "blockNumber")
    }

    /// `eth_getTransactionCount` → the next nonce (EIP-2681: 64 bits).
    public static func nonce(_ result: JSON) throws(ChainClientError) -> UInt64 {
        try uint64(result, field: "nonce")
    }

    /// `eth_estimateGas` → the estimate.
    public static func gasEstimate(_ result: JSON) throws(ChainClientError) -> UInt64 {
        try uint64(result, field: "gas estimate")
    }
}
