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

