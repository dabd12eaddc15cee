import Primitives
import Testing

private struct Counts: Codable, Equatable {
    var n: Int64
}

private struct Small: Codable, Equatable {
    var n: UInt8
}

/// An integer field takes a number that is exactly an integer in the field's range, on every decoding path (the
/// Codable tree, the hand-written `JSONObjectReader`, the `JSONScanner` fast path): out-of-range values, values a
/// double cannot hold exactly, fractions, underflows and negative zero are refused, never clamped or rounded.
///
/// Before this rule, -9223372036854775809 read as Int64.min on the Codable path, and 1e-400 and -0 read as 0 on
/// every path (an Asset with "decimals": 1e-400 decoded with 0 decimals).
@Suite struct JSONIntegerTests {
    static let refused = [
        "-9223372036854775809", "9223372036854775808", "1e19", "-1e19", "9007199254740993.0", "1e-400", "-1e-400",
        "-0", "-0.0", "0.5", "1.5e0", "-0e0",
    ]

    @Test(arguments: refused)
    func theCodablePathRefuses(_ number: String) {
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode(Counts.self, from: Array(#"{"n":\#(number)}"#.utf8)) }
    }

    @Test(arguments: refused)
    func theHandWrittenReaderRefuses(_ number: String) throws {
        let json = try? JSONParser.parse(Array(#"{"n":\#(number)}"#.utf8))
        guard let json else { return }  // refused while parsing is refused too
        let reader = try JSONObjectReader(json)
        #expect(throws: JSONCodecError.self) { try reader.int64("n") }
    }

    @Test(arguments: refused)
    func theScannerRefuses(_ number: String) {
        var scanner = JSONScanner(Array(number.utf8))
        #expect(throws: JSONCodecError.self) { try scanner.int64() }
    }

    @Test(arguments: ["1e-400", "-0"])
    func anAssetsDecimalsAreNeverCoercedToZero(_ number: String) {
        let record = #"{"id":"doge","name":"Dogecoin","symbol":"DOGE","decimals":\#(number),"type":"native"}"#
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode(Asset.self, from: Array(record.utf8)) }
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode([Asset].self, from: Array("[\(record)]".utf8)) }
    }

    @Test(arguments: [("0", 0), ("-9223372036854775808", Int64.min), ("9223372036854775807", Int64.max), ("18.0", 18), ("1e2", 100), ("0.0", 0), ("-7", -7)])
    func integersAndIntegralNumbersAreRead(_ number: String, _ value: Int64) throws {
        #expect(try JSONCodec.decode(Counts.self, from: Array(#"{"n":\#(number)}"#.utf8)) == Counts(n: value))
        #expect(try JSONObjectReader(try JSONParser.parse(Array(#"{"n":\#(number)}"#.utf8))).int64("n") == value)
        var scanner = JSONScanner(Array(number.utf8))
        #expect(try scanner.int64() == value)
    }

    @Test func outOfRangeNamesTheRangeNotASwiftType() {
        do {
            _ = try JSONCodec.decode(Small.self, from: Array(#"{"n":256}"#.utf8))
            Issue.record("256 read as a UInt8")
        } catch {
            #expect(error == JSONCodecError(path: "n", reason: "256 is out of range 0...255"))
        }
    }

    @Test func aDoubleFieldStillReadsNegativeZeroAndUnderflowIsRefused() throws {
        let negativeZero = try JSONParser.parse(Array("-0".utf8))
        guard case let .double(value) = negativeZero else {
            Issue.record("-0 read as \(negativeZero)")
            return
        }
        #expect(value == 0 && value.sign == .minus)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array("1e-400".utf8)) }
        #expect(try JSONParser.parse(Array("5e-324".utf8)) == .double(Double.leastNonzeroMagnitude))
    }
}
