import Primitives

// The chart projections' request records are generated from schema/charts.json, which also generates their
// @c functions (GemstoneFFI/Generated); the checks and the calls into the session's rules are here.

/// `chart_session_new`: a new chart session.
extension GemChartSessionRequest: GemProjection {
    public func answer() throws(GemServiceError) -> GemChartSession {
        try GemRequestCheck.currency(currency)
        return GemChartSession.start(assetId: assetId, period: period, currency: currency)
    }
}

/// `chart_session_apply`: the session after one event.
extension GemChartEventRequest: GemProjection {
    public func answer() throws(GemServiceError) -> GemChartSession {
        try ChartCheck.session(session)
        switch event {
        case let .currency(currency):
            try GemRequestCheck.currency(currency, field: "event.currency")
        case let .result(result):
            try ChartCheck.points(result.points, field: "event.result.points")
        case let .zoom(scale, anchor):
            guard scale.isFinite, scale > 0 else { throw .invalidInput(message: "event.scale \(scale) is not finite and above zero") }
            guard anchor.isFinite else { throw .invalidInput(message: "event.anchor \(anchor) is not finite") }
        case let .pan(delta):
            guard delta.isFinite else { throw .invalidInput(message: "event.delta \(delta) is not finite") }
        case .period, .refresh:
            break
        }
        return session.applying(event)
    }
}

/// `chart_view_state`: the chart screen for the observed price record.
extension GemChartViewStateRequest: GemProjection {
    public func answer() throws(GemServiceError) -> GemChartView {
        try ChartCheck.session(session)
        return session.viewState(input: input)
    }
}

/// `chart_index_at`: the drawn point under a finger (null off the plot).
extension GemChartIndexAtRequest: GemProjection {
    public func answer() throws(GemServiceError) -> Int? {
        try ChartCheck.points(data.points, field: "data.points")
        return data.indexAt(fraction)
    }
}

/// `chart_selection`: the header for a drawn point.
extension GemChartSelectionRequest: GemProjection {
    public func answer() throws(GemServiceError) -> GemChartSelection {
        try ChartCheck.points(data.points, field: "data.points")
        guard let selection = data.selection(index) else {
            throw .invalidInput(message: "index \(index) is outside the \(data.points.count) drawn points")
        }
        return selection
    }
}

/// The checks of a chart session or points a host sends back: what the service never answers is refused,
/// never drawn from a guess.
enum ChartCheck {
    /// The widest date a point may carry either way, in seconds (about year 5138).
    static let maximumDate: Int64 = 100_000_000_000

    static func session(_ session: GemChartSession) throws(GemServiceError) {
        try GemRequestCheck.currency(session.request.currency, field: "session.request.currency")
        guard session.request.generation >= 0 else { throw .invalidInput(message: "session.request.generation is negative") }
        if let points = session.points { try self.points(points, field: "session.points") }
        if let conversion = session.conversion, !(conversion.rate.isFinite && conversion.rate > 0) {
            throw .invalidInput(message: "session.conversion.rate is not finite and above zero")
        }
        guard session.windowStart >= 0 else { throw .invalidInput(message: "session.window_start is negative") }
        if let count = session.windowCount, count < 1 { throw .invalidInput(message: "session.window_count is below 1") }
    }

    /// At most `GemConstants.chartMaxPoints`, dates strictly increasing within ±`maximumDate`, values finite.
    static func points(_ points: [GemChartPoint], field: String) throws(GemServiceError) {
        guard points.count <= GemConstants.chartMaxPoints else {
            throw .invalidInput(message: "\(field) holds \(points.count) points; at most \(GemConstants.chartMaxPoints)")
        }
        var previous: Int64?
        for (index, point) in points.enumerated() {
            guard point.value.isFinite else { throw .invalidInput(message: "\(field)[\(index)].value is not finite") }
            guard point.date.magnitude <= maximumDate.magnitude else { throw .invalidInput(message: "\(field)[\(index)].date is out of range") }
            if let previous, point.date <= previous { throw .invalidInput(message: "\(field)[\(index)].date is not after the point before it") }
            previous = point.date
        }
    }
}
