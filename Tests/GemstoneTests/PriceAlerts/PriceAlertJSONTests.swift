import Gemstone
import Primitives
import Testing

/// The hand-written JSON of PriceAlert (the fast path JSONCodec takes) and its Codable
/// conformance must agree byte for byte, in both directions.
struct PriceAlertJSONTests {
    static let alerts = [
        PriceAlert(assetId: "bitcoin", currency: "USD", price: 70000.5),
        PriceAlert(assetId: "ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7", currency: "EUR", pricePercentChange: 5, priceDirection: .down, lastNotifiedAt: 1_700_000_000),
        PriceAlert(assetId: "solana", currency: "USD"),
    ]

    @Test(arguments: alerts)
    func handWrittenJSONMatchesCodable(alert: PriceAlert) throws {
        let viaCodable = try JSONCodec.encodeValue(CodablePath(alert: alert))
        #expect(JSONWriter.string(alert.json) == JSONWriter.string(viaCodable))
        let decoded = try JSONCodec.decode(PriceAlert.self, from: alert.json)
        #expect(decoded == alert)
    }

    @Test func goldenShape() throws {
        #expect(try JSONCodec.encodeString(Self.alerts[1]) == #"{"id":"ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7:EUR::5:down","asset_id":"ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7","currency":"EUR","price_percent_change":5,"price_direction":"down","last_notified_at":1700000000}"#)
    }

    @Test(arguments: [
        (#"[{"currency":"USD"}]"#, "[0].asset_id"),
        (#"[{"asset_id":"bitcoin","currency":"USD","price":"1"}]"#, "[0].price"),
        (#"[{"asset_id":"bitcoin","currency":"USD"},{"asset_id":"x","currency":"USD","price_direction":"sideways"}]"#, "[1].price_direction"),
        (#"[{"asset_id":"bitcoin"}]"#, "[0].currency"),
    ])
    func decodingErrorsNameTheField(text: String, path: String) {
        #expect(throws: JSONCodecError.self) {
            do {
                _ = try JSONCodec.decode([PriceAlert].self, from: Array(text.utf8))
            } catch let error as JSONCodecError {
                #expect(error.path == path)
                throw error
            }
        }
    }
}

/// Wraps an alert so JSONCodec takes the Codable path instead of the hand-written one.
private struct CodablePath: Encodable {
    let alert: PriceAlert
    func encode(to encoder: any Encoder) throws { try alert.encode(to: encoder) }
}
