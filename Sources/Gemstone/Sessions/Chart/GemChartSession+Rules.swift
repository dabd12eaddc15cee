import Primitives

/// The chart screen's session (spec: GemChartSession), pure: every event answers the next session, and
/// `viewState` answers the screen. No await, no store, no clock: the load is the chart service's, and its
/// answer re-enters through `.result`.
///
/// The phase is derived, never stored (spec "The phase has one source of truth"): from the held chart
/// (`points`), the last error and whether a load is in flight. The zoom and pan window is session state
/// because the drawn window cannot be computed without it; it is clamped to the points held, and a new
/// period or currency starts unzoomed because it starts with nothing held.
extension GemChartSession {
    /// A new session: its first request (generation 1) in flight, nothing held, unzoomed.
    public static func start(assetId: AssetId, period: GemChartPeriod, currency: String) -> GemChartSession {
        GemChartSession(request: GemChartRequest(assetId: assetId, period: period, currency: currency, generation: 1),
                        isLoading: true)
    }

    /// The session after `event`.
    public func applying(_ event: GemChartEvent) -> GemChartSession {
        switch event {
        case let .period(period): onPeriod(period)
        case let .currency(currency): onCurrency(currency)
        case .refresh: onRefresh()
        case let .result(result): onResult(result)
        case let .zoom(scale, anchor): onZoom(scale: scale, anchor: anchor)
        case let .pan(delta): onPan(delta: delta)
        }
    }

    /// A new period: a new load with nothing held, so it starts unzoomed by construction. The period
    /// already shown changes nothing.
    public func onPeriod(_ period: GemChartPeriod) -> GemChartSession {
        guard period != request.period else { return self }
        var next = request
        next.period = period
        return GemChartSession.loading(next.advanced())
    }

    /// A new display currency: the held points read in the old one, so a new load with nothing held.
    public func onCurrency(_ currency: String) -> GemChartSession {
        guard currency != request.currency else { return self }
        var next = request
        next.currency = currency
        return GemChartSession.loading(next.advanced())
    }

    /// The same chart again: a new generation in flight; the held chart stays on screen (is_refreshing).
    public func onRefresh() -> GemChartSession {
        var next = self
        next.request = request.advanced()
        next.isLoading = true
        return next
    }

    /// A load's answer. One for another request than the session's (an older generation, period or
    /// currency) is dropped. A failure records the error and keeps what is held; an answer replaces the
    /// chart, clears the error and keeps the window clamped to the new points.
    public func onResult(_ result: GemChartResult) -> GemChartSession {
        guard result.request == request else { return self }
        var next = self
        switch result.state {
        case let .error(error):
            next.error = error
        case .data, .noData:
            next.points = result.points
            next.conversion = result.conversion
            next.error = nil
        case .loading:
            return self
        }
        next.isLoading = false
        return next.clamped()
    }

    /// A pinch by `scale` about `anchor` (a fraction of the plot width): the drawn count divided by the
    /// scale, between `GemConstants.chartMinVisiblePoints` (or all, when fewer are held) and every point
    /// held; the point under the anchor stays under it as far as the clamp allows. Drawing every point
    /// is the unzoomed window. Nothing held, or a scale that is not finite and above zero, changes nothing.
    public func onZoom(scale: Double, anchor: Double) -> GemChartSession {
        guard let held = points?.count, held > 0, scale.isFinite, scale > 0, !anchor.isNaN else { return self }
        let window = drawnRange(held: held)
        let fraction = Swift.min(Swift.max(anchor, 0), 1)
        let minimum = Swift.min(GemConstants.chartMinVisiblePoints, held)
        let wanted = (Double(window.count) / scale).rounded()
        let count = wanted >= Double(held) ? held : Swift.max(minimum, Int(wanted))
        let anchorIndex = window.lowerBound + Int((fraction * Double(window.count - 1)).rounded())
        let start = anchorIndex - Int((fraction * Double(count - 1)).rounded())
        var next = self
        next.windowStart = start
        next.windowCount = count
        return next.clamped()
    }

    /// A drag of `delta` plot widths: positive (to the right) shows older points. The window keeps its
    /// size and stays inside the points held, so an unzoomed chart does not move.
    public func onPan(delta: Double) -> GemChartSession {
        guard let held = points?.count, held > 0, delta.isFinite else { return self }
        let window = drawnRange(held: held)
        let shift = delta * Double(window.count)
        let start = Double(window.lowerBound) - shift.rounded()
        var next = self
        next.windowStart = start <= 0 ? 0 : (start >= Double(held) ? held : Int(start))
        return next.clamped()
    }

    /// The phase (spec: GemChartPhase): a held chart decides it (fewer than two points is no_data);
    /// with nothing held, a load in flight is loading and otherwise the last error is failed.
    public var phase: GemChartPhase {
        phase(input: nil)
    }

    /// The screen for the observed price record (spec: `view_state(session, input)`).
    /// The screen for the observed price record: the phase, and the market, alert and link sections from the
    /// same record (`ChartSectionRules`), the market and the alerts' prices at the rate the session holds.
    public func viewState(input: GemChartInput) -> GemChartView {
        let symbol = input.asset.flatMap { $0.id == input.assetId ? $0.symbol : nil }
        return GemChartView(
            period: request.period,
            phase: phase(input: input),
            isRefreshing: isLoading && points != nil,
            market: ChartSectionRules.market(input.market, conversion: conversion, symbol: symbol),
            alerts: ChartSectionRules.alerts(input.alerts, assetId: input.assetId, asset: input.asset, price: input.price,
                                             conversion: conversion),
            links: ChartSectionRules.links(input.links)
        )
    }

    // MARK: private

    private static func loading(_ request: GemChartRequest) -> GemChartSession {
        GemChartSession(request: request, isLoading: true)
    }

    private func phase(input: GemChartInput?) -> GemChartPhase {
        if let points {
            guard points.count >= 2 else { return .noData }
            let range = drawnRange(held: points.count)
            return .data(data: GemChartData.drawn(points: points, range: range, period: request.period,
                                                  conversion: conversion ?? GemPriceConversion(currency: request.currency, rate: 1),
                                                  assetId: request.assetId, price: input?.price))
        }
        if !isLoading, let error { return .failed(error: error) }
        return .loading
    }

    /// The drawn points' indices: the window clamped to `held` points (all of them unzoomed).
    func drawnRange(held: Int) -> Range<Int> {
        guard let windowCount, windowCount > 0, windowCount < held else { return 0..<held }
        let start = Swift.min(Swift.max(windowStart, 0), held - windowCount)
        return start..<start + windowCount
    }

    /// The window stored as it is drawn: unzoomed (start 0, no count) when it draws every point held.
    private func clamped() -> GemChartSession {
        var next = self
        let held = points?.count ?? 0
        let range = drawnRange(held: held)
        if range.count >= held {
            next.windowStart = 0
            next.windowCount = nil
        } else {
            next.windowStart = range.lowerBound
            next.windowCount = range.count
        }
        return next
    }
}

extension GemChartRequest {
    /// The next load of the same asset: the generation counted on (saturating).
    func advanced() -> GemChartRequest {
        var next = self
        next.generation = generation == Int.max ? generation : generation + 1
        return next
    }
}
