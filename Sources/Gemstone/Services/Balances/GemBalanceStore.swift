import Primitives

/// A wallet's balance rows, one per asset; owned by `GemBalanceService`, its only writer.
public protocol GemBalanceStore: Sendable {
    /// The stored rows of `walletId` among `assetIds`, in any order; an asset without a row is left out.
    func getBalances(walletId: WalletId, assetIds: [AssetId]) async throws(GemServiceError) -> [GemBalance]
    /// Upserts `update.balances` under (`update.walletId`, asset id) in ONE transaction: all of them or, on failure,
    /// none (an observer never sees a chain half written).
    func updateBalances(_ update: GemBalanceUpdate) async throws(GemServiceError)
}
