@testable import Gemstone

/// `GemHTTPTransport` with scripted answers. Each request takes the next scripted outcome; when
/// the script is empty it gets the usual answer: 200 with `[]`. Records every request on arrival,
/// and can hold requests until the test releases them (to observe what happened meanwhile).
actor TestHTTPTransport: GemHTTPTransport {
    private(set) var requests: [GemHTTPRequest] = []
    private var script: [Result<GemHTTPResponse, GemServiceError>] = []
    /// Answers by URL suffix, taken before the queued script: for requests a service makes concurrently,
    /// whose arrival order is not fixed.
    private var routes: [(suffix: String, outcome: Result<GemHTTPResponse, GemServiceError>)] = []
    private var holding = false
    private var held: [CheckedContinuation<Void, Never>] = []
    private var arrivals: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(_ script: [Result<GemHTTPResponse, GemServiceError>] = []) {
        self.script = script
    }

    func enqueue(_ outcomes: Result<GemHTTPResponse, GemServiceError>...) {
        script.append(contentsOf: outcomes)
    }

    /// Answers the next request whose URL ends with `suffix` (its path and query) with `outcome`.
    func route(_ suffix: String, _ outcome: Result<GemHTTPResponse, GemServiceError>) {
        routes.append((suffix, outcome))
    }

    /// From now on requests wait (after being recorded) until `release()`.
    func hold() {
        holding = true
    }

    /// Lets every held request go on and stops holding.
    func release() {
        holding = false
        let waiting = held
        held = []
        for continuation in waiting { continuation.resume() }
    }

    /// Returns once `count` requests have arrived.
    func waitForRequests(_ count: Int) async {
        guard requests.count < count else { return }
        await withCheckedContinuation { arrivals.append((count, $0)) }
    }

    func request(_ request: GemHTTPRequest) async throws(GemServiceError) -> GemHTTPResponse {
        requests.append(request)
        let ready = arrivals.filter { $0.count <= requests.count }
        arrivals.removeAll { $0.count <= requests.count }
        for arrival in ready { arrival.continuation.resume() }
        let outcome: Result<GemHTTPResponse, GemServiceError>
        if let routed = routes.firstIndex(where: { request.url.hasSuffix($0.suffix) }) {
            outcome = routes.remove(at: routed).outcome
        } else {
            outcome = script.isEmpty ? .success(GemHTTPResponse(status: 200, body: "[]")) : script.removeFirst()
        }
        if holding {
            await withCheckedContinuation { held.append($0) }
        }
        return try outcome.get()
    }
}

extension Result where Success == GemHTTPResponse, Failure == GemServiceError {
    static func status(_ status: Int, _ body: String = "") -> Self {
        .success(GemHTTPResponse(status: status, body: body))
    }
}
