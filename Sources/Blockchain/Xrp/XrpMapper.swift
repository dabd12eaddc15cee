import GemCrypto
import Primitives

/// An account's state from `account_info`.
public struct XrpAccount: Sendable, Equatable {
    /// `account_data.Balance` in drops.
    public var balance: BigUInt
    /// `account_data.Sequence`: the next transaction's sequence.
    public var sequence: UInt32
    /// `account_data.Flags`.
    public var flags: UInt32
    /// `ledger_current_index`.
    public var currentLedger: UInt32

    public init(balance: BigUInt, sequence: UInt32, flags: UInt32, currentLedger: UInt32) {
        self.balance = balance
        self.sequence = sequence
        self.flags = flags
        self.currentLedger = currentLedger
    }

    /// lsfRequireDestTag: payments to this account must carry a destination tag.
    public var requiresDestinationTag: Bool { flags & XrpMapper.lsfRequireDestTag != 0 }
}

/// One trust line of `account_objects`, seen from the account asked about.
public struct XrpTrustLine: Sendable, Equatable {
    /// The currency code (3 characters or 40 hex digits).
    public var currency: String
    /// The counterparty: the issuer of what the account holds.
    public var issuer: String
    /// The account's balance on the line as decimal text (negative when the account owes).
    public var value: String

    public init(currency: String, issuer: String, value: String) {
        self.currency = currency
        self.issuer = issuer
        self.value = value
    }
}

/// Pure mappers from rippled answers (xrpl.org "Public API Methods": account_info, account_objects, fee, submit,
/// tx, ledger_current; chain-apis.md § 9) to the client records. Each takes the JSON-RPC `result`.
public enum XrpMapper {
    /// The reserve the app keeps back from the balance (`account_activation_fee`, 1 XRP), reported as `reserved`.
    public static let reserve = BigUInt(1_000_000)
    /// Token amounts are scaled by 10^15 (the app's decimals for XRPL issued currencies).
    public static let tokenDecimals = 15
    public static let lsfRequireDestTag: UInt32 = 0x0002_0000
    /// The most objects of one `account_objects` page read.
    static let maxObjects = 10_000

    /// rippled reports a failed request inside `result` (`status: "error"`, `error`, `error_code`,
    /// `error_message`): actNotFound / txnNotFound / lgrNotFound are `notFound`, the rest `rpc`.
    public static func checked(_ result: JSON) throws(ChainClientError) -> JSON {
        guard result["status"]?.stringValue == "error" || result["error"]?.stringValue != nil else { return result }
        let error = result["error"]?.stringValue ?? "error"
        let message = ChainClientError.prefix(result["error_message"]?.stringValue.map { "\($0) (\(error))" } ?? error)
        if error.hasSuffix("NotFound") { throw .notFound(message) }
        throw .rpc(code: result["error_code"]?.int64Value ?? 0, message: message)
    }

    /// `account_info`: Balance (drops, a decimal string), Sequence, Flags and `ledger_current_index`.
    public static func account(_ result: JSON) throws(ChainClientError) -> XrpAccount {
        let data = try NodeAnswer.member(try checked(result), "account_data", "account_data")
        let balance = try NodeAnswer.decimal(data["Balance"], "account_data.Balance")
        return XrpAccount(balance: balance, sequence: try u32(data["Sequence"], "account_data.Sequence"),
                          flags: try u32(data["Flags"], "account_data.Flags"),
                          currentLedger: try u32(result["ledger_current_index"], "ledger_current_index"))
    }

    /// The XRP balance as the app reports it: available = Balance − 1 XRP, the reserve as `reserved`.
    public static func balance(_ account: XrpAccount?) -> ChainBalance {
        let total = account?.balance ?? BigUInt(0)
        let reserved = total < reserve ? total : reserve
        return ChainBalance(assetId: AssetId(chain: .xrp), available: total.saturatingSubtracting(reserve), reserved: reserved)
    }

    /// `account_objects` (type state): each RippleState as seen from `owner`. rippled keeps a line's balance from
    /// its low account's side; when `owner` is the high account the issuer is `LowLimit.issuer` and the sign flips.
    public static func trustLines(_ result: JSON, owner: String) throws(ChainClientError) -> [XrpTrustLine] {
        let objects = try NodeAnswer.array(try checked(result)["account_objects"], "account_objects")
        guard objects.count <= maxObjects else { throw .malformed("account_objects: more than \(maxObjects) objects") }
        var lines: [XrpTrustLine] = []
        for object in objects where object["LedgerEntryType"]?.stringValue == "RippleState" {
            let high = try NodeAnswer.string(object["HighLimit"]?["issuer"], "HighLimit.issuer")
            let low = try NodeAnswer.string(object["LowLimit"]?["issuer"], "LowLimit.issuer")
            let currency = try NodeAnswer.string(object["Balance"]?["currency"] ?? object["HighLimit"]?["currency"], "Balance.currency")
            let value = try NodeAnswer.string(object["Balance"]?["value"], "Balance.value")
            guard value.utf8.count <= 64 else { throw .malformed("Balance.value: longer than 64 characters") }
            if high == owner {
                lines.append(XrpTrustLine(currency: currency, issuer: low, value: negated(value)))
            } else {
                lines.append(XrpTrustLine(currency: currency, issuer: high, value: value))
            }
        }
        return lines
    }

    /// The balances of `tokens` (issuer addresses, the app's token ids) in the order asked, scaled by 10^15.
    /// As the app: only currency codes longer than 3 characters count; a token without a line, or a line the
    /// account owes on, is 0.
    public static func tokenBalances(_ lines: [XrpTrustLine], tokens: [String]) throws(ChainClientError) -> [ChainBalance] {
        var balances: [ChainBalance] = []
        for token in tokens {
            let assetId: AssetId
            do { assetId = try AssetId(chain: .xrp, tokenId: token) } catch { throw .malformed("token: not a token id") }
            let line = lines.first { $0.issuer == token && $0.currency.utf8.count > 3 }
            balances.append(ChainBalance(assetId: assetId, available: try scaled(line?.value ?? "0")))
        }
        return balances
    }

