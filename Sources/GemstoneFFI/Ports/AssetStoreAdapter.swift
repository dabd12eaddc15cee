import CGemstone
import Gemstone
import Primitives

/// GemAssetStore over a host's gem_asset_store table; assets cross as Asset records, ids as storage strings.
final class AssetStoreAdapter: GemAssetStore {
    private let getAssetsMethod: PortMethod
    private let addAssetsMethod: PortMethod
    private let getWalletAssetsMethod: PortMethod
    private let updateWalletAssetsMethod: PortMethod
    private let release: TableRelease
    private let lifetime: Lifetime
    /// How long one call may wait for the host before it fails with `timeout` (GemStoreTimeout).
    private let timeout: Duration

    init(_ pointer: UnsafePointer<gem_asset_store>?, lifetime: Lifetime, timeout: Duration, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "store")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        getAssetsMethod = try requireMethod(table.get_assets, "store.get_assets", release)
        addAssetsMethod = try requireMethod(table.add_assets, "store.add_assets", release)
        getWalletAssetsMethod = try requireMethod(table.get_wallet_assets, "store.get_wallet_assets", release)
        updateWalletAssetsMethod = try requireMethod(table.update_wallet_assets, "store.update_wallet_assets", release)
        self.lifetime = lifetime
        self.timeout = timeout
    }

    func getAssets(ids: [AssetId]) async throws(GemServiceError) -> [Asset] {
        let args = try portArgs(GemAssetIds(ids: ids))
        return try decodeAnswer([Asset].self, try await getAssetsMethod.call(args, lifetime: lifetime, timeout: timeout), "store.get_assets")
    }

    func addAssets(_ assets: [Asset]) async throws(GemServiceError) {
        _ = try await addAssetsMethod.call(try portArgs(GemAssetsAdd(assets: assets)), lifetime: lifetime, timeout: timeout)
    }

    func getWalletAssets(walletId: WalletId) async throws(GemServiceError) -> [AssetId] {
        let args = try portArgs(GemWalletRef(walletId: walletId))
        return try decodeAnswer([AssetId].self, try await getWalletAssetsMethod.call(args, lifetime: lifetime, timeout: timeout), "store.get_wallet_assets")
    }

    func updateWalletAssets(_ update: GemWalletAssetsUpdate) async throws(GemServiceError) {
        _ = try await updateWalletAssetsMethod.call(try portArgs(update), lifetime: lifetime, timeout: timeout)
    }
}
