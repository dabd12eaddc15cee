/// The host's HTTP client (the spec's `AlienProvider`): the core builds requests, the host performs
/// them and answers with the status and body. A transport failure (no network, DNS, TLS) is thrown
/// as `GemServiceError.offline`; an HTTP error status is an answer, not a throw.
public protocol GemHTTPTransport: Sendable {
    func request(_ request: GemHTTPRequest) async throws(GemServiceError) -> GemHTTPResponse
}

public struct GemHTTPRequest: Sendable, Equatable, Codable {
    public var url: String
    public var method: GemHTTPMethod
    public var headers: [GemHTTPHeader]
    public var body: String?

    public init(url: String, method: GemHTTPMethod, headers: [GemHTTPHeader] = [], body: String? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }
}

public struct GemHTTPHeader: Sendable, Equatable, Codable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

public enum GemHTTPMethod: String, Sendable, Equatable, Codable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
}

public struct GemHTTPResponse: Sendable, Equatable, Codable {
    public var status: Int
    public var body: String

    public init(status: Int, body: String) {
        self.status = status
        self.body = body
    }
}
