import Primitives
@testable import Gemstone

/// `GemWalletStore` in memory with the adapters' semantics: `addWallet` refuses an id already stored,
/// `saveWallet` replaces a stored wallet, `deleteWallet` of an unknown id succeeds; reads answer in
/// insertion order. Any method can be made to fail until `heal()`; writes are counted.
actor MemoryWalletStore: GemWalletStore {
    enum Method: Hashable, CaseIterable {
        case getWallets, getWallet, addWallet, saveWallet, deleteWallet
    }

    private(set) var wallets: [Wallet]
    private(set) var writes: [Method] = []
    private var failures: [Method: GemServiceError] = [:]

    init(_ wallets: [Wallet] = []) {
        self.wallets = wallets
    }

    func fail(_ method: Method, with error: GemServiceError = .store(message: "scripted store failure")) {
        failures[method] = error
    }

    func heal() {
        failures = [:]
    }

    private func check(_ method: Method) throws(GemServiceError) {
        if let error = failures[method] { throw error }
    }

    func getWallets() async throws(GemServiceError) -> [Wallet] {
        try check(.getWallets)
        return wallets
    }

    func getWallet(walletId: WalletId) async throws(GemServiceError) -> Wallet? {
        try check(.getWallet)
        return wallets.first { $0.id == walletId }
    }

    func addWallet(_ wallet: Wallet) async throws(GemServiceError) {
        try check(.addWallet)
        guard !wallets.contains(where: { $0.id == wallet.id }) else {
            throw .store(message: "wallet \(wallet.id.id) exists")
        }
        wallets.append(wallet)
        writes.append(.addWallet)
    }

    func saveWallet(_ wallet: Wallet) async throws(GemServiceError) {
        try check(.saveWallet)
        guard let index = wallets.firstIndex(where: { $0.id == wallet.id }) else {
            throw .store(message: "wallet \(wallet.id.id) is not stored")
        }
        wallets[index] = wallet
        writes.append(.saveWallet)
    }

    func deleteWallet(walletId: WalletId) async throws(GemServiceError) {
        try check(.deleteWallet)
        wallets.removeAll { $0.id == walletId }
        writes.append(.deleteWallet)
    }
}
