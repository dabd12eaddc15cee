import Blockchain
import GemCrypto
import Primitives

/// Everything an import writes, computed before any write: the wallet id, its accounts and the secret to
/// seal (none for watch-only). Computing it validates the input, so a bad phrase, key or address fails
/// before the store or keystore is touched.
struct WalletImportPlan {
    let walletId: WalletId
    let accounts: [Account]
    let secret: KeystoreSecret?

    init(_ request: GemWalletImport) throws(GemServiceError) {
        switch request {
        case let .multicoin(phrase, chains, _):
            let mnemonic = try Self.mnemonic(phrase)
            let chains = try WalletRules.multicoinChains(chains, supported: AccountDerivation.supports)
            var derivation = AccountDerivation(mnemonic: mnemonic)
            walletId = .multicoin(address: try derivation.ethereumAddress())
            var accounts: [Account] = []
            accounts.reserveCapacity(chains.count)
            for chain in chains { accounts.append(try derivation.account(chain)) }
            self.accounts = accounts
            secret = .phrase(mnemonic.phrase)
        case let .single(phrase, chain, _):
            guard AccountDerivation.supports(chain) else {
                throw .invalidInput(message: "\(chain.id) accounts cannot be derived from a phrase yet")
            }
            let mnemonic = try Self.mnemonic(phrase)
            var derivation = AccountDerivation(mnemonic: mnemonic)
            let account = try derivation.account(chain)
            walletId = .single(chain: chain, address: account.address)
            accounts = [account]
            secret = .phrase(mnemonic.phrase)
        case let .privateKey(text, chain, _):
            let key = try PrivateKeyEncoding.decode(text, chain: chain)
            let address = try AccountDerivation.address(chain, try PrivateKeyEncoding.addressKey(key, chain: chain))
            walletId = .privateKey(chain: chain, address: address)
            accounts = [Account(chain: chain, address: address, derivationPath: "")]
            secret = .privateKey(key)
        case let .view(text, chain, _):
            let address: String
            do {
                address = try chain.validateAddress(text)
            } catch {
                throw .invalidInput(message: "not a valid \(chain.id) address: \(error)")
            }
            walletId = .view(chain: chain, address: address)
            accounts = [Account(chain: chain, address: address, derivationPath: "")]
            secret = nil
        }
    }

    /// The phrase, validated (BIP39 English word list and checksum). The message names the problem and,
    /// for an unknown word, its position, never the word.
    static func mnemonic(_ phrase: String) throws(GemServiceError) -> Mnemonic {
        do {
            return try Mnemonic(phrase)
        } catch {
            throw .invalidInput(message: "invalid recovery phrase: \(error.description)")
        }
    }

    /// The wallet this plan stores, with its position among `existing` wallets.
    func wallet(name: String?, source: WalletSource, existing: [Wallet]) throws(GemServiceError) -> Wallet {
        let index = WalletRules.nextIndex(existing)
        return Wallet(id: walletId, externalId: secret == nil ? nil : walletId.id,
                      name: try WalletRules.name(name, index: index), index: index, accounts: accounts,
                      order: WalletRules.nextOrder(existing), isPinned: false, imageUrl: nil, source: source)
    }
}

extension AccountDerivation {
    /// Whether a phrase wallet can have an account on `chain` (Cardano waits for BIP32-Ed25519).
    static func supports(_ chain: Chain) -> Bool {
        chain.config.curve != .ed25519ExtendedCardano
    }
}
