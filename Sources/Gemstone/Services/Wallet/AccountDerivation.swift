import Blockchain
import GemCrypto
import Primitives

/// Derives a wallet's accounts from its recovery phrase: one BIP39 seed, then each chain's key at its
/// default path (`ChainConfig.derivationPath`) on its curve, then the chain's address (`Blockchain`).
///
/// Chains that share a path (every EVM chain, HyperCore and Injective on m/44'/60'/0'/0/0; the Cosmos chains
/// on m/44'/118'/0'/0/0) share one derivation, and secp256k1 paths share their hardened account key, which
/// also gives a Bitcoin-family account its extended public key. Keys live only for the call.
struct AccountDerivation {
    private let mnemonic: Mnemonic
    /// The BIP39 seed, computed on first use (a Cardano-only wallet never needs it).
    private var seedStorage: Secret?
    private var secpMaster: ExtendedPrivateKey?
    private var edMaster: Ed25519HDKey?
    private var accountKeys: [String: ExtendedPrivateKey] = [:]
    private var secpKeys: [String: Secp256k1PublicKey] = [:]
    private var edKeys: [String: [UInt8]] = [:]

    init(mnemonic: Mnemonic) {
        self.mnemonic = mnemonic
    }

    /// A derivation over a seed already computed, so derivations of one phrase running side by side share
    /// the one PBKDF2 run.
    init(mnemonic: Mnemonic, seed: Secret) {
        self.mnemonic = mnemonic
        seedStorage = seed
    }

    /// The BIP39 seed of the phrase (computed once per derivation).
    mutating func sharedSeed() -> Secret {
        seed()
    }

    private mutating func seed() -> Secret {
        if let seed = seedStorage { return seed }
        let seed = mnemonic.seed()
        seedStorage = seed
        return seed
    }

    /// The account of `chain` at its default path.
    mutating func account(_ chain: Chain) throws(GemServiceError) -> Account {
        let config = chain.config
        let path = config.derivationPath
        switch config.curve {
        case .secp256k1:
            let (key, xpub) = try secp256k1(path: path, format: Self.extendedKeyFormat(config.addressFormat))
            return Account(chain: chain, address: try Self.address(chain, .secp256k1(key)), derivationPath: path,
                           extendedPublicKey: xpub)
        case .ed25519:
            let key = try ed25519(path: path)
            return Account(chain: chain, address: try Self.address(chain, .ed25519(key)), derivationPath: path)
        case .ed25519ExtendedCardano:
            return try Self.cardanoAccount(mnemonic, chain: chain)
        }
    }

    /// A Cardano account (CIP-1852): the Icarus master key from the phrase's entropy, the account key at the
    /// path's hardened levels, then the payment key (role 0, the chain's path) and the stake key (role 2,
    /// index 0), whose hashes make the Shelley base address. Static and independent of the BIP39 seed, so an
    /// import runs it beside the other chains (its master key alone costs four seed derivations: PBKDF2 with
    /// 4096 iterations and two output blocks).
    static func cardanoAccount(_ mnemonic: Mnemonic, chain: Chain) throws(GemServiceError) -> Account {
        try cardanoAccount(CardanoHDKey(mnemonic: mnemonic), chain: chain)
    }

    /// The Cardano account from an Icarus master key already computed.
    static func cardanoAccount(_ master: CardanoHDKey, chain: Chain) throws(GemServiceError) -> Account {
        let text = chain.config.derivationPath
        let path = try parse(text)
        guard path.components.count == 5 else { throw .internal(message: "chain table path \(text) is not CIP-1852") }
        do {
            let account = try master.derive(DerivationPath(components: Array(path.components[..<3])))
            let payment = try account.derive(DerivationPath(components: Array(path.components[3...])))
            let stake = try account.derive(DerivationPath(components: [DerivationPath.Component(childNumber: 2),
                                                                       DerivationPath.Component(childNumber: 0)]))
            let key = AddressKey.cardano(payment: payment.publicKey.bytes, stake: stake.publicKey.bytes)
            return Account(chain: chain, address: try address(chain, key), derivationPath: text)
        } catch let error as GemServiceError {
            throw error
        } catch {
            throw .crypto(message: "\(text): \(error)")
        }
    }

    /// The EIP-55 address at m/44'/60'/0'/0/0, which names a multi-coin wallet (`multicoin_<address>`).
    mutating func ethereumAddress() throws(GemServiceError) -> String {
        try account(.ethereum).address
    }

    // MARK: keys

    private mutating func secp256k1(path text: String, format: ExtendedKeyFormat?) throws(GemServiceError) -> (Secp256k1PublicKey, String?) {
        let path = try Self.parse(text)
        // The account key: the path up to its last hardened level (m/84'/0'/0' of m/84'/0'/0'/0/0).
        let split = (path.components.lastIndex(where: \.hardened) ?? -1) + 1
        let accountPath = DerivationPath(components: Array(path.components[..<split]))
        let account = try accountKey(accountPath)
        let xpub = format.map { account.extendedPublicKey.serialized(version: GemCrypto.ExtendedKeyVersion(publicVersion: $0.version, privateVersion: 0)) }
        if let key = secpKeys[text] { return (key, xpub) }
        let key: Secp256k1PublicKey
        do {
            key = try account.derive(DerivationPath(components: Array(path.components[split...]))).publicKey
        } catch {
            throw .crypto(message: "\(text): \(error)")
        }
        secpKeys[text] = key
        return (key, xpub)
    }

    private mutating func accountKey(_ path: DerivationPath) throws(GemServiceError) -> ExtendedPrivateKey {
        if let key = accountKeys[path.description] { return key }
        do {
            let master = try secpMaster ?? ExtendedPrivateKey(seed: seed())
            secpMaster = master
            let key = try master.derive(path)
            accountKeys[path.description] = key
            return key
        } catch {
            throw .crypto(message: "\(path): \(error)")
        }
    }

    private mutating func ed25519(path text: String) throws(GemServiceError) -> [UInt8] {
        if let key = edKeys[text] { return key }
        let path = try Self.parse(text)
        do {
            let master = try edMaster ?? Ed25519HDKey(seed: seed())
            edMaster = master
            let key = try master.derive(path).publicKey.bytes
            edKeys[text] = key
            return key
        } catch {
            throw .crypto(message: "\(text): \(error)")
        }
    }

    // MARK: helpers

    static func address(_ chain: Chain, _ key: AddressKey) throws(GemServiceError) -> String {
        do {
            return try chain.address(for: key)
        } catch {
            throw .crypto(message: "\(chain.id) address: \(error)")
        }
    }

    static func parse(_ text: String) throws(GemServiceError) -> DerivationPath {
        do {
            return try DerivationPath(text)
        } catch {
            throw .internal(message: "chain table path \(text): \(error)")
        }
    }

    /// The extended-public-key format a Bitcoin-family account is written with; nil for other chains.
    private static func extendedKeyFormat(_ format: AddressFormat) -> ExtendedKeyFormat? {
        if case .utxo(let network, _) = format { return network.extendedPublicKey }
        return nil
    }
}
