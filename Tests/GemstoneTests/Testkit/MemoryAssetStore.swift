import Primitives
@testable import Gemstone

/// `GemAssetStore` in memory; writes are counted.
actor MemoryAssetStore: GemAssetStore {
    private(set) var assets: [AssetId: Asset] = [:]
    private(set) var walletAssets: [WalletId: [AssetId]] = [:]
    private(set) var writes = 0

    init(assets: [Asset] = [], walletAssets: [WalletId: [AssetId]] = [:]) {
        for asset in assets { self.assets[asset.id] = asset }
        self.walletAssets = walletAssets
    }

    func getAssets(ids: [AssetId]) async throws(GemServiceError) -> [Asset] { ids.compactMap { assets[$0] } }

    func addAssets(_ assets: [Asset]) async throws(GemServiceError) {
        writes += 1
        for asset in assets { self.assets[asset.id] = asset }
    }

    func getWalletAssets(walletId: WalletId) async throws(GemServiceError) -> [AssetId] { walletAssets[walletId] ?? [] }

    func updateWalletAssets(_ update: GemWalletAssetsUpdate) async throws(GemServiceError) {
        writes += 1
        var list = walletAssets[update.walletId] ?? []
        list.removeAll { update.remove.contains($0) }
        for id in update.add where !list.contains(id) { list.append(id) }
        walletAssets[update.walletId] = list
    }
}
