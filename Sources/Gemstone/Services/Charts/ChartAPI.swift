import Primitives

/// The chart request of the API (spec § 12: a request target, inputs in, wire format out, no transport).
/// The wire format is this project's, served by tests/server/api_server.py (docs/services.md, "Charts"):
///
///     GET /v1/charts/{asset_id}?period=day&currency=USD
///         -> {"currency":"USD","period":"day","prices":[{"timestamp":1733306400,"value":97123.5}, ...]}
///
/// `timestamp` is whole seconds since 1970 (UTC), `value` the price of one whole unit then. Charts are
/// always asked for in USD, as prices are (spec: "Wallet price requests use USD"); the service converts.
struct ChartAPI: Sendable, Equatable {
    var assetId: AssetId
    var period: GemChartPeriod

    var path: String {
        "/v1/charts/\(PercentEncoding.encode(assetId.id))?period=\(period.wireName)&currency=\(FiatCurrency.usd)"
    }

    func request(baseURL: String) -> GemHTTPRequest {
        GemHTTPRequest(url: baseURL + path, method: .get, headers: [GemHTTPHeader(name: "Accept", value: "application/json")], body: nil)
    }

    /// The points of a 2xx answer, oldest first, one per date (the later entry of a repeated date wins).
    /// The answer fails closed: one malformed entry, an answer in another currency than USD or for another
    /// period, or more than `GemConstants.chartMaxPoints` entries is an `.api` error.
    func points(from response: GemHTTPResponse) throws(GemServiceError) -> [GemChartPoint] {
        try PriceAlertAPI.accept(response)
        guard let json = try? JSONParser.parse(response.body), let list = json["prices"]?.arrayValue else {
            throw .api(status: response.status, message: "unreadable chart")
        }
        if let currency = json["currency"]?.stringValue, currency != FiatCurrency.usd {
            throw .api(status: response.status, message: "chart answered in \(JSONCodec.excerpt(currency)), not USD")
        }
        if let answered = json["period"]?.stringValue, answered != period.wireName {
            throw .api(status: response.status, message: "chart answered for \(JSONCodec.excerpt(answered)), not \(period.wireName)")
        }
        guard list.count <= GemConstants.chartMaxPoints else {
            throw .api(status: response.status, message: "chart of \(list.count) points; at most \(GemConstants.chartMaxPoints)")
        }
        var points: [GemChartPoint] = []
        points.reserveCapacity(list.count)
        for (index, item) in list.enumerated() {
            guard case let .int(timestamp)? = item["timestamp"], timestamp.magnitude <= ChartCheck.maximumDate.magnitude,
                  let value = Self.finite(item["value"]), value >= 0 else {
                throw .api(status: response.status, message: "chart point \(index) is not {timestamp, value}")
            }
            points.append(GemChartPoint(date: Int64(timestamp), value: value))
        }
        return Self.ordered(points)
    }

    /// Oldest first, one point per date: the last one given for a date.
    static func ordered(_ points: [GemChartPoint]) -> [GemChartPoint] {
        let sorted = points.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        var result: [GemChartPoint] = []
        result.reserveCapacity(sorted.count)
        for point in sorted {
            if let last = result.last, last.date == point.date { result[result.count - 1] = point } else { result.append(point) }
        }
        return result
    }

    private static func finite(_ value: JSON?) -> Double? {
        switch value {
        case let .int(number): Double(number)
        case let .double(number) where number.isFinite: number
        default: nil
        }
    }
}

extension GemChartPeriod {
    /// The period as the API's query spells it (its snake_case name).
    var wireName: String {
        switch self {
        case .hour: "hour"
        case .day: "day"
        case .week: "week"
        case .month: "month"
        case .quarter: "quarter"
        case .year: "year"
        case .all: "all"
        }
    }
}
