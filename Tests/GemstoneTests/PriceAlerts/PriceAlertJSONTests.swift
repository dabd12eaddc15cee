import Primitives
import Testing
@testable import Gemstone

/// Golden JSON shapes of the records that cross the ABI and the wire (DESIGN § 3).
struct PriceAlertJSONTests {
    @Test func priceAlertEncodesWithIdAndSnakeCaseKeys() throws {
        let alert = PriceAlert.mock(lastNotifiedAt: 1_700_000_000)
        #expect(try JSONCodec.encodeString(alert) ==
            #"{"id":"bitcoin:USD:100000::up","asset_id":"bitcoin","currency":"USD","price":100000,"price_direction":"up","last_notified_at":1700000000}"#)
    }

    @Test func priceAlertEncodesPercentAlertWithoutAbsentFields() throws {
        let alert = PriceAlert.mock(assetId: "solana", price: nil, pricePercentChange: 2.5, priceDirection: .down)
        #expect(try JSONCodec.encodeString(alert) ==
            #"{"id":"solana:USD::2.5:down","asset_id":"solana","currency":"USD","price_percent_change":2.5,"price_direction":"down"}"#)
    }

    @Test func priceAlertDecodingIgnoresId() throws {
        let json = #"{"id":"something else","asset_id":"bitcoin","currency":"USD","price":100000,"price_direction":"up"}"#
        let alert = try JSONCodec.decode(PriceAlert.self, from: Array(json.utf8))
        #expect(alert == .mock())
        #expect(alert.id == "bitcoin:USD:100000::up")
    }

    @Test func priceAlertRoundTrips() throws {
        let alerts: [PriceAlert] = [.mock(lastNotifiedAt: 3), .mock(assetId: "solana", price: nil, priceDirection: nil)]
        #expect(try JSONCodec.decode([PriceAlert].self, from: JSONCodec.encode(alerts)) == alerts)
    }

    @Test func priceAlertRejectsUnknownDirection() {
        let json = #"{"asset_id":"bitcoin","currency":"USD","price_direction":"sideways"}"#
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode(PriceAlert.self, from: Array(json.utf8)) }
    }

    @Test func addResultShape() throws {
        let result = GemPriceAlertAddResult(alert: .mock(), enabled: true, permission: .granted)
        #expect(try JSONCodec.encodeString(result) ==
            #"{"alert":{"id":"bitcoin:USD:100000::up","asset_id":"bitcoin","currency":"USD","price":100000,"price_direction":"up"},"enabled":true,"permission":"granted"}"#)
    }

    @Test(arguments: [
        (GemPriceAlertsToggle(enabled: true, permission: .granted), #"{"enabled":true,"permission":"granted"}"#),
        (GemPriceAlertsToggle(enabled: false, permission: .denied), #"{"enabled":false,"permission":"denied"}"#),
        (GemPriceAlertsToggle(enabled: false, permission: nil), #"{"enabled":false}"#),
    ])
    func toggleShape(toggle: GemPriceAlertsToggle, expected: String) throws {
        #expect(try JSONCodec.encodeString(toggle) == expected)
        #expect(try JSONCodec.decode(GemPriceAlertsToggle.self, from: Array(expected.utf8)) == toggle)
    }

    @Test func syncResultShape() throws {
        let result = GemPriceAlertSyncResult(upserted: [.mock()], deletedIds: ["solana:USD:::"])
        #expect(try JSONCodec.encodeString(result) ==
            #"{"upserted":[{"id":"bitcoin:USD:100000::up","asset_id":"bitcoin","currency":"USD","price":100000,"price_direction":"up"}],"deleted_ids":["solana:USD:::"]}"#)
    }
}
