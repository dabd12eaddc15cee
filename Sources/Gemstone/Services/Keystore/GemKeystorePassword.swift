import GemCrypto

/// The keystore's password (the spec's `PasswordStore` on Android, `LocalKeystorePassword` on iOS): a random
/// per-install secret the host created once and keeps behind its own OS protection (Keychain, Android
/// Keystore, a file only its owner can read). The host may put an authentication prompt in front of it;
/// refusing is `permissionDenied`.
///
/// The core asks for it on every operation that encrypts or decrypts a secret and drops it right after.
public protocol GemKeystorePassword: Sendable {
    func password() async throws(GemServiceError) -> Secret
}
