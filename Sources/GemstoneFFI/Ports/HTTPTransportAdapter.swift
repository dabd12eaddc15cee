import CGemstone
import Gemstone
import Primitives

/// GemHTTPTransport over a host's gem_http_transport table; each request is failed with
/// `timeout` when the host has not answered in time.
final class HTTPTransportAdapter: GemHTTPTransport {
    private let method: PortMethod
    private let release: TableRelease
    private let lifetime: Lifetime
    private let timeout: Duration

    init(_ pointer: UnsafePointer<gem_http_transport>?, lifetime: Lifetime, timeout: Duration, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "transport")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        method = try requireMethod(table.request, "transport.request", release)
        self.lifetime = lifetime
        self.timeout = timeout
    }

    func request(_ request: GemHTTPRequest) async throws(GemServiceError) -> GemHTTPResponse {
        let args: [UInt8]
        do {
            args = try JSONCodec.encode(request)
        } catch {
            throw .internal(message: error.description)
        }
        let answer = try await method.call(args, lifetime: lifetime, timeout: timeout)
        return try decodeAnswer(GemHTTPResponse.self, answer, "transport.request")
    }
}

/// Decodes a port's answer; an answer that is not the documented JSON is the host's contract
/// failure (`port`), reported with the method's name.
func decodeAnswer<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], _ method: String) throws(GemServiceError) -> T {
    do {
        return try JSONCodec.decode(type, from: bytes)
    } catch {
        throw .port(message: "\(method) answered malformed JSON: \(error.description)")
    }
}
