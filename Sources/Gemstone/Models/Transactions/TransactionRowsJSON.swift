import Primitives

// The hand-written JSON of the transaction-row path (gem_transaction_rows): the request is read
// through `JSONConvertible`, the rows are written straight into the answer's bytes. Each has the
// shape of its Codable conformance, which `RecordJSONTests` pins in both directions.

extension GemTransactionRowsRequest: JSONConvertible {
    public init(json: JSON) throws(JSONCodecError) {
        let reader = try JSONObjectReader(json)
        self.init(
            transactions: try reader.decode([Transaction].self, "transactions"),
            assets: try reader.decode([GemPricedAsset].self, "assets"),
            currency: try reader.string("currency")
        )
    }

    public var json: JSON {
        var object = JSONObjectBuilder(capacity: 3)
        object.set("transactions", transactions.json)
        object.set("assets", assets.json)
        object.set("currency", currency)
        return object.json
    }
}

// The row writers spell keys, quotes and punctuation as fragments (one append each) around the
// values; `RecordJSONTests` pins their bytes to the Codable shape.

extension GemTransactionRow: JSONWritable {
    /// A row with an amount and a fiat value writes about 720 bytes.
    public static var jsonSizeEstimate: Int { 768 }
    public var jsonSizeEstimate: Int { Self.jsonSizeEstimate }

