import Blockchain
import Primitives
import Testing

@Suite struct ChainRequestTests {
    @Test func aJSONRPCRequestIsTheEnvelopeInKeyOrder() {
        let request = JSONRPC.request("eth_getBalance", .array([.string("0xabc"), .string("latest")]), id: 7)
        #expect(request.method == .post && request.path == "")
        #expect(request.headers == [ChainHeader(name: "Content-Type", value: "application/json")])
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) }
            == #"{"jsonrpc":"2.0","id":7,"method":"eth_getBalance","params":["0xabc","latest"]}"#)
    }

    @Test func urlsJoinBaseAndPathAndEncodeTheQuery() {
        let request = ChainRequest(method: .get, path: "/api/v2/address/bc1q", query: [ChainHeader(name: "details", value: "txs&x y")])
        #expect(request.url(base: "https://btc.example/") == "https://btc.example/api/v2/address/bc1q?details=txs%26x%20y")
        #expect(request.url(base: "https://btc.example") == "https://btc.example/api/v2/address/bc1q?details=txs%26x%20y")
    }

    @Test(arguments: [
        (200, #"{"jsonrpc":"2.0","id":1,"result":"0x10"}"#, Result<JSON, ChainClientError>.success(.string("0x10"))),
        (200, #"{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"nonce too low"}}"#, .failure(.rpc(code: -32000, message: "nonce too low"))),
        (503, "busy", .failure(.http(status: 503, body: "busy"))),
        (200, "<html>", .failure(.malformed("the answer is not JSON: <html>"))),
        (200, #"{"jsonrpc":"2.0","id":1}"#, .failure(.malformed("the answer has no result"))),
    ])
    func aJSONRPCAnswerIsItsResultOrItsError(status: Int, body: String, expected: Result<JSON, ChainClientError>) {
        let outcome = Result { () throws(ChainClientError) -> JSON in try JSONRPC.result(ChainResponse(status: status, body: Array(body.utf8))) }
        #expect(outcome == expected)
    }

    @Test func errorTextsQuoteAShortPrefix() {
        let long = String(repeating: "x", count: 5000)
        #expect(ChainClientError.prefix(long).count == 201)
        #expect(ChainClientError.prefix("short") == "short")
    }
}
