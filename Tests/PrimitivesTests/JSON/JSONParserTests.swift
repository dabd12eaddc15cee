import Primitives
import Testing

struct JSONParserTests {
    @Test(arguments: [
        ("null", JSON.null),
        ("true", .bool(true)),
        (" false ", .bool(false)),
        ("0", .int(0)),
        ("-12", .int(-12)),
        ("9223372036854775807", .int(Int64.max)),
        ("9223372036854775808", .double(9223372036854775808.0)),
        ("1.5", .double(1.5)),
        ("-2e3", .double(-2000)),
        ("\"a\\\"b\\\\c\\/\\n\\u00e9\"", .string("a\"b\\c/\né")),
        ("\"\\ud83d\\ude00\"", .string("😀")),
        ("[1,[],{}]", .array([.int(1), .array([]), .object([])])),
        ("{\"b\":1,\"a\":[true,null]}", .object([("b", .int(1)), ("a", .array([.bool(true), .null]))])),
    ])
    func parsesValidJSON(text: String, expected: JSON) throws {
        #expect(try JSONParser.parse(text) == expected)
    }

    @Test(arguments: [
        "", "nul", "[1,]", "{\"a\":1,}", "{a:1}", "01", "1.", ".5", "1e", "+1", "NaN", "Infinity",
        "\"unterminated", "\"\\x\"", "\"\\ud800\"", "\"\\udc00\"", "[1] 2", "{\"a\" 1}", "\"tab\there\"", "1e999",
    ])
    func rejectsInvalidJSON(text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func limitsNesting() throws {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        let allowed = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        _ = try JSONParser.parse(allowed)
    }

    @Test func writerRoundTripsEscapes() throws {
        let value = JSON.object([("k\"ey", .string("line\nbreak\u{01}\t\"q\"")), ("n", .double(0.1)), ("i", .int(-5))])
        let text = JSONWriter.string(value)
        #expect(text == "{\"k\\\"ey\":\"line\\nbreak\\u0001\\t\\\"q\\\"\",\"n\":0.1,\"i\":-5}")
        #expect(try JSONParser.parse(text) == value)
    }
}
