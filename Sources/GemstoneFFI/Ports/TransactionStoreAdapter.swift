import CGemstone
import Gemstone
import Primitives

/// GemTransactionStore over a host's gem_transaction_store table; rows cross as Transaction records.
final class TransactionStoreAdapter: GemTransactionStore {
    private let getTransactionsMethod: PortMethod
    private let getTransactionMethod: PortMethod
    private let updateTransactionsMethod: PortMethod
    private let release: TableRelease
    private let lifetime: Lifetime
    /// How long one call may wait for the host before it fails with `timeout` (GemStoreTimeout).
    private let timeout: Duration

    init(_ pointer: UnsafePointer<gem_transaction_store>?, lifetime: Lifetime, timeout: Duration, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "store")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        getTransactionsMethod = try requireMethod(table.get_transactions, "store.get_transactions", release)
        getTransactionMethod = try requireMethod(table.get_transaction, "store.get_transaction", release)
        updateTransactionsMethod = try requireMethod(table.update_transactions, "store.update_transactions", release)
        self.lifetime = lifetime
        self.timeout = timeout
    }

    func getTransactions(walletId: WalletId) async throws(GemServiceError) -> [Transaction] {
        let args = try portArgs(GemWalletRef(walletId: walletId))
        return try decodeAnswer([Transaction].self, try await getTransactionsMethod.call(args, lifetime: lifetime, timeout: timeout), "store.get_transactions")
    }

    func getTransaction(id: String) async throws(GemServiceError) -> Transaction? {
        let args = try portArgs(GemTransactionRef(id: id))
        return try decodeAnswer(Transaction?.self, try await getTransactionMethod.call(args, lifetime: lifetime, timeout: timeout), "store.get_transaction")
    }

    func updateTransactions(_ transactions: [Transaction]) async throws(GemServiceError) {
        let args = try portArgs(GemTransactionsUpdate(transactions: transactions))
        _ = try await updateTransactionsMethod.call(args, lifetime: lifetime, timeout: timeout)
    }
}

/// GemTransactionStatusService over a host's gem_transaction_status_port table.
final class TransactionStatusPortAdapter: GemTransactionStatusService {
    private let scheduleMethod: PortMethod
    private let release: TableRelease
    private let lifetime: Lifetime
    /// How long one call may wait for the host before it fails with `timeout` (GemStoreTimeout).
    private let timeout: Duration

    init(_ pointer: UnsafePointer<gem_transaction_status_port>?, lifetime: Lifetime, timeout: Duration, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "status")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        scheduleMethod = try requireMethod(table.schedule, "status.schedule", release)
        self.lifetime = lifetime
        self.timeout = timeout
    }

    func schedule(walletId: WalletId, transactionIds: [String]) async throws(GemServiceError) {
        let args = try portArgs(GemTransactionSchedule(walletId: walletId, transactionIds: transactionIds))
        _ = try await scheduleMethod.call(args, lifetime: lifetime, timeout: timeout)
    }
}
