import GemCrypto
import Primitives
import Testing
@testable import Gemstone


struct GemWalletServiceImportTests {
    // MARK: multi-coin phrase

    /// Every account of a multi-coin import equals the independent oracle (bip-utils), for three phrases.
    @Test(arguments: 0..<3)
    func multicoinAccountsMatchTheOracle(_ phraseIndex: Int) async throws {
        let oracle = AddressOracle.shared.phrases[phraseIndex]
        let h = WalletHarness()
        let result = try await h.service.importWallet(.multicoin(phrase: Secret(text: oracle.phrase), chains: [], name: nil))
        guard case .imported(let wallet) = result else {
            Issue.record("expected a new wallet, got \(result)")
            return
        }
        #expect(wallet.accounts.map(\.chain) == Chain.allCases)
        for account in wallet.accounts {
            let expected = try #require(oracle.accounts[account.chain.id], "\(account.chain.id)")
            #expect(account.address == expected.address, "\(account.chain.id), source: \(AddressOracle.shared.source)")
            #expect(account.derivationPath == expected.derivationPath, "\(account.chain.id)")
            #expect(account.extendedPublicKey == expected.extendedPublicKey, "\(account.chain.id)")
        }
        let ethereum = try #require(oracle.accounts["ethereum"])
        #expect(wallet.id == .multicoin(address: ethereum.address))
    }

