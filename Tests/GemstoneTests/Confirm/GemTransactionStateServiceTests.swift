import Blockchain
import GemCrypto
import Primitives
import Synchronization
import Testing
@testable import Gemstone

/// Tracking after a submit: polls until final, stores the final state and fee, refreshes balances; and the wallet's
/// transactions as rows.
struct GemTransactionStateServiceTests {
    /// The state service over the harness's transactions and transfer, polling without waiting, counting its sleeps.
    static func tracker(_ h: ConfirmHarness, maxPolls: Int = 10) -> GemTransactionStateService {
        let counter = Counter()
        return GemTransactionStateService(transactions: h.transactions, transfers: ScriptedChainTransfers(transfer: h.transfer), balances: nil,
                                          interval: .milliseconds(1), maxPolls: maxPolls, sleep: { _ in counter.add() })
    }

    final class Counter: Sendable {
        let value = Mutex(0)
        func add() { value.withLock { $0 += 1 } }
    }

    static func submitted(_ h: ConfirmHarness) async throws -> String {
        try await h.service.submit(h.request(), priority: .normal).transactionIds[0]
    }

    @Test(arguments: [TransactionState.confirmed, .failed, .reverted])
    func trackingPollsUntilFinalAndStoresTheStateAndFee(_ state: TransactionState) async throws {
        let h = try await ConfirmHarness()
        let id = try await Self.submitted(h)
        await h.transfer.script(statuses: [ChainTransactionStatus(state: .pending), ChainTransactionStatus(state: .pending),
                                           ChainTransactionStatus(state: state, blockNumber: 9, fee: BigUInt(21_000_000_000_000))])
        let final = try await Self.tracker(h).track(transactionId: id)
        #expect(final.state == state)
        #expect(final.fee == BigUInt(21_000_000_000_000))
        #expect(await h.transfer.count(.status) == 3)
        #expect(await h.store.rows[id] == final)
    }

    @Test func aFinalTransactionIsAnsweredWithoutARequest() async throws {
        let h = try await ConfirmHarness()
        let id = try await Self.submitted(h)
        await h.transfer.script(statuses: [ChainTransactionStatus(state: .confirmed)])
        _ = try await Self.tracker(h).track(transactionId: id)
        let again = try await Self.tracker(h).track(transactionId: id)
        #expect(again.state == TransactionState.confirmed)
        #expect(await h.transfer.count(.status) == 1)
    }

    @Test func aStatusFailureIsAskedAgainAndTheLastOneReportedWhenPollsRunOut() async throws {
        let h = try await ConfirmHarness()
        let id = try await Self.submitted(h)
        await h.transfer.fail(.status, with: .offline("down"))
        await #expect(throws: GemServiceError.offline(message: "ethereum: down")) {
            try await Self.tracker(h, maxPolls: 3).track(transactionId: id)
        }
        #expect(await h.transfer.count(.status) == 3)
        #expect(await h.store.rows[id]?.state == .pending)
    }

    @Test func aTransactionNeverFinalTimesOutAndStaysPending() async throws {
        let h = try await ConfirmHarness()
        let id = try await Self.submitted(h)
        do throws(GemServiceError) {
            _ = try await Self.tracker(h, maxPolls: 4).track(transactionId: id)
            Issue.record("tracking ended")
        } catch {
            guard case .timeout = error else { Issue.record("got \(error)"); return }
        }
        #expect(await h.store.rows[id]?.state == .pending)
    }

    @Test func anUnknownTransactionIsNotFound() async throws {
        let h = try await ConfirmHarness()
        await #expect(throws: GemServiceError.notFound(message: "no transaction ethereum_0x1")) {
            try await Self.tracker(h).track(transactionId: "ethereum_0x1")
        }
    }

    @Test func trackPendingFinishesEveryInFlightTransactionOfTheWallet() async throws {
        let h = try await ConfirmHarness()
        let id = try await Self.submitted(h)
        await h.transfer.script(statuses: [ChainTransactionStatus(state: .confirmed)])
        let tracked = try await Self.tracker(h).trackPending(walletId: h.walletId)
        #expect(tracked.map(\.id) == [id])
        #expect(try await h.transactions.transactions(walletId: h.walletId).allSatisfy { (t: Transaction) in !t.state.isInFlight })
    }

    @Test func theWalletsTransactionsAreRowsInTheWindow() async throws {
        let h = try await ConfirmHarness()
        _ = try await Self.submitted(h)
        let rows = try await h.transactions.rows(walletId: h.walletId, currency: "USD")
        #expect(rows.map(\.id) == ["ethereum_\(ScriptedChainTransfer.hash)"])
        let none = try await h.transactions.rows(walletId: h.walletId, window: GemListWindow(limit: 0, maximum: 10), currency: "USD")
        #expect(none.isEmpty)
    }
}
