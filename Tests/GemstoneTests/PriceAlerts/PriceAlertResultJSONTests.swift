import Primitives
import Testing
@testable import Gemstone

/// Golden JSON of the price-alert result records the ABI returns (DESIGN § 3), and the rule that
/// an alert's `id` is written for hosts but never read back.
struct PriceAlertResultJSONTests {
    @Test func addResult() throws {
        try expectGolden(
            GemPriceAlertAddResult(alert: .mock(), enabled: true, permission: .granted),
            #"{"alert":{"id":"bitcoin:USD:100000::up","asset_id":"bitcoin","currency":"USD","price":100000,"price_direction":"up"},"enabled":true,"permission":"granted"}"#)
        try expectGolden(
            GemPriceAlertAddResult(alert: .mock(), enabled: false, permission: .denied),
            #"{"alert":{"id":"bitcoin:USD:100000::up","asset_id":"bitcoin","currency":"USD","price":100000,"price_direction":"up"},"enabled":false,"permission":"denied"}"#)
    }

    @Test(arguments: [
        (GemPriceAlertsToggle(enabled: true, permission: .granted), #"{"enabled":true,"permission":"granted"}"#),
        (GemPriceAlertsToggle(enabled: false, permission: .denied), #"{"enabled":false,"permission":"denied"}"#),
        (GemPriceAlertsToggle(enabled: false, permission: nil), #"{"enabled":false}"#),
    ])
    func toggle(toggle: GemPriceAlertsToggle, golden: String) throws {
        try expectGolden(toggle, golden)
    }

    @Test func syncResult() throws {
        try expectGolden(
            GemPriceAlertSyncResult(upserted: [.mock()], deletedIds: ["solana:USD:::"]),
            #"{"upserted":[{"id":"bitcoin:USD:100000::up","asset_id":"bitcoin","currency":"USD","price":100000,"price_direction":"up"}],"deleted_ids":["solana:USD:::"]}"#)
        try expectGolden(GemPriceAlertSyncResult(upserted: [], deletedIds: []), #"{"upserted":[],"deleted_ids":[]}"#)
    }

    /// A host may send back an alert with a stale or made-up id: the core derives the id itself.
    @Test func alertIdIsNotReadBack() throws {
        let text = #"[{"id":"something else","asset_id":"bitcoin","currency":"USD","price":100000,"price_direction":"up"}]"#
        let alerts = try JSONCodec.decode([PriceAlert].self, from: Array(text.utf8))
        #expect(alerts == [.mock()])
        #expect(alerts.first?.id == "bitcoin:USD:100000::up")
    }
}
