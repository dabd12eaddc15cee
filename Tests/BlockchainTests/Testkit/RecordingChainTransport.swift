import Blockchain
import Primitives

/// `ChainTransport` with scripted answers (the specification's `MockClient`): records every request so a test can
/// assert its method, path, headers and body bytes, and answers each with the next scripted outcome (a 200 with
/// `{}` once the script is empty).
actor RecordingChainTransport: ChainTransport {
    private(set) var requests: [ChainRequest] = []
    private var script: [Result<ChainResponse, ChainClientError>]

    init(_ script: [Result<ChainResponse, ChainClientError>] = []) {
        self.script = script
    }

    /// Answers a 200 with `body` (JSON text) next.
    func answer(_ body: String, status: Int = 200) {
        script.append(.success(ChainResponse(status: status, body: Array(body.utf8))))
    }

    func fail(_ error: ChainClientError) {
        script.append(.failure(error))
    }

    func send(_ request: ChainRequest) async throws(ChainClientError) -> ChainResponse {
        requests.append(request)
        guard !script.isEmpty else { return ChainResponse(status: 200, body: Array("{}".utf8)) }
        return try script.removeFirst().get()
    }

    /// The body of request `index` as text (for comparing JSON-RPC bodies byte for byte).
    func body(_ index: Int) -> String {
        guard requests.indices.contains(index), let body = requests[index].body else { return "" }
        return String(decoding: body, as: UTF8.self)
    }
}
