@testable import Primitives
import Testing

/// The fast paths of the transaction-row codec: strings read eight bytes at a time, ids read
/// once per distinct id, decimals parsed from bytes, enums and keys matched by bytes, and strings
/// written without escaping when they need none. Each must answer what the plain path answers.
struct JSONScannerTests {
    /// Strings whose quote, escape, control or non-ASCII byte falls at every offset of a word.
    static let strings: [String] = (0..<20).flatMap { offset in
        let pad = String(repeating: "a", count: offset)
        return [pad, pad + "\"" + pad, pad + "\\" + pad, pad + "\n" + pad, pad + "é" + pad, pad + "\u{01}", pad + "✓" + pad + "\"", pad + "/"]
    }

    @Test func everyStringReadsBackAsWritten() throws {
        for text in Self.strings {
            let json = JSONWriter.bytes(.string(text))
            var scanner = JSONScanner(json)
            #expect(try scanner.string() == text, "\(text.debugDescription)")
            try scanner.finish()
            #expect(try JSONParser.parse(json) == .string(text))
        }
    }

    @Test func everyStringIsWrittenAsTheTreeWriterWritesIt() {
        for text in Self.strings {
            var out = JSONOutput()
            out.string(text)
            #expect(out.bytes == JSONWriter.bytes(.string(text)), "\(text.debugDescription)")
        }
    }

    @Test(arguments: ["\"abc", "\"abcdefghijklmnop", "\"a\u{01}b\"", "\"abcdefgh\u{1f}\"", "\"\\x\"", "\"abcdefgh\\u00\""])
    func aBrokenStringIsRefused(text: String) {
        var scanner = JSONScanner(Array(text.utf8))
        #expect(throws: JSONCodecError.self) { try scanner.string() }
    }

    @Test func invalidUTF8IsRefusedAtEveryOffset() {
        for offset in 0..<12 {
            var bytes = [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "a"), count: offset) + [0xC3, 0x28] + [UInt8(ascii: "\"")]
            var scanner = JSONScanner(bytes)
            #expect(throws: JSONCodecError.self) { try scanner.string() }
            bytes[offset + 1] = 0xFF
            scanner = JSONScanner(bytes)
            #expect(throws: JSONCodecError.self) { try scanner.string() }
        }
    }

    @Test func repeatedIdsReadAsTheirFirstReading() throws {
        // Nine distinct ids (one more than the memo keeps), each twice, one of them escaped, two of one length.
        let ids = ["ethereum", "bitcoin", "solana", "ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7",
                   "ethereum_0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "tron", "smartchain", "polygon", "arbitrum"]
        let text = "[" + (ids + ids).map { "\"\($0)\"" }.joined(separator: ",") + ",\"ethereum\\u005f0xdAC17F958D2ee523a2206206994597C13D831ec7\"]"
        let read = try JSONCodec.decode([AssetId].self, from: Array(text.utf8))
        let expected = try (ids + ids + [ids[3]]).map { text throws in try AssetId(parsing: text) }
        #expect(read == expected)
        #expect(throws: JSONCodecError(path: "[2]", reason: "invalid asset id: unknown chain id \"nowhere\"")) {
            try JSONCodec.decode([AssetId].self, from: Array(#"["ethereum","ethereum","nowhere"]"#.utf8))
        }
        let wallets = [#""multicoin_0xA""#, #""multicoin_0xB""#, #""multicoin_0xA""#, #""single_bitcoin_bc1q""#, #""multicoin_0xB""#]
        let walletIds = try JSONCodec.decode([WalletId].self, from: Array(("[" + wallets.joined(separator: ",") + "]").utf8))
        #expect(walletIds == [.multicoin(address: "0xA"), .multicoin(address: "0xB"), .multicoin(address: "0xA"),
                              .single(chain: .bitcoin, address: "bc1q"), .multicoin(address: "0xB")])
    }

    @Test(arguments: ["0", "7", "000123", "9999999999999999999", "10000000000000000000", "18446744073709551616",
                      "123456789012345678901234567890123456789012345678901234567890"])
    func aDecimalReadsAsTheTextParserReadsIt(text: String) throws {
        let read = try JSONCodec.decode(BigUInt.self, from: Array("\"\(text)\"".utf8))
        #expect(read == BigUInt(text))
        #expect(read.description == (text.drop { $0 == "0" }.isEmpty ? "0" : String(text.drop { $0 == "0" })))
        #expect(try JSONCodec.decode(BigUInt.self, from: Array("\"\\u0031\(text)\"".utf8)) == BigUInt("1" + text))
    }

    @Test(arguments: ["", "-1", "1.5", "12a", "1 ", "99999999999999999999x", "１"])
    func aMalformedDecimalIsRefused(text: String) {
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode(BigUInt.self, from: Array("\"\(text)\"".utf8)) }
    }

    @Test func enumCasesAreMatchedByTheirBytes() throws {
        for state in TransactionState.allCases {
            var scanner = JSONScanner(Array("\"\(state.rawValue)\"".utf8))
            #expect(try scanner.value(in: TransactionState.jsonCases) == state)
        }
        var escaped = JSONScanner(Array(#""in\u005ftransit""#.utf8))
        #expect(try escaped.value(in: TransactionState.jsonCases) == .inTransit)
        for text in [#""in_transi""#, #""in_transitt""#, #""IN_TRANSIT""#, #""""#, "1"] {
            var scanner = JSONScanner(Array(text.utf8))
            #expect(throws: JSONCodecError.self) { try scanner.value(in: TransactionState.jsonCases) }
        }
    }
}
