import Primitives
import Testing

private enum Mood: String, Codable, Equatable { case veryHappy = "very_happy", calm }

private enum Shape: Codable, Equatable {
    case circle(radius: Int)
    case empty

    enum CodingKeys: String, CodingKey { case type, radius }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "circle": self = .circle(radius: try container.decode(Int.self, forKey: .radius))
        case "empty": self = .empty
        case let other: throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown type \(other)")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .circle(radius):
            try container.encode("circle", forKey: .type)
            try container.encode(radius, forKey: .radius)
        case .empty:
            try container.encode("empty", forKey: .type)
        }
    }
}

private struct Record: Codable, Equatable {
    var assetId: String
    var explorerURL: String
    var count: Int
    var ratio: Double
    var note: String?
    var mood: Mood
    var shapes: [Shape]
    var extra: JSON
}

struct JSONCodecTests {
    @Test(arguments: [
        ("assetId", "asset_id"), ("explorerURL", "explorer_url"), ("URLString", "url_string"),
        ("already_snake", "already_snake"), ("a", "a"), ("isDust", "is_dust"), ("value2Text", "value2_text"),
    ])
    func snakeCaseConvertsPropertyNames(name: String, expected: String) {
        #expect(JSONCodec.snakeCase(name) == expected)
    }

    @Test func encodesRecordsWithSnakeCaseKeysInDeclarationOrder() throws {
        let record = Record(assetId: "ethereum", explorerURL: "https://x", count: 3, ratio: 0.5, note: nil, mood: .veryHappy,
                            shapes: [.circle(radius: 2), .empty], extra: .object([("raw", .bool(true))]))
        let text = try JSONCodec.encodeString(record)
        #expect(text == #"{"asset_id":"ethereum","explorer_url":"https://x","count":3,"ratio":0.5,"mood":"very_happy","shapes":[{"type":"circle","radius":2},{"type":"empty"}],"extra":{"raw":true}}"#)
        #expect(try JSONCodec.decode(Record.self, from: Array(text.utf8)) == record)
    }

    @Test func decodingNamesThePathOfAWrongType() {
        let text = #"{"asset_id":"e","explorer_url":"u","count":"3","ratio":1,"mood":"calm","shapes":[],"extra":null}"#
        #expect(throws: JSONCodecError(path: "count", reason: "expected an integer, found a string")) {
            try JSONCodec.decode(Record.self, from: Array(text.utf8))
        }
    }

    @Test func decodingNamesAMissingKey() {
        let text = #"{"asset_id":"e","count":3,"ratio":1,"mood":"calm","shapes":[],"extra":null}"#
        #expect(throws: JSONCodecError(path: "explorer_url", reason: "missing key")) {
            try JSONCodec.decode(Record.self, from: Array(text.utf8))
        }
    }

    @Test func decodingRejectsUnknownEnumCasesAndOutOfRangeIntegers() {
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode(Mood.self, from: Array(#""angry""#.utf8)) }
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode([Shape].self, from: Array(#"[{"type":"square"}]"#.utf8)) }
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode(UInt8.self, from: Array("256".utf8)) }
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode(Int.self, from: Array("1.5".utf8)) }
    }

    @Test func encodingRejectsNonFiniteNumbers() {
        #expect(throws: JSONCodecError.self) { try JSONCodec.encode([Double.nan]) }
        #expect(throws: JSONCodecError.self) { try JSONCodec.encode(["x": Double.infinity]) }
    }

    @Test func decodesMalformedTextAsCodecError() {
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode([String].self, from: Array("[\"a\",".utf8)) }
    }
}

private struct Reading: JSONConvertible, Encodable {
    var values: [Double]
    init(values: [Double]) { self.values = values }
    init(json: JSON) throws(JSONCodecError) { values = [] }
    var json: JSON { .object([("values", .array(values.map(JSON.double)))]) }
    func encode(to encoder: any Encoder) throws {}
}

struct JSONConvertibleTests {
    @Test func handWrittenRecordsAreCheckedForNonFiniteNumbers() throws {
        #expect(throws: JSONCodecError(path: "values[1]", reason: "not a finite number, which JSON cannot hold")) {
            try JSONCodec.encode(Reading(values: [1, .nan]))
        }
        #expect(try JSONCodec.encodeString(Reading(values: [1, 2.5])) == #"{"values":[1,2.5]}"#)
    }
}

struct ChainDecodingTests {
    @Test func unknownChainIdIsNamed() {
        #expect(throws: JSONCodecError(path: "[1]", reason: "unknown chain id \"nochain\"")) {
            try JSONCodec.decode([Chain].self, from: Array(#"["bitcoin","nochain"]"#.utf8))
        }
    }
}
