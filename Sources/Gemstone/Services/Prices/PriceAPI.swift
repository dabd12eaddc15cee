import Primitives

/// The price requests of the remote API (spec § 12: a request target, inputs in, wire format out, no
/// transport). The shapes are the API's (gemwalletcom/core apps/api/src/prices/mod.rs and
/// crates/primitives/src/asset_price.rs, fiat_rate.rs at 4e39193e9c7a; camelCase, as that API writes):
///
///     POST /v1/prices      body {"currency":"USD","assetIds":[asset id, ...]}
///                          -> {"currency":"USD","prices":[{"assetId","price","priceChangePercentage24h","lastUpdatedAt"}]}
///     GET  /v1/fiat_rates  -> [{"symbol":"EUR","rate":0.92}, ...]   (units of the currency per US dollar)
///
/// Prices are always asked for in USD (spec: "Wallet price requests use USD"); the service converts them.
enum PriceAPI: Sendable, Equatable {
    case prices(assetIds: [AssetId])
    case fiatRates

    var method: GemHTTPMethod {
        switch self {
        case .prices: .post
        case .fiatRates: .get
        }
    }

    var path: String {
        switch self {
        case .prices: "/v1/prices"
        case .fiatRates: "/v1/fiat_rates"
        }
    }

    func body() -> String? {
        switch self {
        case let .prices(assetIds):
            return JSONWriter.string(.object([
                ("currency", .string(FiatCurrency.usd)),
                ("assetIds", .array(assetIds.map { .string($0.id) })),
            ]))
        case .fiatRates:
            return nil
        }
    }

    func request(baseURL: String) -> GemHTTPRequest {
        var headers = [GemHTTPHeader(name: "Accept", value: "application/json")]
        if method != .get { headers.append(GemHTTPHeader(name: "Content-Type", value: "application/json")) }
        return GemHTTPRequest(url: baseURL + path, method: method, headers: headers, body: body())
    }
}

// MARK: answers

extension PriceAPI {
    /// The prices of a 2xx answer to `prices`, read entry by entry (`KnownEntries`). An answer that is
    /// not `{"prices":[...]}`, or that is in another currency than USD, is an `.api` error.
    static func prices(from response: GemHTTPResponse) throws(GemServiceError) -> KnownEntries<PriceEntry> {
        try PriceAlertAPI.accept(response)
        guard let json = try? JSONParser.parse(response.body), let list = json["prices"]?.arrayValue else {
            throw .api(status: response.status, message: "unreadable prices")
        }
        if let currency = json["currency"]?.stringValue, currency != FiatCurrency.usd {
            throw .api(status: response.status, message: "prices answered in \(JSONCodec.excerpt(currency)), not USD")
        }
        return KnownEntries.prices(list)
    }

    /// The rates of a 2xx answer to `fiatRates`, read entry by entry.
    static func fiatRates(from response: GemHTTPResponse) throws(GemServiceError) -> KnownEntries<GemFiatRate> {
        try PriceAlertAPI.accept(response)
        guard let list = (try? JSONParser.parse(response.body))?.arrayValue else {
            throw .api(status: response.status, message: "unreadable fiat rates")
        }
        return KnownEntries.rates(list)
    }
}
