import GemCrypto
import Primitives
@testable import Gemstone

/// The wallet and session services over the testkit doubles, with the keystore at its floor cost.
struct WalletHarness {
    let walletStore: MemoryWalletStore
    let sessionStore: MemoryWalletSessionStore
    let secureStore = MemorySecureStore()
    let password = TestKeystorePassword()
    let session: GemWalletSessionService
    let service: GemWalletService

    init(wallets: [Wallet] = [], current: WalletId? = nil, random: any RandomSource = SystemRandom()) {
        walletStore = MemoryWalletStore(wallets)
        sessionStore = MemoryWalletSessionStore(current)
        session = GemWalletSessionService(walletStore: walletStore, sessionStore: sessionStore)
        service = GemWalletService(session: session,
                                   keystore: GemKeystore(secureStore: secureStore, password: password, parameters: .minimum),
                                   random: random)
    }

    /// A new service over the same stores, as after a restart of the app: its sweep runs first.
    func restarted() -> GemWalletService {
        GemWalletService(session: session,
                         keystore: GemKeystore(secureStore: secureStore, password: password, parameters: .minimum))
    }

    /// Nothing of an import is left: no wallet, no secret, the current wallet as before.
    func expectUntouched(current: WalletId? = nil) async -> Bool {
        let wallets = await walletStore.wallets
        let secrets = await secureStore.values
        return wallets.isEmpty && secrets.isEmpty && sessionStore.current == current
    }
}

enum Phrases {
    /// BIP39's all-zero-entropy phrase; its accounts are in the address oracle (phrase 0).
    static let abandon = AddressOracle.shared.phrases[0].phrase
    /// chains.md's example phrase (oracle phrase 1).
    static let shoot = AddressOracle.shared.phrases[1].phrase
    /// A 24-word phrase (oracle phrase 2).
    static let void = AddressOracle.shared.phrases[2].phrase
}

/// Fixed bytes as randomness: a created phrase is then known in advance.
struct FixedRandom: RandomSource {
    let byte: UInt8
    func randomBytes(_ count: Int) throws(RandomError) -> [UInt8] { [UInt8](repeating: byte, count: count) }
}

extension Wallet {
    static func mock(_ id: WalletId, name: String = "Wallet", index: Int32 = 1, order: Int32 = 0,
                     pinned: Bool = false) -> Wallet {
        Wallet(id: id, externalId: id.type == .view ? nil : id.id, name: name, index: index,
               accounts: [Account(chain: id.chain ?? .ethereum, address: id.address, derivationPath: "")],
               order: order, isPinned: pinned, imageUrl: nil, source: .import)
    }
}
