import Primitives
import Testing
@testable import Gemstone

/// The chart projections as the ABI calls them: JSON request in, the rule's answer out, a request no
/// screen could mean refused as invalid_input.
@Suite struct ChartProjectionTests {
    static let bitcoin = AssetId(chain: .bitcoin)

    static func loaded(_ count: Int) -> GemChartSession {
        let session = GemChartSession.start(assetId: bitcoin, period: .day, currency: "EUR")
        let points = (0..<count).map { GemChartPoint(date: 1_000 + Int64($0) * 60, value: Double(10 + $0)) }
        return session.applying(.result(result: GemChartResult(request: session.request, state: .data,
                                                                 conversion: GemPriceConversion(currency: "EUR", rate: 0.5), points: points)))
    }

    @Test func newApplyAndViewStateThroughJSON() throws {
        let session = try JSONCodec.decode(GemChartSessionRequest.self, from: Array(#"{"asset_id":"bitcoin","period":"week","currency":"EUR"}"#.utf8)).answer()
        #expect(session == GemChartSession.start(assetId: Self.bitcoin, period: .week, currency: "EUR"))
        let next = try GemChartEventRequest(session: session, event: .period(period: .day)).answer()
        #expect(next.request.generation == 2)
        let view = try GemChartViewStateRequest(session: Self.loaded(3), input: GemChartInput(assetId: Self.bitcoin)).answer()
        guard case let .data(data) = view.phase else {
            Issue.record("no data")
            return
        }
        #expect(try GemChartIndexAtRequest(data: data, fraction: 1).answer() == 2)
        #expect(try GemChartIndexAtRequest(data: data, fraction: 2).answer() == nil)
        #expect(try GemChartSelectionRequest(data: data, index: 2).answer() == GemChartSelection(date: 1_120, price: 12, changePercentage: 20))
        #expect(throws: GemServiceError.self) { try GemChartSelectionRequest(data: data, index: 3).answer() }
    }

    @Test func aBadCurrencyIsRefused() {
        #expect(throws: GemServiceError.self) { try GemChartSessionRequest(assetId: Self.bitcoin, period: .day, currency: "euro").answer() }
        #expect(throws: GemServiceError.self) {
            try GemChartEventRequest(session: Self.loaded(3), event: .currency(currency: "x")).answer()
        }
    }

    @Test(arguments: [GemChartEvent.zoom(scale: 0, anchor: 0.5), .zoom(scale: .infinity, anchor: 0.5), .zoom(scale: 2, anchor: .nan), .pan(delta: .nan)])
    func aGestureThatIsNotANumberIsRefused(event: GemChartEvent) {
        #expect(throws: GemServiceError.self) { try GemChartEventRequest(session: Self.loaded(20), event: event).answer() }
    }

    @Test func pointsOutOfOrderOrTooManyAreRefused() {
        var session = Self.loaded(3)
        session.points = [GemChartPoint(date: 5, value: 1), GemChartPoint(date: 5, value: 2)]
        #expect(throws: GemServiceError.self) { try GemChartViewStateRequest(session: session, input: GemChartInput(assetId: Self.bitcoin)).answer() }
        session.points = (0...GemConstants.chartMaxPoints).map { GemChartPoint(date: Int64($0), value: 1) }
        #expect(throws: GemServiceError.self) { try GemChartViewStateRequest(session: session, input: GemChartInput(assetId: Self.bitcoin)).answer() }
        session.points = [GemChartPoint(date: 1, value: .infinity), GemChartPoint(date: 2, value: 1)]
        #expect(throws: GemServiceError.self) { try GemChartViewStateRequest(session: session, input: GemChartInput(assetId: Self.bitcoin)).answer() }
        var negative = Self.loaded(3)
        negative.windowStart = -1
        #expect(throws: GemServiceError.self) { try GemChartViewStateRequest(session: negative, input: GemChartInput(assetId: Self.bitcoin)).answer() }
    }
}
