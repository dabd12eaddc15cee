import Primitives
@testable import Gemstone

/// `GemTransactionStore` in memory: rows by id, newest first on read; writes can be made to fail.
actor MemoryTransactionStore: GemTransactionStore {
    private(set) var rows: [String: Transaction] = [:]
    private(set) var writes = 0
    private var failure: GemServiceError?

    init(_ transactions: [Transaction] = []) {
        for transaction in transactions { rows[transaction.id] = transaction }
    }

    func failWrites(_ error: GemServiceError? = .store(message: "scripted transaction store failure")) { failure = error }

    func getTransactions(walletId: WalletId) async throws(GemServiceError) -> [Transaction] {
        rows.values.filter { $0.walletId == walletId }.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
    }

    func getTransaction(id: String) async throws(GemServiceError) -> Transaction? { rows[id] }

    func updateTransactions(_ transactions: [Transaction]) async throws(GemServiceError) {
        if let failure { throw failure }
        writes += 1
        for transaction in transactions { rows[transaction.id] = transaction }
    }
}

/// `GemTransactionStatusService` that records what it was asked to schedule (and can refuse).
actor RecordingTransactionStatusService: GemTransactionStatusService {
    private(set) var scheduled: [(WalletId, [String])] = []
    private var refusal: GemServiceError?

    func refuse(_ error: GemServiceError?) { refusal = error }

    func schedule(walletId: WalletId, transactionIds: [String]) async throws(GemServiceError) {
        if let refusal { throw refusal }
        scheduled.append((walletId, transactionIds))
    }
}
