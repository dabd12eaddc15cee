import Primitives

/// Why an amount cannot be sent, for control flow. A screen shows `display()` instead.
public enum GemAmountError: Error, Sendable, Equatable, Hashable {
    /// The text is not a number.
    case invalidNumber
    /// The text has more places than the asset (`decimals`).
    case tooManyDecimals(decimals: Int)
    /// The amount is zero.
    case zero
    /// The amount is below what the action accepts (`minimum`, atomic).
    case belowMinimum(asset: Asset, minimum: BigUInt)
    /// The amount is more than the balance (`available`, atomic).
    case insufficientBalance(asset: Asset, available: BigUInt)

    /// What the screen shows (spec: `GemAmountError::display`): a zero amount is silent, and an
    /// asset is named "Name (SYMBOL)" unless its name already equals its symbol.
    public func display() -> GemAmountErrorDisplay {
        switch self {
        case .zero: .none
        case .invalidNumber: .invalidAmount
        case let .tooManyDecimals(decimals): .tooManyDecimals(decimals: decimals)
        case let .belowMinimum(asset, minimum):
            .belowMinimum(title: GemAmountError.title(asset), minimum: .amount(BigInt(minimum), decimals: Int(asset.decimals), symbol: asset.symbol, style: .full))
        case let .insufficientBalance(asset, _): .insufficientBalance(title: GemAmountError.title(asset))
        }
    }

    static func title(_ asset: Asset) -> String {
        asset.name == asset.symbol ? asset.name : "\(asset.name) (\(asset.symbol))"
    }
}

/// What an amount error shows, one case per thing a user reads differently.
public enum GemAmountErrorDisplay: Sendable, Equatable, Hashable {
    /// Nothing: the error is not shown (a zero amount).
    case none
    case invalidAmount
    case tooManyDecimals(decimals: Int)
    case belowMinimum(title: String, minimum: GemFormattedNumber)
    case insufficientBalance(title: String)

    /// Whether the screen shows anything at all.
    public var isShown: Bool { self != .none }
}

extension GemAmountError: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, decimals, asset, minimum, available
    }

    private enum Kind: String, Codable {
        case invalidNumber = "invalid_number"
        case tooManyDecimals = "too_many_decimals"
        case zero
        case belowMinimum = "below_minimum"
        case insufficientBalance = "insufficient_balance"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .type) {
        case .invalidNumber: self = .invalidNumber
        case .tooManyDecimals: self = .tooManyDecimals(decimals: try container.decode(Int.self, forKey: .decimals))
        case .zero: self = .zero
        case .belowMinimum:
            self = .belowMinimum(asset: try container.decode(Asset.self, forKey: .asset), minimum: try container.decode(BigUInt.self, forKey: .minimum))
        case .insufficientBalance:
            self = .insufficientBalance(asset: try container.decode(Asset.self, forKey: .asset), available: try container.decode(BigUInt.self, forKey: .available))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .invalidNumber: try container.encode(Kind.invalidNumber, forKey: .type)
        case let .tooManyDecimals(decimals):
            try container.encode(Kind.tooManyDecimals, forKey: .type)
            try container.encode(decimals, forKey: .decimals)
        case .zero: try container.encode(Kind.zero, forKey: .type)
        case let .belowMinimum(asset, minimum):
            try container.encode(Kind.belowMinimum, forKey: .type)
            try container.encode(asset, forKey: .asset)
            try container.encode(minimum, forKey: .minimum)
        case let .insufficientBalance(asset, available):
            try container.encode(Kind.insufficientBalance, forKey: .type)
            try container.encode(asset, forKey: .asset)
            try container.encode(available, forKey: .available)
        }
    }
}

extension GemAmountErrorDisplay: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, decimals, title, minimum
    }

    private enum Kind: String, Codable {
        case none
        case invalidAmount = "invalid_amount"
        case tooManyDecimals = "too_many_decimals"
        case belowMinimum = "below_minimum"
        case insufficientBalance = "insufficient_balance"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .type) {
        case .none: self = .none
        case .invalidAmount: self = .invalidAmount
        case .tooManyDecimals: self = .tooManyDecimals(decimals: try container.decode(Int.self, forKey: .decimals))
        case .belowMinimum:
            self = .belowMinimum(title: try container.decode(String.self, forKey: .title), minimum: try container.decode(GemFormattedNumber.self, forKey: .minimum))
        case .insufficientBalance: self = .insufficientBalance(title: try container.decode(String.self, forKey: .title))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .none: try container.encode(Kind.none, forKey: .type)
        case .invalidAmount: try container.encode(Kind.invalidAmount, forKey: .type)
        case let .tooManyDecimals(decimals):
            try container.encode(Kind.tooManyDecimals, forKey: .type)
            try container.encode(decimals, forKey: .decimals)
        case let .belowMinimum(title, minimum):
            try container.encode(Kind.belowMinimum, forKey: .type)
            try container.encode(title, forKey: .title)
            try container.encode(minimum, forKey: .minimum)
        case let .insufficientBalance(title):
            try container.encode(Kind.insufficientBalance, forKey: .type)
            try container.encode(title, forKey: .title)
        }
    }
}
