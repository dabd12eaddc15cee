import Primitives

/// The price-alert requests of the remote API (spec § 12: a request target, inputs in, wire format
/// out, no transport). Every request is scoped to a device:
///
///     GET    /v1/devices/{device_id}/price_alerts[?asset_id={asset_id}]  -> [PriceAlert]
///     POST   /v1/devices/{device_id}/price_alerts   body [PriceAlert]     (add)
///     DELETE /v1/devices/{device_id}/price_alerts   body [PriceAlert]     (delete)
///
/// Path segments and query values are percent-encoded; bodies are JSON (`JSONCodec`, snake_case).
enum PriceAlertAPI: Sendable, Equatable {
    case getPriceAlerts(deviceId: String, assetId: String?)
    case addPriceAlerts(deviceId: String, alerts: [PriceAlert])
    case deletePriceAlerts(deviceId: String, alerts: [PriceAlert])

    var method: GemHTTPMethod {
        switch self {
        case .getPriceAlerts: .get
        case .addPriceAlerts: .post
        case .deletePriceAlerts: .delete
        }
    }

    /// The query parameters, in order; an absent optional parameter is left out.
    var query: [QueryItem] {
        switch self {
        case let .getPriceAlerts(_, assetId):
            assetId.map { [QueryItem(name: "asset_id", value: $0)] } ?? []
        case .addPriceAlerts, .deletePriceAlerts:
            []
        }
    }

    /// The path with its query string: what is appended to the base URL.
    var path: String {
        let deviceId: String
        switch self {
        case let .getPriceAlerts(id, _), let .addPriceAlerts(id, _), let .deletePriceAlerts(id, _):
            deviceId = id
        }
        let path = "/v1/devices/\(PercentEncoding.encode(deviceId))/price_alerts"
        let query = self.query
        guard !query.isEmpty else { return path }
        return path + "?" + query.map { "\(PercentEncoding.encode($0.name))=\(PercentEncoding.encode($0.value))" }
            .joined(separator: "&")
    }

    /// The JSON body, or nil for a request without one.
    func body() throws(GemServiceError) -> String? {
        switch self {
        case .getPriceAlerts:
            return nil
        case let .addPriceAlerts(_, alerts), let .deletePriceAlerts(_, alerts):
            do {
                return try JSONCodec.encodeString(alerts)
            } catch {
                throw GemServiceError(error)
            }
        }
    }

    /// `Accept` always; `Content-Type` when the request carries a body.
    var headers: [GemHTTPHeader] {
        var headers = [GemHTTPHeader(name: "Accept", value: "application/json")]
        if method != .get { headers.append(GemHTTPHeader(name: "Content-Type", value: "application/json")) }
        return headers
    }

    /// The request for the transport. `baseURL` is normalized (`baseURL(_:)`).
    func request(baseURL: String) throws(GemServiceError) -> GemHTTPRequest {
        GemHTTPRequest(url: baseURL + path, method: method, headers: headers, body: try body())
    }

    struct QueryItem: Sendable, Equatable {
        var name: String
        var value: String
    }
}

// MARK: base URL

extension PriceAlertAPI {
    /// Checks the API's base URL and returns it without a trailing `/` (the rule of `BaseURL.validated`).
    static func baseURL(_ text: String) throws(GemServiceError) -> String {
        try BaseURL.validated(text, name: "the API base URL")
    }
}

// MARK: responses

extension PriceAlertAPI {
    /// A 2xx answer to `getPriceAlerts`: the device's alerts. A 2xx body that is not a list of
    /// alerts is an `.api` error carrying the status.
    static func alerts(from response: GemHTTPResponse) throws(GemServiceError) -> [PriceAlert] {
        try accept(response)
        do {
            return try JSONCodec.decode([PriceAlert].self, from: Array(response.body.utf8))
        } catch {
            throw .api(status: response.status, message: "unreadable price alerts: \(error.description)")
        }
    }

    /// Accepts any 2xx answer (its body is not read); anything else is `error(for:)`.
    static func accept(_ response: GemHTTPResponse) throws(GemServiceError) {
        guard (200...299).contains(response.status) else { throw error(for: response) }
    }

    /// A refusal: `.api(status:message:)` with the server's message when the body is
    /// `{"error":{"message":…}}`, `{"error":"…"}` or `{"message":…}`, else the status's reason.
    /// A message is cut to `maximumMessageLength` characters.
    static func error(for response: GemHTTPResponse) -> GemServiceError {
        let message = serverMessage(response.body).map { String($0.prefix(maximumMessageLength)) }
        return .api(status: response.status, message: message ?? reason(response.status))
    }

    static let maximumMessageLength = 300

    private static func serverMessage(_ body: String) -> String? {
        guard let json = try? JSONParser.parse(body) else { return nil }
        let message = json["error"]?["message"]?.stringValue ?? json["error"]?.stringValue ?? json["message"]?.stringValue
        guard let message, !message.isEmpty else { return nil }
        return message
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 400: "bad request"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "not found"
        case 409: "conflict"
        case 422: "unprocessable request"
        case 429: "too many requests"
        case 500: "internal server error"
        case 502: "bad gateway"
        case 503: "service unavailable"
        case 504: "gateway timeout"
        case 400...499: "request refused"
        case 500...599: "server error"
        default: "unexpected status"
        }
    }
}
