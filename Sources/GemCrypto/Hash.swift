// Message digests used across chain families. SHA-2 and BLAKE2b run in libsodium; Keccak-256, SHA3-256 and
// RIPEMD-160 are written in Swift (no packaged library on this platform offers them) and checked against their
// published vectors.

/// One-shot digests of byte strings.
public enum Hash {
    /// SHA-256 (FIPS 180-4).
    public static func sha256(_ data: [UInt8]) -> [UInt8] { Sodium.sha256(data) }

    /// SHA-512 (FIPS 180-4).
    public static func sha512(_ data: [UInt8]) -> [UInt8] { Sodium.sha512(data) }

    /// SHA-256(SHA-256(data)), Bitcoin's checksum and txid hash.
    public static func sha256d(_ data: [UInt8]) -> [UInt8] { Sodium.sha256(Sodium.sha256(data)) }

    /// SHA-512/256 (FIPS 180-4 § 5.3.6), not SHA-512 truncated: different initial values. Used by Algorand.
    public static func sha512_256(_ data: [UInt8]) -> [UInt8] { Sodium.sha512_256(data) }

    /// RIPEMD-160.
    public static func ripemd160(_ data: [UInt8]) -> [UInt8] { RIPEMD160.hash(data) }

    /// RIPEMD-160(SHA-256(data)): Bitcoin's and Cosmos' key hash, and the BIP32 fingerprint.
    public static func hash160(_ data: [UInt8]) -> [UInt8] { RIPEMD160.hash(Sodium.sha256(data)) }

    /// Keccak-256 as used by Ethereum (original Keccak padding 0x01, not SHA3's 0x06).
    public static func keccak256(_ data: [UInt8]) -> [UInt8] { Keccak.hash(data, rate: 136, domain: 0x01, length: 32) }

    /// SHA3-256 (FIPS 202). Used by Aptos.
    public static func sha3_256(_ data: [UInt8]) -> [UInt8] { Keccak.hash(data, rate: 136, domain: 0x06, length: 32) }

    /// BLAKE2b (RFC 7693) with an output of 1...64 bytes, an optional key (0...64 bytes), and optional salt and
    /// personalization of up to 16 bytes each (zero-padded to 16, as BLAKE2 specifies).
    /// Throws `CipherError.invalidOutputLength`, `.invalidKeyLength` or `.invalidSaltLength` (salt or personal).
    public static func blake2b(_ data: [UInt8], length: Int = 32, key: [UInt8] = [], salt: [UInt8]? = nil,
                               personal: [UInt8]? = nil) throws(CipherError) -> [UInt8] {
        guard (1...64).contains(length) else { throw .invalidOutputLength(length) }
        guard key.count <= 64 else { throw .invalidKeyLength(key.count) }
        func pad(_ field: [UInt8]?) throws(CipherError) -> [UInt8]? {
            guard let field else { return nil }
            guard field.count <= 16 else { throw .invalidSaltLength(field.count) }
            return field + [UInt8](repeating: 0, count: 16 - field.count)
        }
        return Sodium.blake2b(data, length: length, key: key, salt: try pad(salt), personal: try pad(personal))
    }

    /// BIP340 tagged hash: SHA-256(SHA-256(tag) ‖ SHA-256(tag) ‖ data).
    public static func taggedSHA256(tag: String, _ data: [UInt8]) -> [UInt8] {
        let t = Sodium.sha256(Array(tag.utf8))
        return Sodium.sha256(t + t + data)
    }
}

/// Message authentication codes.
public enum HMAC {
    /// HMAC-SHA256 (RFC 2104, RFC 4231), any key length.
    public static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] { Sodium.hmacSHA256(key: key, message: message) }

    /// HMAC-SHA512 (RFC 2104, RFC 4231), any key length.
    public static func sha512(key: [UInt8], message: [UInt8]) -> [UInt8] { Sodium.hmacSHA512(key: key, message: message) }
}
