import Blockchain
import Primitives
import Testing
@testable import Gemstone

/// `BalanceRules.publishedBalances` (the specification's `published_balances`) on its own.
@Suite struct BalanceRulesTests {
    typealias H = BalanceHarness

    func answer(_ id: AssetId, _ values: [BalanceKind: BigUInt]) -> BalanceAnswer { BalanceAnswer(assetId: id, values: values) }

    @Test func aNewAssetStartsFromZeroAndIsWritten() {
        let out = BalanceRules.publishedBalances(stored: [], answers: [answer(H.eth, [.available: 0])], sequence: 1, published: [:])
        #expect(out.rows == [H.row(H.eth)])
        #expect(out.published == [BalanceKey(assetId: H.eth, kind: .available): 1])
    }

    @Test func kindsAnAnswerDoesNotCarryKeepTheirStoredValue() {
        let stored = [H.row(H.eth, available: 5, staked: 1, reserved: 2)]
        let out = BalanceRules.publishedBalances(stored: stored, answers: [answer(H.eth, [.staked: 3])], sequence: 1, published: [:])
        #expect(out.rows == [H.row(H.eth, available: 5, staked: 3, reserved: 2)])
    }

    @Test func answersOfOneAssetFoldIntoOneRow() {
        let out = BalanceRules.publishedBalances(stored: [], answers: [answer(H.eth, [.available: 5]), answer(H.eth, [.staked: 3])],
                                                 sequence: 1, published: [:])
        #expect(out.rows == [H.row(H.eth, available: 5, staked: 3)])
    }

    @Test func anEqualRowIsNotWrittenButIsPublished() {
        let out = BalanceRules.publishedBalances(stored: [H.row(H.eth, available: 5)], answers: [answer(H.eth, [.available: 5])],
                                                 sequence: 4, published: [:])
        #expect(out.rows.isEmpty)
        #expect(out.published[BalanceKey(assetId: H.eth, kind: .available)] == 4)
    }

    @Test(arguments: [(UInt64(3), true), (UInt64(5), false), (UInt64(6), false)])
    func anAnswerOlderThanThePublishedOneIsDropped(sequence: UInt64, dropped: Bool) {
        let key = BalanceKey(assetId: H.eth, kind: .available)
        let out = BalanceRules.publishedBalances(stored: [H.row(H.eth, available: 9)], answers: [answer(H.eth, [.available: 1])],
                                                 sequence: sequence, published: [key: 5])
        #expect(out.rows.isEmpty == dropped)
        #expect(out.published[key] == (dropped ? 5 : sequence))
    }

    @Test func droppingIsPerKind() {
        // A newer refresh published the available balance; this older one still brings the stake.
        let published: [BalanceKey: UInt64] = [BalanceKey(assetId: H.eth, kind: .available): 5]
        let out = BalanceRules.publishedBalances(stored: [H.row(H.eth, available: 9)],
                                                 answers: [answer(H.eth, [.available: 1]), answer(H.eth, [.staked: 2])],
                                                 sequence: 3, published: published)
        #expect(out.rows == [H.row(H.eth, available: 9, staked: 2)])
    }

    @Test func aCoinAnswerCarriesAvailableAndWhatTheChainReported() {
        let coin = BalanceRules.coinAnswer(ChainBalance(assetId: H.eth, available: 5, reserved: 1))
        #expect(coin.values == [.available: 5, .reserved: 1])
    }

    @Test func aStakeAnswerNeverCarriesAvailable() {
        let stake = BalanceRules.stakeAnswer(ChainBalance(assetId: H.eth, available: 99, staked: 3, pending: 1))
        #expect(stake.values == [.staked: 3, .pending: 1])
        #expect(BalanceRules.stakeAnswer(ChainBalance(assetId: H.eth, available: 99)).values == [.staked: 0])
    }

    @Test func plansFollowAccountOrderWithOneAccountPerChain() {
        var wallet = H.wallet(H.walletA, address: "0xAAAA")
        wallet = Wallet(id: wallet.id, externalId: nil, name: "W", index: 1,
                        accounts: wallet.accounts + [Account(chain: .ethereum, address: "0xOTHER", derivationPath: "")],
                        order: 0, isPinned: false, imageUrl: nil, source: .import)
        let plans = BalanceService.plans(wallet: wallet, assets: [AssetRules.native(.ethereum), H.usdtAsset, AssetRules.native(.solana)])
        #expect(plans == [BalanceService.ChainPlan(chain: .ethereum, address: "0xAAAA", tokenIds: ["0xdAC17F958D2ee523a2206206994597C13D831ec7"]),
                          BalanceService.ChainPlan(chain: .solana, address: "So0xAAAA", tokenIds: [])])
    }
}
