import Primitives

/// The amount screen's state (spec: sessions are pure values): the text typed, whether max is
/// on, the asset and its balance, and the number format the session was created with. Each event
/// returns the next session; `viewState(price:)` answers the whole screen in one record.
extension GemAmountSession {
    /// A new session: nothing typed, max off.
    public init(asset: Asset, balance: BigUInt, currency: String, format: GemNumberFormat, minimum: BigUInt? = nil) {
        self.init(asset: asset, balance: balance, currency: currency, format: format, minimum: minimum, text: "", isMax: false)
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
