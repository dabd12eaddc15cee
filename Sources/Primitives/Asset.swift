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
