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
        case .ed25519Extended(let key):
            // The base address also names the stake key (role 2, index 0), derived here apart from the core's path.
            try chain.address(for: .cardano(payment: key.publicKey.bytes,
                                            stake: try CardanoHDKey(mnemonic: Mnemonic(Phrases.abandon)).derive(DerivationPath("m/1852'/1815'/0'/2/0")).publicKey.bytes))
        }
    }

    /// The abandon phrase's Cardano payment key (CIP-1852 m/1852'/1815'/0'/0/0 under the Icarus master key) and base
    /// address, from the address oracle (bip-utils 2.12.3 Cip1852, Tests/BlockchainTests/Vectors/addresses.json).
    static let cardanoPaymentKey = "7ea09a34aebb13c9841c71397b1cabfec5ddf950405293dee496cac2f437480a"
    static let cardanoAddress = "addr1qy8ac7qqy0vtulyl7wntmsxc6wex80gvcyjy33qffrhm7sh927ysx5sftuw0dlft05dz3c7revpf7jx0xnlcjz3g69mq4afdhv"

    @Test func aPhraseWalletGivesCardanosExtendedPaymentKeyOfItsAddress() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [.cardano, .ethereum],
                                                                 name: nil)).wallet
        #expect(wallet.account(for: .cardano)?.address == Self.cardanoAddress)
        let keys = try await Self.keys(h).keys(walletId: wallet.id, chains: [.cardano, .ethereum])
        let key = try #require(keys.key(for: .cardano))
        #expect(key.type == .ed25519Extended)
        guard case .ed25519Extended(let payment) = key else { Issue.record("not an extended key"); return }
        #expect(Hex.encode(payment.publicKey.bytes) == Self.cardanoPaymentKey)
        #expect(try Self.address(key, .cardano) == Self.cardanoAddress)
        // It signs what verifies under its public key (the payment credential of the address).
        let message = [UInt8](repeating: 0xab, count: 32)
        #expect(payment.publicKey.verify(signature: payment.sign(message), message: message))
        #expect(try #require(keys.key(for: .ethereum)).type == .secp256k1)
        // The key never prints its secret.
        #expect(!"\(key)".contains(Hex.encode(payment.extendedSecret.revealBytes())))
    }

    @Test func aCardanoKeyThatDoesNotGiveTheStoredAddressIsNotAnswered() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [.cardano], name: nil)).wallet
        // Another phrase's Cardano address (addresses.json): the stored address is not the derived key's.
        let altered = Wallet(id: wallet.id, externalId: wallet.externalId, name: wallet.name, index: wallet.index,
                             accounts: [Account(chain: .cardano, address: "addr1q94z6w5u65rzcd909t6es0jel6lpceqch2r9q8qy4zktu2jwkjxu34pzqt3lhjler8ssfp2uerp3wc0q0pgu9r6df7vqwpx2xt",
                                                derivationPath: "m/1852'/1815'/0'/0/0")],
                             order: wallet.order, isPinned: wallet.isPinned, imageUrl: nil, source: wallet.source)
        try await h.walletStore.saveWallet(altered)
        await #expect(throws: GemSigningError.keyMismatch(.cardano)) {
            try await Self.keys(h).keys(walletId: wallet.id, chains: [.cardano])
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
