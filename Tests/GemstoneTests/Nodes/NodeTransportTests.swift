import Blockchain
import Primitives
import Testing
@testable import Gemstone

/// A chain request crosses the host's HTTP transport to the node's base URL, and its failures come back typed.
@Suite struct NodeTransportTests {
    @Test func aRequestGoesToTheBaseURLWithItsPathQueryHeadersAndBody() async throws {
        let http = TestHTTPTransport([.success(GemHTTPResponse(status: 200, body: "{\"result\":\"0x1\"}"))])
        let transport = NodeTransport(baseURL: "http://127.0.0.1:8545/ethereum", http: http)
        let response = try await transport.send(ChainRequest(method: .post, path: "/v1/x", query: [ChainHeader(name: "a b", value: "1")],
                                                             headers: [ChainHeader(name: "Content-Type", value: "application/json")],
                                                             body: Array("{}".utf8)))
        #expect(response == ChainResponse(status: 200, body: Array("{\"result\":\"0x1\"}".utf8)))
        let sent = try #require(await http.requests.first)
        #expect(sent == GemHTTPRequest(url: "http://127.0.0.1:8545/ethereum/v1/x?a%20b=1", method: .post,
                                       headers: [GemHTTPHeader(name: "Content-Type", value: "application/json")], body: "{}"))
    }

    @Test func anHTTPErrorStatusIsAnAnswer() async throws {
        let http = TestHTTPTransport([.success(GemHTTPResponse(status: 503, body: "busy"))])
        let response = try await NodeTransport(baseURL: "https://n.example", http: http).send(ChainRequest(method: .get, path: "/x"))
        #expect(response.status == 503)
    }

    @Test(arguments: [(GemServiceError.offline(message: "dns"), ChainClientError.offline("dns")),
                      (GemServiceError.timeout(message: "slow"), ChainClientError.timeout("slow"))])
    func transportFailuresStayTyped(failure: GemServiceError, expected: ChainClientError) async {
        let http = TestHTTPTransport([.failure(failure)])
        await #expect(throws: expected) { try await NodeTransport(baseURL: "https://n.example", http: http).send(ChainRequest(method: .get, path: "")) }
    }

    @Test func aBodyThatIsNotUTF8CrossesInBase64AndUTF8StaysText() async throws {
        let http = TestHTTPTransport([.success(GemHTTPResponse(status: 202, body: "{}")), .success(GemHTTPResponse(status: 200, body: "{}"))])
        let transport = NodeTransport(baseURL: "https://n.example", http: http)
        _ = try await transport.send(ChainRequest(method: .post, path: "/v1/transactions", body: [0x00, 0xFF, 0x10, 0xFE]))
        _ = try await transport.send(ChainRequest(method: .post, path: "", body: Array("é".utf8)))
        let sent = await http.requests
        #expect(sent.count == 2)
        #expect(sent[0].body == nil && sent[0].bodyBase64 == "AP8Q/g==")
        #expect(sent[1].body == "é" && sent[1].bodyBase64 == nil)
    }

    @Test(arguments: [
        (ChainClientError.http(status: 429, body: "slow down"), GemServiceError.api(status: 429, message: "solana: HTTP 429: slow down")),
        (ChainClientError.malformed("result"), GemServiceError.api(status: 200, message: "solana: unexpected answer: result")),
        (ChainClientError.notFound("account"), GemServiceError.notFound(message: "solana: account")),
    ])
    func clientErrorsNameTheChain(error: ChainClientError, expected: GemServiceError) {
        #expect(error.serviceError(chain: .solana) == expected)
    }
}
