extension GemListPhase {
    /// The phase of a list that syncs: rows on screen stand in for any error; with no rows, an
    /// error takes the place of the empty state; otherwise (including a first load in flight) the
    /// empty state shows. Takes whether there are rows, never the rows.
    public static func of(state: GemLoadState, hasRows: Bool, empty: GemEmptyState) -> GemListPhase {
        switch (hasRows, state) {
        case (true, _): .rows
        case let (false, .error(error)): .error(error: error)
        case (false, .noData), (false, .loading), (false, .data): .empty(state: empty)
        }
    }

    /// The phase of a list read only from the store: it cannot fail.
    public static func local(hasRows: Bool, empty: GemEmptyState) -> GemListPhase {
        hasRows ? .rows : .empty(state: empty)
    }

    /// The phase of a list that shows nothing until its first sync answers: `nil` while that sync
    /// is pending (`no_data` or `loading`) and no row is stored, then the phase of `of`.
    public static func onceLoaded(state: GemLoadState, hasRows: Bool, empty: GemEmptyState) -> GemListPhase? {
        switch (hasRows, state) {
        case (false, .noData), (false, .loading): nil
        default: of(state: state, hasRows: hasRows, empty: empty)
        }
    }
}

