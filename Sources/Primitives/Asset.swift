/// An asset the wallet can hold: its id and how it is displayed.
public struct Asset: Sendable, Hashable, Codable {
    public let id: AssetId
    public let name: String
    public let symbol: String
    /// The number of decimal places between the asset's base unit and its display unit.
    public let decimals: Int32
    public let type: AssetType

    public init(id: AssetId, name: String, symbol: String, decimals: Int32, type: AssetType) {
        self.id = id
        self.name = name
        self.symbol = symbol
        self.decimals = decimals
        self.type = type
    }

    public var chain: Chain { id.chain }
}

/// The hand-written conversion JSONCodec uses for assets (a page of transaction rows reads them);
/// the same shape as the Codable one, which `RecordJSONTests` pins.
extension Asset: JSONConvertible {
    public init(json: JSON) throws(JSONCodecError) {
        let reader = try JSONObjectReader(json)
        self.init(
            id: try reader.decode(AssetId.self, "id"),
            name: try reader.string("name"),
            symbol: try reader.string("symbol"),
            decimals: try reader.int32("decimals"),
            type: try reader.rawValue(AssetType.self, "type")
        )
    }

    public var json: JSON {
        var object = JSONObjectBuilder(capacity: 5)
        object.set("id", id.id)
        object.set("name", name)
        object.set("symbol", symbol)
        object.set("decimals", Int64(decimals))
        object.set("type", type.rawValue)
        return object.json
    }
}

extension Asset: JSONScannable {
    public init(scanning scanner: inout JSONScanner) throws(JSONCodecError) {
        var id: AssetId?, name: String?, symbol: String?, decimals: Int32?, type: AssetType?
        try scanner.beginObject()
        while try scanner.nextMember() {
            if try scanner.readNull() { continue }
            if scanner.key("id") { try scanner.field(&id) { s throws(JSONCodecError) in try s.decode(AssetId.self) } }
            else if scanner.key("name") { try scanner.field(&name) { s throws(JSONCodecError) in try s.string() } }
            else if scanner.key("symbol") { try scanner.field(&symbol) { s throws(JSONCodecError) in try s.string() } }
            else if scanner.key("decimals") { try scanner.field(&decimals) { s throws(JSONCodecError) in try s.int32() } }
            else if scanner.key("type") { try scanner.field(&type) { s throws(JSONCodecError) in try s.rawValue(AssetType.self) } }
            else { try scanner.skipValue() }
        }
        guard let id else { throw scanner.missing("id") }
        guard let name else { throw scanner.missing("name") }
        guard let symbol else { throw scanner.missing("symbol") }
        guard let decimals else { throw scanner.missing("decimals") }
        guard let type else { throw scanner.missing("type") }
        self.init(id: id, name: name, symbol: symbol, decimals: decimals, type: type)
    }
}
