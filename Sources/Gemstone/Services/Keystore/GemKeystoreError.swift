/// Why the keystore refused to seal or open a record. Every failure is closed (no secret is returned) and
/// each has its own case, so that a screen, a log and a test can tell a wrong password from a damaged
/// record. No case carries secret material.
///
/// Which checks are security and which are diagnosis: the AEAD tag (over the ciphertext with every metadata
/// field as associated data) and the keyed metadata MAC are what make tampering fail. The unkeyed salt,
/// nonce and KDF checksums only name the damaged field when a record was corrupted by accident; someone
/// who rewrites a field and its checksum together still fails, at the password or MAC check.
package enum GemKeystoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// There is no record for this wallet.
    case notFound
    /// The record is not the JSON object a keystore writes (missing field, wrong type, bad hex, bad length).
    case malformedRecord(String)
    /// The record has a field this version does not know: refused rather than ignored.
    case unknownField(String)
    /// The record was written by another keystore version.
    case unsupportedVersion(Int64)
    /// The record names a KDF or cipher this keystore does not implement.
    case unsupportedAlgorithm(String)
    /// Argon2id parameters outside the accepted bounds (weaker than the floor, or beyond the ceiling).
    case kdfParametersOutOfRange
    /// The record belongs to another wallet than the one it is stored under.
    case walletMismatch
    /// The salt does not match its checksum.
    case corruptedSalt
    /// The nonce does not match its checksum.
    case corruptedNonce
    /// A metadata field (version, wallet id, secret kind, KDF parameters) was changed after sealing.
    case tamperedMetadata
    /// The password does not derive this record's key.
    case wrongPassword
    /// The ciphertext or its tag was changed after sealing.
    case tamperedCiphertext
    /// The decrypted secret is not a phrase or key of its declared kind.
    case invalidSecret
    /// Argon2id could not run (usually: its memory could not be allocated).
    case kdfFailed
    /// The system's randomness source failed while drawing a salt or nonce.
    case randomUnavailable

    package var description: String {
        switch self {
        case .notFound: "no keystore record for this wallet"
        case .malformedRecord(let reason): "keystore record is malformed: \(reason)"
        case .unknownField(let name): "keystore record has an unknown field \"\(name)\""
        case .unsupportedVersion(let version): "keystore record version \(version) is not supported"
        case .unsupportedAlgorithm(let name): "keystore record uses an unsupported algorithm \"\(name)\""
        case .kdfParametersOutOfRange: "keystore record's Argon2id parameters are out of range"
        case .walletMismatch: "keystore record belongs to another wallet"
        case .corruptedSalt: "keystore record's salt is corrupted"
        case .corruptedNonce: "keystore record's nonce is corrupted"
        case .tamperedMetadata: "keystore record's metadata was modified"
        case .wrongPassword: "wrong keystore password"
        case .tamperedCiphertext: "keystore record's ciphertext was modified"
        case .invalidSecret: "keystore record holds a secret of the wrong form"
        case .kdfFailed: "Argon2id failed (memory could not be allocated)"
        case .randomUnavailable: "system randomness is unavailable"
        }
    }
}

extension GemServiceError {
    /// A keystore failure as the service error that crosses the ABI: a missing record is `notFound`, every
    /// other failure is `crypto` with the keystore's own message.
    package init(_ error: GemKeystoreError) {
        switch error {
        case .notFound: self = .notFound(message: error.description)
        default: self = .crypto(message: error.description)
        }
    }
}
