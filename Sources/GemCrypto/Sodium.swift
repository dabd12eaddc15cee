// Thin wrapper over libsodium: SHA-2, HMAC, PBKDF2 on libsodium's HMAC states, BLAKE2b, random bytes, memzero.
// All `Unsafe*` use of libsodium's hashing lives in this file. Every pointer passed to libsodium is borrowed for the
// duration of one call: Swift arrays and states owned by the caller, never retained by libsodium.
import CSodium
import Dispatch
import Synchronization

enum Sodium {
    /// `sodium_init` runs once (Swift globals are initialized once, thread-safely); it is idempotent and thread-safe
    /// in libsodium too. It picks the CPU-specific implementations and opens the system randomness source. It can
    /// only fail if that source cannot be opened, in which case `randomBytes` reports an error instead of trapping.
    static let isReady: Bool = sodium_init() >= 0

    static func sha256(_ data: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        // `out` and `data` are Swift arrays owned here, borrowed by libsodium for this call.
        _ = crypto_hash_sha256(&out, data, UInt64(data.count))
        return out
    }

    static func sha512(_ data: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 64)
        _ = crypto_hash_sha512(&out, data, UInt64(data.count))
        return out
    }

    /// SHA-512/256 (FIPS 180-4 § 5.3.6.2): SHA-512 with its own initial values, truncated to 32 bytes. libsodium's
    /// SHA-512 state is a public struct, so the initial values are set here and libsodium runs the compression.
    static func sha512_256(_ data: [UInt8]) -> [UInt8] {
        var state = crypto_hash_sha512_state()
        _ = crypto_hash_sha512_init(&state)
        // Initial hash values H(0) for SHA-512/256, FIPS 180-4 § 5.3.6.2.
        state.state = (
            0x2231_2194_FC2B_F72C, 0x9F55_5FA3_C84C_64C2, 0x2393_B86B_6F53_B151, 0x9638_7719_5940_EABD,
            0x9628_3EE2_A88E_FFE3, 0xBE5E_1E25_5386_3992, 0x2B01_99FC_2C85_B8AA, 0x0EB7_2DDC_81C5_2CA2
        )
        _ = crypto_hash_sha512_update(&state, data, UInt64(data.count))
        var out = [UInt8](repeating: 0, count: 64)
        _ = crypto_hash_sha512_final(&state, &out)
        return Array(out[0..<32])
    }

    static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var state = crypto_auth_hmacsha256_state()
        _ = crypto_auth_hmacsha256_init(&state, key, key.count)
        _ = crypto_auth_hmacsha256_update(&state, message, UInt64(message.count))
        var out = [UInt8](repeating: 0, count: 32)
        _ = crypto_auth_hmacsha256_final(&state, &out)
        sodium_memzero(&state, MemoryLayout<crypto_auth_hmacsha256_state>.size)
        return out
    }

    static func hmacSHA512(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 64)
        hmacSHA512(key: key, message: message, into: &out)
        return out
    }

    /// HMAC-SHA512 into a 64-byte array the caller owns (lets HD derivation keep its key material in one buffer
    /// that it wipes).
    static func hmacSHA512(key: [UInt8], message: [UInt8], into out: inout [UInt8]) {
        var state = crypto_auth_hmacsha512_state()
        _ = crypto_auth_hmacsha512_init(&state, key, key.count)
        _ = crypto_auth_hmacsha512_update(&state, message, UInt64(message.count))
        _ = crypto_auth_hmacsha512_final(&state, &out)
        sodium_memzero(&state, MemoryLayout<crypto_auth_hmacsha512_state>.size)
    }

    /// PBKDF2-HMAC-SHA512 (RFC 8018 § 5.2). The HMAC inner and outer states are keyed once; each iteration copies
    /// them (plain struct copies) and hashes one 64-byte block, as PBKDF2 implementations usually do. Output blocks
    /// are independent of each other, so a multi-block output (the 96-byte Cardano master key) computes its blocks on
    /// separate threads.
    static func pbkdf2SHA512(password: [UInt8], salt: [UInt8], iterations: Int, length: Int) -> [UInt8] {
        var keyed = crypto_auth_hmacsha512_state()
        // `password` is the caller's array (a short-lived copy of a Secret, wiped by the caller), borrowed here.
        _ = crypto_auth_hmacsha512_init(&keyed, password, password.count)
        let blockCount = (length + 63) / 64
        let key = keyed
        let blocks = Mutex([[UInt8]](repeating: [], count: blockCount))
        let compute: @Sendable (Int) -> Void = { index in
            var block = pbkdf2SHA512Block(keyed: key, salt: salt, iterations: iterations, index: UInt32(index + 1))
            blocks.withLock { $0[index] = block }
            sodium_memzero(&block, block.count)
        }
        if blockCount > 1 {
            DispatchQueue.concurrentPerform(iterations: blockCount, execute: compute)
        } else {
            compute(0)
        }
        sodium_memzero(&keyed, MemoryLayout<crypto_auth_hmacsha512_state>.size)
        return blocks.withLock { blocks in
            var out = [UInt8]()
            out.reserveCapacity(blockCount * 64)
            for index in blocks.indices {
                out.append(contentsOf: blocks[index])
                sodium_memzero(&blocks[index], blocks[index].count)
            }
            let result = Array(out.prefix(length))
            sodium_memzero(&out, out.count)
            return result
        }
    }

    /// One 64-byte output block (1-based `index`) of PBKDF2-HMAC-SHA512, for a caller that schedules the
    /// blocks of a multi-block output itself.
    static func pbkdf2SHA512Block(password: [UInt8], salt: [UInt8], iterations: Int, index: UInt32) -> [UInt8] {
        var keyed = crypto_auth_hmacsha512_state()
        // `password` is the caller's array (a short-lived copy of a Secret, wiped by the caller), borrowed here.
        _ = crypto_auth_hmacsha512_init(&keyed, password, password.count)
        let block = pbkdf2SHA512Block(keyed: keyed, salt: salt, iterations: iterations, index: index)
        sodium_memzero(&keyed, MemoryLayout<crypto_auth_hmacsha512_state>.size)
        return block
    }

    /// Block `index` (1-based) of PBKDF2-HMAC-SHA512: U1 = HMAC(salt ‖ INT(index)), Uj = HMAC(Uj-1), T = U1 ^ … ^ Uc.
    private static func pbkdf2SHA512Block(keyed: crypto_auth_hmacsha512_state, salt: [UInt8], iterations: Int, index: UInt32) -> [UInt8] {
        var u = [UInt8](repeating: 0, count: 64)
        var inner = [UInt8](repeating: 0, count: 64)
        var state = keyed
        _ = crypto_auth_hmacsha512_update(&state, salt, UInt64(salt.count))
        let counter: [UInt8] = [UInt8(index >> 24), UInt8((index >> 16) & 0xff), UInt8((index >> 8) & 0xff), UInt8(index & 0xff)]
        _ = crypto_auth_hmacsha512_update(&state, counter, 4)
        _ = crypto_auth_hmacsha512_final(&state, &u)
        var t = u
        if iterations > 1 {
            for _ in 1..<iterations {
                var ictx = keyed.ictx
                _ = crypto_hash_sha512_update(&ictx, u, 64)
                _ = crypto_hash_sha512_final(&ictx, &inner)
                var octx = keyed.octx
                _ = crypto_hash_sha512_update(&octx, inner, 64)
                _ = crypto_hash_sha512_final(&octx, &u)
                // Owned arrays of 64 bytes each; XOR as eight 64-bit words.
                t.withUnsafeMutableBytes { tb in
                    u.withUnsafeBytes { ub in
                        for w in 0..<8 {
                            let x = tb.load(fromByteOffset: w * 8, as: UInt64.self) ^ ub.load(fromByteOffset: w * 8, as: UInt64.self)
                            tb.storeBytes(of: x, toByteOffset: w * 8, as: UInt64.self)
                        }
                    }
                }
            }
        }
        sodium_memzero(&state, MemoryLayout<crypto_auth_hmacsha512_state>.size)
        sodium_memzero(&u, 64)
        sodium_memzero(&inner, 64)
        return t
    }

    /// PBKDF2-HMAC-SHA256 (RFC 8018 § 5.2), same structure as `pbkdf2SHA512` with 32-byte blocks.
    static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int, length: Int) -> [UInt8] {
        var keyed = crypto_auth_hmacsha256_state()
        // `password` is the caller's array, borrowed for this call only.
        _ = crypto_auth_hmacsha256_init(&keyed, password, password.count)
        var out = [UInt8](repeating: 0, count: length)
        var u = [UInt8](repeating: 0, count: 32)
        var inner = [UInt8](repeating: 0, count: 32)
        var t = [UInt8](repeating: 0, count: 32)
        var block: UInt32 = 1
        var offset = 0
        while offset < length {
            var state = keyed
            _ = crypto_auth_hmacsha256_update(&state, salt, UInt64(salt.count))
            let index: [UInt8] = [UInt8(block >> 24), UInt8((block >> 16) & 0xff), UInt8((block >> 8) & 0xff), UInt8(block & 0xff)]
            _ = crypto_auth_hmacsha256_update(&state, index, 4)
            _ = crypto_auth_hmacsha256_final(&state, &u)
            t = u
            if iterations > 1 {
                for _ in 1..<iterations {
                    var ictx = keyed.ictx
                    _ = crypto_hash_sha256_update(&ictx, u, 32)
                    _ = crypto_hash_sha256_final(&ictx, &inner)
                    var octx = keyed.octx
                    _ = crypto_hash_sha256_update(&octx, inner, 32)
                    _ = crypto_hash_sha256_final(&octx, &u)
                    for i in 0..<32 { t[i] ^= u[i] }
                }
            }
            let n = min(32, length - offset)
            for i in 0..<n { out[offset + i] = t[i] }
            offset += n
            block &+= 1
        }
        sodium_memzero(&keyed, MemoryLayout<crypto_auth_hmacsha256_state>.size)
        sodium_memzero(&u, 32)
        sodium_memzero(&inner, 32)
        sodium_memzero(&t, 32)
        return out
    }

    /// BLAKE2b (RFC 7693) through libsodium. Lengths are checked by the caller: out 1...64, key 0...64, salt and
    /// personal exactly 16 bytes (the caller zero-pads shorter ones, as BLAKE2 specifies).
    static func blake2b(_ data: [UInt8], length: Int, key: [UInt8], salt: [UInt8]?, personal: [UInt8]?) -> [UInt8] {
        _ = isReady  // picks libsodium's fastest BLAKE2b compression for this CPU
        var out = [UInt8](repeating: 0, count: length)
        if salt == nil && personal == nil {
            _ = crypto_generichash_blake2b(&out, length, data, UInt64(data.count), key.isEmpty ? nil : key, key.count)
        } else {
            let s = salt ?? [UInt8](repeating: 0, count: 16)
            let p = personal ?? [UInt8](repeating: 0, count: 16)
            _ = crypto_generichash_blake2b_salt_personal(&out, length, data, UInt64(data.count),
                                                         key.isEmpty ? nil : key, key.count, s, p)
        }
        return out
    }

    /// Fills `count` bytes from libsodium's CSPRNG (getrandom(2) on Linux). Returns nil only if libsodium could not
    /// initialize its randomness source.
    static func randomBytes(_ count: Int) -> [UInt8]? {
        guard isReady else { return nil }
        var out = [UInt8](repeating: 0, count: count)
        // `out` is this function's own array, written by libsodium during the call.
        randombytes_buf(&out, count)
        return out
    }

    /// Zeroes an array in place (sodium_memzero is not optimized away). The array must be uniquely referenced,
    /// otherwise copy-on-write zeroes a fresh copy and leaves the shared storage as it was.
    static func wipe<T: BitwiseCopyable>(_ bytes: inout [T]) {
        let n = bytes.count * MemoryLayout<T>.stride
        guard n > 0 else { return }
        // The caller's array storage, zeroed in place.
        sodium_memzero(&bytes, n)
    }
}
