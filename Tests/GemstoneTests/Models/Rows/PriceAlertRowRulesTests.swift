import Primitives
import Testing
@testable import Gemstone

private func assetData(_ asset: Asset, price: Double? = nil, change: Double = 0) -> GemAssetData {
    GemAssetData(asset: asset, balance: nil,
                 price: price.map { GemAssetPrice(assetId: asset.id, priceUsd: $0, price: $0, priceChangePercentage24h: change) },
                 isEnabled: true, address: nil)
}

private func alertData(_ alert: PriceAlert, _ asset: Asset, price: Double? = nil, change: Double = 0) -> GemPriceAlertData {
    GemPriceAlertData(alert: alert, asset: assetData(asset, price: price, change: change))
}

private func number(_ text: GemRowText?) -> GemFormattedNumber? {
    if case let .number(number) = text?.text { return number }
    return nil
}

/// One alert of each kind and what its row must say.
struct PriceAlertRowCase: Sendable, CustomTestStringConvertible {
    let name: String
    let alert: PriceAlert
    let kind: GemPriceAlertKind
    let direction: PriceAlertDirection?
    /// The subtitle: its text and tone.
    let subtitle: GemRowText?
    /// Beside it.
    let subtitleExtra: GemRowText?
    /// Whether the row trails the current price (a target alert with a price).
    let trailsPrice: Bool

    var testDescription: String { name }

    static let all: [PriceAlertRowCase] = [
        PriceAlertRowCase(
            name: "auto: the price and its change as the asset row shows them",
            alert: PriceAlert(assetId: "bitcoin", currency: "USD"),
            kind: .auto, direction: nil,
            subtitle: GemRowText(text: .number(number: .currency(2_000, code: "EUR", style: .currency)), tone: .neutral),
            subtitleExtra: GemRowText(text: .number(number: .percentage(-3, signed: true)), tone: .negative),
            trailsPrice: false),
        PriceAlertRowCase(
            name: "price over: the label, then the target in the alert's currency, positive",
            alert: PriceAlert(assetId: "bitcoin", currency: "USD", price: 100_000, priceDirection: .up),
            kind: .price, direction: .up,
            subtitle: GemRowText(text: .priceAlertDirection(direction: .up), tone: .neutral),
            subtitleExtra: GemRowText(text: .number(number: .currency(100_000, code: "USD", style: .currency)), tone: .positive),
            trailsPrice: true),
        PriceAlertRowCase(
            name: "price under: the label, then the target, negative",
            alert: PriceAlert(assetId: "bitcoin", currency: "GBP", price: 0.9, priceDirection: .down),
            kind: .price, direction: .down,
            subtitle: GemRowText(text: .priceAlertDirection(direction: .down), tone: .neutral),
            subtitleExtra: GemRowText(text: .number(number: .currency(0.9, code: "GBP", style: .currency)), tone: .negative),
            trailsPrice: true),
        PriceAlertRowCase(
            name: "price without a direction: the target alone",
            alert: PriceAlert(assetId: "bitcoin", currency: "USD", price: 50_000),
            kind: .price, direction: nil,
            subtitle: GemRowText(text: .number(number: .currency(50_000, code: "USD", style: .currency)), tone: .neutral),
            subtitleExtra: nil,
            trailsPrice: true),
        PriceAlertRowCase(
            name: "percent up: signed, positive",
            alert: PriceAlert(assetId: "bitcoin", currency: "USD", pricePercentChange: 5, priceDirection: .up),
            kind: .pricePercentChange, direction: .up,
            subtitle: GemRowText(text: .number(number: .percentage(5, signed: true)), tone: .positive),
            subtitleExtra: nil,
            trailsPrice: true),
        PriceAlertRowCase(
            name: "percent down: signed negative, negative",
            alert: PriceAlert(assetId: "bitcoin", currency: "USD", pricePercentChange: 7.5, priceDirection: .down),
            kind: .pricePercentChange, direction: .down,
            subtitle: GemRowText(text: .number(number: .percentage(-7.5, signed: true)), tone: .negative),
            subtitleExtra: nil,
            trailsPrice: true),
        PriceAlertRowCase(
            name: "percent either way: unsigned, neutral",
            alert: PriceAlert(assetId: "bitcoin", currency: "USD", pricePercentChange: 10),
            kind: .pricePercentChange, direction: nil,
            subtitle: GemRowText(text: .number(number: .percentage(10, signed: false)), tone: .neutral),
            subtitleExtra: nil,
            trailsPrice: true),
    ]
}

