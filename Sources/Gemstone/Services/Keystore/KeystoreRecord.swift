import GemCrypto
import Primitives

/// One wallet's encrypted secret as the secure store keeps it (a JSON object, version 1):
///
///     {"version":1,"wallet_id":"multicoin_0x…","secret_kind":"phrase",
///      "kdf":{"algorithm":"argon2id","iterations":2,"memory_kib":65536,"salt":"<16 bytes hex>"},
///      "cipher":{"algorithm":"xchacha20-poly1305","nonce":"<24 bytes hex>"},
///      "ciphertext":"<hex, secret ‖ 16-byte tag>",
///      "checks":{"salt":"<4>","nonce":"<4>","kdf":"<4>","password":"<16>","metadata":"<32>"}}
///
/// Sealing: Argon2id(password, salt, parameters) gives 64 bytes; the first 32 are the XChaCha20-Poly1305
/// key, the last 32 the check key. The associated data is every metadata field (`associatedData`), so the
/// AEAD fails if any of them changes. `checks.password` (HMAC-SHA256 of a constant under the check key)
/// tells a wrong password from tampering; `checks.metadata` (HMAC-SHA256 of the associated data under the
/// check key) tells changed metadata from a changed ciphertext. `checks.salt`, `.nonce` and `.kdf` are
/// unkeyed 4-byte SHA-256 checksums that name an accidentally corrupted field (see `GemKeystoreError`).
package struct KeystoreRecord: Sendable, Equatable {
    package static let version: Int64 = 1
    package static let kdfAlgorithm = "argon2id"
    package static let cipherAlgorithm = "xchacha20-poly1305"

    package var walletId: String
    package var kind: KeystoreSecretKind
    package var parameters: KeystoreParameters
    package var salt: [UInt8]
    package var nonce: [UInt8]
    package var ciphertext: [UInt8]
    package var checks: Checks

    package struct Checks: Sendable, Equatable {
        package var salt: [UInt8]
        package var nonce: [UInt8]
        package var kdf: [UInt8]
        package var password: [UInt8]
        package var metadata: [UInt8]
    }

    static let checksumLength = 4
    static let passwordCheckLength = 16
    static let metadataCheckLength = 32
    static let passwordCheckMessage = Array("gemstone keystore password check v1".utf8)
    private static let domain = Array("gemstone-keystore".utf8)

    // MARK: seal and open

    /// Encrypts `secret` for `walletId` under `password` with fresh salt and nonce from `random`.
    package static func seal(_ secret: KeystoreSecret, walletId: String, password: Secret,
                             parameters: KeystoreParameters, random: some RandomSource) throws(GemKeystoreError) -> KeystoreRecord {
        let salt: [UInt8]
        let nonce: [UInt8]
        do {
            salt = try random.randomBytes(Argon2id.saltLength)
            nonce = try random.randomBytes(XChaCha20Poly1305.nonceLength)
        } catch {
            throw .randomUnavailable
        }
        guard salt.count == Argon2id.saltLength, nonce.count == XChaCha20Poly1305.nonceLength else {
            throw .randomUnavailable
        }
        let keys = try DerivedKeys(password: password, salt: salt, parameters: parameters)
        let associatedData = associatedData(walletId: walletId, kind: secret.kind, parameters: parameters,
                                            salt: salt, nonce: nonce)
        let ciphertext: [UInt8]
        do {
            ciphertext = try XChaCha20Poly1305.seal(secret.bytes, key: keys.encryption, nonce: nonce,
                                                    associatedData: associatedData)
        } catch {
            throw .malformedRecord("cipher refused its key or nonce")
        }
        let checks = Checks(
            salt: checksum(salt),
            nonce: checksum(nonce),
            kdf: checksum(kdfBytes(parameters)),
            password: keys.passwordCheck(),
            metadata: keys.metadataCheck(associatedData)
        )
        return KeystoreRecord(walletId: walletId, kind: secret.kind, parameters: parameters, salt: salt,
                              nonce: nonce, ciphertext: ciphertext, checks: checks)
    }

    /// Decrypts the record stored for `walletId`. The checks run in a fixed order and the first failure is
    /// thrown: wallet id, salt, nonce and KDF checksums (before Argon2id runs), password, metadata MAC,
    /// then the AEAD.
    package func open(walletId expected: String, password: Secret) throws(GemKeystoreError) -> KeystoreSecret {
        guard walletId == expected else { throw .walletMismatch }
        guard Self.matches(Self.checksum(salt), checks.salt) else { throw .corruptedSalt }
        guard Self.matches(Self.checksum(nonce), checks.nonce) else { throw .corruptedNonce }
        guard Self.matches(Self.checksum(Self.kdfBytes(parameters)), checks.kdf) else { throw .tamperedMetadata }
        let keys = try DerivedKeys(password: password, salt: salt, parameters: parameters)
        guard Self.matches(keys.passwordCheck(), checks.password) else { throw .wrongPassword }
        let associatedData = Self.associatedData(walletId: walletId, kind: kind, parameters: parameters,
                                                 salt: salt, nonce: nonce)
        guard Self.matches(keys.metadataCheck(associatedData), checks.metadata) else { throw .tamperedMetadata }
        let plaintext: Secret
        do {
            plaintext = try XChaCha20Poly1305.open(ciphertext, key: keys.encryption, nonce: nonce,
                                                   associatedData: associatedData)
        } catch {
            throw .tamperedCiphertext
        }
        switch kind {
        case .phrase: return .phrase(plaintext)
        case .privateKey: return .privateKey(plaintext)
        }
    }

    // MARK: associated data

    /// The bytes every metadata field is authenticated as: a domain tag, then each field length-prefixed
    /// (u32 big-endian) so that no two records share an encoding.
    static func associatedData(walletId: String, kind: KeystoreSecretKind, parameters: KeystoreParameters,
                               salt: [UInt8], nonce: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        func field(_ bytes: [UInt8]) {
            out += bigEndian(UInt64(bytes.count), width: 4)
            out += bytes
        }
        field(domain)
        field(bigEndian(UInt64(version), width: 8))
        field(Array(walletId.utf8))
        field(Array(kind.rawValue.utf8))
        field(kdfBytes(parameters))
        field(salt)
        field(Array(cipherAlgorithm.utf8))
        field(nonce)
        return out
    }

    static func kdfBytes(_ parameters: KeystoreParameters) -> [UInt8] {
        Array(kdfAlgorithm.utf8) + [0] + bigEndian(parameters.iterations, width: 8) + bigEndian(parameters.memoryKiB, width: 8)
    }

    static func checksum(_ bytes: [UInt8]) -> [UInt8] {
        Array(Hash.sha256(bytes).prefix(checksumLength))
    }

    private static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// Constant-time comparison (the keyed checks are MACs).
    private static func matches(_ computed: [UInt8], _ stored: [UInt8]) -> Bool {
        Secret(computed) == Secret(stored)
    }
}

