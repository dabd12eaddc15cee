/// An id that crosses as its storage string (DESIGN § 3: `AssetId` `ethereum_0xdAC1…`, `WalletId`
/// `multicoin_0x…`): Codable and the hand-written JSON paths read it with `init(parsing:)` and write
/// `id`, and name the id's kind in every error.
public protocol StorageStringID: Codable, JSONConvertible {
    associatedtype ParseError: Error
    /// What the id is called in an error ("asset id").
    static var idName: String { get }
    init(parsing text: String) throws(ParseError)
    var id: String { get }
}

extension StorageStringID {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "invalid \(Self.idName): \(error)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }

    public init(json: JSON) throws(JSONCodecError) {
        guard case let .string(text) = json else { throw JSONCodecError(path: "", reason: "expected a string") }
        self = try Self.parsed(text)
    }

    public var json: JSON { .string(id) }

    /// `init(parsing:)` with its error as a codec error naming the id's kind.
    static func parsed(_ text: String) throws(JSONCodecError) -> Self {
        do {
            return try Self(parsing: text)
        } catch {
            throw JSONCodecError(path: "", reason: "invalid \(idName): \(error)")
        }
    }
}
