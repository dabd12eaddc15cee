/// What a screen in flight shows (spec: "A screen's load state is one Core state"): the same four
/// cases the apps' own state views take. Every screen uses this one enum; a fifth case is a
/// restatement of it.
public enum GemLoadState: Sendable, Equatable {
    case noData
    case loading
    case data
    case error(error: GemServiceError)
}

extension GemLoadState {
    /// The state a finished load leaves: `data` on success, `error` on failure.
    public static func of<T>(_ result: Result<T, GemServiceError>) -> GemLoadState {
        switch result {
        case .success: .data
        case let .failure(error): .error(error: error)
        }
    }

    /// Reads the state back as a result: the error of `error`, otherwise `value`.
    public func intoResult<T>(_ value: T) -> Result<T, GemServiceError> {
        switch self {
        case let .error(error): .failure(error)
        case .noData, .loading, .data: .success(value)
        }
    }

    /// Folds a sync's outcome into what the screen shows: a screen that shows a value keeps
    /// showing it (`data`) when the sync fails; only a screen with nothing shown reports the error.
    public static func refreshed(_ synced: Result<Void, GemServiceError>, showsValue: Bool) -> GemLoadState {
        GemLoad(state: showsValue ? .data : .noData, value: ()).data(synced).state
    }
}

/// A loaded value beside its state, and the one transition between loads (spec: `GemLoad<T>`).
///
/// `value` is the value on screen: outside `data` it is the empty value the load was created with.
public struct GemLoad<Value> {
    public var state: GemLoadState
    public var value: Value

    public init(state: GemLoadState, value: Value) {
        self.state = state
        self.value = value
    }

    /// A first load in flight, showing `empty`.
    public static func loading(_ empty: Value) -> GemLoad {
        GemLoad(state: .loading, value: empty)
    }

    /// The next load: success replaces the value; failure keeps a value already shown (`data`)
    /// and shows the error only when nothing is shown.
    public func data(_ result: Result<Value, GemServiceError>) -> GemLoad {
        switch (result, state) {
        case let (.success(value), _):
            GemLoad(state: .data, value: value)
        case (.failure, .data):
            self
        case let (.failure(error), .noData), let (.failure(error), .loading), let (.failure(error), .error):
            GemLoad(state: .error(error: error), value: value)
        }
    }
}

extension GemLoad: Sendable where Value: Sendable {}
extension GemLoad: Equatable where Value: Equatable {}
extension GemLoad: Codable where Value: Codable {}

extension GemLoadState: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, error
    }

    private enum Kind: String, Codable {
        case noData = "no_data"
        case loading, data, error
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .type) {
        case .noData: self = .noData
        case .loading: self = .loading
        case .data: self = .data
        case .error: self = .error(error: try container.decode(GemServiceError.self, forKey: .error))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .noData: try container.encode(Kind.noData, forKey: .type)
        case .loading: try container.encode(Kind.loading, forKey: .type)
        case .data: try container.encode(Kind.data, forKey: .type)
        case let .error(error):
            try container.encode(Kind.error, forKey: .type)
            try container.encode(error, forKey: .error)
        }
    }
}
