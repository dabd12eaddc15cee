import Blockchain
import Primitives
import Testing
@testable import Gemstone

/// Every bullet of the publication contract (spec "Publish each source of a refresh as it answers"), each with a
/// scripted fault that breaks it.
@Suite struct GemBalanceServiceTests {
    typealias H = BalanceHarness

    @Test func writesEveryChainOfTheWalletAndAnswersWhatEachWrote() async throws {
        let h = H()
        await h.scriptCoins(eth: 5, sol: 7)
        let refresh = try await h.service.update(walletId: H.walletA)
        #expect(refresh == GemBalanceRefresh(walletId: H.walletA, chains: [GemChainRefresh(chain: .ethereum, written: 1),
                                                                           GemChainRefresh(chain: .solana, written: 1)]))
        #expect(await h.store.row(H.walletA, H.eth) == H.row(H.eth, available: 5))
        #expect(await h.store.row(H.walletA, H.sol) == H.row(H.sol, available: 7))
        #expect(try await h.service.balances(walletId: H.walletA) == [H.row(H.eth, available: 5), H.row(H.sol, available: 7)])
    }

    @Test func aSlowChainDoesNotDelayAFastChainsWrite() async throws {
        let h = H()
        let slow = Gate()
        await h.ethereum.script(.coin, H.coin(H.eth, 5), after: slow)
        await h.solana.script(.coin, H.coin(H.sol, 7))
        let refresh = Task { try await h.service.update(walletId: H.walletA) }
        // Solana is written while Ethereum has not answered (the gate is still closed).
        await h.store.waitForWrite(of: .solana)
        #expect(await h.store.writtenChains == [.solana])
        await slow.open()
        _ = try await refresh.value
        #expect(await h.store.writtenChains == [.solana, .ethereum])
    }

    @Test func aFailedChainKeepsItsRowsAndIsTheErrorReturned() async throws {
        let h = H(stored: [H.walletA: [H.row(H.eth, available: 3)]])
        await h.ethereum.script(.coin, .failure(.offline("connection refused")))
        await h.solana.script(.coin, H.coin(H.sol, 7))
        await #expect(throws: GemServiceError.offline(message: "ethereum: connection refused")) {
            try await h.service.update(walletId: H.walletA)
        }
        #expect(await h.store.row(H.walletA, H.eth) == H.row(H.eth, available: 3))
        #expect(await h.store.row(H.walletA, H.sol) == H.row(H.sol, available: 7))
        #expect(await h.store.writtenChains == [.solana])
    }

    @Test func theFirstFailureInAccountOrderIsReturnedAfterEveryChainFinished() async throws {
        let h = H()
        let late = Gate()
        // Ethereum (the first account) fails last; Solana fails first. Ethereum's error is the one returned.
        await h.ethereum.script(.coin, .failure(.timeout("no answer")), after: late)
        await h.solana.script(.coin, .failure(.http(status: 503, body: "busy")))
        let refresh = Task { try await h.service.update(walletId: H.walletA) }
        try await Task.sleep(for: .milliseconds(20))
        await late.open()
        await #expect(throws: GemServiceError.timeout(message: "ethereum: no answer")) { try await refresh.value }
    }

    @Test func aChainsAnsweredSourcesAreWrittenWhenAnotherFailed() async throws {
        let h = H(tokens: [H.walletA: [H.usdt]])
        await h.ethereum.script(.coin, H.coin(H.eth, 5))
        await h.ethereum.script(.tokens, .failure(.rpc(code: -32000, message: "execution reverted")))
        await h.solana.script(.coin, H.coin(H.sol, 7))
        await #expect(throws: GemServiceError.api(status: 200, message: "ethereum: error -32000: execution reverted")) {
            try await h.service.update(walletId: H.walletA)
        }
        #expect(await h.store.row(H.walletA, H.eth) == H.row(H.eth, available: 5))
        #expect(await h.store.row(H.walletA, H.usdt) == nil)
    }

    @Test func oneWritePerChainHoldsAllItsSources() async throws {
        let h = H(tokens: [H.walletA: [H.usdt]])
        await h.ethereum.script(.coin, H.coin(H.eth, 5))
        await h.ethereum.script(.tokens, .success([ChainBalance(assetId: H.usdt, available: 1_000_000)]))
        await h.ethereum.script(.stake, H.stake(H.eth, 2))
        await h.solana.script(.coin, H.coin(H.sol, 7))
        _ = try await h.service.update(walletId: H.walletA)
        let updates = await h.store.updates.filter { $0.chain == .ethereum }
        #expect(updates.count == 1)
        #expect(updates.first?.balances == [H.row(H.eth, available: 5, staked: 2), H.row(H.usdt, available: 1_000_000)])
    }

    @Test func aRefreshAnsweringAfterAWalletSwitchWritesItsOwnWallet() async throws {
        let h = H()
        let gate = Gate()
        await h.ethereum.script(.coin, H.coin(H.eth, 5), after: gate)
        await h.solana.script(.coin, H.coin(H.sol, 7))
        let first = Task { try await h.service.update(walletId: H.walletA) }
        try await Task.sleep(for: .milliseconds(20))
        // The user switches to wallet B, which refreshes and answers first.
        try h.sessionStore.setCurrentWalletId(H.walletB)
        await h.ethereum.script(.coin, H.coin(H.eth, 9))
        await h.solana.script(.coin, H.coin(H.sol, 11))
        _ = try await h.service.update(walletId: H.walletB)
        await gate.open()
        _ = try await first.value
        #expect(await h.store.row(H.walletA, H.eth) == H.row(H.eth, available: 5))
        #expect(await h.store.row(H.walletB, H.eth) == H.row(H.eth, available: 9))
        let keyed = await h.store.updates.map { "\($0.walletId.id) \($0.chain.id)" }
        #expect(Set(keyed) == ["multicoin_0xAAAA ethereum", "multicoin_0xAAAA solana", "multicoin_0xBBBB ethereum", "multicoin_0xBBBB solana"])
    }

    @Test func anOlderAnswerArrivingAfterANewerOneIsDropped() async throws {
        let h = H()
        let old = Gate()
        await h.ethereum.script(.coin, H.coin(H.eth, 1), after: old)
        await h.solana.script(.coin, H.coin(H.sol, 7))
        let older = Task { try await h.service.update(walletId: H.walletA) }
        try await Task.sleep(for: .milliseconds(20))
        await h.ethereum.script(.coin, H.coin(H.eth, 2))
        await h.solana.script(.coin, H.coin(H.sol, 7))
        _ = try await h.service.update(walletId: H.walletA)
        await old.open()
        let late = try await older.value
        #expect(await h.store.row(H.walletA, H.eth) == H.row(H.eth, available: 2))
        #expect(late.chains.first == GemChainRefresh(chain: .ethereum, written: 0))
    }

    @Test func aStakeAnswerDoesNotClearAnAvailableBalance() async throws {
        let h = H(stored: [H.walletA: [H.row(H.eth, available: 5)]])
        await h.ethereum.script(.coin, .failure(.offline("down")))
        await h.ethereum.script(.stake, H.stake(H.eth, 3, pending: 1))
        await h.solana.script(.coin, H.coin(H.sol, 7))
        await #expect(throws: GemServiceError.self) { try await h.service.update(walletId: H.walletA) }
        #expect(await h.store.row(H.walletA, H.eth) == H.row(H.eth, available: 5, staked: 3, pending: 1))
    }

    @Test func anUnchangedBalanceIsNotWritten() async throws {
        let h = H()
        await h.scriptCoins(eth: 5, sol: 7)
        _ = try await h.service.update(walletId: H.walletA)
        await h.ethereum.script(.coin, H.coin(H.eth, 5))
        await h.solana.script(.coin, H.coin(H.sol, 8))
        let second = try await h.service.update(walletId: H.walletA)
        #expect(second.chains == [GemChainRefresh(chain: .ethereum, written: 0), GemChainRefresh(chain: .solana, written: 1)])
        let written = await h.store.writtenChains
        #expect(written.count == 3)
        #expect(written.last == .solana)
    }

    @Test func aFailedWriteIsTheChainsErrorAndWritesNothing() async throws {
        let h = H()
        await h.scriptCoins(eth: 5, sol: 7)
        await h.store.failUpdates(of: .ethereum)
        await #expect(throws: GemServiceError.store(message: "scripted balance store failure")) {
            try await h.service.update(walletId: H.walletA)
        }
        #expect(await h.store.row(H.walletA, H.eth) == nil)
        #expect(await h.store.row(H.walletA, H.sol) == H.row(H.sol, available: 7))
    }

    @Test func aFailedWriteDoesNotMarkItsAnswersPublished() async throws {
        // A newer refresh whose write failed published nothing: an older answer arriving after it is still written
        // (it is the newest value the store will hold), not dropped as superseded.
        let h = H()
        let old = Gate()
        await h.ethereum.script(.coin, H.coin(H.eth, 5), after: old)
        await h.solana.script(.coin, H.coin(H.sol, 7))
        let older = Task { try await h.service.update(walletId: H.walletA) }
        try await Task.sleep(for: .milliseconds(20))
        await h.store.failUpdates(of: .ethereum)
        await h.scriptCoins(eth: 6, sol: 7)
        _ = try? await h.service.update(walletId: H.walletA)
        await h.store.heal()
        await old.open()
        let late = try await older.value
        #expect(late.chains.first == GemChainRefresh(chain: .ethereum, written: 1))
        #expect(await h.store.row(H.walletA, H.eth) == H.row(H.eth, available: 5))
    }

    @Test func anUnknownWalletIsNotFoundAndAsksNoChain() async throws {
        let h = H()
        await #expect(throws: GemServiceError.self) { try await h.service.update(walletId: .multicoin(address: "0xCCCC")) }
        #expect(await h.ethereum.count(.coin) == 0)
    }

    @Test func aTokenOnlyRefreshesOnTheChainItBelongsTo() async throws {
        let h = H(tokens: [H.walletA: [H.usdt]])
        await h.ethereum.script(.coin, H.coin(H.eth, 5))
        await h.ethereum.script(.tokens, .success([ChainBalance(assetId: H.usdt, available: 4)]))
        await h.solana.script(.coin, H.coin(H.sol, 7))
        _ = try await h.service.update(walletId: H.walletA)
        #expect(await h.ethereum.count(.tokens) == 1)
        #expect(await h.solana.count(.tokens) == 0)
    }
}