@Suite struct PriceAlertRowRulesTests {
    @Test(arguments: PriceAlertRowCase.all)
    func eachKindSaysItsAlert(_ c: PriceAlertRowCase) throws {
        let rows = try GemPriceAlertRowsRequest(alerts: [alertData(c.alert, Fixtures.bitcoin, price: 2_000, change: -3)], currency: "EUR").answer()
        let row = try #require(rows.first)
        #expect(rows.count == 1)
        #expect(row.id == PriceAlertRules.alertId(c.alert))
        #expect(row.kind == c.kind)
        #expect(row.direction == c.direction)
        #expect(row.row.subtitle == c.subtitle)
        #expect(row.row.subtitleExtra == c.subtitleExtra)
        #expect(row.row.masksBalance == false)
        let trailingPrice = GemRowText(text: .number(number: .currency(2_000, code: "EUR", style: .currency)), tone: .plain)
        let trailingChange = GemRowText(text: .number(number: .percentage(-3, signed: true)), tone: .negative)
        #expect(row.row.trailing == (c.trailsPrice ? .value(value: trailingPrice, extra: trailingChange) : GemAssetTrailing.none))
    }

    @Test(arguments: PriceAlertRowCase.all)
    func withoutAPriceOnlyTheTargetShows(_ c: PriceAlertRowCase) throws {
        let row = priceAlertRow(alertData(c.alert, Fixtures.bitcoin), currency: "USD")
        #expect(row.row.trailing == .none)
        if c.kind == .auto {
            #expect(row.row.subtitle == nil)
            #expect(row.row.subtitleExtra == nil)
        } else {
            #expect(row.row.subtitle == c.subtitle)
            #expect(row.row.subtitleExtra == c.subtitleExtra)
        }
    }

    @Test(arguments: [
        (PriceAlert(assetId: "bitcoin", currency: "USD"), GemPriceAlertKind.auto),
        (PriceAlert(assetId: "bitcoin", currency: "USD", price: 1), .price),
        (PriceAlert(assetId: "bitcoin", currency: "USD", price: 1, priceDirection: .down), .price),
        (PriceAlert(assetId: "bitcoin", currency: "USD", pricePercentChange: 1), .pricePercentChange),
        (PriceAlert(assetId: "bitcoin", currency: "USD", pricePercentChange: 1, priceDirection: .up), .pricePercentChange),
    ])
    func theKindIsToldFromTheTarget(alert: PriceAlert, kind: GemPriceAlertKind) {
        #expect(PriceAlertRules.kind(alert) == kind)
    }

    @Test func theRowIsTitledAsAnAssetListsWithTheSymbolAndTheTokenBadge() throws {
        let alert = PriceAlert(assetId: Fixtures.usdt.id.id, currency: "USD", price: 1.01, priceDirection: .up)
        let row = priceAlertRow(alertData(alert, Fixtures.usdt, price: 1), currency: "USD").row
        #expect(row.assetId == Fixtures.usdt.id)
        #expect(row.icon == GemAssetIcon(assetId: Fixtures.usdt.id, badge: .ethereum))
        #expect(row.title == GemRowText(text: .text(text: Fixtures.usdt.name), tone: .plain))
        #expect(row.titleExtra == GemRowText(text: .text(text: "USDT"), tone: .neutral))
        let tron = priceAlertRow(alertData(PriceAlert(assetId: "tron", currency: "USD"), Fixtures.tron), currency: "USD").row
        #expect(tron.titleExtra == nil, "the symbol repeats the title")
    }

    @Test func rowsKeepTheOrderGivenAndTheAutoRowMatchesTheAssetRow() throws {
        let alerts = [
            alertData(PriceAlert(assetId: "ethereum", currency: "USD", price: 5_000, priceDirection: .up), Fixtures.ethereum, price: 3_000, change: 1),
            alertData(PriceAlert(assetId: "bitcoin", currency: "USD"), Fixtures.bitcoin, price: 0.9, change: 0),
        ]
        let rows = try GemPriceAlertRowsRequest(alerts: alerts, currency: "USD").answer()
        #expect(rows.map(\.row.assetId) == [Fixtures.ethereum.id, Fixtures.bitcoin.id])
        let assetRow = assetItemRow(alerts[1].asset, currency: "USD", style: GemAssetRowStyle(title: .asset, showsSymbol: true, subtitle: .price, trailing: .none))
        #expect(rows[1].row == assetRow)
        #expect(number(rows[1].row.subtitle)?.display == number(assetRow.subtitle)?.display)
    }

