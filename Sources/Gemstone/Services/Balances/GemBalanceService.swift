import Blockchain
import Primitives

/// A wallet's balances (the specification's `GemBalanceService`, the only writer of balance rows), refreshed from
/// every chain of the wallet at once under the publication contract (spec "Publish each source of a refresh as it
/// answers"):
/// - One write per chain, atomic (`GemBalanceStore.updateBalances` is one transaction), as soon as that chain has
///   answered: a slow chain never delays a fast one.
/// - On a chain the coin, token and stake sources are asked separately; the ones that answered are written even
///   when another failed. A failed source leaves its rows as they were.
/// - The refresh fails with the first failure in the wallet's account order, after every chain has finished.
/// - Every write is keyed by the wallet the refresh was asked for.
/// - Only rows whose values differ are written, folded by kind onto the stored rows (`BalanceRules`).
/// - Overlapping refreshes of one wallet: each takes a sequence number when its fetch starts and holds the
///   wallet's publication lane for its read-fold-write; an answer older than one already published for the same
///   asset and kind is dropped. Other wallets stay concurrent.
public final class GemBalanceService: Sendable {
    private let store: any GemBalanceStore
    private let assets: GemAssetsService
    private let wallets: GemWalletSessionService
    private let clients: any GemChainClients
    private let lanes = BalanceLanes()

    public init(store: any GemBalanceStore, assets: GemAssetsService, wallets: GemWalletSessionService, clients: any GemChainClients) {
        self.store = store
        self.assets = assets
        self.wallets = wallets
        self.clients = clients
    }

    /// The stored balances of the assets `walletId` shows, in the order `GemAssetsService.walletAssets` gives;
    /// an asset never refreshed has no row.
    public func balances(walletId: WalletId) async throws(GemServiceError) -> [GemBalance] {
        let shown = try await assets.walletAssets(walletId: walletId).map(\.id)
        let rows = try await store.getBalances(walletId: walletId, assetIds: shown)
        let byId = Dictionary(rows.map { ($0.assetId, $0) }, uniquingKeysWith: { first, _ in first })
        return shown.compactMap { byId[$0] }
    }

    /// Refreshes every chain of `walletId` concurrently and publishes each as it answers. Answers what each chain
    /// wrote, or throws the first failure in account order once every chain has finished (what answered is written).
    public func update(walletId: WalletId) async throws(GemServiceError) -> GemBalanceRefresh {
        // The node state loads while the wallet and its assets are read: the chains' first requests wait on neither.
        async let prepared: Void = clients.prepare()
        let wallet = try await wallets.requireWallet(walletId: walletId)
        let shown = try await assets.walletAssets(wallet: wallet)
        await prepared
        let plans = BalanceService.plans(wallet: wallet, assets: shown)
        let sequence = await lanes.nextSequence(walletId)
        let outcomes = await withTaskGroup(of: (Int, ChainOutcome).self) { group in
            for (index, plan) in plans.enumerated() {
                group.addTask { (index, await self.refresh(plan, walletId: walletId, sequence: sequence)) }
            }
            var outcomes = [ChainOutcome?](repeating: nil, count: plans.count)
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes.compactMap { $0 }
        }
        if let failure = outcomes.lazy.compactMap(\.error).first { throw failure }
        return GemBalanceRefresh(walletId: walletId, chains: outcomes.map { GemChainRefresh(chain: $0.chain, written: $0.written) })
    }

    // MARK: private

    private struct ChainOutcome: Sendable {
        var chain: Chain
        var written: Int
        var error: GemServiceError?
    }

    /// One chain: its sources asked together, then what answered published under the wallet's lane.
    private func refresh(_ plan: BalanceService.ChainPlan, walletId: WalletId, sequence: UInt64) async -> ChainOutcome {
        let fetched = await fetch(plan)
        var outcome = ChainOutcome(chain: plan.chain, written: 0, error: fetched.error)
        guard !fetched.answers.isEmpty else { return outcome }
        do {
            outcome.written = try await publish(fetched.answers, chain: plan.chain, walletId: walletId, sequence: sequence)
        } catch {
            if outcome.error == nil { outcome.error = error }
        }
        return outcome
    }

    private func publish(_ answers: [BalanceAnswer], chain: Chain, walletId: WalletId, sequence: UInt64) async throws(GemServiceError) -> Int {
        let lane = await lanes.lane(walletId)
        return try await lane.run { () async throws(GemServiceError) -> Int in
            var ids: [AssetId] = []
            for answer in answers where !ids.contains(answer.assetId) { ids.append(answer.assetId) }
            let stored = try await store.getBalances(walletId: walletId, assetIds: ids)
            let publication = BalanceRules.publishedBalances(stored: stored, answers: answers, sequence: sequence,
                                                             published: await lanes.published(walletId))
            if !publication.rows.isEmpty {
                try await store.updateBalances(GemBalanceUpdate(walletId: walletId, chain: chain, balances: publication.rows))
            }
            await lanes.record(walletId, publication.published)
            return publication.rows.count
        }
    }

    /// The coin, token and stake sources of one chain, asked concurrently: every answer, and the first failure in
    /// that order.
    private func fetch(_ plan: BalanceService.ChainPlan) async -> (answers: [BalanceAnswer], error: GemServiceError?) {
        let client: any ChainClient
        do {
            client = try await clients.client(for: plan.chain)
        } catch {
            return ([], error)
        }
        // The token and stake sources run beside the coin source, which runs in this task: a chain's first
        // request leaves without waiting for a child task to be scheduled.
        async let tokens = Self.ask(plan.chain) { () async throws(ChainClientError) -> [BalanceAnswer] in
            guard !plan.tokenIds.isEmpty else { return [] }
            return try await client.tokenBalances(address: plan.address, tokenIds: plan.tokenIds).map(BalanceRules.coinAnswer)
        }
        async let stake = Self.ask(plan.chain) { () async throws(ChainClientError) -> [BalanceAnswer] in
            guard let staked = try await client.stakeBalance(address: plan.address) else { return [] }
            return [BalanceRules.stakeAnswer(staked)]
        }
        let coin = await Self.ask(plan.chain) { () async throws(ChainClientError) -> [BalanceAnswer] in
            [BalanceRules.coinAnswer(try await client.coinBalance(address: plan.address))]
        }
        let results = [coin, await tokens, await stake]
        var answers: [BalanceAnswer] = []
        var error: GemServiceError?
        for result in results {
            switch result {
            case let .success(list): answers += list
            case let .failure(failure): if error == nil { error = failure }
            }
        }
        return (answers, error)
    }

    private static func ask(_ chain: Chain, _ body: () async throws(ChainClientError) -> [BalanceAnswer]) async -> Result<[BalanceAnswer], GemServiceError> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error.serviceError(chain: chain))
        }
    }
}

/// How a refresh splits a wallet into chains.
enum BalanceService {
    struct ChainPlan: Sendable, Equatable {
        var chain: Chain
        var address: String
        var tokenIds: [String]
    }

    /// One plan per chain of the wallet, in account order (a chain's first account is the one refreshed), with the
    /// tokens the wallet shows on it.
    static func plans(wallet: Wallet, assets: [Asset]) -> [ChainPlan] {
        var plans: [ChainPlan] = []
        for account in wallet.accounts where !plans.contains(where: { $0.chain == account.chain }) {
            let tokens = assets.compactMap { $0.id.chain == account.chain ? $0.id.tokenId : nil }
            plans.append(ChainPlan(chain: account.chain, address: account.address, tokenIds: tokens))
        }
        return plans
    }
}