    @Test func multicoinWalletFields() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [], name: nil)).wallet
        // BIP44 m/44'/60'/0'/0/0 of the all-abandon phrase (oracle phrase 0).
        #expect(wallet.id.id == "multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94")
        #expect(wallet.externalId == wallet.id.id)
        #expect(wallet.name == "Wallet #1")
        #expect(wallet.index == 1 && wallet.order == 0 && !wallet.isPinned)
        #expect(wallet.source == .import)
        #expect(h.sessionStore.current == wallet.id)
        #expect(await h.secureStore.values.keys.sorted() == [wallet.id.id])
        #expect(await h.walletStore.wallets == [wallet])
    }

    @Test func multicoinWithChosenChainsKeepsChainOrderAndDropsRepeats() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(
            .multicoin(phrase: Secret(text: Phrases.abandon), chains: [.solana, .bitcoin, .solana, .ethereum], name: "  Main  ")).wallet
        #expect(wallet.accounts.map(\.chain) == [.bitcoin, .ethereum, .solana])
        #expect(wallet.name == "Main")
        // The id is the Ethereum address whether or not Ethereum is among the chains.
        let noEthereum = try await h.service.previewImport(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [.tron], name: nil))
        #expect(noEthereum.walletId == wallet.id)
    }

    @Test func phraseIsNormalizedBeforeDerivation() async throws {
        let h = WalletHarness()
        let messy = "  " + Phrases.abandon.uppercased().split(separator: " ").joined(separator: " \t\n ") + " "
        let a = try await h.service.previewImport(.multicoin(phrase: Secret(text: messy), chains: [.ethereum], name: nil))
        let b = try await h.service.previewImport(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [.ethereum], name: nil))
        #expect(a == b)
    }

    /// Cardano is derived beside the other chains and lands in its place in the chain order.
    @Test func cardanoAccountsMatchTheOracle() async throws {
        let h = WalletHarness()
        let oracle = AddressOracle.shared.phrases[1]
        let wallet = try await h.service.importWallet(.multicoin(phrase: Secret(text: oracle.phrase), chains: [.stable, .cardano, .abstract], name: nil)).wallet
        #expect(wallet.accounts.map(\.chain) == [.cardano, .abstract, .stable])
        let expected = try #require(oracle.accounts["cardano"])
        #expect(wallet.accounts.first?.address == expected.address)
        // chains.md's example address for this phrase, from the specification's apps.
        #expect(expected.address == "addr1qyr8jjfnypp95eq74aqzn7ss687ehxclgj7mu6gratmg3mul2040vt35dypp042awzsjk5xm3zr3zm5qh7454uwdv08s84ray2")
        let single = try await h.service.importWallet(.single(phrase: Secret(text: oracle.phrase), chain: .cardano, name: nil)).wallet
        #expect(single.id == .single(chain: .cardano, address: expected.address))
        #expect(single.accounts.map(\.derivationPath) == ["m/1852'/1815'/0'/0/0"])
    }

    @Test(arguments: [
        ("abandon abandon abandon", "invalid recovery phrase: a mnemonic has 12, 15, 18, 21 or 24 words, not 3"),
        ("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon",
         "invalid recovery phrase: mnemonic checksum does not match"),
        ("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon zzzz",
         "invalid recovery phrase: word 12 is not in the word list"),
    ])
    func invalidPhrasesWriteNothing(_ phrase: String, _ message: String) async throws {
        let h = WalletHarness()
        await #expect(throws: GemServiceError.invalidInput(message: message)) {
            try await h.service.importWallet(.multicoin(phrase: Secret(text: phrase), chains: [], name: nil))
        }
        #expect(await h.expectUntouched())
        #expect(await h.password.asks == 0)
    }

    // MARK: single-chain phrase

    @Test(arguments: [Chain.solana, .bitcoin, .ton, .polkadot, .injective])
    func singleChainPhrase(_ chain: Chain) async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(.single(phrase: Secret(text: Phrases.shoot), chain: chain, name: nil)).wallet
        let expected = try #require(AddressOracle.shared.phrases[1].accounts[chain.id])
        #expect(wallet.id == .single(chain: chain, address: expected.address))
        #expect(wallet.accounts.map(\.address) == [expected.address])
        #expect(wallet.accounts.map(\.derivationPath) == [expected.derivationPath])
        #expect(try await h.service.revealSecret(walletId: wallet.id) == .phrase(words: Phrases.shoot.split(separator: " ").map(String.init)))
    }

    // MARK: private key

    @Test(arguments: PrivateKeyVectors.shared.keys)
    func privateKeyInEveryForm(_ vector: PrivateKeyVectors.Key) async throws {
        let chain = try #require(Chain(rawValue: vector.chain))
        let forms = [vector.keyHex, "0x" + vector.keyHex, " \(vector.keyHex)\n"] + vector.forms.values
        for form in forms {
            let preview = try await WalletHarness().service.previewImport(.privateKey(privateKey: Secret(text: form), chain: chain, name: nil))
            #expect(preview.walletId == .privateKey(chain: chain, address: vector.address), "\(form.prefix(6))…, source: \(vector.source)")
            #expect(preview.accounts == [Account(chain: chain, address: vector.address, derivationPath: "")])
        }
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(.privateKey(privateKey: Secret(text: vector.keyHex), chain: chain, name: nil)).wallet
        let export = try #require(vector.forms["export"])
        #expect(try await h.service.revealSecret(walletId: wallet.id) == .privateKey(export), "source: \(vector.source)")
    }

    @Test func privateKeyImportIsRefusedWhereTheChainHasNone() async throws {
        let key = String(repeating: "11", count: 32)
        for chain in [Chain.bitcoin, .litecoin, .doge, .zcash, .bitcoinCash, .cardano] {
            let h = WalletHarness()
            await #expect(throws: GemServiceError.invalidInput(message: "\(chain.id) wallets cannot be imported from a private key")) {
                try await h.service.importWallet(.privateKey(privateKey: Secret(text: key), chain: chain, name: nil))
            }
            #expect(await h.expectUntouched())
        }
    }

    @Test(arguments: [
        (Chain.ethereum, "", "the private key is empty"),
        (.ethereum, "0x1234", "a ethereum private key is 32 bytes, not 2"),
        (.ethereum, String(repeating: "0", count: 64), "the private key is not a valid secp256k1 key"),
        (.ethereum, "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", "the private key is not a valid secp256k1 key"),
        (.ethereum, "not a key", "the private key is not in a form ethereum accepts (64 hex digits)"),
        (.solana, "0OIl", "the private key is not in a form solana accepts (hex or base58)"),
        (.solana, String(repeating: "11", count: 32) + String(repeating: "22", count: 32),
         "the keypair's public key does not match its private key"),
        (.stellar, "SAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "the Stellar secret seed's checksum does not match"),
        (.stellar, "SAAA", "a Stellar secret seed is 56 base32 characters"),
        (.sui, "suiprivkey1qqqqqqqqqqqqqqqqqqqq", "the Sui private key is not valid bech32"),
    ])
    func malformedPrivateKeys(_ chain: Chain, _ key: String, _ message: String) async throws {
        let h = WalletHarness()
        await #expect(throws: GemServiceError.invalidInput(message: message)) {
            try await h.service.importWallet(.privateKey(privateKey: Secret(text: key), chain: chain, name: nil))
        }
        #expect(await h.expectUntouched())
    }

    // MARK: watch-only

    @Test func watchOnlyAddressIsNormalizedAndHasNoSecret() async throws {
        let h = WalletHarness()
        let lower = "0x9858effd232b4033e47d90003d41ec34ecaeda94"
        let wallet = try await h.service.importWallet(.view(address: lower, chain: .ethereum, name: "Cold")).wallet
        #expect(wallet.id.id == "view_ethereum_0x9858EfFD232B4033E47d90003D41EC34EcaEda94")
        #expect(wallet.externalId == nil)
        #expect(wallet.name == "Cold")
        #expect(wallet.accounts == [Account(chain: .ethereum, address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", derivationPath: "")])
        #expect(await h.secureStore.values.isEmpty)
        #expect(await h.password.asks == 0)
        #expect(h.sessionStore.current == wallet.id)
    }

    @Test func watchOnlyTonAddressKeepsItsUnderscoreInTheId() async throws {
        let h = WalletHarness()
        let address = try #require(AddressOracle.shared.phrases[1].accounts["ton"]).address
        let wallet = try await h.service.importWallet(.view(address: address, chain: .ton, name: nil)).wallet
        #expect(try WalletId(parsing: wallet.id.id) == wallet.id)
    }

    @Test func invalidWatchAddressWritesNothing() async throws {
        let h = WalletHarness()
        await #expect(throws: GemServiceError.self) {
            try await h.service.importWallet(.view(address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda95", chain: .ethereum, name: nil))
        }
        await #expect(throws: GemServiceError.self) {
            try await h.service.importWallet(.view(address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", chain: .litecoin, name: nil))
        }
        #expect(await h.expectUntouched())
    }

    // MARK: duplicates

    @Test func importingTheSameWalletTwiceAnswersExisting() async throws {
        let h = WalletHarness()
        let first = try await h.service.importWallet(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [.ethereum], name: "First"))
        let other = try await h.service.importWallet(.view(address: "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio", chain: .tron, name: nil))
        #expect(h.sessionStore.current == other.wallet.id)
        let writes = await h.walletStore.writes.count
        let secretWrites = await h.secureStore.writes.count

        let again = try await h.service.importWallet(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [.bitcoin], name: "Second"))
        #expect(again == .existing(wallet: first.wallet))
        #expect(await h.walletStore.writes.count == writes)
        #expect(await h.secureStore.writes.count == secretWrites)
        #expect(await h.walletStore.wallets.count == 2)
        // The existing wallet is the one the user asked for: it becomes current.
        #expect(h.sessionStore.current == first.wallet.id)
        #expect(try await h.service.previewImport(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [], name: nil)).existing)
        #expect(try await h.service.importWallet(.view(address: "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio", chain: .tron, name: nil))
            == .existing(wallet: other.wallet))
    }

    /// A wallet whose keystore record went missing gets its secret back when it is imported again.
    @Test func importingAgainRestoresAMissingSecret() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [.ethereum], name: nil)).wallet
        await h.secureStore.overwrite(key: wallet.id.id, value: nil)
        await #expect(throws: GemServiceError.self) { try await h.service.revealSecret(walletId: wallet.id) }
        #expect(try await h.service.importWallet(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [], name: nil)) == .existing(wallet: wallet))
        #expect(try await h.service.revealSecret(walletId: wallet.id) == .phrase(words: Phrases.abandon.split(separator: " ").map(String.init)))
    }

    // MARK: positions

    @Test func laterWalletsGoToTheEnd() async throws {
        let h = WalletHarness()
        let a = try await h.service.importWallet(.view(address: "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio", chain: .tron, name: nil)).wallet
        let b = try await h.service.importWallet(.multicoin(phrase: Secret(text: Phrases.abandon), chains: [.ethereum], name: nil)).wallet
        #expect((a.index, a.order, a.name) == (1, 0, "Wallet #1"))
        #expect((b.index, b.order, b.name) == (2, 1, "Wallet #2"))
        _ = try await h.service.deleteWallet(walletId: a.id)
        let c = try await h.service.importWallet(.single(phrase: Secret(text: Phrases.abandon), chain: .solana, name: nil)).wallet
        #expect((c.index, c.order, c.name) == (3, 2, "Wallet #3"))
    }

    @Test func concurrentImportsTakeDistinctPositions() async throws {
        let h = WalletHarness()
        let requests: [GemWalletImport] = [
            .multicoin(phrase: Secret(text: Phrases.abandon), chains: [.ethereum], name: nil),
            .multicoin(phrase: Secret(text: Phrases.shoot), chains: [.ethereum], name: nil),
            .multicoin(phrase: Secret(text: Phrases.void), chains: [.ethereum], name: nil),
            .view(address: "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio", chain: .tron, name: nil),
        ]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for request in requests {
                group.addTask { _ = try await h.service.importWallet(request) }
            }
            try await group.waitForAll()
        }
        let wallets = await h.walletStore.wallets
        #expect(Set(wallets.map(\.index)) == [1, 2, 3, 4])
        #expect(Set(wallets.map(\.order)) == [0, 1, 2, 3])
    }

    // MARK: preview

    @Test func previewWritesNothingAndMatchesTheImport() async throws {
        let h = WalletHarness()
        let request = GemWalletImport.multicoin(phrase: Secret(text: Phrases.void), chains: [], name: nil)
        let preview = try await h.service.previewImport(request)
        #expect(!preview.existing)
        #expect(await h.expectUntouched())
        #expect(await h.password.asks == 0)
        let wallet = try await h.service.importWallet(request).wallet
        #expect(preview.walletId == wallet.id && preview.accounts == wallet.accounts && preview.walletType == .multicoin)
        #expect(try await h.service.previewImport(request).existing)
    }
}
