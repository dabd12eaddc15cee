import Primitives

extension GemAmountError {
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

extension GemAmountErrorDisplay {
    /// Whether the screen shows anything at all.
    public var isShown: Bool { self != .none }
}

