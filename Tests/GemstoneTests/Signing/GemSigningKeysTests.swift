import Blockchain
import GemCrypto
import Primitives
import Testing
@testable import Gemstone

/// `GemSigningKeys` over the wallet harness's doubles: one password read per call, the key of each chain at the
/// account's path, typed refusals before any key exists.
struct GemSigningKeysTests {
    /// The keys of `h`'s wallet service (its session and keystore).
    static func keys(_ h: WalletHarness) -> GemSigningKeys {
        GemSigningKeys(wallets: h.service)
    }

    static func address(_ key: TransferKey, _ chain: Chain) throws -> String {
        switch key {
        case .secp256k1(let key): try chain.address(for: .secp256k1(key.publicKey))
        case .ed25519(let key): try chain.address(for: .ed25519(key.publicKey.bytes))
        }
    }

    @Test func aPhraseWalletGivesEachChainsKeyAfterOnePasswordRead() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(.multicoin(phrase: Secret(text: Phrases.abandon),
                                                                 chains: [.ethereum, .solana, .bitcoin, .smartChain], name: nil)).wallet
        let before = await h.password.asks
        let chains: [Chain] = [.ethereum, .solana, .bitcoin, .smartChain, .ethereum]
        let keys = try await Self.keys(h).keys(walletId: wallet.id, chains: chains)
        #expect(await h.password.asks == before + 1)
        #expect(Set(keys.chains) == [.ethereum, .solana, .bitcoin, .smartChain])
        for chain in Set(chains) {
            let key = try #require(keys.key(for: chain))
            #expect(key.type == (chain == .solana ? .ed25519 : .secp256k1))
            #expect(try Self.address(key, chain) == wallet.account(for: chain)?.address)
        }
        // BIP39's all-zero phrase at m/44'/60'/0'/0/0 (the address oracle's 0x9858…Da94).
        guard case .secp256k1(let eth) = try #require(keys.key(for: .ethereum)) else { Issue.record("not secp256k1"); return }
        #expect(Hex.encode(eth.secret.revealBytes()) == "1ab42cc412b618bdea3a599e3c9bae199ebf030895b039e9db1e30dafb12b727")
    }

    @Test func aPrivateKeyWalletGivesItsKeyForItsChainOnly() async throws {
        let h = WalletHarness()
        let hex = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
        let wallet = try await h.service.importWallet(.privateKey(privateKey: Secret(text: hex), chain: .ethereum, name: nil)).wallet
        let keys = try await Self.keys(h).keys(walletId: wallet.id, chains: [.ethereum])
        guard case .secp256k1(let key) = try #require(keys.key(for: .ethereum)) else { Issue.record("not secp256k1"); return }
        #expect(Hex.encode(key.secret.revealBytes()) == hex)
        await #expect(throws: GemSigningError.noAccount(.solana)) {
            try await Self.keys(h).keys(walletId: wallet.id, chains: [.solana])
        }
    }

    @Test func aWatchOnlyWalletIsRefusedWithoutAskingThePassword() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(.view(address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94",
                                                            chain: .ethereum, name: nil)).wallet
        await #expect(throws: GemSigningError.watchOnly) {
            try await Self.keys(h).keys(walletId: wallet.id, chains: [.ethereum])
        }
        #expect(await h.password.asks == 0)
    }

    @Test func aWrongPasswordIsItsOwnError() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [.ethereum], name: nil)).wallet
        let other = GemSigningKeys(session: h.session, keystore: GemKeystore(secureStore: h.secureStore, password: TestKeystorePassword("another password"),
                                                                            parameters: .minimum))
        await #expect(throws: GemSigningError.wrongPassword) {
            try await other.keys(walletId: wallet.id, chains: [.ethereum])
        }
    }

    @Test func aRefusedPromptIsThePortsError() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [.ethereum], name: nil)).wallet
        await h.password.refuse()
        await #expect(throws: GemSigningError.service(.permissionDenied(message: "the user cancelled"))) {
            try await Self.keys(h).keys(walletId: wallet.id, chains: [.ethereum])
        }
    }

    @Test func aChainTheWalletLacksIsRefusedBeforeThePasswordRead() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [.ethereum], name: nil)).wallet
        let before = await h.password.asks
        await #expect(throws: GemSigningError.noAccount(.solana)) {
            try await Self.keys(h).keys(walletId: wallet.id, chains: [.ethereum, .solana])
        }
        await #expect(throws: GemSigningError.noChains) {
            try await Self.keys(h).keys(walletId: wallet.id, chains: [])
        }
        #expect(await h.password.asks == before)
    }

    @Test func aKeyThatDoesNotGiveTheStoredAddressIsNotAnswered() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [.ethereum], name: nil)).wallet
        // The stored account names another address than the phrase's key gives.
        let altered = Wallet(id: wallet.id, externalId: wallet.externalId, name: wallet.name, index: wallet.index,
                             accounts: [Account(chain: .ethereum, address: "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23",
                                                derivationPath: "m/44'/60'/0'/0/0")],
                             order: wallet.order, isPinned: wallet.isPinned, imageUrl: nil, source: wallet.source)
        try await h.walletStore.saveWallet(altered)
        await #expect(throws: GemSigningError.keyMismatch(.ethereum)) {
            try await Self.keys(h).keys(walletId: wallet.id, chains: [.ethereum])
        }
    }

    @Test func anUnknownWalletIsTheStoresNotFound() async throws {
        let h = WalletHarness()
        let id = WalletId.multicoin(address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94")
        await #expect(throws: GemSigningError.service(.notFound(message: "no wallet \(id.id)"))) {
            try await Self.keys(h).keys(walletId: id, chains: [.ethereum])
        }
    }
}
