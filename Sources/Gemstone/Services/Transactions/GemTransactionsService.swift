import Blockchain
import Primitives

/// A wallet's transactions (spec `GemTransactionsService`): the one owner of the `GemTransactionStore`. The confirm
/// service stores a submit's pending transactions through it and `GemTransactionStateService` their final state;
/// screens read a wallet's transactions as rows (`transaction_rows`) in the list's window, in one call.
public final class GemTransactionsService: Sendable {
    private let store: any GemTransactionStore
    private let assets: GemAssetsService

    public init(store: any GemTransactionStore, assets: GemAssetsService) {
        self.store = store
        self.assets = assets
    }

    /// The wallet's stored transactions, newest first, at most `window.limit`.
    public func transactions(walletId: WalletId, window: GemListWindow = .transactions) async throws(GemServiceError) -> [Transaction] {
        let all = try await store.getTransactions(walletId: walletId)
        return Array(all.prefix(max(0, window.limit)))
    }

    /// One stored transaction; `notFound` when none has the id.
    public func transaction(id: String) async throws(GemServiceError) -> Transaction {
        guard let transaction = try await store.getTransaction(id: id) else { throw .notFound(message: "no transaction \(id)") }
        return transaction
    }

    /// The wallet's transactions in `window` as rows (the `transaction_rows` projection), each asset and fee asset
    /// read once; `prices` gives an asset's price in `currency` where one is known.
    public func rows(walletId: WalletId, window: GemListWindow = .transactions, currency: String,
                     prices: [AssetId: Double] = [:]) async throws(GemServiceError) -> [GemTransactionRow] {
        let transactions = try await transactions(walletId: walletId, window: window)
        var ids: [AssetId] = []
        for transaction in transactions {
            for id in [transaction.assetId, transaction.feeAssetId] where !ids.contains(id) { ids.append(id) }
        }
        var priced: [GemPricedAsset] = []
        for id in ids {
            priced.append(GemPricedAsset(asset: try await assets.asset(id), price: prices[id]))
        }
        return try transactionRows(transactions, assets: priced, currency: currency)
    }

    // MARK: the writers (the confirm and state services)

    /// Writes transactions whole, in one store transaction.
    func save(_ transactions: [Transaction]) async throws(GemServiceError) {
        try await store.updateTransactions(transactions)
    }

    /// The stored transaction of `id`, nil when none.
    func stored(id: String) async throws(GemServiceError) -> Transaction? {
        try await store.getTransaction(id: id)
    }

    /// The wallet's transactions still in flight.
    func inFlight(walletId: WalletId) async throws(GemServiceError) -> [Transaction] {
        try await store.getTransactions(walletId: walletId).filter(\.state.isInFlight)
    }
}