/// The two keys one Argon2id run gives: the AEAD key and the check key, both in wiping storage.
private struct DerivedKeys {
    let encryption: Secret
    private let check: Secret

    init(password: Secret, salt: [UInt8], parameters: KeystoreParameters) throws(GemKeystoreError) {
        let argon2 = try parameters.argon2
        let derived: Secret
        do {
            derived = try Argon2id.deriveKey(password: password, salt: salt, length: 64, parameters: argon2)
        } catch .invalidKDFParameters {
            throw .kdfParametersOutOfRange
        } catch .invalidSaltLength {
            throw .malformedRecord("salt must be \(Argon2id.saltLength) bytes")
        } catch {
            throw .kdfFailed
        }
        (encryption, check) = derived.withSpan { span in
            (SecretBytes.slice(span, 0..<32), SecretBytes.slice(span, 32..<64))
        }
    }

    func passwordCheck() -> [UInt8] {
        mac(KeystoreRecord.passwordCheckMessage, length: KeystoreRecord.passwordCheckLength)
    }

    func metadataCheck(_ associatedData: [UInt8]) -> [UInt8] {
        mac(associatedData, length: KeystoreRecord.metadataCheckLength)
    }

    private func mac(_ message: [UInt8], length: Int) -> [UInt8] {
        var key = check.withSpan { SecretBytes.copy($0) }
        defer { SecretBytes.wipe(&key) }
        return Array(HMAC.sha256(key: key, message: message).prefix(length))
    }
}

/// Copies out of, and into, wiping storage without leaving plain copies behind.
enum SecretBytes {
    /// A new `Secret` holding `span[range]`; the temporary array is wiped by the move.
    static func slice(_ span: Span<UInt8>, _ range: Range<Int>) -> Secret {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        for index in range { bytes.append(span[index]) }
        return Secret(wiping: &bytes)
    }

    /// A plain copy for an API that takes an array; the caller wipes it with `wipe`.
    static func copy(_ span: Span<UInt8>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(span.count)
        for index in span.indices { bytes.append(span[index]) }
        return bytes
    }

    /// Zeroes `bytes` (GemCrypto's `Secret(wiping:)` zeroes the array it moves from; the copy it makes is
    /// wiped again when it is released at once).
    static func wipe(_ bytes: inout [UInt8]) {
        _ = Secret(wiping: &bytes)
    }
}
