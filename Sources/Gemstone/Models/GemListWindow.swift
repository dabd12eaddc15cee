extension GemListWindow {
    /// The transaction lists' window: one page first, up to the list maximum.
    public static let transactions = GemListWindow(limit: GemConstants.listPageSize, maximum: GemConstants.listMaxRows)

    /// Grows by one page, up to `maximum`, only when the rows shown fill the window; when they do
    /// not, every stored row is already shown and the window is returned unchanged. A window whose
    /// limit is already above its maximum comes back capped at the maximum (never kept past it).
    public func onEndReached(rowCount: Int) -> GemListWindow {
        if limit > maximum { return GemListWindow(limit: maximum, maximum: maximum) }
        guard rowCount >= limit, limit < maximum else { return self }
        // Compared as a difference so that no limit a host sends can overflow: when the difference
        // itself overflows, `limit` is far below `maximum` and one more page cannot overflow.
        let (gap, overflow) = maximum.subtractingReportingOverflow(limit)
        let grown = !overflow && gap <= GemConstants.listPageSize ? maximum : limit + GemConstants.listPageSize
        return GemListWindow(limit: grown, maximum: maximum)
    }
}
