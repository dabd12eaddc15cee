import Blockchain
import GemCrypto
import Primitives

/// The private keys of a wallet's accounts from its opened secret (pure: no I/O). A phrase gives one BIP39 seed
/// and each chain's key at its account's path (the chain's default path when the account has none) on the
/// chain's curve; Cardano's is the CIP-1852 payment key under the phrase's Icarus master key (CIP-3, from the
/// BIP39 entropy, not the seed), as `AccountDerivation.cardanoAccount` derives the address. A private-key wallet's
/// 32 bytes are its one chain's key (Cardano has no private-key wallets: an extended key is 64 bytes and a
/// chain code, which the keystore's 32-byte record cannot carry). Each key must give the account's stored address.
enum SigningKeyDerivation {
    static func keys(_ secret: KeystoreSecret, wallet: Wallet, chains: [Chain]) throws(GemSigningError) -> [Chain: TransferKey] {
        var keys: [Chain: TransferKey] = [:]
        switch secret {
        case .phrase(let phrase):
            // The BIP39 seed only when a chain on its tree is asked (Cardano's key does not read it).
            var seed: Secret?
            var secpMaster: ExtendedPrivateKey?
            var edMaster: Ed25519HDKey?
            for chain in chains {
                let path = try path(chain, wallet: wallet)
                if chain.config.curve == .ed25519ExtendedCardano {
                    keys[chain] = try cardanoKey(phrase, path: path, chain: chain, wallet: wallet)
                    continue
                }
                let key: TransferKey
                let bip39 = seed ?? Mnemonic.seed(normalizedPhrase: phrase)
                seed = bip39
                do {
                    switch chain.config.curve {
                    case .secp256k1:
                        let master = try secpMaster ?? ExtendedPrivateKey(seed: bip39)
                        secpMaster = master
                        key = .secp256k1(try master.derive(path).privateKey)
                    case .ed25519:
                        let master = try edMaster ?? Ed25519HDKey(seed: bip39)
                        edMaster = master
                        key = .ed25519(try master.derive(path).privateKey)
                    case .ed25519ExtendedCardano:
                        throw GemSigningError.unsupportedChain(chain)  // derived above
                    }
                } catch let error as GemSigningError {
                    throw error
                } catch {
                    throw .keystore("\(chain.id) key derivation failed: \(error)")
                }
                keys[chain] = try checked(key, chain: chain, wallet: wallet)
            }
        case .privateKey(let bytes):
            for chain in chains {
                // A private-key wallet holds one chain's key; its id names the chain.
                guard wallet.id.chain == chain else { throw .noAccount(chain) }
                let key: TransferKey
                do {
                    switch chain.config.curve {
                    case .secp256k1: key = .secp256k1(try Secp256k1PrivateKey(bytes))
                    case .ed25519: key = .ed25519(try Ed25519PrivateKey(seed: bytes))
                    case .ed25519ExtendedCardano: throw GemSigningError.unsupportedChain(chain)
                    }
                } catch let error as GemSigningError {
                    throw error
                } catch {
                    throw .keystore("the stored \(chain.id) private key is not a key: \(error)")
                }
                keys[chain] = try checked(key, chain: chain, wallet: wallet)
            }
        }
        return keys
    }

    /// The CIP-1852 payment key at `path` (m/1852'/1815'/account'/role/index) under the phrase's Icarus master key,
    /// if the Shelley base address of it and of the account's stake key (role 2, index 0) is the stored address.
    private static func cardanoKey(_ phrase: Secret, path: DerivationPath, chain: Chain, wallet: Wallet) throws(GemSigningError) -> TransferKey {
        guard path.components.count == 5, path.components[..<3].allSatisfy(\.hardened) else {
            throw .keystore("\(chain.id) path \(path) is not CIP-1852")
        }
        guard let account = wallet.account(for: chain) else { throw .noAccount(chain) }
        let mnemonic: Mnemonic
        do {
            var bytes = phrase.withSpan { SecretBytes.copy($0) }
            defer { SecretBytes.wipe(&bytes) }
            mnemonic = try Mnemonic(String(decoding: bytes, as: UTF8.self))
        } catch {
            throw .keystore("the stored phrase is not a BIP39 phrase: \(error)")
        }
        let payment: CardanoHDKey
        let stake: CardanoHDKey
        do {
            let accountKey = try CardanoHDKey(mnemonic: mnemonic).derive(DerivationPath(components: Array(path.components[..<3])))
            payment = try accountKey.derive(DerivationPath(components: Array(path.components[3...])))
            stake = try accountKey.derive(DerivationPath(components: [DerivationPath.Component(childNumber: 2),
                                                                      DerivationPath.Component(childNumber: 0)]))
        } catch {
            throw .keystore("\(chain.id) key derivation failed: \(error)")
        }
        let key = AddressKey.cardano(payment: payment.publicKey.bytes, stake: stake.publicKey.bytes)
        guard let address = try? chain.address(for: key), address == account.address else { throw .keyMismatch(chain) }
        return .ed25519Extended(payment)
    }

    /// The account's path, or the chain's default where the account was stored without one.
    private static func path(_ chain: Chain, wallet: Wallet) throws(GemSigningError) -> DerivationPath {
        guard let account = wallet.account(for: chain) else { throw .noAccount(chain) }
        let text = account.derivationPath.isEmpty ? chain.config.derivationPath : account.derivationPath
        do {
            return try DerivationPath(text)
        } catch {
            throw .keystore("\(chain.id) path \(text): \(error)")
        }
    }

    /// `key` if its address on `chain` is the wallet's account address.
    private static func checked(_ key: TransferKey, chain: Chain, wallet: Wallet) throws(GemSigningError) -> TransferKey {
        guard let account = wallet.account(for: chain) else { throw .noAccount(chain) }
        let addressKey: AddressKey
        switch key {
        case .secp256k1(let key): addressKey = .secp256k1(key.publicKey)
        case .ed25519(let key): addressKey = .ed25519(key.publicKey.bytes)
        case .ed25519Extended: throw .unsupportedChain(chain)  // checked with its stake key by `cardanoKey`
        }
        guard let address = try? chain.address(for: addressKey), address == account.address else {
            throw .keyMismatch(chain)
        }
        return key
    }
}
