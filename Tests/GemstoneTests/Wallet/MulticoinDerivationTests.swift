import Foundation
import GemCrypto
import Primitives
import Synchronization
import Testing
@testable import Gemstone

/// Counts finished derivations across tasks.
private final class Finished: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

struct MulticoinDerivationTests {
    /// Every account equals the independent oracle (bip-utils) when the derivations of three phrases run
    /// concurrently, several times each.
    @Test func concurrentDerivationsMatchTheOracle() async throws {
        let chains = WalletRules.multicoinChains([])
        try await withThrowingTaskGroup(of: (Int, String, [Account]).self) { group in
            for round in 0..<6 {
                let index = round % 3
                let mnemonic = try Mnemonic(AddressOracle.shared.phrases[index].phrase)
                group.addTask {
                    let (ethereum, accounts) = try await MulticoinDerivation.accounts(mnemonic, chains: chains)
                    return (index, ethereum, accounts)
                }
            }
            for try await (index, ethereum, accounts) in group {
                let oracle = AddressOracle.shared.phrases[index]
                #expect(accounts.map(\.chain) == chains)
                for account in accounts {
                    let expected = try #require(oracle.accounts[account.chain.id], "\(account.chain.id)")
                    #expect(account.address == expected.address, "\(account.chain.id)")
                    #expect(account.derivationPath == expected.derivationPath, "\(account.chain.id)")
                    #expect(account.extendedPublicKey == expected.extendedPublicKey, "\(account.chain.id)")
                }
                #expect(ethereum == oracle.accounts["ethereum"]?.address)
            }
        }
    }

    /// Subsets without Ethereum, without Cardano, with only one curve: the same accounts as the full set.
    @Test(arguments: [[Chain.cardano], [.solana, .cardano], [.bitcoin], [.solana], [.tron, .solana, .cardano, .bitcoin]])
    func subsetsDeriveTheSameAccounts(_ chains: [Chain]) async throws {
        let mnemonic = try Mnemonic(Phrases.abandon)
        let (ethereum, accounts) = try await MulticoinDerivation.accounts(mnemonic, chains: chains)
        let oracle = AddressOracle.shared.phrases[0]
        #expect(accounts.map(\.chain) == chains)
        #expect(accounts.map(\.address) == chains.map { oracle.accounts[$0.id]?.address ?? "" })
        #expect(ethereum == oracle.accounts["ethereum"]?.address)
    }

    /// Derivations run off the cooperative pool and do not block it: with four times as many derivations in
    /// flight as the pool has threads, a task started after them runs before any of them finishes. Before,
    /// each derivation held its cooperative thread in `concurrentPerform` and a `DispatchGroup.wait`, so the
    /// probe ran only once a derivation had finished and released its thread.
    @Test func derivationsLeaveTheCooperativePoolFree() async throws {
        let count = 4 * max(ProcessInfo.processInfo.activeProcessorCount, 1)
        let mnemonic = try Mnemonic(Phrases.abandon)
        let chains = WalletRules.multicoinChains([])
        let finished = Finished()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask {
                    _ = try await MulticoinDerivation.accounts(mnemonic, chains: chains)
                    finished.increment()
                }
            }
            let probe = Task { finished.value }
            let finishedWhenProbeRan = await probe.value
            try await group.waitForAll()
            #expect(finishedWhenProbeRan == 0)
            #expect(finished.value == count)
        }
    }
}
