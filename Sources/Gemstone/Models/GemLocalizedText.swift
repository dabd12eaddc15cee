import Primitives

/// Text a row shows that the app localizes: Core returns the case, the app's one mapper file
/// returns the string.
public enum GemLocalizedText: Sendable, Equatable, Hashable {
    /// Printed as given (a name, a value Core composed).
    case text(text: String)
    /// The localized text of a row title, used as a value.
    case rowTitle(title: GemListRowTitle)
    /// The name of a transaction state ("Pending", "Confirmed" …).
    case transactionState(state: TransactionState)
}

extension GemLocalizedText: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, text, title, state
    }

    private enum Kind: String, Codable {
        case text
        case rowTitle = "row_title"
        case transactionState = "transaction_state"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .type) {
        case .text: self = .text(text: try container.decode(String.self, forKey: .text))
        case .rowTitle: self = .rowTitle(title: try container.decode(GemListRowTitle.self, forKey: .title))
        case .transactionState: self = .transactionState(state: try container.decode(TransactionState.self, forKey: .state))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .text(text):
            try container.encode(Kind.text, forKey: .type)
            try container.encode(text, forKey: .text)
        case let .rowTitle(title):
            try container.encode(Kind.rowTitle, forKey: .type)
            try container.encode(title, forKey: .title)
        case let .transactionState(state):
            try container.encode(Kind.transactionState, forKey: .type)
            try container.encode(state, forKey: .state)
        }
    }
}
