@testable import Gemstone
import Primitives
import Testing

/// The chart session's rules (spec: GemChartSession, GemChartPhase, GemChartData), each flip-tested.
@Suite struct GemChartSessionTests {
    static let bitcoin = AssetId(chain: .bitcoin)
    static let eur = GemPriceConversion(currency: "EUR", rate: 0.5)

    /// `count` points an hour apart from 1_700_000_000, valued 100, 101, … (the index plus 100).
    static func points(_ count: Int) -> [GemChartPoint] {
        (0..<count).map { GemChartPoint(date: 1_700_000_000 + Int64($0) * 3_600, value: Double(100 + $0)) }
    }

    static func answered(_ session: GemChartSession, _ points: [GemChartPoint]) -> GemChartSession {
        session.applying(.result(result: GemChartResult(request: session.request, state: .data, conversion: eur, points: points)))
    }

    static func loaded(_ count: Int, period: GemChartPeriod = .day) -> GemChartSession {
        answered(GemChartSession.start(assetId: bitcoin, period: period, currency: "EUR"), points(count))
    }

    static func data(_ session: GemChartSession, price: GemAssetPrice? = nil) throws -> GemChartData {
        guard case let .data(data) = session.viewState(input: GemChartInput(assetId: bitcoin, price: price)).phase else {
            Issue.record("no data phase")
            throw GemServiceError.internal(message: "no data phase")
        }
        return data
    }

    // MARK: phases