    // Each enum's value is written with the punctuation and the key that follow it in one
    // fragment, so a row takes about 45 appends rather than 65.
    public func write(to out: inout JSONOutput) {
        out.beginValue()
        out.fragment(#"{"id":""#)
        out.stringContent(id)
        out.fragment(#"","asset_id":""#)
        assetId.writeContent(to: &out)
        out.fragment(#"","type":""#)
        switch type {
        case .transfer: out.fragment(#"transfer","direction":""#)
        case .transferNFT: out.fragment(#"transfer_nft","direction":""#)
        case .swap: out.fragment(#"swap","direction":""#)
        case .tokenApproval: out.fragment(#"token_approval","direction":""#)
        case .stakeDelegate: out.fragment(#"stake_delegate","direction":""#)
        case .stakeUndelegate: out.fragment(#"stake_undelegate","direction":""#)
        case .stakeRewards: out.fragment(#"stake_rewards","direction":""#)
        case .stakeRedelegate: out.fragment(#"stake_redelegate","direction":""#)
        case .stakeWithdraw: out.fragment(#"stake_withdraw","direction":""#)
        case .stakeFreeze: out.fragment(#"stake_freeze","direction":""#)
        case .stakeUnfreeze: out.fragment(#"stake_unfreeze","direction":""#)
        case .assetActivation: out.fragment(#"asset_activation","direction":""#)
        case .smartContractCall: out.fragment(#"smart_contract_call","direction":""#)
        case .perpetualOpenPosition: out.fragment(#"perpetual_open_position","direction":""#)
        case .perpetualClosePosition: out.fragment(#"perpetual_close_position","direction":""#)
        case .perpetualModifyPosition: out.fragment(#"perpetual_modify_position","direction":""#)
        case .earnDeposit: out.fragment(#"earn_deposit","direction":""#)
        case .earnWithdraw: out.fragment(#"earn_withdraw","direction":""#)
        }
        switch direction {
        case .selfTransfer: out.fragment(#"self_transfer","state":""#)
        case .outgoing: out.fragment(#"outgoing","state":""#)
        case .incoming: out.fragment(#"incoming","state":""#)
        }
        switch state {
        case .pending: out.fragment(#"pending","created_at":"#)
        case .confirmed: out.fragment(#"confirmed","created_at":"#)
        case .inTransit: out.fragment(#"in_transit","created_at":"#)
        case .failed: out.fragment(#"failed","created_at":"#)
        case .reverted: out.fragment(#"reverted","created_at":"#)
        }
        out.integer(createdAt)
        out.fragment(#","title":""#)
        switch title {
        case .sent: out.fragment(#"sent","subtitle":"#)
        case .received: out.fragment(#"received","subtitle":"#)
        case .selfTransfer: out.fragment(#"self_transfer","subtitle":"#)
        case .nftSent: out.fragment(#"nft_sent","subtitle":"#)
        case .nftReceived: out.fragment(#"nft_received","subtitle":"#)
        case .swap: out.fragment(#"swap","subtitle":"#)
        case .approval: out.fragment(#"approval","subtitle":"#)
        case .stake: out.fragment(#"stake","subtitle":"#)
        case .unstake: out.fragment(#"unstake","subtitle":"#)
        case .redelegate: out.fragment(#"redelegate","subtitle":"#)
        case .rewards: out.fragment(#"rewards","subtitle":"#)
        case .withdraw: out.fragment(#"withdraw","subtitle":"#)
        case .freeze: out.fragment(#"freeze","subtitle":"#)
        case .unfreeze: out.fragment(#"unfreeze","subtitle":"#)
        case .activation: out.fragment(#"activation","subtitle":"#)
        case .contractCall: out.fragment(#"contract_call","subtitle":"#)
        case .openPosition: out.fragment(#"open_position","subtitle":"#)
        case .closePosition: out.fragment(#"close_position","subtitle":"#)
        case .modifyPosition: out.fragment(#"modify_position","subtitle":"#)
        case .earnDeposit: out.fragment(#"earn_deposit","subtitle":"#)
        case .earnWithdraw: out.fragment(#"earn_withdraw","subtitle":"#)
        }
        subtitle.writeValue(to: &out)
        out.fragment(#","value":"#)
        value.writeValue(to: &out)
        if let fiat {
            out.fragment(#","fiat":"#)
            fiat.writeValue(to: &out)
        }
        out.fragment(#","status":{"tone":""#)
        switch status.tone {
        case .plain: out.fragment(#"plain""#)
        case .neutral: out.fragment(#"neutral""#)
        case .positive: out.fragment(#"positive""#)
        case .warning: out.fragment(#"warning""#)
        case .negative: out.fragment(#"negative""#)
        }
        switch (status.showsBadge, status.showsProgress) {
        case (false, false): out.fragment(#","shows_badge":false,"shows_progress":false}}"#)
        case (false, true): out.fragment(#","shows_badge":false,"shows_progress":true}}"#)
        case (true, false): out.fragment(#","shows_badge":true,"shows_progress":false}}"#)
        case (true, true): out.fragment(#","shows_badge":true,"shows_progress":true}}"#)
        }
    }
}

extension GemTransactionSubtitle: JSONWritable {
    public func write(to out: inout JSONOutput) {
        out.beginValue()
        writeValue(to: &out)
    }

    /// The object, with no separator before it.
    func writeValue(to out: inout JSONOutput) {
        switch self {
        case .none:
            out.fragment(#"{"type":"none"}"#)
        case let .to(address):
            out.fragment(#"{"type":"to","address":""#)
            out.stringContent(address)
            out.fragment(#""}"#)
        case let .from(address):
            out.fragment(#"{"type":"from","address":""#)
            out.stringContent(address)
            out.fragment(#""}"#)
        }
    }
}

extension GemTransactionValue: JSONWritable {
    public func write(to out: inout JSONOutput) {
        out.beginValue()
        writeValue(to: &out)
    }

    /// The object, with no separator before it.
    func writeValue(to out: inout JSONOutput) {
        switch self {
        case .none:
            out.fragment(#"{"type":"none"}"#)
        case let .symbol(symbol):
            out.fragment(#"{"type":"symbol","symbol":""#)
            out.stringContent(symbol)
            out.fragment(#""}"#)
        case let .amount(amount):
            out.fragment(#"{"type":"amount","amount":"#)
            amount.writeValue(to: &out)
            out.fragment("}")
        }
    }
}

extension GemTransactionStatus: JSONWritable {
    public func write(to out: inout JSONOutput) {
        out.beginObject()
        out.key("tone")
        out.string(tone.rawValue)
        out.key("shows_badge")
        out.bool(showsBadge)
        out.key("shows_progress")
        out.bool(showsProgress)
        out.endObject()
    }
}

extension GemTransactionRowsRequest: JSONScannable {
    public init(scanning scanner: inout JSONScanner) throws(JSONCodecError) {
        var transactions: [Transaction]?, assets: [GemPricedAsset]?, currency: String?
        try scanner.beginObject()
        while try scanner.nextMember() {
            if try scanner.readNull() { continue }
            if scanner.key("transactions") { try scanner.field(&transactions) { s throws(JSONCodecError) in try s.decode([Transaction].self) } }
            else if scanner.key("assets") { try scanner.field(&assets) { s throws(JSONCodecError) in try s.decode([GemPricedAsset].self) } }
            else if scanner.key("currency") { try scanner.field(&currency) { s throws(JSONCodecError) in try s.string() } }
            else { try scanner.skipValue() }
        }
        guard let transactions else { throw scanner.missing("transactions") }
        guard let assets else { throw scanner.missing("assets") }
        guard let currency else { throw scanner.missing("currency") }
        self.init(transactions: transactions, assets: assets, currency: currency)
    }
}
