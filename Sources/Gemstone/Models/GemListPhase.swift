/// What a list whose rows come from a store query shows (spec: `GemListPhase`): its rows, its
/// empty state, or the error of a load that left nothing to show. The scene switches over the
/// phase and never tests emptiness or the load state itself.
public enum GemListPhase: Sendable, Equatable {
    case rows
    case empty(state: GemEmptyState)
    case error(error: GemServiceError)
}

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

extension GemListPhase: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, state, error
    }

    private enum Kind: String, Codable {
        case rows, empty, error
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .type) {
        case .rows: self = .rows
        case .empty: self = .empty(state: try container.decode(GemEmptyState.self, forKey: .state))
        case .error: self = .error(error: try container.decode(GemServiceError.self, forKey: .error))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .rows:
            try container.encode(Kind.rows, forKey: .type)
        case let .empty(state):
            try container.encode(Kind.empty, forKey: .type)
            try container.encode(state, forKey: .state)
        case let .error(error):
            try container.encode(Kind.error, forKey: .type)
            try container.encode(error, forKey: .error)
        }
    }
}
