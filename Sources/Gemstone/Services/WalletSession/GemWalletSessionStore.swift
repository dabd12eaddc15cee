import Primitives

/// The current wallet's id (a platform port: several services may hold it). Sync, as the specification
/// has it: the host answers from a value it already holds in memory and persists it on write.
public protocol GemWalletSessionStore: Sendable {
    /// The stored current wallet id, or nil when none is set.
    func getCurrentWalletId() -> WalletId?
    /// Stores `walletId` as current (nil clears it). A failed write throws and leaves the old value.
    func setCurrentWalletId(_ walletId: WalletId?) throws(GemServiceError)
}
