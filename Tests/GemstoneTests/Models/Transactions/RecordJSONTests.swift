@testable import Gemstone
import Primitives
import Testing

/// The hand-written JSON of the transaction-row path (JSONScannable / JSONConvertible readers,
/// JSONWritable writers) and the records' Codable conformances agree byte for byte, both ways.
@Suite struct RecordJSONTests {
    static let transactions: [Transaction] = [
        TransactionFixtures.transaction(),
        TransactionFixtures.transaction(.swap, .incoming, .pending, value: BigUInt(7), asset: Fixtures.usdt, id: "ethereum_0xdef"),
        Transaction(id: "bitcoin_ab\"c", hash: "ab\"c", walletId: .single(chain: .bitcoin, address: "bc1q_x"), assetId: AssetId(chain: .bitcoin),
                    feeAssetId: AssetId(chain: .bitcoin), type: .stakeRewards, direction: .incoming, state: .failed, createdAt: -5,
                    value: BigUInt(0), fee: BigUInt(1), from: "é\n", to: "", memo: "memo ✓"),
    ]

    /// Codable's bytes for `value`, bypassing every hand-written path.
    static func codableBytes<T: Encodable>(_ value: T) throws -> String {
        JSONWriter.string(try JSONCodec.encodeValue(CodablePath(value: value)))
    }

