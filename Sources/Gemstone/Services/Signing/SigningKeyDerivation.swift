import Blockchain
import GemCrypto
import Primitives

/// The private keys of a wallet's accounts from its opened secret (pure: no I/O). A phrase gives one BIP39 seed
/// and each chain's key at its account's path (the chain's default path when the account has none) on the
/// chain's curve; a private-key wallet's 32 bytes are its one chain's key. Each key must give the account's
/// stored address.
enum SigningKeyDerivation {
    static func keys(_ secret: KeystoreSecret, wallet: Wallet, chains: [Chain]) throws(GemSigningError) -> [Chain: TransferKey] {
        var keys: [Chain: TransferKey] = [:]
        switch secret {
        case .phrase(let phrase):
            let seed = Mnemonic.seed(normalizedPhrase: phrase)
            var secpMaster: ExtendedPrivateKey?
            var edMaster: Ed25519HDKey?
            for chain in chains {
                let path = try path(chain, wallet: wallet)
                let key: TransferKey
                do {
                    switch chain.config.curve {
                    case .secp256k1:
                        let master = try secpMaster ?? ExtendedPrivateKey(seed: seed)
                        secpMaster = master
                        key = .secp256k1(try master.derive(path).privateKey)
                    case .ed25519:
                        let master = try edMaster ?? Ed25519HDKey(seed: seed)
                        edMaster = master
                        key = .ed25519(try master.derive(path).privateKey)
                    case .ed25519ExtendedCardano:
                        throw GemSigningError.unsupportedChain(chain)
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
        let addressKey: AddressKey = switch key {
        case .secp256k1(let key): .secp256k1(key.publicKey)
        case .ed25519(let key): .ed25519(key.publicKey.bytes)
        }
        guard let address = try? chain.address(for: addressKey), address == account.address else {
            throw .keyMismatch(chain)
        }
        return key
    }
}
