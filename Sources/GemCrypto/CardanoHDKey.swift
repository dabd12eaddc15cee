// BIP32-Ed25519 (Khovratovich and Law, "V2" as Cardano uses it) with the Icarus master key of CIP-3: Cardano's
// ed25519 key tree, where normal (soft) steps are allowed, unlike SLIP-10. The extended secret kL ‖ kR lives in a
// `Secret`; scalar and point operations run in libsodium (all `Unsafe*` use stays in this file and is borrowed for
// one call).
import CSodium

/// A Cardano extended ed25519 key: kL ‖ kR (64 bytes, secret), chain code, public key A = kL·B.
public struct CardanoHDKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// kL ‖ kR: the scalar (clamped at the master, little-endian) and the nonce key used for signing.
    public let extendedSecret: Secret
    public let chainCode: [UInt8]
    public let publicKey: Ed25519PublicKey
    public let depth: UInt8
    /// The child number of the last step (hardened ones have the top bit set); 0 for the master key.
    public let childNumber: UInt32

    /// The Icarus master key (CIP-3): PBKDF2-HMAC-SHA512(password: passphrase as UTF-8, salt: BIP39 entropy,
    /// 4096 iterations, 96 bytes), then kL clamped (lowest 3 bits and highest bit cleared, second-highest set).
    public init(mnemonic: Mnemonic, passphrase: String = "") {
        var password = Array(passphrase.utf8)
        var entropy = mnemonic.entropy.copyBytes()
        var xprv = Sodium.pbkdf2SHA512(password: password, salt: entropy, iterations: 4096, length: 96)
        Sodium.wipe(&password)
        Sodium.wipe(&entropy)
        self.init(icarus: &xprv)
    }

    /// The Icarus master key from its two PBKDF2 output blocks, for a caller that computes them on threads of its choosing (`icarusBlock`). Equal to `init(mnemonic:passphrase:)`.
    public init(icarusBlocks first: Secret, _ second: Secret) throws(KeyError) {
        guard first.count == 64 else { throw .invalidPrivateKeyLength(first.count) }
        guard second.count == 64 else { throw .invalidPrivateKeyLength(second.count) }
        var head = first.copyBytes()
        var tail = second.copyBytes()
        var xprv = head + tail[0..<32]
        Sodium.wipe(&head)
        Sodium.wipe(&tail)
        self.init(icarus: &xprv)
    }

    /// The two 64-byte PBKDF2 output blocks of the Icarus master key (96 bytes: all of the first, half of the second).
    public enum IcarusBlock: UInt32, Sendable {
        case first = 1
        case second = 2
    }

    /// One output block of the Icarus master key's PBKDF2 (each costs two BIP39 seed derivations).
    public static func icarusBlock(_ mnemonic: Mnemonic, passphrase: String = "", _ block: IcarusBlock) -> Secret {
        var password = Array(passphrase.utf8)
        var entropy = mnemonic.entropy.copyBytes()
        var block = Sodium.pbkdf2SHA512Block(password: password, salt: entropy, iterations: 4096, index: block.rawValue)
        Sodium.wipe(&password)
        Sodium.wipe(&entropy)
        return Secret(wiping: &block)
    }

    /// Clamps kL of the 96 PBKDF2 bytes kL ‖ kR ‖ chain code and wipes them.
    private init(icarus xprv: inout [UInt8]) {
        xprv[0] &= 0b1111_1000
        xprv[31] &= 0b0001_1111
        xprv[31] |= 0b0100_0000
        var secret = Array(xprv[0..<64])
        let chain = Array(xprv[64..<96])
        Sodium.wipe(&xprv)
        self.init(extendedSecret: Secret(wiping: &secret), chainCode: chain, depth: 0, childNumber: 0)
    }

    private init(extendedSecret: Secret, chainCode: [UInt8], depth: UInt8, childNumber: UInt32) {
        self.extendedSecret = extendedSecret
        self.chainCode = chainCode
        self.depth = depth
        self.childNumber = childNumber
        self.publicKey = Ed25519PublicKey(validated: Self.point(of: extendedSecret))
    }

    /// A = kL·B without clamping (kL is already a valid scalar below 2^255).
    private static func point(of extendedSecret: Secret) -> [UInt8] {
        _ = Sodium.isReady
        var a = [UInt8](repeating: 0, count: 32)
        extendedSecret.withBytePointer { k in
            // `k` is the Secret's storage (its first 32 bytes are kL); `a` a local array. Borrowed for the call.
            _ = crypto_scalarmult_ed25519_base_noclamp(&a, k)
        }
        return a
    }

    /// The child at `component`: hardened or normal.  Throws `.pathTooDeep`.
    public func derive(_ component: DerivationPath.Component) throws(DerivationError) -> CardanoHDKey {
        guard depth < 255 else { throw .pathTooDeep }
        return child(component.childNumber)
    }

    /// The descendant at `path`, relative to this key (CIP-1852: m/1852'/1815'/account'/role/index).
    /// Throws `.pathTooDeep`.
    public func derive(_ path: DerivationPath) throws(DerivationError) -> CardanoHDKey {
        guard Int(depth) + path.components.count <= 255 else { throw .pathTooDeep }
        var key = self
        for component in path.components { key = key.child(component.childNumber) }
        return key
    }

    private func child(_ n: UInt32) -> CardanoHDKey {
        let index: [UInt8] = [UInt8(n & 0xff), UInt8((n >> 8) & 0xff), UInt8((n >> 16) & 0xff), UInt8(n >> 24)]
        var secret = extendedSecret.copyBytes()
        var zData: [UInt8]
        var cData: [UInt8]
        if n & DerivationPath.Component.hardenedOffset != 0 {
            zData = [0x00] + secret + index
            cData = [0x01] + secret + index
        } else {
            zData = [0x02] + publicKey.bytes + index
            cData = [0x03] + publicKey.bytes + index
        }
        var z = [UInt8](repeating: 0, count: 64)
        var c = [UInt8](repeating: 0, count: 64)
        Sodium.hmacSHA512(key: chainCode, message: zData, into: &z)
        Sodium.hmacSHA512(key: chainCode, message: cData, into: &c)
        Sodium.wipe(&zData)
        Sodium.wipe(&cData)
        // kL' = kL + 8·zL (zL = first 28 bytes of Z), kR' = kR + zR, both little-endian modulo 2^256.
        var out = [UInt8](repeating: 0, count: 64)
        var carry = 0
        for i in 0..<32 {
            let r = Int(secret[i]) + (i < 28 ? Int(z[i]) << 3 : 0) + carry
            out[i] = UInt8(truncatingIfNeeded: r)
            carry = r >> 8
        }
        carry = 0
        for i in 0..<32 {
            let r = Int(secret[32 + i]) + Int(z[32 + i]) + carry
            out[32 + i] = UInt8(truncatingIfNeeded: r)
            carry = r >> 8
        }
        Sodium.wipe(&secret)
        Sodium.wipe(&z)
        let chain = Array(c[32..<64])
        Sodium.wipe(&c)
        return CardanoHDKey(extendedSecret: Secret(wiping: &out), chainCode: chain, depth: depth + 1, childNumber: n)
    }

    /// The ed25519 signature of `message` with the extended key (RFC 8032 signing with the scalar kL and nonce key
    /// kR instead of a hashed seed); it verifies with `publicKey.verify` like any ed25519 signature.
    public func sign(_ message: [UInt8]) -> [UInt8] {
        _ = Sodium.isReady
        var secret = extendedSecret.copyBytes()
        defer { Sodium.wipe(&secret) }
        // r = SHA-512(kR ‖ M) mod L, R = r·B
        var nonceHash = Sodium.sha512(Array(secret[32..<64]) + message)
        var r = [UInt8](repeating: 0, count: 32)
        crypto_core_ed25519_scalar_reduce(&r, nonceHash)
        Sodium.wipe(&nonceHash)
        var bigR = [UInt8](repeating: 0, count: 32)
        _ = crypto_scalarmult_ed25519_base_noclamp(&bigR, r)
        // k = SHA-512(R ‖ A ‖ M) mod L, S = r + k·kL mod L
        let kHash = Sodium.sha512(bigR + publicKey.bytes + message)
        var k = [UInt8](repeating: 0, count: 32)
        crypto_core_ed25519_scalar_reduce(&k, kHash)
        var wide = Array(secret[0..<32]) + [UInt8](repeating: 0, count: 32)
        var scalar = [UInt8](repeating: 0, count: 32)
        crypto_core_ed25519_scalar_reduce(&scalar, wide)
        var product = [UInt8](repeating: 0, count: 32)
        crypto_core_ed25519_scalar_mul(&product, k, scalar)
        var s = [UInt8](repeating: 0, count: 32)
        crypto_core_ed25519_scalar_add(&s, r, product)
        Sodium.wipe(&r)
        Sodium.wipe(&wide)
        Sodium.wipe(&scalar)
        Sodium.wipe(&product)
        return bigR + s
    }

    public var description: String { "CardanoHDKey(depth \(depth), redacted)" }
    public var debugDescription: String { description }
}

extension CardanoHDKey: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
