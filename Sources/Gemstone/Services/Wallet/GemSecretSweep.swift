import Primitives

/// What the wallet service's sweep at start found and did (`GemWalletService.startupSweep`).
public struct GemSecretSweep: Sendable, Equatable {
    /// Keys of journal-listed secrets deleted because no wallet is stored under them (an import that
    /// crashed or whose undo failed).
    public var removedSecrets: [String] = []
    /// Stored wallets whose secret is missing (a delete whose undo failed, or a record removed outside the
    /// core): exporting answers not_found, and importing the same secret again writes it back.
    public var walletsWithoutSecret: [WalletId] = []
    /// The failure that stopped the sweep, nil when it ran through; what it had not settled stays listed
    /// for the next start.
    public var failure: GemServiceError?

    public init(removedSecrets: [String] = [], walletsWithoutSecret: [WalletId] = [], failure: GemServiceError? = nil) {
        self.removedSecrets = removedSecrets
        self.walletsWithoutSecret = walletsWithoutSecret
        self.failure = failure
    }
}
