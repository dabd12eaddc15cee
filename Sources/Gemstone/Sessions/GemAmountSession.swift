import Primitives

/// The amount screen's state (spec: sessions are pure values): the text typed, whether max is
/// on, the asset and its balance, and the number format the session was created with. Each event
/// returns the next session; `viewState(price:)` answers the whole screen in one record.
public struct GemAmountSession: Sendable, Equatable, Codable {
    public var asset: Asset
    /// The spendable balance, atomic.
    public var balance: BigUInt
    /// The currency `viewState(price:)` reads the price in.
    public var currency: String
    /// Kept from creation: the typed text is read only through it.
    public var format: GemNumberFormat
    /// The least amount the action accepts, atomic; nil when any non-zero amount goes.
    public var minimum: BigUInt?
    public var text: String
    public var isMax: Bool

    public init(asset: Asset, balance: BigUInt, currency: String, format: GemNumberFormat, minimum: BigUInt? = nil) {
        self.asset = asset
        self.balance = balance
        self.currency = currency
        self.format = format
        self.minimum = minimum
        self.text = ""
        self.isMax = false
    }

    /// The person typed: the field holds `text`, and max is off.
    public func typed(_ text: String) -> GemAmountSession {
        var next = self
        next.text = text
        next.isMax = false
        return next
    }

    /// Max pressed: on, the field holds the whole balance; off again, the field is cleared.
    public func maxToggled() -> GemAmountSession {
        var next = self
        next.isMax.toggle()
        next.text = next.isMax ? format.inputText(balance, decimals: decimals) : ""
        return next
    }

    /// A new balance arrived; a max amount follows it.
    public func balanceChanged(_ balance: BigUInt) -> GemAmountSession {
        var next = self
        next.balance = balance
        if next.isMax { next.text = format.inputText(balance, decimals: decimals) }
        return next
    }

    /// One event applied (the form the ABI takes: one call for every event).
    public func applying(_ event: GemAmountEvent) -> GemAmountSession {
        switch event {
        case let .typed(text): typed(text)
        case .maxToggled: maxToggled()
        case let .balanceChanged(balance): balanceChanged(balance)
        }
    }

    /// The screen: the parsed value, the amount check and what it shows, the fiat equivalent at
    /// `price` (per whole unit, in `currency`), and whether continue is enabled.
    public func viewState(price: Double?) -> GemAmountViewState {
        let checked = check()
        let fiat: GemFormattedNumber? =
            switch (checked.value, checked.check, price) {
            case let (.some(value), _, .some(price)): .fiat(BigInt(value), decimals: decimals, price: price, code: currency)
            case let (.none, .empty, .some(price)): .fiat(.zero, decimals: decimals, price: price, code: currency)
            default: nil
            }
        return GemAmountViewState(
            value: checked.value,
            check: checked.check,
            error: checked.error?.display() ?? .none,
            fiat: fiat,
            isMax: isMax,
            canContinue: checked.check == .ok
        )
    }

    private var decimals: Int { Int(asset.decimals) }

    /// The amount rules in order: no amount, not a number, zero, over the balance, below the
    /// minimum. A max amount is the balance itself, never a re-parse of its text.
    func check() -> (value: BigUInt?, check: GemAmountCheck, error: GemAmountError?) {
        let value: BigUInt
        if isMax {
            value = balance
        } else {
            guard let plain = format.plainNumber(text) else { return (nil, .invalid, .invalidNumber) }
            if plain.isEmpty { return (nil, .empty, nil) }
            switch format.value(fromInput: text, decimals: decimals) {
            case let .success(parsed): value = parsed
            case let .failure(error): return (nil, .invalid, error)
            }
        }
        if value.isZero { return (value, .invalid, .zero) }
        if value > balance { return (value, .overBalance, .insufficientBalance(asset: asset, available: balance)) }
        if let minimum, value < minimum { return (value, .invalid, .belowMinimum(asset: asset, minimum: minimum)) }
        return (value, .ok, nil)
    }
}

/// An event of the amount screen.
public enum GemAmountEvent: Sendable, Equatable {
    case typed(text: String)
    case maxToggled
    case balanceChanged(balance: BigUInt)
}

/// The amount check, one case per thing the screen does differently.
public enum GemAmountCheck: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Nothing typed.
    case empty
    /// Not an amount that can be sent (not a number, too many places, zero, below the minimum).
    case invalid
    /// More than the balance.
    case overBalance = "over_balance"
    case ok
}

/// The amount screen in one record.
public struct GemAmountViewState: Sendable, Equatable, Codable {
    /// The exact atomic amount, when the text reads as one.
    public var value: BigUInt?
    public var check: GemAmountCheck
    /// What the screen shows under the field (`none` when nothing).
    public var error: GemAmountErrorDisplay
    /// The amount's worth; nil without a price or an amount.
    public var fiat: GemFormattedNumber?
    public var isMax: Bool
    public var canContinue: Bool

    public init(value: BigUInt?, check: GemAmountCheck, error: GemAmountErrorDisplay, fiat: GemFormattedNumber?, isMax: Bool, canContinue: Bool) {
        self.value = value
        self.check = check
        self.error = error
        self.fiat = fiat
        self.isMax = isMax
        self.canContinue = canContinue
    }
}

extension GemAmountEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, text, balance
    }

    private enum Kind: String, Codable {
        case typed
        case maxToggled = "max_toggled"
        case balanceChanged = "balance_changed"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .type) {
        case .typed: self = .typed(text: try container.decode(String.self, forKey: .text))
        case .maxToggled: self = .maxToggled
        case .balanceChanged: self = .balanceChanged(balance: try container.decode(BigUInt.self, forKey: .balance))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .typed(text):
            try container.encode(Kind.typed, forKey: .type)
            try container.encode(text, forKey: .text)
        case .maxToggled:
            try container.encode(Kind.maxToggled, forKey: .type)
        case let .balanceChanged(balance):
            try container.encode(Kind.balanceChanged, forKey: .type)
            try container.encode(balance, forKey: .balance)
        }
    }
}
