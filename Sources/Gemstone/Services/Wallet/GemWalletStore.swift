import Primitives

/// The wallets kept on the device with their accounts (one persistence owner: `GemWalletService` writes,
/// `GemWalletSessionService` reads). Async: database reads go off the main thread on every platform
/// (spec "Sync reads require an already-held value").
///
/// `addWallet` inserts a wallet and its accounts in one transaction and must not overwrite: a wallet with
/// the same id already stored is a `store` failure with nothing written. `saveWallet` replaces a stored
/// wallet's fields (name, pin, order), writing only what changed. `deleteWallet` removes a wallet and its
/// accounts; deleting an id that is not stored succeeds.
public protocol GemWalletStore: Sendable {
    func getWallets() async throws(GemServiceError) -> [Wallet]
    func getWallet(walletId: WalletId) async throws(GemServiceError) -> Wallet?
    func addWallet(_ wallet: Wallet) async throws(GemServiceError)
    func saveWallet(_ wallet: Wallet) async throws(GemServiceError)
    func deleteWallet(walletId: WalletId) async throws(GemServiceError)
}
