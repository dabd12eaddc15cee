import Primitives

/// The host's store of a wallet's transactions (spec `GemTransactionStore`), owned by the transactions domain: the
/// confirm service writes a submit's pending transactions through it, `GemTransactionStateService` their final
/// state, `GemTransactionsService` reads them. Each call is one store transaction.
public protocol GemTransactionStore: Sendable {
    /// The wallet's transactions, newest first.
    func getTransactions(walletId: WalletId) async throws(GemServiceError) -> [Transaction]
    /// One transaction by its id (`<chain>_<hash>`), nil when not stored.
    func getTransaction(id: String) async throws(GemServiceError) -> Transaction?
    /// Writes the transactions whole (inserted, or replacing the row of the same id), in one transaction.
    func updateTransactions(_ transactions: [Transaction]) async throws(GemServiceError)
}

/// The host's scheduler of transaction tracking (spec: the `GemTransactionStatusService` foreign port schedules
/// `GemTransactionStateService::track` off-thread): the core decides what to track, the host gives the lifetime and
/// the executor, and calls `track` for each id it is handed. Confirmation never awaits the tracking itself.
public protocol GemTransactionStatusService: Sendable {
    func schedule(walletId: WalletId, transactionIds: [String]) async throws(GemServiceError)
}