    @Test(arguments: [
        (#"{"alerts":[],"currency":"usd"}"#, "currency"),
        (#"{"alerts":[{"alert":{"asset_id":"bitcoin","currency":"USD"},"asset":{"asset":{"id":"bitcoin","name":"Bitcoin","symbol":"BTC","decimals":300,"type":"native"},"is_enabled":true}}],"currency":"USD"}"#,
         "alerts[0].asset.asset.decimals 300"),
        (#"{"alerts":[{"alert":{"asset_id":"bitcoin","currency":"usd"},"asset":{"asset":{"id":"bitcoin","name":"Bitcoin","symbol":"BTC","decimals":8,"type":"native"},"is_enabled":true}}],"currency":"USD"}"#,
         "alerts[0].alert: currency"),
        (#"{"alerts":[{"alert":{"asset_id":"bitcoin","currency":"USD","price":-1},"asset":{"asset":{"id":"bitcoin","name":"Bitcoin","symbol":"BTC","decimals":8,"type":"native"},"is_enabled":true}}],"currency":"USD"}"#,
         "alerts[0].alert: an alert price"),
        (#"{"alerts":[{"alert":{"asset_id":"bitcoin","currency":"USD","price":1,"price_percent_change":1},"asset":{"asset":{"id":"bitcoin","name":"Bitcoin","symbol":"BTC","decimals":8,"type":"native"},"is_enabled":true}}],"currency":"USD"}"#,
         "not both"),
        (#"{"alerts":[{"alert":{"asset_id":"bitcoin","currency":"USD","price_direction":"up"},"asset":{"asset":{"id":"bitcoin","name":"Bitcoin","symbol":"BTC","decimals":8,"type":"native"},"is_enabled":true}}],"currency":"USD"}"#,
         "direction needs"),
        (#"{"alerts":[{"alert":{"asset_id":"ethereum","currency":"USD"},"asset":{"asset":{"id":"bitcoin","name":"Bitcoin","symbol":"BTC","decimals":8,"type":"native"},"is_enabled":true}}],"currency":"USD"}"#,
         #"alerts[0].alert.asset_id "ethereum" is not its asset's id "bitcoin""#),
    ])
    func badInputIsInvalidInputNamingTheField(json: String, expected: String) throws {
        let request = try JSONCodec.decode(GemPriceAlertRowsRequest.self, from: Array(json.utf8))
        do {
            _ = try request.answer()
            Issue.record("accepted \(json)")
        } catch {
            guard case let .invalidInput(message) = error else {
                Issue.record("not invalid_input: \(error)")
                return
            }
            #expect(message.contains(expected), "\(message)")
        }
    }

    @Test(arguments: [
        #"{"alerts":[{"alert":{"asset_id":"bitcoin","currency":"USD","price_direction":"sideways"},"asset":{"asset":{"id":"bitcoin","name":"Bitcoin","symbol":"BTC","decimals":8,"type":"native"},"is_enabled":true}}],"currency":"USD"}"#,
        #"{"alerts":[{"alert":{"asset_id":"bitcoin","currency":"USD"}}],"currency":"USD"}"#,
        #"{"alerts":{},"currency":"USD"}"#,
        #"{"alerts":[]}"#,
    ])
    func malformedRequestsAreRefusedWhenRead(json: String) {
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode(GemPriceAlertRowsRequest.self, from: Array(json.utf8)) }
    }

    /// schema/golden: the first GemPriceAlertRowsRequest answers exactly the GemPriceAlertRow values, in order.
    @Test func theGoldenRequestAnswersTheGoldenRows() throws {
        let request = try #require(try SchemaGolden.values("GemPriceAlertRowsRequest").first)
        let rows = try JSONCodec.decode(GemPriceAlertRowsRequest.self, from: request).answer()
        let golden = try SchemaGolden.values("GemPriceAlertRow")
        #expect(rows.count == golden.count)
        for (row, expected) in zip(rows, golden) {
            #expect(try JSONCodec.encodeString(row) == String(decoding: expected, as: UTF8.self))
        }
    }

    /// The request bound holds a long list: a thousand alerts with priced assets stay under it.
    @Test func aThousandAlertsFitTheRequestBound() throws {
        let one = alertData(PriceAlert(assetId: Fixtures.usdt.id.id, currency: "USD", price: 1.01, priceDirection: .up), Fixtures.usdt, price: 1, change: 0.1)
        let request = GemPriceAlertRowsRequest(alerts: Array(repeating: one, count: 1_000), currency: "USD")
        let bytes = try JSONCodec.encode(request)
        #expect(bytes.count < GemConstants.priceAlertMaxRequestBytes)
    }
}
