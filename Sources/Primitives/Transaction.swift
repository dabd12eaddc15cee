/// A transaction of one wallet, as the store keeps it and the rows read it.
///
/// Its shape is declared in schema/transactions.json, which generates its Codable conformance
/// (Generated/Transactions+Schema.swift) and its Python and Kotlin records; the storage below and the fast
/// paths (tree and scanner) stay hand-written because a page of 500 crosses in one call.
///
/// `value` and `fee` are exact atomic amounts of `assetId` and `feeAssetId`. `createdAt` is Unix
/// time in seconds.
public struct Transaction: Sendable, Hashable {
    /// The storage id (`<chain>_<hash>`), stable across state changes.
    public var id: String
    public var hash: String
    public var walletId: WalletId
    public var assetId: AssetId
    public var feeAssetId: AssetId
    public var type: TransactionType
    public var direction: TransactionDirection
    public var state: TransactionState
    public var createdAt: Int64
    public var value: BigUInt
    public var fee: BigUInt
    public var from: String
    public var to: String
    public var memo: String? {
        get { if case let .text(text) = memoStorage { text } else { nil } }
        set { memoStorage = OptionalText(newValue) }
    }
    /// The memo, kept in a plain enum rather than a `String?`: the compiler copies a record that
    /// stores an optional string each time it builds one (whole, with a retain and a release of
    /// every string in it), which cost a page of 500 transactions about a tenth of its crossing.
    private var memoStorage: OptionalText

    public init(
        id: String, hash: String, walletId: WalletId, assetId: AssetId, feeAssetId: AssetId, type: TransactionType,
        direction: TransactionDirection, state: TransactionState, createdAt: Int64, value: BigUInt, fee: BigUInt,
        from: String, to: String, memo: String? = nil
    ) {
        self.id = id
        self.hash = hash
        self.walletId = walletId
        self.assetId = assetId
        self.feeAssetId = feeAssetId
        self.type = type
        self.direction = direction
        self.state = state
        self.createdAt = createdAt
        self.value = value
        self.fee = fee
        self.from = from
        self.to = to
        self.memoStorage = OptionalText(memo)
    }

    /// The address on the other side: the recipient of what left, the sender of what arrived.
    public var counterparty: String {
        direction == .incoming ? from : to
    }
}

/// A `String?` in a form the compiler does not copy when a record holding it is built (see
/// `Transaction.memo`).
enum OptionalText: Sendable, Hashable {
    case none
    case text(String)

    init(_ text: String?) {
        self = text.map { .text($0) } ?? .none
    }
}

/// The hand-written conversion JSONCodec uses for transactions (a page of 500 crosses in one
/// call); the same shape as the generated Codable one, which `RecordJSONTests` and the golden file pin.
extension Transaction: JSONConvertible {
    public init(json: JSON) throws(JSONCodecError) {
        let reader = try JSONObjectReader(json)
        self.init(
            id: try reader.string("id"),
            hash: try reader.string("hash"),
            walletId: try reader.decode(WalletId.self, "wallet_id"),
            assetId: try reader.decode(AssetId.self, "asset_id"),
            feeAssetId: try reader.decode(AssetId.self, "fee_asset_id"),
            type: try reader.rawValue(TransactionType.self, "type"),
            direction: try reader.rawValue(TransactionDirection.self, "direction"),
            state: try reader.rawValue(TransactionState.self, "state"),
            createdAt: try reader.int64("created_at"),
            value: try reader.decode(BigUInt.self, "value"),
            fee: try reader.decode(BigUInt.self, "fee"),
            from: try reader.string("from"),
            to: try reader.string("to"),
            memo: try reader.optionalString("memo")
        )
    }

    public var json: JSON {
        var object = JSONObjectBuilder(capacity: 14)
        object.set("id", id)
        object.set("hash", hash)
        object.set("wallet_id", walletId.id)
        object.set("asset_id", assetId.id)
        object.set("fee_asset_id", feeAssetId.id)
        object.set("type", type.rawValue)
        object.set("direction", direction.rawValue)
        object.set("state", state.rawValue)
        object.set("created_at", createdAt)
        object.set("value", value.description)
        object.set("fee", fee.description)
        object.set("from", from)
        object.set("to", to)
        object.set("memo", ifPresent: memo)
        return object.json
    }
}

