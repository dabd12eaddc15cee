/// How many rows a long list observes (spec: "A long list observes a growing window"). The app
/// keeps one query with `limit`; when a row within `GemConstants.listPrefetchRows` of the end
/// appears it asks `onEndReached(rowCount:)` for the next window.
public struct GemListWindow: Sendable, Equatable, Hashable, Codable {
    public var limit: Int
    public var maximum: Int

    public init(limit: Int, maximum: Int) {
        self.limit = limit
        self.maximum = maximum
    }

    /// The transaction lists' window: one page first, up to the list maximum.
    public static let transactions = GemListWindow(limit: GemConstants.listPageSize, maximum: GemConstants.listMaxRows)

    /// Grows by one page, up to `maximum`, only when the rows shown fill the window; when they do
    /// not, every stored row is already shown and the window is returned unchanged.
    public func onEndReached(rowCount: Int) -> GemListWindow {
        guard rowCount >= limit, limit < maximum else { return self }
        // Compared as a difference so that no limit a host sends can overflow: when the difference
        // itself overflows, `limit` is far below `maximum` and one more page cannot overflow.
        let (gap, overflow) = maximum.subtractingReportingOverflow(limit)
        let grown = !overflow && gap <= GemConstants.listPageSize ? maximum : limit + GemConstants.listPageSize
        return GemListWindow(limit: grown, maximum: maximum)
    }
}