    @Test func aNewSessionIsLoadingItsFirstRequest() {
        let session = GemChartSession.start(assetId: Self.bitcoin, period: .week, currency: "EUR")
        #expect(session.request == GemChartRequest(assetId: Self.bitcoin, period: .week, currency: "EUR", generation: 1))
        #expect(session.phase == .loading)
        #expect(session.viewState(input: GemChartInput(assetId: Self.bitcoin)) == GemChartView(period: .week, phase: .loading, isRefreshing: false,
                                                                                                  market: [], alerts: [], links: []))
    }

    @Test(arguments: [0, 1])
    func fewerThanTwoPointsIsNoDataNotAFailure(count: Int) {
        #expect(Self.loaded(count).phase == .noData)
    }

    @Test func twoPointsAreData() throws {
        #expect(try Self.data(Self.loaded(2)).points == Self.points(2))
    }

    @Test func aFailedFirstLoadKeepsItsError() {
        let session = GemChartSession.start(assetId: Self.bitcoin, period: .day, currency: "EUR")
        let error = GemServiceError.api(status: 500, message: "failed by test server")
        let failed = session.applying(.result(result: GemChartResult(request: session.request, state: .error(error: error), conversion: Self.eur, points: [])))
        #expect(failed.phase == .failed(error: error))
        #expect(failed.error == error)
        #expect(!failed.isLoading)
        // A retry in flight shows loading again; its answer clears the error.
        let retry = failed.applying(.refresh)
        #expect(retry.phase == .loading)
        #expect(Self.answered(retry, Self.points(3)).error == nil)
    }

    @Test func aFailedRefreshKeepsTheChartShown() throws {
        let session = Self.loaded(5).applying(.refresh)
        #expect(session.viewState(input: GemChartInput(assetId: Self.bitcoin)).isRefreshing)
        let failed = session.applying(.result(result: GemChartResult(request: session.request, state: .error(error: .offline(message: "down")), conversion: Self.eur, points: [])))
        #expect(try Self.data(failed).points == Self.points(5))
        #expect(failed.error == .offline(message: "down"))
        #expect(!failed.viewState(input: GemChartInput(assetId: Self.bitcoin)).isRefreshing)
    }

    // MARK: request identity

    @Test func anAnswerForAnOlderGenerationIsDropped() {
        let first = GemChartSession.start(assetId: Self.bitcoin, period: .day, currency: "EUR")
        let refreshed = first.applying(.refresh)
        #expect(refreshed.request.generation == 2)
        let stale = refreshed.applying(.result(result: GemChartResult(request: first.request, state: .data, conversion: Self.eur, points: Self.points(4))))
        #expect(stale == refreshed)
        #expect(Self.answered(refreshed, Self.points(4)).points == Self.points(4))
    }

    @Test func anAnswerForThePeriodLeftIsDropped() {
        let day = GemChartSession.start(assetId: Self.bitcoin, period: .day, currency: "EUR")
        let week = day.applying(.period(period: .week))
        let late = week.applying(.result(result: GemChartResult(request: day.request, state: .data, conversion: Self.eur, points: Self.points(4))))
        #expect(late.points == nil)
        #expect(late.phase == .loading)
    }

    @Test func aCurrencyChangeIsANewLoadWithNothingHeld() {
        let session = Self.loaded(20).applying(.currency(currency: "JPY"))
        #expect(session.request.currency == "JPY")
        #expect(session.request.generation == 2)
        #expect(session.points == nil)
        #expect(session.phase == .loading)
        #expect(Self.loaded(20).applying(.currency(currency: "EUR")) == Self.loaded(20))
    }

    // MARK: zoom and pan

    @Test func aNewPeriodStartsUnzoomed() throws {
        let zoomed = Self.loaded(100).applying(.zoom(scale: 4, anchor: 0.5))
        #expect(zoomed.windowCount == 25)
        let week = zoomed.applying(.period(period: .week))
        #expect(week.windowCount == nil)
        #expect(week.windowStart == 0)
        #expect(week.points == nil)
        #expect(try Self.data(Self.answered(week, Self.points(100))).points.count == 100)
        // The same period is no new period: the zoom stays.
        #expect(zoomed.applying(.period(period: .day)) == zoomed)
    }

    @Test func zoomKeepsTheAnchoredPointAndClampsToTheMinimum() throws {
        let session = Self.loaded(100)
        let half = session.applying(.zoom(scale: 2, anchor: 1))
        #expect(half.windowStart == 50)
        #expect(half.windowCount == 50)
        #expect(try Self.data(half).points.first == Self.points(100)[50])
        let deep = session.applying(.zoom(scale: 1_000, anchor: 0))
        #expect(deep.windowStart == 0)
        #expect(deep.windowCount == GemConstants.chartMinVisiblePoints)
    }

    @Test func zoomingOutPastEveryPointIsUnzoomed() {
        let session = Self.loaded(100).applying(.zoom(scale: 4, anchor: 0.5)).applying(.zoom(scale: 0.1, anchor: 0.5))
        #expect(session.windowCount == nil)
        #expect(session.windowStart == 0)
    }

    @Test func fewerPointsThanTheMinimumCannotZoom() {
        let session = Self.loaded(6)
        #expect(session.applying(.zoom(scale: 10, anchor: 0.5)) == session)
    }

    @Test func zoomAndPanWithNothingHeldChangeNothing() {
        let session = GemChartSession.start(assetId: Self.bitcoin, period: .day, currency: "EUR")
        #expect(session.applying(.zoom(scale: 3, anchor: 0.5)) == session)
        #expect(session.applying(.pan(delta: 0.5)) == session)
    }

    @Test func panClampsToThePointsHeld() {
        let zoomed = Self.loaded(100).applying(.zoom(scale: 4, anchor: 1))
        #expect(zoomed.windowStart == 75)
        #expect(zoomed.applying(.pan(delta: 0.5)).windowStart == 62)
        #expect(zoomed.applying(.pan(delta: 100)).windowStart == 0)
        #expect(zoomed.applying(.pan(delta: -100)).windowStart == 75)
        #expect(zoomed.applying(.pan(delta: 100)).windowCount == 25)
        #expect(Self.loaded(100).applying(.pan(delta: 0.5)) == Self.loaded(100))
    }

    @Test func aShorterAnswerClampsTheWindow() {
        let zoomed = Self.loaded(100).applying(.zoom(scale: 4, anchor: 1)).applying(.refresh)
        let shorter = Self.answered(zoomed, Self.points(30))
        #expect(shorter.windowStart == 5)
        #expect(shorter.windowCount == 25)
        #expect(Self.answered(zoomed, Self.points(20)).windowCount == nil)
    }

    // MARK: chart data

    @Test func boundsAndTheTrailingRoom() throws {
        var points = Self.points(11)
        points[3].value = 50
        points[7].value = 500
        let data = try Self.data(Self.answered(GemChartSession.start(assetId: Self.bitcoin, period: .day, currency: "EUR"), points))
        #expect(data.min == GemChartBound(index: 3, date: points[3].date, value: 50))
        #expect(data.max == GemChartBound(index: 7, date: points[7].date, value: 500))
        #expect(data.start == points[0].date)
        #expect(data.end == points[10].date + 1_800)  // 5% of ten hours
        #expect(data.currency == "EUR")
        let panned = try Self.data(Self.loaded(100).applying(.zoom(scale: 4, anchor: 0)))
        #expect(panned.end == Self.points(100)[24].date)
    }

    @Test(arguments: [(GemChartPeriod.hour, GemChartDateStyle.time), (.day, .time), (.week, .dayAndTime), (.month, .dayAndTime),
                      (.quarter, .day), (.year, .day), (.all, .monthAndYear)])
    func theDateStyleFollowsThePeriod(period: GemChartPeriod, style: GemChartDateStyle) throws {
        #expect(try Self.data(Self.loaded(3, period: period)).dateStyle == style)
    }

    // MARK: header

    @Test func aPriceOlderThanTheLastPointLeavesTheHeaderAtTheLastPoint() throws {
        let session = Self.loaded(11)
        let last = Self.points(11)[10]
        let older = GemAssetPrice(assetId: Self.bitcoin, priceUsd: 400, price: 200, priceChangePercentage24h: 0, updatedAt: last.date - 60)
        let same = GemAssetPrice(assetId: Self.bitcoin, priceUsd: 400, price: 200, priceChangePercentage24h: 0, updatedAt: last.date)
        let undated = GemAssetPrice(assetId: Self.bitcoin, priceUsd: 400, price: 200, priceChangePercentage24h: 0, updatedAt: nil)
        let atLast = GemChartSelection(date: last.date, price: 110, changePercentage: 10)
        #expect(try Self.data(session).header == atLast)
        #expect(try Self.data(session, price: older).header == atLast)
        #expect(try Self.data(session, price: same).header == atLast)
        #expect(try Self.data(session, price: undated).header == atLast)
    }

    @Test func aPriceNewerThanTheLastPointMovesTheHeaderAtTheSessionsRate() throws {
        let last = Self.points(11)[10]
        let newer = GemAssetPrice(assetId: Self.bitcoin, priceUsd: 400, price: 999, priceChangePercentage24h: 0, updatedAt: last.date + 60)
        // 400 USD at the session's 0.5 EUR per USD, against the first point's 100.
        #expect(try Self.data(Self.loaded(11), price: newer).header == GemChartSelection(date: last.date + 60, price: 200, changePercentage: 100))
        var other = newer
        other.assetId = AssetId(chain: .ethereum)
        #expect(try Self.data(Self.loaded(11), price: other).header.date == last.date)
    }

    // MARK: index_at and selection

    @Test func indexAtTheEdgesAndOutside() throws {
        let data = try Self.data(Self.loaded(11))
        #expect(data.indexAt(0) == 0)
        #expect(data.indexAt(1) == 10)
        #expect(data.indexAt(-0.01) == nil)
        #expect(data.indexAt(1.01) == nil)
        #expect(data.indexAt(.nan) == nil)
        #expect(data.indexAt(0.5) == 5)  // 5.25 hours in: nearest the sixth point
    }

    @Test func selectionIsThePointAndItsChangeAgainstTheFirstDrawn() throws {
        let data = try Self.data(Self.loaded(100).applying(.zoom(scale: 2, anchor: 1)))
        #expect(data.selection(0) == GemChartSelection(date: Self.points(100)[50].date, price: 150, changePercentage: 0))
        #expect(data.selection(49) == GemChartSelection(date: Self.points(100)[99].date, price: 199, changePercentage: 49 / 1.5))
        #expect(data.selection(50) == nil)
        #expect(data.selection(-1) == nil)
    }

    @Test func aZeroFirstPointReadsAsNoChange() {
        #expect(GemChartData.change(5, from: 0) == 0)
        #expect(GemChartData.change(15, from: 10) == 50)
    }
}
