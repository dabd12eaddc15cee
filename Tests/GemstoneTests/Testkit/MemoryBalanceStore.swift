import Primitives
@testable import Gemstone

/// `GemBalanceStore` in memory with the adapters' semantics: an update applies all its rows or, when scripted to
/// fail, none. Every update is logged; a test can wait for the first write of a chain.
actor MemoryBalanceStore: GemBalanceStore {
    private(set) var rows: [WalletId: [AssetId: GemBalance]] = [:]
    private(set) var updates: [GemBalanceUpdate] = []
    private var failures: [Chain: GemServiceError] = [:]
    private var writeWaiters: [Chain: [CheckedContinuation<Void, Never>]] = [:]

    init(_ rows: [WalletId: [GemBalance]] = [:]) {
        for (walletId, list) in rows {
            self.rows[walletId] = Dictionary(list.map { ($0.assetId, $0) }, uniquingKeysWith: { _, last in last })
        }
    }

    func failUpdates(of chain: Chain, with error: GemServiceError = .store(message: "scripted balance store failure")) {
        failures[chain] = error
    }

    func heal() { failures = [:] }

    func row(_ walletId: WalletId, _ assetId: AssetId) -> GemBalance? { rows[walletId]?[assetId] }

    /// The chains written, in order.
    var writtenChains: [Chain] { updates.map(\.chain) }

    /// Returns once `chain` has been written (at once when it already was).
    func waitForWrite(of chain: Chain) async {
        guard !updates.contains(where: { $0.chain == chain }) else { return }
        await withCheckedContinuation { writeWaiters[chain, default: []].append($0) }
    }

    func getBalances(walletId: WalletId, assetIds: [AssetId]) async throws(GemServiceError) -> [GemBalance] {
        assetIds.compactMap { rows[walletId]?[$0] }
    }

    func updateBalances(_ update: GemBalanceUpdate) async throws(GemServiceError) {
        if let failure = failures[update.chain] { throw failure }
        for row in update.balances { rows[update.walletId, default: [:]][row.assetId] = row }
        updates.append(update)
        for waiter in writeWaiters.removeValue(forKey: update.chain) ?? [] { waiter.resume() }
    }
}
