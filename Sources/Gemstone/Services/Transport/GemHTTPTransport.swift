/// The host's HTTP client (the spec's `AlienProvider`): the core builds requests, the host performs
/// them and answers with the status and body. A transport failure (no network, DNS, TLS) is thrown
/// as `GemServiceError.offline`; an HTTP error status is an answer, not a throw.
public protocol GemHTTPTransport: Sendable {
    func request(_ request: GemHTTPRequest) async throws(GemServiceError) -> GemHTTPResponse
}

// GemHTTPRequest, GemHTTPHeader, GemHTTPMethod and GemHTTPResponse are generated from schema/transport.json
// (Generated/Transport+Schema.swift); a method crosses as HTTP spells it ("GET").
