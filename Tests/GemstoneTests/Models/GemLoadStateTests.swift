@testable import Gemstone
import Primitives
import Testing

@Suite struct GemLoadStateTests {
    let offline = GemServiceError.offline(message: "no network")

    @Test func ofReadsSuccessAsDataAndFailureAsError() {
        #expect(GemLoadState.of(Result<Int, GemServiceError>.success(1)) == .data)
        #expect(GemLoadState.of(Result<Int, GemServiceError>.failure(offline)) == .error(error: offline))
    }

    @Test func intoResultReturnsTheErrorOfErrorAndTheValueOtherwise() {
        #expect(GemLoadState.error(error: offline).intoResult(1) == .failure(offline))
        for state in [GemLoadState.noData, .loading, .data] {
            #expect(state.intoResult(1) == .success(1))
        }
    }

    @Test func refreshedKeepsShownRowsAndReportsFailureOnlyWhenNothingIsShown() {
        #expect(GemLoadState.refreshed(.success(()), showsValue: false) == .data)
        #expect(GemLoadState.refreshed(.success(()), showsValue: true) == .data)
        #expect(GemLoadState.refreshed(.failure(offline), showsValue: true) == .data)
        #expect(GemLoadState.refreshed(.failure(offline), showsValue: false) == .error(error: offline))
    }

    @Test func loadSuccessReplacesTheValueFromAnyState() {
        let loads: [GemLoad<[String]>] = [
            .loading([]),
            GemLoad(state: .noData, value: []),
            GemLoad(state: .data, value: ["old"]),
            GemLoad(state: .error(error: offline), value: []),
        ]
        for load in loads {
            #expect(load.data(.success(["new"])) == GemLoad(state: .data, value: ["new"]))
        }
    }

    @Test func loadFailureAfterDataKeepsWhatIsShown() {
        let shown = GemLoad<[String]>.loading([]).data(.success(["row"]))
        #expect(shown.data(.failure(offline)) == shown)
        #expect(shown.data(.failure(offline)).state == .data)
    }

