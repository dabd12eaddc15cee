import Blockchain
import Primitives

// GemConfirmError, GemConfirmErrorDisplay and GemBalanceRequirement are generated from schema/confirm.json
// (Generated/Confirm+Schema.swift); their behaviour stays here.

extension GemConfirmError {
    /// The one conversion from the shared service error (spec § 9): a cancellation and an unreachable node or API
    /// keep their own cases, every other failure is `load` with the error's message.
    public init(_ error: GemServiceError) {
        switch error {
        case .cancelled: self = .cancelled
        case let .offline(message), let .timeout(message): self = .offline(message: message)
        default: self = .load(message: error.message)
        }
    }

    /// A chain client's failure on `chain` in a load stage, through the service error it is everywhere else.
    init(_ error: ChainClientError, chain: Chain) {
        if case let .unsupported(message) = error {
            self = .unsupported(message: "\(chain.id): \(message)")
            return
        }
        self.init(error.serviceError(chain: chain))
    }

    /// A signing-key failure: the two the screen shows on their own (watch-only, wrong password), a port failure
    /// as the service error it is, any other as `sign`.
    init(_ error: GemSigningError, chain: Chain) {
        switch error {
        case .watchOnly: self = .watchOnly
        case .wrongPassword: self = .wrongPassword
        case .service(let error): self.init(error)
        default: self = .sign(chain: chain, message: error.description)
        }
    }

    /// What the screen shows (spec "An error crosses to the app as a display, not as itself"): a short fee with
    /// and without a known requirement are two cases; the failures a user cannot act on collapse into `failed`.
    public func display() -> GemConfirmErrorDisplay {
        switch self {
        case .cancelled: .none
        case .offline: .offline
        case let .load(message), let .unsupported(message): .failed(message: message)
        case .invalidRecipient: .invalidRecipient
        case .scanMalicious: .maliciousRecipient
        case let .scanMemoRequired(symbol): .memoRequired(symbol: symbol)
        case let .insufficientBalance(asset, requirement): .insufficientBalance(asset: asset, requirement: requirement)
        case let .insufficientNetworkFee(asset, requirement):
            if let requirement { .networkFeeRequired(asset: asset, requirement: requirement) } else { .networkFeeMissing(asset: asset) }
        case let .belowRecipientMinimum(asset, minimum): .belowMinimum(asset: asset, minimum: minimum)
        case .watchOnly: .watchOnly
        case .wrongPassword: .wrongPassword
        case let .sign(_, message): .failed(message: message)
        case let .broadcastRejected(_, message): .broadcastRejected(message: message)
        case let .broadcastUnknown(_, message): .broadcastUnknown(message: message)
        case let .notStored(_, hash, message): .failed(message: "sent as \(hash), but not stored: \(message)")
        }
    }
}

extension GemBalanceRequirement {
    /// What is required, what is available and the difference (zero when nothing is missing).
    public init(required: BigUInt, available: BigUInt) {
        self.init(required: required, available: available, shortfall: required.subtracting(available) ?? .zero)
    }
}

extension GemConfirmErrorDisplayRequest: GemProjection {
    /// `gem_confirm_error_display`: the error's display.
    public func answer() throws(GemServiceError) -> GemConfirmErrorDisplay {
        error.display()
    }
}