    /// `fee`: Slow = max(minimum, median / 2), Normal = median, Fast = median × 2 (drops).
    public static func feeRates(_ result: JSON) throws(ChainClientError) -> FeeRates {
        let drops = try checked(result)["drops"]
        let minimum = try NodeAnswer.decimal(drops?["minimum_fee"], "drops.minimum_fee")
        let median = try NodeAnswer.decimal(drops?["median_fee"], "drops.median_fee")
        let half = median >> 1
        return FeeRates(unit: .nativeUnit, rates: [
            FeeRate(priority: .slow, value: half < minimum ? minimum : half), FeeRate(priority: .normal, value: median),
            FeeRate(priority: .fast, value: median << 1),
        ])
    }

    /// `submit`: `accepted` false → `rejected` with `engine_result_message` (or `engine_result`); otherwise the
    /// hash from `tx_json.hash` (or `hash`), 64 hex digits, upper-cased.
    public static func broadcast(_ result: JSON) throws(ChainClientError) -> String {
        let answer: JSON
        do { answer = try checked(result) } catch { throw error.asBroadcastRefusal }
        guard try NodeAnswer.bool(answer["accepted"], "accepted") else {
            let code = answer["engine_result"]?.stringValue ?? ""
            let message = answer["engine_result_message"]?.stringValue ?? ""
            throw .rejected(ChainClientError.prefix(message.isEmpty ? code : code.isEmpty ? message : "\(code): \(message)"))
        }
        return try hash(answer["tx_json"]?["hash"] ?? answer["hash"], "tx_json.hash")
    }

    /// `tx`: a validated transaction is confirmed when `meta.TransactionResult` is tesSUCCESS and failed
    /// otherwise (a tec code still burns the fee); not yet validated → pending, with the fee `Fee` (drops) and the
    /// block `ledger_index`. The app reads only rippled's `status` ("success" → confirmed), which is the request's
    /// outcome, not the transaction's; this reads `validated` so nothing is final before the ledger is. A hash the
    /// node does not know (txnNotFound) is pending in the client.
    public static func transactionStatus(_ result: JSON) throws(ChainClientError) -> ChainTransactionStatus {
        let answer = try checked(result)
        guard answer["validated"]?.boolValue == true else { return ChainTransactionStatus(state: .pending) }
        let code = try NodeAnswer.string(answer["meta"]?["TransactionResult"], "meta.TransactionResult")
        let fee = try NodeAnswer.decimal(answer["Fee"], "Fee")
        let ledger = try NodeAnswer.u64Number(answer["ledger_index"], "ledger_index")
        return ChainTransactionStatus(state: code == "tesSUCCESS" ? .confirmed : .failed, blockNumber: ledger, fee: fee)
    }

    /// `ledger_current`: `ledger_current_index`.
    public static func ledgerIndex(_ result: JSON) throws(ChainClientError) -> UInt64 {
        try NodeAnswer.u64Number(try checked(result)["ledger_current_index"], "ledger_current_index")
    }

    /// 64 hex digits, upper-cased.
    static func hash(_ json: JSON?, _ name: String) throws(ChainClientError) -> String {
        let text = try NodeAnswer.string(json, name)
        guard text.utf8.count == 64, text.utf8.allSatisfy(EthereumAddress.isHexDigit) else { throw .malformed("\(name): not 64 hex digits") }
        return text.uppercased()
    }

    static func u32(_ json: JSON?, _ name: String) throws(ChainClientError) -> UInt32 {
        let value = try NodeAnswer.u64Number(json, name)
        guard value <= UInt64(UInt32.max) else { throw .malformed("\(name): above u32") }
        return UInt32(value)
    }

    static func negated(_ value: String) -> String {
        if value.hasPrefix("-") { return String(value.dropFirst()) }
        return value == "0" ? value : "-" + value
    }

    /// A trust-line value (`[-]digits[.digits][e[+-]digits]`, at most 64 characters) × 10^15, fraction digits
    /// past the 15th dropped; a negative value (owed) is 0.
    static func scaled(_ value: String) throws(ChainClientError) -> BigUInt {
        guard value.utf8.count <= 64 else { throw .malformed("Balance.value: longer than 64 characters") }
        if value.hasPrefix("-") {
            _ = try scaled(String(value.dropFirst()))
            return BigUInt(0)
        }
        var mantissa = Substring(value)
        var exponent = 0
        if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            let text = mantissa[mantissa.index(after: e)...]
            guard let parsed = Int(text), (-200...200).contains(parsed) else { throw .malformed("Balance.value: not a decimal") }
            exponent = parsed
            mantissa = mantissa[..<e]
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty || parts.count == 2 else { throw .malformed("Balance.value: not a decimal") }
        let fraction = parts.count == 2 ? parts[1] : ""
        let digits = Array((whole + fraction).utf8)
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { throw .malformed("Balance.value: not a decimal") }
        // value = digits × 10^(exponent − fraction count); scaled = digits × 10^(shift).
        let shift = exponent - fraction.utf8.count + tokenDecimals
        var number = BigUInt(0)
        for digit in digits { number = number.multiplied(bySmall: 10) + BigUInt(UInt64(digit - 0x30)) }
        if shift >= 0 { return number * BigUInt.powerOfTen(shift) }
        return number.quotientAndRemainder(dividingBy: BigUInt.powerOfTen(-shift))?.quotient ?? BigUInt(0)
    }
}
