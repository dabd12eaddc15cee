import CGemstone
import Gemstone
import Primitives

/// GemWalletStore over a host's gem_wallet_store table. Wallets cross as the wallet record of
/// gemstone.h; an answer that is not one is the host's contract failure (`port`).
final class WalletStoreAdapter: GemWalletStore {
    private let getWallets: PortMethod
    private let getWallet: PortMethod
    private let addWallet: PortMethod
    private let saveWallet: PortMethod
    private let deleteWallet: PortMethod
    private let release: TableRelease
    private let lifetime: Lifetime
    /// How long one call may wait for the host before it fails with `timeout` (GemStoreTimeout).
    private let timeout: Duration

    init(_ pointer: UnsafePointer<gem_wallet_store>?, lifetime: Lifetime, timeout: Duration, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "store")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        getWallets = try requireMethod(table.get_wallets, "store.get_wallets", release)
        getWallet = try requireMethod(table.get_wallet, "store.get_wallet", release)
        addWallet = try requireMethod(table.add_wallet, "store.add_wallet", release)
        saveWallet = try requireMethod(table.save_wallet, "store.save_wallet", release)
        deleteWallet = try requireMethod(table.delete_wallet, "store.delete_wallet", release)
        self.lifetime = lifetime
        self.timeout = timeout
    }

    func getWallets() async throws(GemServiceError) -> [Wallet] {
        let answer = try await getWallets.call(Array("{}".utf8), lifetime: lifetime, timeout: timeout)
        return try decodeAnswer([Wallet].self, answer, "store.get_wallets")
    }

    func getWallet(walletId: WalletId) async throws(GemServiceError) -> Wallet? {
        let answer = try await getWallet.call(Self.walletIdArgs(walletId), lifetime: lifetime, timeout: timeout)
        return try decodeAnswer(Wallet?.self, answer, "store.get_wallet")
    }

    func addWallet(_ wallet: Wallet) async throws(GemServiceError) {
        _ = try await addWallet.call(try Self.walletArgs(wallet), lifetime: lifetime, timeout: timeout)
    }

    func saveWallet(_ wallet: Wallet) async throws(GemServiceError) {
        _ = try await saveWallet.call(try Self.walletArgs(wallet), lifetime: lifetime, timeout: timeout)
    }

    func deleteWallet(walletId: WalletId) async throws(GemServiceError) {
        _ = try await deleteWallet.call(Self.walletIdArgs(walletId), lifetime: lifetime, timeout: timeout)
    }

    private static func walletIdArgs(_ walletId: WalletId) throws(GemServiceError) -> [UInt8] {
        try portArgs(GemWalletRef(walletId: walletId))
    }

    private static func walletArgs(_ wallet: Wallet) throws(GemServiceError) -> [UInt8] {
        try portArgs(GemWalletWrite(wallet: wallet))
    }
}
