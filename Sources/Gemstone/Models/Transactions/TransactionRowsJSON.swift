import Primitives

// The hand-written JSON of the transaction-row path (gem_transaction_rows): the request is read
// through `JSONConvertible`, the rows are written straight into the answer's bytes. Each has the
// shape of its Codable conformance, which `RecordJSONTests` pins in both directions.

extension GemPricedAsset: JSONConvertible {
    public init(json: JSON) throws(JSONCodecError) {
        let reader = try JSONObjectReader(json)
        self.init(asset: try reader.decode(Asset.self, "asset"), price: try reader.optionalDouble("price"))
    }

    public var json: JSON {
        var object = JSONObjectBuilder(capacity: 2)
        object.set("asset", asset.json)
        object.set("price", ifPresent: price)
        return object.json
    }
}

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

extension GemTransactionRow: JSONWritable {
    public func write(to out: inout JSONOutput) {
        out.beginObject()
        out.key("id")
        out.string(id)
        out.key("asset_id")
        out.string(assetId.id)
        out.key("type")
        out.string(type.rawValue)
        out.key("direction")
        out.string(direction.rawValue)
        out.key("state")
        out.string(state.rawValue)
        out.key("created_at")
        out.int(createdAt)
        out.key("title")
        out.string(title.rawValue)
        out.key("subtitle")
        subtitle.write(to: &out)
        out.key("value")
        value.write(to: &out)
        if let fiat {
            out.key("fiat")
            fiat.write(to: &out)
        }
        out.key("status")
        status.write(to: &out)
        out.endObject()
    }
}

extension GemTransactionSubtitle: JSONWritable {
    public func write(to out: inout JSONOutput) {
        out.beginObject()
        out.key("type")
        switch self {
        case .none:
            out.literal("none")
        case let .to(address):
            out.literal("to")
            out.key("address")
            out.string(address)
        case let .from(address):
            out.literal("from")
            out.key("address")
            out.string(address)
        }
        out.endObject()
    }
}

extension GemTransactionValue: JSONWritable {
    public func write(to out: inout JSONOutput) {
        out.beginObject()
        out.key("type")
        switch self {
        case .none:
            out.literal("none")
        case let .symbol(symbol):
            out.literal("symbol")
            out.key("symbol")
            out.string(symbol)
        case let .amount(amount):
            out.literal("amount")
            out.key("amount")
            amount.write(to: &out)
        }
        out.endObject()
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

extension GemPricedAsset: JSONScannable {
    public init(scanning scanner: inout JSONScanner) throws(JSONCodecError) {
        var asset: Asset?, price: Double?
        try scanner.beginObject()
        while try scanner.nextMember() {
            if try scanner.readNull() { continue }
            if scanner.key("asset") { try scanner.field(&asset) { s throws(JSONCodecError) in try s.decode(Asset.self) } }
            else if scanner.key("price") { try scanner.field(&price) { s throws(JSONCodecError) in try s.double() } }
            else { try scanner.skipValue() }
        }
        guard let asset else { throw scanner.missing("asset") }
        self.init(asset: asset, price: price)
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
