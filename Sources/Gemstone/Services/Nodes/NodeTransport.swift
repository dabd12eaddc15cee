import Blockchain
import GemCrypto
import Primitives

/// A chain client's transport over the host's HTTP transport (the specification's `AlienProvider`): each
/// `ChainRequest` is sent to `baseURL` + its path. A request body crosses as UTF-8 text (`body`) when it is
/// one, and otherwise in base64 (`body_base64`: an Aptos BCS transaction), which the host sends as bytes.
struct NodeTransport: ChainTransport {
    let baseURL: String
    let http: any GemHTTPTransport

    func send(_ request: ChainRequest) async throws(ChainClientError) -> ChainResponse {
        let method: GemHTTPMethod = request.method == .post ? .post : .get
        let headers = request.headers.map { GemHTTPHeader(name: $0.name, value: $0.value) }
        var http = GemHTTPRequest(url: request.url(base: baseURL), method: method, headers: headers)
        if let bytes = request.body {
            if let text = String(validating: bytes, as: UTF8.self) {
                http.body = text
            } else {
                http.bodyBase64 = Base64.encode(bytes)
            }
        }
        do {
            let response = try await self.http.request(http)
            return ChainResponse(status: response.status, body: Array(response.body.utf8))
        } catch {
            switch error {
            case let .offline(message): throw .offline(message)
            case let .timeout(message): throw .timeout(message)
            case .cancelled: throw .offline("cancelled")
            default: throw .offline(error.message)
            }
        }
    }
}

extension ChainClientError {
    /// The service error a client failure on `chain` becomes: the node unreachable is `offline` or `timeout`, a
    /// node's refusal or an answer outside the chain's API is `api` (with the HTTP status when there was one, else
    /// 200), each message starting with the chain id so a refresh's error names the chain that failed.
    func serviceError(chain: Chain) -> GemServiceError {
        let prefix = "\(chain.id): "
        return switch self {
        case let .offline(message): .offline(message: prefix + message)
        case let .timeout(message): .timeout(message: prefix + message)
        case let .http(status, body): .api(status: status, message: prefix + "HTTP \(status): " + body)
        case let .rpc(code, message): .api(status: 200, message: prefix + "error \(code): " + message)
        case let .malformed(reason): .api(status: 200, message: prefix + "unexpected answer: " + reason)
        case let .notFound(message): .notFound(message: prefix + message)
        case let .rejected(message): .api(status: 200, message: prefix + "rejected: " + message)
        case let .unsupported(message): .invalidInput(message: prefix + message)
        }
    }
}
