import Primitives
import Testing
@testable import Gemstone

private let a = Wallet.mock(.view(chain: .tron, address: "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio"), name: "A", index: 1, order: 2)
private let b = Wallet.mock(.view(chain: .ethereum, address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"), name: "B", index: 2, order: 0)
private let c = Wallet.mock(.privateKey(chain: .ethereum, address: "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"), name: "C", index: 3, order: 0)

struct GemWalletSessionServiceTests {
    @Test func walletsComeInTheUsersOrder() async throws {
        let h = WalletHarness(wallets: [a, b, c])
        #expect(try await h.session.getWallets() == [b, c, a])
    }

    @Test func getAndRequireWallet() async throws {
        let h = WalletHarness(wallets: [a, b])
        #expect(try await h.session.getWallet(walletId: a.id) == a)
        #expect(try await h.session.getWallet(walletId: c.id) == nil)
        #expect(try await h.session.requireWallet(walletId: b.id) == b)
        await #expect(throws: GemServiceError.notFound(message: "no wallet \(c.id.id)")) {
            try await h.session.requireWallet(walletId: c.id)
        }
    }

    @Test func currentWalletIsTheStoredOneWhileItExists() async throws {
        let h = WalletHarness(wallets: [a, b], current: a.id)
        #expect(h.session.getCurrentWalletId() == a.id)
        #expect(try await h.session.getCurrentWallet() == a)
    }

    @Test func aStaleOrMissingCurrentIdResolvesToTheFirstWallet() async throws {
        let stale = WalletHarness(wallets: [a, b], current: c.id)
        #expect(stale.session.getCurrentWalletId() == c.id)
        #expect(try await stale.session.getCurrentWallet() == b)
        #expect(try await WalletHarness(wallets: [a, b]).session.getCurrentWallet() == b)
        #expect(try await WalletHarness().session.getCurrentWallet() == nil)
        // Reading writes nothing.
        #expect(stale.sessionStore.writes == 0)
    }

    @Test func storeFailuresPropagate() async throws {
        let h = WalletHarness(wallets: [a])
        await h.walletStore.fail(.getWallets)
        await #expect(throws: GemServiceError.store(message: "scripted store failure")) { try await h.session.getWallets() }
        await h.walletStore.fail(.getWallet)
        await #expect(throws: GemServiceError.store(message: "scripted store failure")) { try await h.session.getWallet(walletId: a.id) }
    }
}
