import Blockchain
import GemCrypto
import Primitives
import Testing
@testable import Gemstone

/// `GemSignMessageService` over the wallet harness: one password read per signature, the signature made with the
/// account's key through the family's signer, refusals before the password is asked.
@Suite struct GemSignMessageServiceTests {
    static let chains: [Chain] = [.ethereum, .polygon, .solana, .sui, .tron, .ton, .cosmos, .bitcoin]
    static let now: UInt64 = 1_700_000_000

    static func service(_ h: WalletHarness, password: TestKeystorePassword? = nil) -> GemSignMessageService {
        let keystore = GemKeystore(secureStore: h.secureStore, password: password ?? h.password, parameters: .minimum)
        return GemSignMessageService(keys: GemSigningKeys(session: h.session, keystore: keystore), session: h.session,
                                     now: { Self.now })
    }

    static func wallet(_ h: WalletHarness) async throws -> Wallet {
        try await h.service.importWallet(.multicoin(phrase: Secret(text: Phrases.abandon), chains: chains, name: nil)).wallet
    }

    static func request(_ chain: Chain, _ kind: GemSignMessageKind, _ message: String = "Sign in to Gem",
                        appUrl: String = "https://example.org") -> GemSignMessageRequest {
        GemSignMessageRequest(chain: chain, kind: kind, message: message, encoding: .text, appName: "Example", appUrl: appUrl)
    }

    /// Every kind signs with the account's key: the answer is what the family's signer makes with that key, for
    /// the account's address, after one password read each.
    @Test(arguments: [
        (Chain.ethereum, GemSignMessageKind.eip191), (.polygon, .eip191), (.ethereum, .eip712), (.solana, .solana),
        (.sui, .sui), (.tron, .tron), (.ton, .tonProof), (.cosmos, .cosmosADR036), (.bitcoin, .bitcoinBIP137),
    ])
    func signsEachKindWithTheAccountsKey(chain: Chain, kind: GemSignMessageKind) async throws {
        let h = WalletHarness()
        let wallet = try await Self.wallet(h)
        let message = kind == .eip712 ? SignMessageRulesTests.mail() : "Sign in to Gem"
        let request = Self.request(chain, kind, message)
        let asks = await h.password.asks
        let signed = try await Self.service(h).sign(walletId: wallet.id, request: request)
        #expect(await h.password.asks == asks + 1)
        let address = try #require(wallet.account(for: chain)?.address)
        #expect(signed.signer == address)
        #expect(signed.chain == chain && signed.kind == kind)
        #expect(signed.timestamp == (kind == .tonProof ? Int64(Self.now) : nil))
        let key = try #require(try await GemSigningKeys(wallets: h.service).keys(walletId: wallet.id, chains: [chain]).key(for: chain))
        let bytes = Array(message.utf8)
        let expected: SignedMessage
        switch (kind, key) {
        case (.eip191, .secp256k1(let key)): expected = try EthereumSigner.signPersonalMessage(bytes, key: key)
        case (.eip712, .secp256k1(let key)): expected = try EthereumSigner.signTypedData(message, key: key)
        case (.tron, .secp256k1(let key)): expected = try TronSigner.signMessage(bytes, key: key)
        case (.cosmosADR036, .secp256k1(let key)): expected = try CosmosSigner.signMessage(bytes, chain: chain, key: key)
        case (.bitcoinBIP137, .secp256k1(let key)):
            expected = try BitcoinSigner.signMessage(BitcoinMessageInput(chain: chain, address: address, message: bytes), key: key)
        case (.solana, .ed25519(let key)): expected = try SolanaSigner.signMessage(bytes, key: key)
        case (.sui, .ed25519(let key)): expected = try SuiSigner.signPersonalMessage(bytes, key: key)
        case (.tonProof, .ed25519(let key)):
            expected = try TonSigner.signProof(TonProofInput(domain: "example.org", timestamp: Self.now, payload: message), key: key)
        default:
            Issue.record("\(kind) got a key of the wrong curve")
            return
        }
        #expect(signed.signature == expected.encoded)
    }

    /// EIP-191 end to end: the signature verifies under the answered public key, whose address is the account's.
    @Test func personalSignVerifiesForTheAccount() async throws {
        let h = WalletHarness()
        let wallet = try await Self.wallet(h)
        let signed = try await Self.service(h).sign(walletId: wallet.id, request: Self.request(.ethereum, .eip191))
        let publicKey = try Secp256k1PublicKey(try Hex.decode(signed.publicKey))
        #expect(try Chain.ethereum.address(for: .secp256k1(publicKey)) == wallet.account(for: .ethereum)?.address)
        let rsv = try Hex.decode(String(signed.signature.dropFirst(2)))
        #expect(rsv.count == 65 && (rsv[64] == 27 || rsv[64] == 28))
        let digest = EthereumSigner.personalMessageDigest(Array("Sign in to Gem".utf8))
        #expect(publicKey.verify(signature: try ECDSASignature(compact: Array(rsv[0..<64])), digest: digest))
    }

    @Test func refusalsComeBeforeThePassword() async throws {
        let h = WalletHarness()
        let wallet = try await Self.wallet(h)
        let asks = await h.password.asks
        let service = Self.service(h)
        await #expect(throws: GemServiceError.invalidInput(message: "the message is empty")) {
            try await service.sign(walletId: wallet.id, request: Self.request(.ethereum, .eip191, ""))
        }
        await #expect(throws: GemServiceError.invalidInput(message: "the typed data's domain is for chain id 1, not polygon (137)")) {
            try await service.sign(walletId: wallet.id, request: Self.request(.polygon, .eip712, SignMessageRulesTests.mail()))
        }
        await #expect(throws: GemServiceError.invalidInput(message: "the wallet has no arbitrum account")) {
            try await service.sign(walletId: wallet.id, request: Self.request(.arbitrum, .eip191))
        }
        await #expect(throws: GemServiceError.self) {
            try await service.sign(walletId: WalletId.multicoin(address: "0xnone"), request: Self.request(.ethereum, .eip191))
        }
        #expect(await h.password.asks == asks)
    }

    @Test func aWatchOnlyWalletCannotSign() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(.view(address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94",
                                                            chain: .ethereum, name: nil)).wallet
        await #expect(throws: GemServiceError.invalidInput(message: "a watch-only wallet cannot sign")) {
            try await Self.service(h).sign(walletId: wallet.id, request: Self.request(.ethereum, .eip191))
        }
        #expect(await h.password.asks == 0)
    }

    @Test func aWrongPasswordIsACryptoError() async throws {
        let h = WalletHarness()
        let wallet = try await Self.wallet(h)
        await #expect(throws: GemServiceError.crypto(message: "wrong keystore password")) {
            try await Self.service(h, password: TestKeystorePassword("another password"))
                .sign(walletId: wallet.id, request: Self.request(.ethereum, .eip191))
        }
    }

    @Test func previewIsTheRules() throws {
        let h = WalletHarness()
        let request = Self.request(.ethereum, .eip191, "hello")
        #expect(try Self.service(h).preview(request) == SignMessageRules.preview(request))
    }
}
