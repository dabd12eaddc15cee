import GemCrypto
import Primitives

/// The keystore (spec: "The keystore is the one dependency a composition root does not pass around"):
/// seals each wallet's secret into a `KeystoreRecord` kept in the host's secure store, and unlocks it for
/// the duration of one closure. It is `package`: only the services of this library that need secrets
/// (today `GemWalletService`) hold one; the C ABI never hands it to a host, which only supplies its two
/// ports, the secure store and the password.
///
/// Records are keyed by the wallet's `external_id`. The password is asked for on every seal and unlock and
/// dropped at once; the decrypted secret exists only inside `unlock`'s closure and is wiped when it returns.
package final class GemKeystore: Sendable {
    let secureStore: any GemSecureStore
    private let password: any GemKeystorePassword
    private let parameters: KeystoreParameters
    private let random: any RandomSource

    package init(secureStore: any GemSecureStore, password: any GemKeystorePassword,
                 parameters: KeystoreParameters = .standard, random: any RandomSource = SystemRandom()) {
        self.secureStore = secureStore
        self.password = password
        self.parameters = parameters
        self.random = random
    }

    /// Encrypts `secret` for `walletId` and writes the record under `key`, replacing any record there.
    package func store(_ secret: KeystoreSecret, walletId: WalletId, key: String) async throws(GemServiceError) {
        try await secureStore.set(key: key, value: try await seal(secret, walletId: walletId))
    }

    /// The record text of `secret` sealed for `walletId` under the password port's password; writes nothing.
    package func seal(_ secret: KeystoreSecret, walletId: WalletId) async throws(GemServiceError) -> String {
        let password = try await password.password()
        do {
            return try KeystoreRecord.seal(secret, walletId: walletId.id, password: password,
                                           parameters: parameters, random: random).text
        } catch {
            throw GemServiceError(error)
        }
    }

    /// Decrypts the record under `key` (which must belong to `walletId`) and lends the secret to `body`.
    package func unlock<T>(walletId: WalletId, key: String,
                           _ body: (KeystoreSecret) throws(GemServiceError) -> T) async throws(GemServiceError) -> T {
        do {
            return try await open(walletId: walletId, key: key, body)
        } catch {
            switch error {
            case .keystore(let error): throw GemServiceError(error)
            case .service(let error): throw error
            }
        }
    }

    /// `unlock`, with the keystore's own refusal kept apart from a port's failure, for a caller that tells a wrong
    /// password from a damaged record (the signing keys). The password port is asked once, after the record is read.
    package func open<T>(walletId: WalletId, key: String,
                         _ body: (KeystoreSecret) throws(GemServiceError) -> T) async throws(KeystoreOpenError) -> T {
        let text: String?
        let password: Secret
        do {
            text = try await secureStore.get(key: key)
        } catch {
            throw .service(error)
        }
        guard let text else { throw .keystore(.notFound) }
        do {
            password = try await self.password.password()
        } catch {
            throw .service(error)
        }
        let secret: KeystoreSecret
        do {
            secret = try KeystoreRecord(text: text).open(walletId: walletId.id, password: password)
        } catch {
            throw .keystore(error)
        }
        do {
            return try body(secret)
        } catch {
            throw .service(error)
        }
    }

    /// The stored record's text, unopened: what a compensation puts back.
    package func record(key: String) async throws(GemServiceError) -> String? {
        try await secureStore.get(key: key)
    }

    /// Writes a record text as it is: a record `seal` made, or one put back to undo a deletion.
    package func restore(key: String, record: String) async throws(GemServiceError) {
        try await secureStore.set(key: key, value: record)
    }

    /// Removes the record under `key`; nothing there is not an error.
    package func delete(key: String) async throws(GemServiceError) {
        try await secureStore.delete(key: key)
    }
}

/// Why `GemKeystore.open` failed: the record itself (wrong password, tampering, no record), or a port or the
/// caller's closure.
package enum KeystoreOpenError: Error, Sendable, Equatable {
    case keystore(GemKeystoreError)
    case service(GemServiceError)
}
