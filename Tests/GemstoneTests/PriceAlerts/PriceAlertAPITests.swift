import Primitives
import Testing
@testable import Gemstone

struct PriceAlertAPITests {
    // MARK: target

    @Test(arguments: [
        (PriceAlertAPI.getPriceAlerts(deviceId: "device-1", assetId: nil), GemHTTPMethod.get, "/v1/devices/device-1/price_alerts"),
        (.getPriceAlerts(deviceId: "device-1", assetId: "bitcoin"), .get, "/v1/devices/device-1/price_alerts?asset_id=bitcoin"),
        (.getPriceAlerts(deviceId: "a b/c?", assetId: "sui_0x2::sui::SUI"), .get,
         "/v1/devices/a%20b%2Fc%3F/price_alerts?asset_id=sui_0x2%3A%3Asui%3A%3ASUI"),
        (.getPriceAlerts(deviceId: "é", assetId: "x&y=z"), .get, "/v1/devices/%C3%A9/price_alerts?asset_id=x%26y%3Dz"),
        (.addPriceAlerts(deviceId: "device-1", alerts: [.mock()]), .post, "/v1/devices/device-1/price_alerts"),
        (.deletePriceAlerts(deviceId: "device-1", alerts: [.mock()]), .delete, "/v1/devices/device-1/price_alerts"),
    ])
    func pathAndMethod(target: PriceAlertAPI, method: GemHTTPMethod, path: String) {
        #expect(target.method == method)
        #expect(target.path == path)
    }

    @Test func queryLeavesOutAbsentAssetId() {
        #expect(PriceAlertAPI.getPriceAlerts(deviceId: "d", assetId: nil).query.isEmpty)
        #expect(PriceAlertAPI.getPriceAlerts(deviceId: "d", assetId: "bitcoin").query == [.init(name: "asset_id", value: "bitcoin")])
    }

