// PBKDF2 (RFC 8018 § 5.2) with HMAC-SHA512 or HMAC-SHA256, on libsodium's HMAC.

public enum PBKDF2 {
    /// PBKDF2-HMAC-SHA512. Throws `.invalidKDFParameters` if `iterations` < 1, `.invalidOutputLength` if
    /// `length` < 1.
    public static func sha512(password: [UInt8], salt: [UInt8], iterations: Int, length: Int) throws(CipherError) -> [UInt8] {
        guard iterations >= 1 else { throw .invalidKDFParameters }
        guard length >= 1 else { throw .invalidOutputLength(length) }
        return Sodium.pbkdf2SHA512(password: password, salt: salt, iterations: iterations, length: length)
    }

    /// PBKDF2-HMAC-SHA256. Throws `.invalidKDFParameters` if `iterations` < 1, `.invalidOutputLength` if
    /// `length` < 1.
    public static func sha256(password: [UInt8], salt: [UInt8], iterations: Int, length: Int) throws(CipherError) -> [UInt8] {
        guard iterations >= 1 else { throw .invalidKDFParameters }
        guard length >= 1 else { throw .invalidOutputLength(length) }
        return Sodium.pbkdf2SHA256(password: password, salt: salt, iterations: iterations, length: length)
    }
}
