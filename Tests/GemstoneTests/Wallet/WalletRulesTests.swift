import Primitives
import Testing
@testable import Gemstone

private func wallet(_ n: Int32, order: Int32) -> Wallet {
    Wallet.mock(.view(chain: .ethereum, address: "0x\(n)"), index: n, order: order)
}

struct WalletRulesTests {
    @Test func walletIdsFollowTheSpecificationsForm() {
        #expect(WalletRules.walletId(type: .multicoin, chain: .bitcoin, address: "0xAb").id == "multicoin_0xAb")
        #expect(WalletRules.walletId(type: .single, chain: .solana, address: "So1").id == "single_solana_So1")
        #expect(WalletRules.walletId(type: .privateKey, chain: .ethereum, address: "0xAb").id == "privateKey_ethereum_0xAb")
        #expect(WalletRules.walletId(type: .view, chain: .ton, address: "UQ_x").id == "view_ton_UQ_x")
    }

    @Test func multicoinChains() {
        #expect(WalletRules.multicoinChains([]) == Chain.allCases)
        #expect(WalletRules.multicoinChains([.tron, .bitcoin, .tron]) == [.bitcoin, .tron])
        #expect(WalletRules.multicoinChains([.cardano, .ethereum]) == [.ethereum, .cardano])
    }

    @Test func positions() {
        #expect(WalletRules.nextIndex([]) == 1)
        #expect(WalletRules.nextOrder([]) == 0)
        let wallets = [wallet(4, order: 0), wallet(2, order: 7)]
        #expect(WalletRules.nextIndex(wallets) == 5)
        #expect(WalletRules.nextOrder(wallets) == 8)
        #expect(WalletRules.sorted([wallet(3, order: 1), wallet(2, order: 1), wallet(9, order: 0)]).map(\.index) == [9, 2, 3])
    }

    @Test func names() throws {
        #expect(try WalletRules.name(nil, index: 3) == "Wallet #3")
        #expect(try WalletRules.name(" \n", index: 4) == "Wallet #4")
        #expect(try WalletRules.name(" Main ", index: 4) == "Main")
        #expect(throws: GemServiceError.self) { try WalletRules.name(String(repeating: "x", count: 65), index: 1) }
        #expect(throws: GemServiceError.self) { try WalletRules.validName("") }
        #expect(throws: GemServiceError.self) { try WalletRules.validName("a\u{7}b") }
    }

    @Test func currentAfterDeleting() {
        let wallets = [wallet(1, order: 1), wallet(2, order: 0), wallet(3, order: 2)]
        // The current wallet deleted: the first remaining in the user's order.
        #expect(WalletRules.currentAfterDeleting(wallets[1].id, current: wallets[1].id, wallets: wallets) == wallets[0].id)
        // Another wallet deleted: the current one stays.
        #expect(WalletRules.currentAfterDeleting(wallets[1].id, current: wallets[2].id, wallets: wallets) == wallets[2].id)
        // No current, or a stale one: the first remaining.
        #expect(WalletRules.currentAfterDeleting(wallets[0].id, current: nil, wallets: wallets) == wallets[1].id)
        #expect(WalletRules.currentAfterDeleting(wallets[0].id, current: WalletId.view(chain: .tron, address: "T"), wallets: wallets) == wallets[1].id)
        // The last wallet deleted: none.
        #expect(WalletRules.currentAfterDeleting(wallets[0].id, current: wallets[0].id, wallets: [wallets[0]]) == nil)
    }
}
