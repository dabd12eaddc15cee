import GemCrypto

/// A wallet's secret while it is decrypted: the sanitized recovery phrase or the raw private key, in wiping
/// storage. It exists only inside the core, only for the duration of one keystore call.
package enum KeystoreSecret: Sendable {
    /// The normalized phrase (lowercase words joined by one space), UTF-8, as `Mnemonic.phrase` holds it.
    case phrase(Secret)
    /// The 32 raw private-key bytes (a secp256k1 scalar or an ed25519 seed).
    case privateKey(Secret)

    package var kind: KeystoreSecretKind {
        switch self {
        case .phrase: .phrase
        case .privateKey: .privateKey
        }
    }

    package var bytes: Secret {
        switch self {
        case .phrase(let secret), .privateKey(let secret): secret
        }
    }
}

/// What a keystore record holds. The raw value is the record's `secret_kind`.
package enum KeystoreSecretKind: String, Sendable, CaseIterable {
    case phrase
    case privateKey = "private_key"
}
