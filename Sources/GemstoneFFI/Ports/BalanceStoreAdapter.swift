import CGemstone
import Gemstone
import Primitives

/// GemBalanceStore over a host's gem_balance_store table; rows cross as GemBalance records.
final class BalanceStoreAdapter: GemBalanceStore {
    private let getBalancesMethod: PortMethod
    private let updateBalancesMethod: PortMethod
    private let release: TableRelease
    private let lifetime: Lifetime
    /// How long one call may wait for the host before it fails with `timeout` (GemStoreTimeout).
    private let timeout: Duration

    init(_ pointer: UnsafePointer<gem_balance_store>?, lifetime: Lifetime, timeout: Duration, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "store")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        getBalancesMethod = try requireMethod(table.get_balances, "store.get_balances", release)
        updateBalancesMethod = try requireMethod(table.update_balances, "store.update_balances", release)
        self.lifetime = lifetime
        self.timeout = timeout
    }

    func getBalances(walletId: WalletId, assetIds: [AssetId]) async throws(GemServiceError) -> [GemBalance] {
        let args = try portArgs(GemBalancesQuery(walletId: walletId, assetIds: assetIds))
        return try decodeAnswer([GemBalance].self, try await getBalancesMethod.call(args, lifetime: lifetime, timeout: timeout), "store.get_balances")
    }

    func updateBalances(_ update: GemBalanceUpdate) async throws(GemServiceError) {
        _ = try await updateBalancesMethod.call(try portArgs(update), lifetime: lifetime, timeout: timeout)
    }
}