    /// Codable's decoding of `text`, bypassing every hand-written path.
    static func codableDecode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONCodec.decode(CodableDecodePath<T>.self, from: Array(text.utf8)).value
    }

    @Test(arguments: transactions)
    func aTransactionReadsAndWritesAsCodableDoes(transaction: Transaction) throws {
        let codable = try Self.codableBytes(transaction)
        #expect(JSONWriter.string(transaction.json) == codable)
        #expect(try JSONCodec.decode(Transaction.self, from: Array(codable.utf8)) == transaction)
        #expect(try Transaction(json: try JSONParser.parse(codable)) == transaction)
        #expect(try Self.codableDecode(Transaction.self, codable) == transaction)
    }

    @Test func anAssetAndAPricedAssetReadAndWriteAsCodableDoes() throws {
        for priced in TransactionFixtures.assets + [GemPricedAsset(asset: Fixtures.tron, price: 0.125)] {
            let codable = try Self.codableBytes(priced)
            #expect(JSONWriter.string(priced.json) == codable)
            #expect(try JSONCodec.decode(GemPricedAsset.self, from: Array(codable.utf8)) == priced)
            #expect(JSONWriter.string(priced.asset.json) == (try Self.codableBytes(priced.asset)))
        }
    }

    @Test func theRequestReadsAsCodableDoes() throws {
        let request = GemTransactionRowsRequest(transactions: Self.transactions, assets: TransactionFixtures.assets, currency: "USD")
        let codable = try Self.codableBytes(request)
        #expect(JSONWriter.string(request.json) == codable)
        #expect(try JSONCodec.decode(GemTransactionRowsRequest.self, from: Array(codable.utf8)) == request)
        // Whitespace, unknown keys (skipped whatever they hold), escaped keys and null optionals.
        let spaced = " { \"currency\" : \"USD\" , \"extra\" : {\"a\":[1,2.5e3,true,null,\"x\"]}, \"assets\" : [ ] , \"transactions\" : [ ], \"cur\\u0072ency\": \"EUR\" } "
        #expect(try JSONCodec.decode(GemTransactionRowsRequest.self, from: Array(spaced.utf8)) == GemTransactionRowsRequest(transactions: [], assets: [], currency: "USD"))
    }

    @Test(arguments: [
        (#"{"transactions":[],"assets":[]}"#, "currency"),
        (#"{"transactions":{},"assets":[],"currency":"USD"}"#, "transactions"),
        (#"{"transactions":[],"assets":[{"asset":{"id":"ethereum","name":"E","symbol":"E","decimals":"18","type":"native"}}],"currency":"USD"}"#, "assets[0].asset.decimals"),
        (#"{"transactions":[],"assets":[{"asset":{"id":"nowhere","name":"E","symbol":"E","decimals":18,"type":"native"}}],"currency":"USD"}"#, "assets[0].asset.id"),
        (#"{"transactions":[],"assets":[{"price":1}],"currency":"USD"}"#, "assets[0].asset"),
    ])
    func aMalformedRequestNamesTheField(text: String, path: String) {
        #expect(throws: JSONCodecError.self) {
            do {
                _ = try JSONCodec.decode(GemTransactionRowsRequest.self, from: Array(text.utf8))
            } catch let error as JSONCodecError {
                #expect(error.path == path, "\(error)")
                throw error
            }
        }
        #expect(throws: (any Error).self) { try Self.codableDecode(GemTransactionRowsRequest.self, text) }
    }

    @Test(arguments: [#"{"transactions":[],"assets":[],"currency":"USD"} x"#, #"{"transactions":[,],"assets":[],"currency":"USD"}"#,
                      #"{"transactions":[],"assets":[],"currency":"US\u00"}"#, #"{"transactions":[],"assets":[],"currency":01}"#,
                      "{\"transactions\":[],\"assets\":[],\"currency\":\"\u{01}\"}", #"[1,2]"#, ""])
    func textThatIsNotJSONIsRefused(text: String) {
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode(GemTransactionRowsRequest.self, from: Array(text.utf8)) }
    }

    @Test func rowsWriteAsCodableDoes() throws {
        var rows: [GemTransactionRow] = []
        for type in TransactionType.allCases {
            for state in TransactionState.allCases {
                rows += try transactionRows([TransactionFixtures.transaction(type, .incoming, state), TransactionFixtures.transaction(type, .outgoing, state, asset: Fixtures.usdt)],
                                            assets: TransactionFixtures.assets, currency: "USD")
            }
        }
        let huge = try #require(BigUInt("1" + String(repeating: "0", count: 40)))
        rows += try transactionRows([TransactionFixtures.transaction(value: BigUInt(10)), TransactionFixtures.transaction(value: huge)],
                                    assets: TransactionFixtures.assets, currency: "EUR")
        #expect(try JSONCodec.encodeString(rows) == (try Self.codableBytes(rows)))
        #expect(try Self.codableDecode([GemTransactionRow].self, try JSONCodec.encodeString(rows)) == rows)
    }

    @Test(arguments: GemEmptyStateKind.allCases)
    func anEmptyStateAndItsRequestReadAndWriteAsCodableDoes(kind: GemEmptyStateKind) throws {
        let state = GemEmptyState.of(kind)
        #expect(try JSONCodec.encodeString(state) == (try Self.codableBytes(state)))
        let request = try Self.codableBytes(GemEmptyStateRequest(kind: kind))
        #expect(try JSONCodec.decode(GemEmptyStateRequest.self, from: Array(request.utf8)) == GemEmptyStateRequest(kind: kind))
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode(GemEmptyStateRequest.self, from: Array(#"{"kind":"\#(kind.rawValue)x"}"#.utf8)) }
    }

    @Test func everyNumberShapeWritesAsCodableDoes() throws {
        let numbers: [GemFormattedNumber] = [
            .currency(-5, code: "USD", style: .currency), .currency(0.000838, code: "EUR", style: .currency), .currency(2_500_000, code: "USD", style: .abbreviated),
            .amount(0.00001, symbol: "ETH", style: .short), .amount(1.5, symbol: nil, style: .auto), .adaptive(0.5, symbol: "BTC"),
            .percentage(-3.25, signed: true), .multiplier(2.5), .count(12), .currency(1e20, code: "USD", style: .fiat).parenthesised(),
        ]
        for number in numbers {
            #expect(try JSONCodec.encodeString(number) == (try Self.codableBytes(number)))
        }
    }
}

/// Wraps a value so JSONCodec takes the Codable path instead of a hand-written one.
private struct CodablePath<T: Encodable>: Encodable {
    let value: T
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

private struct CodableDecodePath<T: Decodable>: Decodable {
    let value: T
    init(from decoder: any Decoder) throws { value = try T(from: decoder) }
}
