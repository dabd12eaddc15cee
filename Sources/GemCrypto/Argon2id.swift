// Argon2id (RFC 9106) through libsodium's crypto_pwhash: the keystore's password-to-key function. libsodium fixes
// the parallelism to 1 and the version to 0x13. All `Unsafe*` use of crypto_pwhash lives in this file.
import CSodium

public enum Argon2id {
    /// Cost parameters: passes over memory (`iterations`, libsodium's opslimit) and memory in bytes.
    public struct Parameters: Sendable, Hashable {
        public let iterations: UInt64
        public let memoryBytes: Int

        /// Throws `.invalidKDFParameters` outside libsodium's limits (iterations >= 1, memory >= 8 KiB).
        public init(iterations: UInt64, memoryBytes: Int) throws(CipherError) {
            guard iterations >= 1, iterations <= UInt64(UInt32.max),
                  memoryBytes >= 8192, UInt64(memoryBytes) <= UInt64(crypto_pwhash_argon2id_memlimit_max()) else {
                throw .invalidKDFParameters
            }
            self.iterations = iterations
            self.memoryBytes = memoryBytes
        }

        private init(known iterations: UInt64, _ memoryBytes: Int) {
            self.iterations = iterations
            self.memoryBytes = memoryBytes
        }

        /// libsodium's INTERACTIVE preset: 2 passes, 64 MiB.
        public static let interactive = Parameters(known: 2, 64 << 20)
        /// libsodium's MODERATE preset: 3 passes, 256 MiB.
        public static let moderate = Parameters(known: 3, 256 << 20)
        /// libsodium's SENSITIVE preset: 4 passes, 1 GiB.
        public static let sensitive = Parameters(known: 4, 1 << 30)
    }

    /// Salt length libsodium requires (16 bytes).
    public static let saltLength = 16

    /// Derives `length` (16 or more) key bytes from `password` and a 16-byte `salt`.
    /// Throws `.invalidSaltLength`, `.invalidOutputLength` or `.kdfFailed` (memory could not be allocated).
    public static func deriveKey(password: Secret, salt: [UInt8], length: Int = 32,
                                 parameters: Parameters) throws(CipherError) -> Secret {
        guard salt.count == saltLength else { throw .invalidSaltLength(salt.count) }
        guard length >= 16, length <= 1 << 20 else { throw .invalidOutputLength(length) }
        _ = Sodium.isReady
        var status: Int32 = -1
        let key = Secret(count: length) { (out: UnsafeMutableRawBufferPointer) in
            guard let outp = out.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            password.withBytePointer { pw in
                // `outp` is the new Secret's storage; `pw` the password's storage (read as chars, as libsodium
                // declares it); `salt` a Swift array. All borrowed for the call.
                pw.withMemoryRebound(to: CChar.self, capacity: max(password.count, 1)) { pwp in
                    status = crypto_pwhash(outp, UInt64(length), pwp, UInt64(password.count), salt,
                                           parameters.iterations, Int(parameters.memoryBytes), crypto_pwhash_ALG_ARGON2ID13)
                }
            }
        }
        guard status == 0 else { throw .kdfFailed }
        return key
    }
}
