import Primitives
import Testing
@testable import Gemstone

private let btc = AssetId(chain: .bitcoin)

private struct Harness {
    let transport = TestHTTPTransport()
    let prices: GemPriceService
    let service: GemChartService

    init(rates: [GemFiatRate] = [GemFiatRate(symbol: "EUR", rate: 0.5)], baseURL: String = "http://127.0.0.1:9",
         transport override: (any GemHTTPTransport)? = nil) throws {
        let preferences = GemPreferencesService(store: MemoryPreferencesStore(["currency": "EUR"]))
        prices = try GemPriceService(baseURL: baseURL, transport: transport, preferences: preferences, store: MemoryPriceStore(rates: rates))
        service = try GemChartService(baseURL: baseURL, transport: override ?? transport, prices: prices)
    }
}

private func request(_ currency: String = "EUR", period: GemChartPeriod = .day, generation: Int = 3) -> GemChartRequest {
    GemChartRequest(assetId: btc, period: period, currency: currency, generation: generation)
}

/// The chart service: the API's request, its answer read fail-closed, points converted once at the stored
/// rate, and every failure answered as the result's error state carrying the request.
@Suite struct GemChartServiceTests {
    @Test func asksInUSDAndConvertsAtTheStoredRate() async throws {
        let harness = try Harness()
        await harness.transport.enqueue(.status(200, #"{"currency":"USD","period":"day","prices":[{"timestamp":20,"value":300},{"timestamp":10,"value":200},{"timestamp":20,"value":400}]}"#))
        let result = await harness.service.load(request())
        let sent = try #require(await harness.transport.requests.first)
        #expect(sent.url == "http://127.0.0.1:9/v1/charts/bitcoin?period=day&currency=USD")
        #expect(sent.method == .get)
        #expect(result == GemChartResult(request: request(), state: .data, conversion: GemPriceConversion(currency: "EUR", rate: 0.5),
                                         points: [GemChartPoint(date: 10, value: 100), GemChartPoint(date: 20, value: 200)]))
    }

    @Test func withoutAStoredRateThePointsStayInUSDAndSaySo() async throws {
        let harness = try Harness(rates: [])
        await harness.transport.enqueue(.status(200, #"{"prices":[{"timestamp":10,"value":200}]}"#))
        let result = await harness.service.load(request("JPY"))
        #expect(result.conversion == GemPriceConversion(currency: "USD", rate: 1))
        #expect(result.points == [GemChartPoint(date: 10, value: 200)])
    }

    @Test func anEmptyAnswerIsDataWithoutPoints() async throws {
        let harness = try Harness()
        await harness.transport.enqueue(.status(200, #"{"currency":"USD","period":"day","prices":[]}"#))
        let result = await harness.service.load(request())
        #expect(result.state == .data)
        #expect(result.points.isEmpty)
        let session = GemChartSession(request: request(), isLoading: true).applying(.result(result: result))
        #expect(session.phase == .noData)
    }

    @Test(arguments: [
        #"{"prices":[{"timestamp":10,"value":"1"}]}"#,
        #"{"prices":[{"timestamp":10.5,"value":1}]}"#,
        #"{"prices":[{"timestamp":10,"value":-1}]}"#,
        #"{"currency":"EUR","prices":[]}"#,
        #"{"period":"week","prices":[]}"#,
        #"{"points":[]}"#,
        "not json",
    ])
    func aMalformedAnswerFailsClosed(body: String) async throws {
        let harness = try Harness()
        await harness.transport.enqueue(.status(200, body))
        let result = await harness.service.load(request())
        guard case .error(.api(200, _)) = result.state else {
            Issue.record("\(body) answered \(result.state)")
            return
        }
        #expect(result.points.isEmpty)
        #expect(result.request == request())
    }

    @Test func moreThanTheMaximumPointsIsRefused() async throws {
        let harness = try Harness()
        let list = (0...GemConstants.chartMaxPoints).map { #"{"timestamp":\#($0),"value":1}"# }.joined(separator: ",")
        await harness.transport.enqueue(.status(200, #"{"prices":[\#(list)]}"#))
        guard case .error(.api) = await harness.service.load(request()).state else {
            Issue.record("an oversized chart was accepted")
            return
        }
    }

    @Test func aRefusalIsTheResultsErrorAndKeepsTheRequest() async throws {
        let harness = try Harness()
        await harness.transport.enqueue(.status(500, #"{"error":{"message":"failed by test server"}}"#))
        let result = await harness.service.load(request())
        #expect(result.state == .error(error: .api(status: 500, message: "failed by test server")))
        #expect(result.request == request())
        await harness.transport.enqueue(.failure(.offline(message: "down")))
        #expect(await harness.service.load(request()).state == .error(error: .offline(message: "down")))
    }

    @Test func aBadCurrencyIsRefusedBeforeAnyRequest() async throws {
        let harness = try Harness()
        guard case .error(.invalidInput) = await harness.service.load(request("eur")).state else {
            Issue.record("a lower-case currency was asked for")
            return
        }
        #expect(await harness.transport.requests.isEmpty)
    }

    /// Against tests/server/api_server.py over real HTTP: the fixture chart, the failure switch, an
    /// answer folded into a session whose header then reads at the session's rate.
    @Test func overHTTPAgainstTheTestServer() async throws {
        let server = try #require(TestAPIServer.start(), "python3 tests/server/api_server.py did not start")
        let harness = try Harness(baseURL: server.baseURL, transport: URLSessionTransport())
        try await server.control(.post, "/_control/fail_next_price_request")
        let session = GemChartSession.start(assetId: btc, period: .day, currency: "EUR")
        let failed = session.applying(.result(result: await harness.service.load(session.request)))
        guard case .failed(.api(500, _)) = failed.phase else {
            Issue.record("the failure switch answered \(failed.phase)")
            return
        }
        let retry = failed.applying(.refresh)
        let loaded = retry.applying(.result(result: await harness.service.load(retry.request)))
        guard case let .data(data) = loaded.viewState(input: GemChartInput(assetId: btc)).phase else {
            Issue.record("the fixture chart answered \(loaded.phase)")
            return
        }
        #expect(data.points.count == 24)
        #expect(data.currency == "EUR")
        try await server.control(.put, "/_control/charts/bitcoin/week", body: "[]")
        let week = loaded.applying(.period(period: .week))
        #expect(week.applying(.result(result: await harness.service.load(week.request))).phase == .noData)
    }
}
