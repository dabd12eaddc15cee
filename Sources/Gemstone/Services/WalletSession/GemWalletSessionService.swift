import Primitives

/// The narrow query service for wallets (spec: "GemWalletSessionService is the narrow query service for
/// wallets"): reads wallets and the current one, and depends on nothing but its two stores, so other
/// services read wallets through it rather than holding `GemWalletStore`.
///
/// Kept holding (spec: "A kept holding is a named exception"): it holds `GemWalletStore`, whose owner is
/// `GemWalletService`, because the wallet service already depends on this service; depending back on the
/// wallet service would make a cycle.
public final class GemWalletSessionService: Sendable {
    let walletStore: any GemWalletStore
    let sessionStore: any GemWalletSessionStore

    public init(walletStore: any GemWalletStore, sessionStore: any GemWalletSessionStore) {
        self.walletStore = walletStore
        self.sessionStore = sessionStore
    }

    /// Every wallet, in the user's order (`order`, then `index` for wallets that share an order).
    public func getWallets() async throws(GemServiceError) -> [Wallet] {
        WalletRules.sorted(try await walletStore.getWallets())
    }

    public func getWallet(walletId: WalletId) async throws(GemServiceError) -> Wallet? {
        try await walletStore.getWallet(walletId: walletId)
    }

    /// The wallet, or `notFound`.
    public func requireWallet(walletId: WalletId) async throws(GemServiceError) -> Wallet {
        guard let wallet = try await walletStore.getWallet(walletId: walletId) else {
            throw .notFound(message: "no wallet \(walletId.id)")
        }
        return wallet
    }

    /// The stored current wallet id (sync; it may name a wallet deleted since).
    public func getCurrentWalletId() -> WalletId? {
        sessionStore.getCurrentWalletId()
    }

    /// The current wallet: the stored one while it exists, else the first wallet in the user's order
    /// (what the app shows after the current wallet went away), else nil. Reading writes nothing.
    public func getCurrentWallet() async throws(GemServiceError) -> Wallet? {
        if let id = sessionStore.getCurrentWalletId(), let wallet = try await walletStore.getWallet(walletId: id) {
            return wallet
        }
        return try await getWallets().first
    }
}
