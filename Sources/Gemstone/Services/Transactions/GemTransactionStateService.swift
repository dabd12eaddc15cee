import Blockchain
import Primitives

/// Tracks broadcast transactions to their final state (spec `GemTransactionStateService::track`, scheduled by the
/// host's `GemTransactionStatusService` port): asks the chain for the status every `interval` until it is final,
/// then stores the final state and the fee paid and refreshes the wallet's balances through the balance service.
/// The core decides what to track; the host gives the lifetime (cancelling the call stops the polls) and the time
/// (`sleep`, injected so tests and hosts choose the schedule).
public final class GemTransactionStateService: Sendable {
    private let transactions: GemTransactionsService
    private let transfers: any GemChainTransfers
    private let balances: GemBalanceService?
    private let interval: Duration
    private let maxPolls: Int
    private let sleep: @Sendable (Duration) async throws -> Void

    /// `interval` between polls, at most `maxPolls` of them (then `timeout`); `balances` nil refreshes nothing.
    public init(transactions: GemTransactionsService, transfers: any GemChainTransfers, balances: GemBalanceService?,
                interval: Duration = .seconds(2), maxPolls: Int = 900,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.transactions = transactions
        self.transfers = transfers
        self.balances = balances
        self.interval = interval
        self.maxPolls = max(1, maxPolls)
        self.sleep = sleep
    }

    /// Polls the transaction `id` until final and answers it as stored. A transaction already final is answered
    /// without a request. A failed status request is asked again at the next poll; after `maxPolls` polls without a
    /// final state the last failure (or `timeout`) is thrown and the stored transaction stays pending.
    public func track(transactionId id: String) async throws(GemServiceError) -> Transaction {
        let transaction = try await transactions.transaction(id: id)
        guard transaction.state.isInFlight else { return transaction }
        let chain = transaction.assetId.chain
        let transfer = try await transfers.transfer(for: chain)
        let input = TransferInput(assetId: transaction.assetId, sender: transaction.from, recipient: transaction.to,
                                  amount: transaction.value, memo: transaction.memo)
        var lastError: GemServiceError?
        for poll in 0..<maxPolls {
            if Task.isCancelled { throw .cancelled }
            let status: ChainTransactionStatus?
            do throws(ChainClientError) {
                status = try await transfer.status(hash: transaction.hash, input: input)
                lastError = nil
            } catch {
                status = nil
                lastError = error.serviceError(chain: chain)
            }
            if let status, let final = TransactionStateRules.apply(status, to: transaction) {
                try await transactions.save([final])
                if let balances { _ = try? await balances.update(walletId: final.walletId) }
                return final
            }
            if poll + 1 < maxPolls {
                do {
                    try await sleep(interval)
                } catch {
                    throw .cancelled
                }
            }
        }
        throw lastError ?? .timeout(message: "\(chain.id): \(transaction.hash) not final after \(maxPolls) polls")
    }

    /// Tracks every in-flight transaction of the wallet (after a restart), one after another; answers them as stored.
    public func trackPending(walletId: WalletId) async throws(GemServiceError) -> [Transaction] {
        var tracked: [Transaction] = []
        for transaction in try await transactions.inFlight(walletId: walletId) {
            tracked.append(try await track(transactionId: transaction.id))
        }
        return tracked
    }
}

/// The state rule of tracking (pure).
enum TransactionStateRules {
    /// The transaction with the final state of `status` and the fee it paid (the estimate stays when the chain does
    /// not report one); nil while the status is still in flight.
    static func apply(_ status: ChainTransactionStatus, to transaction: Transaction) -> Transaction? {
        guard !status.state.isInFlight else { return nil }
        var final = transaction
        final.state = status.state
        if let fee = status.fee { final.fee = fee }
        return final
    }
}
