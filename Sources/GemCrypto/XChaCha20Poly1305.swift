// XChaCha20-Poly1305 AEAD (draft-irtf-cfrg-xchacha) through libsodium: the keystore's cipher.
//
// Nonce handling: the nonce is 24 bytes, long enough to be drawn at random for every message under one key with a
// negligible chance of repeat (birthday bound near 2^96 messages). `seal(_:key:associatedData:random:)` draws it
// from the given `RandomSource` and returns it with the ciphertext; store both. Never reuse a nonce with the same
// key: two messages sealed under the same (key, nonce) reveal their XOR and allow forging. Callers that pass an
// explicit nonce (tests, deterministic vectors) carry that responsibility. All `Unsafe*` use of libsodium's AEAD lives in this file.
import CSodium

public enum XChaCha20Poly1305 {
    public static let keyLength = 32
    public static let nonceLength = 24
    public static let tagLength = 16

    /// Nonce and ciphertext ‖ tag, as one record stores them.
    public struct SealedBox: Sendable, Hashable {
        public let nonce: [UInt8]
        /// Ciphertext followed by the 16-byte Poly1305 tag.
        public let ciphertext: [UInt8]

        public init(nonce: [UInt8], ciphertext: [UInt8]) {
            self.nonce = nonce
            self.ciphertext = ciphertext
        }
    }

    /// Encrypts with a fresh random nonce from `random`.
    /// Throws `.invalidKeyLength` or `.randomUnavailable`.
    public static func seal(_ plaintext: Secret, key: Secret, associatedData: [UInt8] = [],
                            random: some RandomSource = SystemRandom()) throws(CipherError) -> SealedBox {
        guard let nonce = try? random.randomBytes(nonceLength), nonce.count == nonceLength else { throw .randomUnavailable }
        let ciphertext = try seal(plaintext, key: key, nonce: nonce, associatedData: associatedData)
        return SealedBox(nonce: nonce, ciphertext: ciphertext)
    }

    /// Encrypts with the given 24-byte nonce, which must never be used twice with this key.
    /// Returns ciphertext ‖ tag. Throws `.invalidKeyLength` or `.invalidNonceLength`.
    public static func seal(_ plaintext: Secret, key: Secret, nonce: [UInt8], associatedData: [UInt8] = []) throws(CipherError) -> [UInt8] {
        guard key.count == keyLength else { throw .invalidKeyLength(key.count) }
        guard nonce.count == nonceLength else { throw .invalidNonceLength(nonce.count) }
        _ = Sodium.isReady
        var out = [UInt8](repeating: 0, count: plaintext.count + tagLength)
        var outLength: UInt64 = 0
        plaintext.withBytePointer { m in
            key.withBytePointer { k in
                // `out`, `associatedData` and `nonce` are Swift arrays; `m` and `k` the Secrets' storage. Borrowed.
                _ = crypto_aead_xchacha20poly1305_ietf_encrypt(&out, &outLength, m, UInt64(plaintext.count),
                                                               associatedData, UInt64(associatedData.count), nil, nonce, k)
            }
        }
        return out
    }

    /// Decrypts and authenticates ciphertext ‖ tag. Throws `.invalidKeyLength`, `.invalidNonceLength`,
    /// `.ciphertextTooShort` or `.authenticationFailed` (wrong key, nonce or associated data, or tampering).
    public static func open(_ ciphertext: [UInt8], key: Secret, nonce: [UInt8], associatedData: [UInt8] = []) throws(CipherError) -> Secret {
        guard key.count == keyLength else { throw .invalidKeyLength(key.count) }
        guard nonce.count == nonceLength else { throw .invalidNonceLength(nonce.count) }
        guard ciphertext.count >= tagLength else { throw .ciphertextTooShort }
        _ = Sodium.isReady
        var status: Int32 = -1
        let plaintext = Secret(count: ciphertext.count - tagLength) { (out: UnsafeMutableRawBufferPointer) in
            // `out` is the new Secret's storage (never null: at least one byte is allocated).
            guard let m = out.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            var length: UInt64 = 0
            key.withBytePointer { k in
                status = crypto_aead_xchacha20poly1305_ietf_decrypt(m, &length, nil, ciphertext, UInt64(ciphertext.count),
                                                                    associatedData, UInt64(associatedData.count), nonce, k)
            }
        }
        guard status == 0 else { throw .authenticationFailed }
        return plaintext
    }

    /// Opens a `SealedBox`.
    public static func open(_ box: SealedBox, key: Secret, associatedData: [UInt8] = []) throws(CipherError) -> Secret {
        try open(box.ciphertext, key: key, nonce: box.nonce, associatedData: associatedData)
    }
}
