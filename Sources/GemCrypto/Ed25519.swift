// Ed25519 (RFC 8032) through libsodium: key pair from a 32-byte seed, sign, verify. All `Unsafe*` use of libsodium's
// signing API lives in this file; every pointer is borrowed for one call.
import CSodium

/// An ed25519 private key: the 32-byte RFC 8032 seed, plus libsodium's 64-byte expanded form (seed ‖ public key)
/// computed once so that signing costs one libsodium call.
public struct Ed25519PrivateKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The 32-byte seed (RFC 8032's private key).
    public let seed: Secret
    /// libsodium's secret key: seed ‖ public key.
    private let expanded: Secret
    public let publicKey: Ed25519PublicKey

    /// Throws `.invalidSeedLength` unless `seed` is 32 bytes.
    public init(seed: Secret) throws(KeyError) {
        guard seed.count == 32 else { throw .invalidSeedLength(seed.count) }
        _ = Sodium.isReady
        var pk = [UInt8](repeating: 0, count: 32)
        expanded = Secret(count: 64) { (sk: UnsafeMutableRawBufferPointer) in
            guard let skp = sk.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            // `skp` is the new Secret's storage (64 bytes), `pk` a local array; the seed is borrowed.
            seed.withBytePointer { s in _ = crypto_sign_seed_keypair(&pk, skp, s) }
        }
        self.seed = seed
        self.publicKey = Ed25519PublicKey(validated: pk)
    }

    /// Copies `bytes` into a `Secret`. Throws `.invalidSeedLength`.
    public init(seed bytes: [UInt8]) throws(KeyError) {
        try self.init(seed: Secret(bytes))
    }

    /// The 64-byte RFC 8032 signature of `message` (deterministic).
    public func sign(_ message: [UInt8]) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: 64)
        expanded.withBytePointer { sk in
            // `signature` and `message` are Swift arrays, `sk` the Secret's storage, all borrowed for the call.
            _ = crypto_sign_detached(&signature, nil, message, UInt64(message.count), sk)
        }
        return signature
    }

    public static func == (lhs: Ed25519PrivateKey, rhs: Ed25519PrivateKey) -> Bool { lhs.seed == rhs.seed }

    public var description: String { "Ed25519PrivateKey(redacted)" }
    public var debugDescription: String { description }
}

extension Ed25519PrivateKey: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// An ed25519 public key (32 bytes).
public struct Ed25519PublicKey: Sendable, Hashable {
    public let bytes: [UInt8]

    init(validated: [UInt8]) { bytes = validated }

    /// Throws `.invalidPublicKeyLength` unless 32 bytes, `.invalidPublicKey` if the bytes are not a point of the
    /// main subgroup or are of small order (libsodium's `crypto_core_ed25519_is_valid_point`).
    public init(_ bytes: [UInt8]) throws(KeyError) {
        guard bytes.count == 32 else { throw .invalidPublicKeyLength(bytes.count) }
        _ = Sodium.isReady
        guard crypto_core_ed25519_is_valid_point(bytes) == 1 else { throw .invalidPublicKey }
        self.bytes = bytes
    }

    /// Whether 32 bytes decompress to a point of the curve (any subgroup, small order and non-canonical y
    /// included): the test Solana's `Pubkey::is_on_curve` makes with curve25519-dalek's `decompress`, which
    /// program-derived addresses must fail. Stricter than `init(_:)`: libsodium's `crypto_core_ed25519_add` only
    /// decompresses its operands and checks the curve equation, so adding the point to itself answers it.
    public static func isOnCurve(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 32 else { return false }
        _ = Sodium.isReady
        var sum = [UInt8](repeating: 0, count: 32)
        // `sum` and `bytes` are Swift arrays of 32 bytes, borrowed for the call.
        return crypto_core_ed25519_add(&sum, bytes, bytes) == 0
    }

    /// Verifies a 64-byte signature of `message`. libsodium rejects non-canonical S and small-order keys.
    public func verify(signature: [UInt8], message: [UInt8]) -> Bool {
        guard signature.count == 64 else { return false }
        _ = Sodium.isReady
        return crypto_sign_verify_detached(signature, message, UInt64(message.count), bytes) == 0
    }
}
