import Primitives

/// The drawn chart (spec: GemChartData): its window, bounds, date style and header, and the two questions
/// a finger asks of it, `indexAt(fraction)` and `selection(index)`, so no app keeps a chart model of its own.
extension GemChartData {
    /// The chart drawn from `points[range]` (at least two points) in `conversion`'s currency. The header
    /// is the newest point held, unless `price` is a price of `assetId` updated later than that point:
    /// then the header is that price, converted at the conversion's rate. A price older than (or as old
    /// as) the last chart point, or without a date, leaves the header where it is.
    static func drawn(points: [GemChartPoint], range: Range<Int>, period: GemChartPeriod, conversion: GemPriceConversion,
                      assetId: AssetId, price: GemAssetPrice?) -> GemChartData {
        let drawn = Array(points[range])
        var lowest = 0
        var highest = 0
        for (index, point) in drawn.enumerated() {
            if point.value < drawn[lowest].value { lowest = index }
            if point.value > drawn[highest].value { highest = index }
        }
        let first = drawn[0]
        let last = drawn[drawn.count - 1]
        let newest = points[points.count - 1]
        let end = range.upperBound == points.count ? last.date.addingRoom(after: first.date) : last.date
        var header = GemChartSelection(date: newest.date, price: newest.value, changePercentage: change(newest.value, from: first.value))
        if let price, price.assetId == assetId, let updatedAt = price.updatedAt, updatedAt > newest.date {
            let value = price.priceUsd * conversion.rate
            header = GemChartSelection(date: updatedAt, price: value, changePercentage: change(value, from: first.value))
        }
        return GemChartData(
            period: period, currency: conversion.currency, dateStyle: .of(period), points: drawn,
            start: first.date, end: end,
            min: GemChartBound(index: lowest, date: drawn[lowest].date, value: drawn[lowest].value),
            max: GemChartBound(index: highest, date: drawn[highest].date, value: drawn[highest].value),
            header: header
        )
    }

    /// The drawn point nearest the date at `fraction` of the plot (0 is `start`, 1 is `end`); the earlier
    /// one on a tie. Nil outside 0…1 (a finger off the plot), for a fraction that is not a number, or
    /// when nothing is drawn.
    public func indexAt(_ fraction: Double) -> Int? {
        guard !points.isEmpty, fraction >= 0, fraction <= 1 else { return nil }
        let date = Double(start) + fraction * (Double(end) - Double(start))
        var low = 0
        var high = points.count - 1
        while low < high {
            let middle = low + (high - low) / 2
            if Double(points[middle].date) < date { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return 0 }
        let before = date - Double(points[low - 1].date)
        let after = Double(points[low].date) - date
        return before <= after ? low - 1 : low
    }

    /// What the header shows for `points[index]`: its date, its price and its change against the first
    /// drawn point. Nil for an index outside the drawn points.
    public func selection(_ index: Int) -> GemChartSelection? {
        guard points.indices.contains(index) else { return nil }
        let point = points[index]
        return GemChartSelection(date: point.date, price: point.value, changePercentage: Self.change(point.value, from: points[0].value))
    }

    /// The change from `base` to `value`, in percent; 0 when `base` is 0 (no ratio to show).
    static func change(_ value: Double, from base: Double) -> Double {
        guard base != 0 else { return 0 }
        let change = (value - base) / base * 100
        return change.isFinite ? change : 0
    }
}

extension GemChartDateStyle {
    /// How a point's date reads in `period`: the time within a day, the day and time within a month, the
    /// day within a year, the month beyond.
    public static func of(_ period: GemChartPeriod) -> GemChartDateStyle {
        switch period {
        case .hour, .day: .time
        case .week, .month: .dayAndTime
        case .quarter, .year: .day
        case .all: .monthAndYear
        }
    }
}

private extension Int64 {
    /// This date (the newest drawn point's) plus `GemConstants.chartTrailingRoom` of the span since `first`,
    /// saturating.
    func addingRoom(after first: Int64) -> Int64 {
        let room = (Double(self) - Double(first)) * GemConstants.chartTrailingRoom
        let end = Double(self) + room.rounded()
        return end >= 9.2e18 ? Int64.max : Int64(end)
    }
}
