import Blockchain
import GemCrypto
import Primitives

/// The private keys one submit signs with (spec: "Signing is not a port"; "The keystore is the one dependency a
/// composition root does not pass around"). For a wallet and the chains of a submit it reads the wallet, asks the
/// keystore's password port once, opens the wallet's secret, derives each chain's key and lets the opened secret
/// go before answering: the phrase, its seed and the master keys are `Secret`s released (and so wiped) when
/// `keys` returns. The keys answered are `Secret`-backed too and wiped when the caller drops them, so a caller
/// keeps them only for the signatures of its submit.
///
/// Every key is checked against the wallet's stored account before it is answered: a key whose address is not the
/// account's fails closed (`keyMismatch`) rather than sign for an address the user did not see.
package final class GemSigningKeys: Sendable {
    private let session: GemWalletSessionService
    private let keystore: GemKeystore

    package init(session: GemWalletSessionService, keystore: GemKeystore) {
        self.session = session
        self.keystore = keystore
    }

    /// The keys over the wallet service's own session and keystore (the one keystore of the composition root).
    package convenience init(wallets: GemWalletService) {
        self.init(session: wallets.session, keystore: wallets.keystore)
    }

    /// Each of `chains`' private keys for `walletId`'s account on it, after one password read. A watch-only wallet
    /// is `watchOnly` and a wrong password `wrongPassword`, both before any key exists; no chain is `noChains`.
    package func keys(walletId: WalletId, chains: [Chain]) async throws(GemSigningError) -> SigningKeys {
        let wallet: Wallet
        do {
            wallet = try await session.requireWallet(walletId: walletId)
        } catch {
            throw .service(error)
        }
        guard wallet.type != .view, let key = wallet.externalId else { throw .watchOnly }
        var unique: [Chain] = []
        for chain in chains where !unique.contains(chain) { unique.append(chain) }
        guard !unique.isEmpty else { throw .noChains }
        for chain in unique where wallet.account(for: chain) == nil { throw .noAccount(chain) }
        var failure: GemSigningError?
        let keys: [Chain: TransferKey]
        do throws(KeystoreOpenError) {
            keys = try await keystore.open(walletId: walletId, key: key) { (secret) throws(GemServiceError) -> [Chain: TransferKey] in
                do throws(GemSigningError) {
                    return try SigningKeyDerivation.keys(secret, wallet: wallet, chains: unique)
                } catch {
                    // Kept apart so that it crosses the closure's service-error type unchanged.
                    failure = error
                    throw .internal(message: "signing key derivation failed")
                }
            }
        } catch {
            if let failure { throw failure }
            switch error {
            case .keystore(.wrongPassword): throw .wrongPassword
            case .keystore(let error): throw .keystore(error.description)
            case .service(let error): throw .service(error)
            }
        }
        return SigningKeys(keys)
    }
}

/// The keys of one submit, by chain. Each key's bytes are in a `Secret`: dropping the value wipes them.
package struct SigningKeys: Sendable {
    private let keys: [Chain: TransferKey]

    init(_ keys: [Chain: TransferKey]) {
        self.keys = keys
    }

    package var chains: [Chain] { Array(keys.keys) }

    package func key(for chain: Chain) -> TransferKey? {
        keys[chain]
    }
}

/// Why the signing keys of a submit could not be given. No case carries key material.
public enum GemSigningError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The wallet watches an address and holds no secret.
    case watchOnly
    /// The keystore password does not open the wallet's secret.
    case wrongPassword
    /// No chain was asked for.
    case noChains
    /// The wallet has no account on the chain.
    case noAccount(Chain)
    /// The chain's keys are not derived here (Cardano's extended keys sign nothing in this library yet).
    case unsupportedChain(Chain)
    /// The key derived for the chain does not give the wallet's stored address: nothing is signed with it.
    case keyMismatch(Chain)
    /// The keystore record could not be opened for another reason than the password (missing, damaged).
    case keystore(String)
    /// A port failed: the wallet store, or the password port (a refused prompt is `permissionDenied`).
    case service(GemServiceError)

    public var description: String {
        switch self {
        case .watchOnly: "a watch-only wallet cannot sign"
        case .wrongPassword: "wrong keystore password"
        case .noChains: "no chain to sign for"
        case .noAccount(let chain): "the wallet has no \(chain.id) account"
        case .unsupportedChain(let chain): "\(chain.id) keys are not derived for signing"
        case .keyMismatch(let chain): "the derived \(chain.id) key does not match the wallet's address"
        case .keystore(let reason): reason
        case .service(let error): error.message
        }
    }
}
