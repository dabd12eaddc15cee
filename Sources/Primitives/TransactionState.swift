/// Where a transaction is in its life.
public enum TransactionState: String, CaseIterable, Sendable, Hashable, Codable {
    case pending
    case confirmed
    /// Left this chain and not yet arrived on the other (a cross-chain swap).
    case inTransit = "in_transit"
    case failed
    /// Included, then undone by the chain.
    case reverted

    /// Still moving: pending or in transit.
    public var isInFlight: Bool { self == .pending || self == .inTransit }

    /// Ended without moving value: failed or reverted.
    public var isUnsuccessful: Bool { self == .failed || self == .reverted }
}
