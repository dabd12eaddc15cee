// SLIP-10 hierarchical derivation for ed25519: hardened steps only. A normal step is rejected with an error, not
// silently turned into a hardened one.

/// An ed25519 key derived by SLIP-10.
public struct Ed25519HDKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public let privateKey: Ed25519PrivateKey
    public let chainCode: [UInt8]
    public let depth: UInt8
    /// First 4 bytes of Hash160(0x00 ‖ parent public key), big-endian; 0 for the master key (SLIP-10's vectors).
    public let parentFingerprint: UInt32
    /// The child number (hardened, so the top bit is set); 0 for the master key.
    public let childNumber: UInt32

    public var publicKey: Ed25519PublicKey { privateKey.publicKey }

    /// The master key of a 16...64-byte seed: HMAC-SHA512("ed25519 seed", seed).
    /// Throws `.invalidSeedLength`.
    public init(seed: Secret) throws(DerivationError) {
        guard (16...64).contains(seed.count) else { throw .invalidSeedLength(seed.count) }
        var seedBytes = seed.copyBytes()
        var i = [UInt8](repeating: 0, count: 64)
        Sodium.hmacSHA512(key: Array("ed25519 seed".utf8), message: seedBytes, into: &i)
        Sodium.wipe(&seedBytes)
        defer { Sodium.wipe(&i) }
        // Every 32-byte string is a valid ed25519 seed, so this cannot fail.
        guard let key = try? Ed25519PrivateKey(seed: Secret(Array(i[0..<32]))) else { throw .invalidMasterKey }
        self.init(privateKey: key, chainCode: Array(i[32..<64]), depth: 0, parentFingerprint: 0, childNumber: 0)
    }

    private init(privateKey: Ed25519PrivateKey, chainCode: [UInt8], depth: UInt8, parentFingerprint: UInt32, childNumber: UInt32) {
        self.privateKey = privateKey
        self.chainCode = chainCode
        self.depth = depth
        self.parentFingerprint = parentFingerprint
        self.childNumber = childNumber
    }

    /// First 4 bytes of Hash160(0x00 ‖ public key).
    public var fingerprint: UInt32 {
        let h = Hash.hash160([0] + publicKey.bytes)
        return UInt32(h[0]) << 24 | UInt32(h[1]) << 16 | UInt32(h[2]) << 8 | UInt32(h[3])
    }

    /// The hardened child at `component`. Throws `.nonHardenedEd25519(index: 0)` for a normal step, `.pathTooDeep`.
    public func derive(_ component: DerivationPath.Component) throws(DerivationError) -> Ed25519HDKey {
        guard component.hardened else { throw .nonHardenedEd25519(index: 0) }
        guard depth < 255 else { throw .pathTooDeep }
        return child(component.childNumber)
    }

    /// The descendant at `path` (relative to this key). The whole path is checked first: any normal step throws
    /// `.nonHardenedEd25519(index:)` with its 0-based position, and nothing is derived.
    public func derive(_ path: DerivationPath) throws(DerivationError) -> Ed25519HDKey {
        if let bad = path.components.firstIndex(where: { !$0.hardened }) { throw .nonHardenedEd25519(index: bad) }
        guard Int(depth) + path.components.count <= 255 else { throw .pathTooDeep }
        var key = self
        for component in path.components { key = key.child(component.childNumber) }
        return key
    }

    private func child(_ n: UInt32) -> Ed25519HDKey {
        var data = [0] + privateKey.seed.copyBytes() + ExtendedKeyCoding.be32(n)
        var i = [UInt8](repeating: 0, count: 64)
        Sodium.hmacSHA512(key: chainCode, message: data, into: &i)
        Sodium.wipe(&data)
        var il = Array(i[0..<32])
        let chain = Array(i[32..<64])
        Sodium.wipe(&i)
        let secret = Secret(wiping: &il)
        // A 32-byte secret is always a valid seed; the fallback keeps the type total without trapping.
        let key = (try? Ed25519PrivateKey(seed: secret)) ?? privateKey
        return Ed25519HDKey(privateKey: key, chainCode: chain, depth: depth + 1, parentFingerprint: fingerprint, childNumber: n)
    }

    public var description: String { "Ed25519HDKey(depth \(depth), redacted)" }
    public var debugDescription: String { description }
}

extension Ed25519HDKey: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
