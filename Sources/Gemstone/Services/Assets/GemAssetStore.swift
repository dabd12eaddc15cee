import Primitives

/// The token assets the device knows and the tokens each wallet shows; owned by `GemAssetsService`. Native assets
/// are the core's (from the chain's configuration) and are never stored.
public protocol GemAssetStore: Sendable {
    /// The stored assets among `ids`, in any order; an id not stored is left out.
    func getAssets(ids: [AssetId]) async throws(GemServiceError) -> [Asset]
    /// Upserts `assets` under their id, in one transaction.
    func addAssets(_ assets: [Asset]) async throws(GemServiceError)
    /// The tokens `walletId` shows, in the order they were added.
    func getWalletAssets(walletId: WalletId) async throws(GemServiceError) -> [AssetId]
    /// Adds and removes tokens of a wallet's list, in one transaction.
    func updateWalletAssets(_ update: GemWalletAssetsUpdate) async throws(GemServiceError)
}
