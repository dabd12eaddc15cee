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

    init(walletId: WalletId, accounts: [Account], secret: KeystoreSecret?) {
        self.walletId = walletId
        self.accounts = accounts
        self.secret = secret
    }

    /// Validates `request` and derives what it makes; a multi-coin phrase derives its accounts in
    /// parallel off the cooperative pool, this task suspended meanwhile (`MulticoinDerivation`).
    static func make(_ request: GemWalletImport) async throws(GemServiceError) -> WalletImportPlan {
        switch request {
        case let .multicoin(phrase, chains, _):
            let mnemonic = try mnemonic(phrase.revealText())
            let chains = WalletRules.multicoinChains(chains)
            let (ethereumAddress, accounts) = try await MulticoinDerivation.accounts(mnemonic, chains: chains)
            let walletId = WalletId.multicoin(address: ethereumAddress)
            return WalletImportPlan(walletId: walletId, accounts: accounts, secret: .phrase(mnemonic.phrase))
        case let .single(phrase, chain, _):
            let mnemonic = try mnemonic(phrase.revealText())
            var derivation = AccountDerivation(mnemonic: mnemonic)
            let account = try derivation.account(chain)
            return WalletImportPlan(walletId: .single(chain: chain, address: account.address), accounts: [account],
                                    secret: .phrase(mnemonic.phrase))
        case let .privateKey(text, chain, _):
            let key = try PrivateKeyEncoding.decode(text.revealText(), chain: chain)
            let address = try AccountDerivation.address(chain, try PrivateKeyEncoding.addressKey(key, chain: chain))
            return WalletImportPlan(walletId: .privateKey(chain: chain, address: address),
                                    accounts: [Account(chain: chain, address: address, derivationPath: "")],
                                    secret: .privateKey(key))
        case let .view(text, chain, _):
            let address: String
            do {
                address = try chain.validateAddress(text)
            } catch {
                throw .invalidInput(message: "not a valid \(chain.id) address: \(error)")
            }
            return WalletImportPlan(walletId: .view(chain: chain, address: address),
                                    accounts: [Account(chain: chain, address: address, derivationPath: "")], secret: nil)
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
