// The type is generated from schema/primitives.json (Generated/Primitives+Schema.swift).

extension TransactionState {
    /// Still moving: pending or in transit.
    public var isInFlight: Bool { self == .pending || self == .inTransit }

    /// Ended without moving value: failed or reverted.
    public var isUnsuccessful: Bool { self == .failed || self == .reverted }
}