    @Test func loadFailureOnEmptyShowsTheError() {
        #expect(GemLoad<[String]>.loading([]).data(.failure(offline)) == GemLoad(state: .error(error: offline), value: []))
        #expect(GemLoad<[String]>(state: .noData, value: []).data(.failure(offline)).state == .error(error: offline))
        let timeout = GemServiceError.timeout(message: "slow")
        #expect(GemLoad<[String]>(state: .error(error: offline), value: []).data(.failure(timeout)).state == .error(error: timeout),
                "a second failure shows the newer error")
    }

    @Test func loadStateCrossesAsTaggedObjects() throws {
        try expectGolden(GemLoadState.noData, #"{"type":"no_data"}"#)
        try expectGolden(GemLoadState.loading, #"{"type":"loading"}"#)
        try expectGolden(GemLoadState.data, #"{"type":"data"}"#)
        try expectGolden(GemLoadState.error(error: offline), #"{"type":"error","error":{"type":"offline","message":"no network"}}"#)
        try expectGolden(GemLoad(state: .data, value: [1, 2]), #"{"state":{"type":"data"},"value":[1,2]}"#)
    }
}

@Suite struct GemListPhaseTests {
    let offline = GemServiceError.offline(message: "no network")
    let empty = GemEmptyState.of(.activity)

    @Test func rowsOnScreenStandInForAnyState() {
        for state in [GemLoadState.noData, .loading, .data, .error(error: offline)] {
            #expect(GemListPhase.of(state: state, hasRows: true, empty: empty) == .rows)
        }
    }

    @Test func anErrorTakesThePlaceOfTheEmptyStateOnlyWithoutRows() {
        #expect(GemListPhase.of(state: .error(error: offline), hasRows: false, empty: empty) == .error(error: offline))
    }

    @Test func withoutRowsEveryOtherStateShowsTheEmptyState() {
        for state in [GemLoadState.noData, .loading, .data] {
            #expect(GemListPhase.of(state: state, hasRows: false, empty: empty) == .empty(state: empty))
        }
    }

    @Test func aLocalListIsRowsOrEmpty() {
        #expect(GemListPhase.local(hasRows: true, empty: empty) == .rows)
        #expect(GemListPhase.local(hasRows: false, empty: empty) == .empty(state: empty))
    }

    @Test func onceLoadedIsNilUntilTheFirstSyncAnswers() {
        #expect(GemListPhase.onceLoaded(state: .noData, hasRows: false, empty: empty) == nil)
        #expect(GemListPhase.onceLoaded(state: .loading, hasRows: false, empty: empty) == nil)
        #expect(GemListPhase.onceLoaded(state: .loading, hasRows: true, empty: empty) == .rows)
        #expect(GemListPhase.onceLoaded(state: .data, hasRows: false, empty: empty) == .empty(state: empty))
        #expect(GemListPhase.onceLoaded(state: .error(error: offline), hasRows: false, empty: empty) == .error(error: offline))
    }

    @Test func emptyStatesNameTheirPictureAndAction() {
        #expect(GemEmptyState.of(.activity) == GemEmptyState(kind: .activity, image: .activity, action: .receive))
        #expect(GemEmptyState.of(.searchActivity).action == .clearFilters)
        #expect(GemEmptyState.of(.searchAssets).action == nil)
        for kind in GemEmptyStateKind.allCases {
            #expect(GemEmptyState.of(kind).kind == kind)
        }
    }

    @Test func listPhaseCrossesAsTaggedObjects() throws {
        try expectGolden(GemListPhase.rows, #"{"type":"rows"}"#)
        try expectGolden(GemListPhase.empty(state: empty), #"{"type":"empty","state":{"kind":"activity","image":"activity","action":"receive"}}"#)
        try expectGolden(GemListPhase.empty(state: .of(.searchAssets)), #"{"type":"empty","state":{"kind":"search_assets","image":"search"}}"#)
        try expectGolden(GemListPhase.error(error: .cancelled), #"{"type":"error","error":{"type":"cancelled","message":"the operation was cancelled"}}"#)
    }
}

@Suite struct GemListWindowTests {
    let page = GemConstants.listPageSize

    @Test func theTransactionsWindowStartsAtOnePage() {
        #expect(GemListWindow.transactions == GemListWindow(limit: page, maximum: GemConstants.listMaxRows))
    }

    @Test func growsByOnePageWhenTheRowsFillTheWindow() {
        let window = GemListWindow(limit: page, maximum: 1_000)
        #expect(window.onEndReached(rowCount: page).limit == page * 2)
        #expect(window.onEndReached(rowCount: page + 1).limit == page * 2)
    }

    @Test func staysWhenTheRowsDoNotFillTheWindow() {
        let window = GemListWindow(limit: page, maximum: 1_000)
        #expect(window.onEndReached(rowCount: page - 1) == window)
        #expect(window.onEndReached(rowCount: 0) == window)
    }

    @Test func stopsAtItsMaximum() {
        #expect(GemListWindow(limit: 980, maximum: 1_000).onEndReached(rowCount: 980).limit == 1_000)
        #expect(GemListWindow(limit: 1_000 - page, maximum: 1_000).onEndReached(rowCount: 1_000).limit == 1_000)
        #expect(GemListWindow(limit: 1_000, maximum: 1_000).onEndReached(rowCount: 1_000).limit == 1_000)
    }

    /// A window whose limit is already above its maximum is capped at the maximum, whether or not its rows fill
    /// it (issue 14: it came back unchanged, so a host's list could keep more rows than the list maximum).
    @Test(arguments: [0, 999, 1_200, Int.max])
    func aWindowPastItsMaximumIsCappedAtIt(rowCount: Int) {
        #expect(GemListWindow(limit: 1_200, maximum: 1_000).onEndReached(rowCount: rowCount) == GemListWindow(limit: 1_000, maximum: 1_000))
        #expect(GemListWindow(limit: .max, maximum: 0).onEndReached(rowCount: rowCount) == GemListWindow(limit: 0, maximum: 0))
    }

    @Test func hostLimitsAtTheEdgesOfIntDoNotOverflow() {
        #expect(GemListWindow(limit: .min, maximum: .max).onEndReached(rowCount: 0).limit == .min + page)
        #expect(GemListWindow(limit: .max - 1, maximum: .max).onEndReached(rowCount: .max).limit == .max)
    }

    @Test func windowCrossesAsARecord() throws {
        try expectGolden(GemListWindow.transactions, #"{"limit":50,"maximum":1000}"#)
    }
}