    @Test func getHasNoBodyAndNoContentType() throws {
        let request = try PriceAlertAPI.getPriceAlerts(deviceId: "d", assetId: nil).request(baseURL: "http://127.0.0.1:8080")
        #expect(request == GemHTTPRequest(
            url: "http://127.0.0.1:8080/v1/devices/d/price_alerts", method: .get,
            headers: [GemHTTPHeader(name: "Accept", value: "application/json")], body: nil))
    }

    @Test(arguments: [GemHTTPMethod.post, .delete])
    func writesCarryAlertsAsJSON(method: GemHTTPMethod) throws {
        let alerts: [PriceAlert] = [.mock(), .mock(assetId: "solana", price: nil, pricePercentChange: 5, priceDirection: .down)]
        let target: PriceAlertAPI = method == .post
            ? .addPriceAlerts(deviceId: "d", alerts: alerts) : .deletePriceAlerts(deviceId: "d", alerts: alerts)
        let request = try target.request(baseURL: "https://api.example.com/gem")
        #expect(request.url == "https://api.example.com/gem/v1/devices/d/price_alerts")
        #expect(request.method == method)
        #expect(request.headers.contains(GemHTTPHeader(name: "Content-Type", value: "application/json")))
        #expect(request.body ==
            #"[{"id":"bitcoin:USD:100000::up","asset_id":"bitcoin","currency":"USD","price":100000,"price_direction":"up"},"# +
            #"{"id":"solana:USD::5:down","asset_id":"solana","currency":"USD","price_percent_change":5,"price_direction":"down"}]"#)
        let decoded = try JSONCodec.decode([PriceAlert].self, from: Array((request.body ?? "").utf8))
        #expect(decoded == alerts)
    }

    @Test func bodyRejectsNonFiniteNumbers() {
        #expect(throws: GemServiceError.self) {
            try PriceAlertAPI.addPriceAlerts(deviceId: "d", alerts: [.mock(price: .nan)]).body()
        }
    }

    // MARK: base URL

    @Test(arguments: [
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("http://127.0.0.1:8080/", "http://127.0.0.1:8080"),
        ("https://api.example.com/gem//", "https://api.example.com/gem"),
        ("HTTPS://api.example.com", "HTTPS://api.example.com"),
        ("http://localhost:8080/gem/", "http://localhost:8080/gem"),
        ("HTTP://LOCALHOST", "HTTP://LOCALHOST"),
        ("http://[::1]:9", "http://[::1]:9"),
        ("http://127.0.0.1/", "http://127.0.0.1"),
        ("https://example.com:8443", "https://example.com:8443"),
    ])
    func baseURLAccepts(text: String, normalized: String) throws {
        #expect(try PriceAlertAPI.baseURL(text) == normalized)
    }

    @Test(arguments: ["", "127.0.0.1:8080", "ftp://host", "http://", "http:///path", "http://host/a b",
                      "http://host?x=1", "http://host/#frag", "http://ho\nst"])
    func baseURLRejects(text: String) {
        #expect(throws: GemServiceError.self) { try PriceAlertAPI.baseURL(text) }
    }

    /// Cleartext HTTP only to loopback; before this rule every one of these was accepted.
    @Test(arguments: ["http://api.example.com", "http://example.com/gem", "http://10.0.0.1:8080",
                      "http://127.0.0.2", "http://127.0.0.1.example.com", "http://localhost.example.com",
                      "http://localhost@example.com", "http://127.0.0.1:80@example.com", "http://[::2]",
                      "http://127.0.0.1:", "http://127.0.0.1:x", "http://[::1]:123456"])
    func cleartextOnlyToLoopback(text: String) {
        #expect {
            try PriceAlertAPI.baseURL(text)
        } throws: { error in
            guard case .invalidInput(let message) = error as? GemServiceError else { return false }
            return message.contains("cleartext http:// only to 127.0.0.1, ::1 or localhost")
        }
    }

    // MARK: responses

    @Test func alertsDecodeFromTwoHundred() throws {
        let body = #"[{"asset_id":"bitcoin","currency":"USD","price":100000,"price_direction":"up","last_notified_at":7}]"#
        #expect(try PriceAlertAPI.alerts(from: GemHTTPResponse(status: 200, body: body)) == [.mock(lastNotifiedAt: 7)])
        #expect(try PriceAlertAPI.alerts(from: GemHTTPResponse(status: 200, body: "[]")) == [])
    }

    @Test(arguments: ["", "{}", "not json", #"[{"currency":"USD"}]"#])
    func alertsRejectUnreadableBody(body: String) {
        #expect {
            try PriceAlertAPI.alerts(from: GemHTTPResponse(status: 200, body: body))
        } throws: { error in
            guard case let .api(status, message) = error as? GemServiceError else { return false }
            return status == 200 && message.hasPrefix("unreadable price alerts")
        }
    }

    @Test(arguments: [200, 201, 204, 299])
    func acceptTakesAnyTwoHundred(status: Int) throws {
        try PriceAlertAPI.accept(GemHTTPResponse(status: status, body: "whatever"))
    }

    @Test(arguments: [
        (409, #"{"error":{"message":"refused by test server"}}"#, "refused by test server"),
        (400, #"{"error":"bad alert"}"#, "bad alert"),
        (422, #"{"message":"currency unknown"}"#, "currency unknown"),
        (500, "", "internal server error"),
        (503, "<html>down</html>", "service unavailable"),
        (418, #"{"error":{"message":""}}"#, "request refused"),
        (302, "", "unexpected status"),
        (199, "", "unexpected status"),
    ])
    func errorsCarryStatusAndMessage(status: Int, body: String, message: String) {
        let response = GemHTTPResponse(status: status, body: body)
        #expect(PriceAlertAPI.error(for: response) == .api(status: status, message: message))
        #expect(throws: GemServiceError.api(status: status, message: message)) { try PriceAlertAPI.accept(response) }
        #expect(throws: GemServiceError.api(status: status, message: message)) { try PriceAlertAPI.alerts(from: response) }
    }

    @Test func errorMessageIsCut() {
        let long = String(repeating: "x", count: 1000)
        let error = PriceAlertAPI.error(for: GemHTTPResponse(status: 400, body: #"{"message":"\#(long)"}"#))
        #expect(error == .api(status: 400, message: String(repeating: "x", count: PriceAlertAPI.maximumMessageLength)))
    }

    // MARK: percent encoding

    @Test(arguments: [
        ("AZaz09-._~", "AZaz09-._~"), ("a b", "a%20b"), ("/?#[]@!$&'()*+,;=:%", "%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A%25"),
        ("€", "%E2%82%AC"), ("", ""),
    ])
    func percentEncoding(text: String, encoded: String) {
        #expect(PercentEncoding.encode(text) == encoded)
    }
}