extension Transaction: JSONScannable {
    public init(scanning scanner: inout JSONScanner) throws(JSONCodecError) {
        var id: String?, hash: String?, walletId: WalletId?, assetId: AssetId?, feeAssetId: AssetId?
        var type: TransactionType?, direction: TransactionDirection?, state: TransactionState?, createdAt: Int64?
        var value: BigUInt?, fee: BigUInt?, from: String?, to: String?, memo: String?
        try scanner.beginObject()
        while try scanner.nextMember() {
            if try scanner.readNull() { continue }
            if scanner.key("id") { try scanner.field(&id) { s throws(JSONCodecError) in try s.string() } }
            else if scanner.key("hash") { try scanner.field(&hash) { s throws(JSONCodecError) in try s.string() } }
            else if scanner.key("wallet_id") { try scanner.field(&walletId) { s throws(JSONCodecError) in try s.decode(WalletId.self) } }
            else if scanner.key("asset_id") { try scanner.field(&assetId) { s throws(JSONCodecError) in try s.decode(AssetId.self) } }
            else if scanner.key("fee_asset_id") { try scanner.field(&feeAssetId) { s throws(JSONCodecError) in try s.decode(AssetId.self) } }
            else if scanner.key("type") { try scanner.field(&type) { s throws(JSONCodecError) in try s.value(in: TransactionType.jsonCases) } }
            else if scanner.key("direction") { try scanner.field(&direction) { s throws(JSONCodecError) in try s.value(in: TransactionDirection.jsonCases) } }
            else if scanner.key("state") { try scanner.field(&state) { s throws(JSONCodecError) in try s.value(in: TransactionState.jsonCases) } }
            else if scanner.key("created_at") { try scanner.field(&createdAt) { s throws(JSONCodecError) in try s.int64() } }
            else if scanner.key("value") { try scanner.field(&value) { s throws(JSONCodecError) in try s.decode(BigUInt.self) } }
            else if scanner.key("fee") { try scanner.field(&fee) { s throws(JSONCodecError) in try s.decode(BigUInt.self) } }
            else if scanner.key("from") { try scanner.field(&from) { s throws(JSONCodecError) in try s.string() } }
            else if scanner.key("to") { try scanner.field(&to) { s throws(JSONCodecError) in try s.string() } }
            else if scanner.key("memo") { try scanner.field(&memo) { s throws(JSONCodecError) in try s.string() } }
            else { try scanner.skipValue() }
        }
        // Each field moves out of its optional into the record (no copy of its strings).
        guard let id = id.take() else { throw scanner.missing("id") }
        guard let hash = hash.take() else { throw scanner.missing("hash") }
        guard let walletId = walletId.take() else { throw scanner.missing("wallet_id") }
        guard let assetId = assetId.take() else { throw scanner.missing("asset_id") }
        guard let feeAssetId = feeAssetId.take() else { throw scanner.missing("fee_asset_id") }
        guard let type else { throw scanner.missing("type") }
        guard let direction else { throw scanner.missing("direction") }
        guard let state else { throw scanner.missing("state") }
        guard let createdAt else { throw scanner.missing("created_at") }
        guard let value = value.take() else { throw scanner.missing("value") }
        guard let fee = fee.take() else { throw scanner.missing("fee") }
        guard let from = from.take() else { throw scanner.missing("from") }
        guard let to = to.take() else { throw scanner.missing("to") }
        self.init(id: id, hash: hash, walletId: walletId, assetId: assetId, feeAssetId: feeAssetId, type: type, direction: direction,
                  state: state, createdAt: createdAt, value: value, fee: fee, from: from, to: to, memo: memo.take())
    }
}

// The enums a transaction holds, by the bytes of their raw values (JSONScanner.value(in:)).
extension TransactionType {
    static let jsonCases = JSONCases(allCases)
}

extension TransactionDirection {
    static let jsonCases = JSONCases(allCases)
}

extension TransactionState {
    static let jsonCases = JSONCases(allCases)
}
