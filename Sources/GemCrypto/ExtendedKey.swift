// BIP32 hierarchical deterministic keys on secp256k1: master key from a seed, private and public child
// derivation, and the 78-byte extended-key serialization (xprv/xpub, ypub, zpub, ...) with Base58Check.

/// Version bytes of a serialization family: the public and private version of the same network and script type.
public struct ExtendedKeyVersion: Sendable, Hashable {
    public let publicVersion: UInt32
    public let privateVersion: UInt32

    public init(publicVersion: UInt32, privateVersion: UInt32) {
        self.publicVersion = publicVersion
        self.privateVersion = privateVersion
    }

    /// xpub / xprv (BIP32, mainnet; BIP44 P2PKH).
    public static let xpub = ExtendedKeyVersion(publicVersion: 0x0488_B21E, privateVersion: 0x0488_ADE4)
    /// ypub / yprv (BIP49, P2WPKH nested in P2SH, mainnet).
    public static let ypub = ExtendedKeyVersion(publicVersion: 0x049D_7CB2, privateVersion: 0x049D_7878)
    /// zpub / zprv (BIP84, native P2WPKH, mainnet). Gem's Bitcoin and Litecoin accounts.
    public static let zpub = ExtendedKeyVersion(publicVersion: 0x04B2_4746, privateVersion: 0x04B2_430C)
    /// tpub / tprv (BIP32, testnet).
    public static let tpub = ExtendedKeyVersion(publicVersion: 0x0435_87CF, privateVersion: 0x0435_8394)
    /// dgub / dgpv (Dogecoin mainnet).
    public static let dgub = ExtendedKeyVersion(publicVersion: 0x02FA_CAFD, privateVersion: 0x02FA_C398)

    /// The families recognized when parsing without an explicit list.
    public static let known: [ExtendedKeyVersion] = [.xpub, .ypub, .zpub, .tpub, .dgub]
}

/// A BIP32 extended private key.
public struct ExtendedPrivateKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public let privateKey: Secp256k1PrivateKey
    public let publicKey: Secp256k1PublicKey
    public let chainCode: [UInt8]
    public let depth: UInt8
    /// The BIP32 child number (hardened ones have the top bit set); 0 for the master key.
    public let childNumber: UInt32
    /// Where the parent fingerprint comes from: parsed text carries it, derivation knows the parent's key and
    /// hashes it only when asked.
    private let parent: ParentReference

    /// First 4 bytes of Hash160 of the parent's compressed public key, big-endian; 0 for the master key.
    public var parentFingerprint: UInt32 { parent.fingerprint }

    init(privateKey: Secp256k1PrivateKey, chainCode: [UInt8], depth: UInt8, parent: ParentReference, childNumber: UInt32) {
        self.privateKey = privateKey
        self.publicKey = privateKey.publicKey
        self.chainCode = chainCode
        self.depth = depth
        self.parent = parent
        self.childNumber = childNumber
    }

    /// The master key of a 16...64-byte seed: HMAC-SHA512("Bitcoin seed", seed).
    /// Throws `.invalidSeedLength` or `.invalidMasterKey`.
    public init(seed: Secret) throws(DerivationError) {
        guard (16...64).contains(seed.count) else { throw .invalidSeedLength(seed.count) }
        var seedBytes = seed.copyBytes()
        var i = [UInt8](repeating: 0, count: 64)
        Sodium.hmacSHA512(key: Array("Bitcoin seed".utf8), message: seedBytes, into: &i)
        Sodium.wipe(&seedBytes)
        defer { Sodium.wipe(&i) }
        guard let key = try? Secp256k1PrivateKey(Secret(Array(i[0..<32]))) else { throw .invalidMasterKey }
        self.init(privateKey: key, chainCode: Array(i[32..<64]), depth: 0, parent: .fingerprint(0), childNumber: 0)
    }

    /// The fingerprint of this key: first 4 bytes of Hash160(compressed public key), big-endian.
    public var fingerprint: UInt32 { ExtendedPrivateKey.fingerprint(of: publicKey) }

    static func fingerprint(of key: Secp256k1PublicKey) -> UInt32 {
        let h = Hash.hash160(key.compressed)
        return UInt32(h[0]) << 24 | UInt32(h[1]) << 16 | UInt32(h[2]) << 8 | UInt32(h[3])
    }

    /// One CKDpriv step on raw parts. `parentPublic` is needed for a normal step (computed by the caller, who
    /// may reuse it for the fingerprint). Returns nil when BIP32 says the child is invalid. The child's public key
    /// is left to the caller: a fresh multiplication (secp256k1_ec_pubkey_create) measured faster here than
    /// parent + IL·G (secp256k1_ec_pubkey_tweak_add), see bench/crypto.
    private static func childParts(key: Secp256k1PrivateKey, chainCode: [UInt8], parentPublic: Secp256k1PublicKey?,
                                   component: DerivationPath.Component) -> (Secp256k1PrivateKey, [UInt8])? {
        var data: [UInt8]
        if component.hardened {
            data = [0] + key.secret.copyBytes()
        } else {
            data = (parentPublic ?? key.publicKey).compressed
        }
        let n = component.childNumber
        data.append(contentsOf: [UInt8(n >> 24), UInt8((n >> 16) & 0xff), UInt8((n >> 8) & 0xff), UInt8(n & 0xff)])
        var i = [UInt8](repeating: 0, count: 64)
        Sodium.hmacSHA512(key: chainCode, message: data, into: &i)
        Sodium.wipe(&data)
        var il = Array(i[0..<32])
        let chain = Array(i[32..<64])
        Sodium.wipe(&i)
        defer { Sodium.wipe(&il) }
        guard let child = key.adding(tweak: il) else { return nil }
        return (child, chain)
    }

    /// The child at `component` (CKDpriv). Throws `.invalidChildKey` (probability below 2^-127) or `.pathTooDeep`.
    public func derive(_ component: DerivationPath.Component) throws(DerivationError) -> ExtendedPrivateKey {
        guard depth < 255 else { throw .pathTooDeep }
        guard let (key, chain) = Self.childParts(key: privateKey, chainCode: chainCode, parentPublic: publicKey, component: component) else {
            throw .invalidChildKey(index: component.childNumber)
        }
        return ExtendedPrivateKey(privateKey: key, chainCode: chain, depth: depth + 1,
                                  parent: .publicKey(publicKey), childNumber: component.childNumber)
    }

    /// The descendant at `path`, relative to this key (the path's "m" is this key). Intermediate public keys are
    /// computed only where a normal step or the final fingerprint needs them.
    /// Throws `.invalidChildKey` or `.pathTooDeep`.
    public func derive(_ path: DerivationPath) throws(DerivationError) -> ExtendedPrivateKey {
        guard let last = path.components.last else { return self }
        guard Int(depth) + path.components.count <= 255 else { throw .pathTooDeep }
        var key = privateKey
        var chain = chainCode
        var keyPublic: Secp256k1PublicKey? = publicKey
        for component in path.components.dropLast() {
            let parentPublic = component.hardened ? nil : (keyPublic ?? key.publicKey)
            guard let (child, childChain) = Self.childParts(key: key, chainCode: chain, parentPublic: parentPublic, component: component) else {
                throw .invalidChildKey(index: component.childNumber)
            }
            key = child
            chain = childChain
            keyPublic = nil
        }
        let parentPublic = keyPublic ?? key.publicKey
        guard let (child, childChain) = Self.childParts(key: key, chainCode: chain, parentPublic: parentPublic, component: last) else {
            throw .invalidChildKey(index: last.childNumber)
        }
        return ExtendedPrivateKey(privateKey: child, chainCode: childChain, depth: depth + UInt8(path.components.count),
                                  parent: .publicKey(parentPublic), childNumber: last.childNumber)
    }

    /// The matching extended public key (neutered, in BIP32's words).
    public var extendedPublicKey: ExtendedPublicKey {
        ExtendedPublicKey(publicKey: publicKey, chainCode: chainCode, depth: depth,
                          parentFingerprint: parentFingerprint, childNumber: childNumber)
    }

    /// Base58Check of the 78-byte serialization with `version.privateVersion`, as UTF-8 bytes in a `Secret`
    /// (an xprv gives away every key below it).
    public func serialized(version: ExtendedKeyVersion = .xpub) -> Secret {
        var payload = ExtendedKeyCoding.header(version: version.privateVersion, depth: depth,
                                               parentFingerprint: parentFingerprint, childNumber: childNumber,
                                               chainCode: chainCode)
        payload.append(0)
        payload.append(contentsOf: privateKey.secret.copyBytes())
        var text = Array(Base58.encodeCheck(payload).utf8)
        Sodium.wipe(&payload)
        return Secret(wiping: &text)
    }

    /// Parses an extended private key whose version is the private version of one of `versions`.
    /// Throws `.encoding`, `.invalidExtendedKeyLength`, `.unknownVersion`, `.wrongKeyKind`,
    /// `.zeroDepthWithParentFingerprint`, `.zeroDepthWithChildNumber`, `.invalidPrivateKeyPrefix` or
    /// `.invalidPrivateKey`.
    public init(serialized text: String, versions: [ExtendedKeyVersion] = ExtendedKeyVersion.known) throws(DerivationError) {
        let parsed = try ExtendedKeyCoding.parse(text, versions: versions)
        guard case .privateKey(let key, _) = parsed else { throw .wrongKeyKind(expectedPrivate: true) }
        self = key
    }

    public var description: String { "ExtendedPrivateKey(depth \(depth), redacted)" }
    public var debugDescription: String { description }
}

extension ExtendedPrivateKey: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// A BIP32 extended public key.
public struct ExtendedPublicKey: Sendable, Hashable {
    public let publicKey: Secp256k1PublicKey
    public let chainCode: [UInt8]
    public let depth: UInt8
    public let parentFingerprint: UInt32
    public let childNumber: UInt32

    init(publicKey: Secp256k1PublicKey, chainCode: [UInt8], depth: UInt8, parentFingerprint: UInt32, childNumber: UInt32) {
        self.publicKey = publicKey
        self.chainCode = chainCode
        self.depth = depth
        self.parentFingerprint = parentFingerprint
        self.childNumber = childNumber
    }

    public var fingerprint: UInt32 { ExtendedPrivateKey.fingerprint(of: publicKey) }

    /// The normal (non-hardened) child at `component` (CKDpub). Throws `.hardenedFromPublic`,
    /// `.invalidChildKey` or `.pathTooDeep`.
    public func derive(_ component: DerivationPath.Component) throws(DerivationError) -> ExtendedPublicKey {
        guard !component.hardened else { throw .hardenedFromPublic }
        guard depth < 255 else { throw .pathTooDeep }
        let n = component.childNumber
        var i = [UInt8](repeating: 0, count: 64)
        Sodium.hmacSHA512(key: chainCode, message: publicKey.compressed + [UInt8(n >> 24), UInt8((n >> 16) & 0xff), UInt8((n >> 8) & 0xff), UInt8(n & 0xff)], into: &i)
        guard let child = publicKey.adding(tweak: Array(i[0..<32])) else { throw .invalidChildKey(index: n) }
        return ExtendedPublicKey(publicKey: child, chainCode: Array(i[32..<64]), depth: depth + 1,
                                 parentFingerprint: fingerprint, childNumber: n)
    }

    /// The descendant at `path` (all steps normal), relative to this key.
    public func derive(_ path: DerivationPath) throws(DerivationError) -> ExtendedPublicKey {
        var key = self
        for component in path.components { key = try key.derive(component) }
        return key
    }

    /// Base58Check of the 78-byte serialization with `version.publicVersion` ("xpub…", "zpub…").
    public func serialized(version: ExtendedKeyVersion = .xpub) -> String {
        let payload = ExtendedKeyCoding.header(version: version.publicVersion, depth: depth,
                                               parentFingerprint: parentFingerprint, childNumber: childNumber,
                                               chainCode: chainCode) + publicKey.compressed
        return Base58.encodeCheck(payload)
    }

    /// Parses an extended public key whose version is the public version of one of `versions`.
    /// Throws `.encoding`, `.invalidExtendedKeyLength`, `.unknownVersion`, `.wrongKeyKind`,
    /// `.zeroDepthWithParentFingerprint`, `.zeroDepthWithChildNumber` or `.invalidPublicKey`.
    public init(serialized text: String, versions: [ExtendedKeyVersion] = ExtendedKeyVersion.known) throws(DerivationError) {
        let parsed = try ExtendedKeyCoding.parse(text, versions: versions)
        guard case .publicKey(let key, _) = parsed else { throw .wrongKeyKind(expectedPrivate: false) }
        self = key
    }
}

/// The parent of a derived key: its fingerprint as read from text, or its public key (hashed on demand).
enum ParentReference: Sendable {
    case fingerprint(UInt32)
    case publicKey(Secp256k1PublicKey)

    var fingerprint: UInt32 {
        switch self {
        case .fingerprint(let value): value
        case .publicKey(let key): ExtendedPrivateKey.fingerprint(of: key)
        }
    }
}

/// Parsing either kind of extended key.
public enum ExtendedKey: Sendable {
    case privateKey(ExtendedPrivateKey, ExtendedKeyVersion)
    case publicKey(ExtendedPublicKey, ExtendedKeyVersion)

    /// Parses an xprv/xpub-style string, telling which kind and family it is. Throws what the typed parsers throw.
    public static func parse(_ text: String, versions: [ExtendedKeyVersion] = ExtendedKeyVersion.known) throws(DerivationError) -> ExtendedKey {
        try ExtendedKeyCoding.parse(text, versions: versions)
    }
}

enum ExtendedKeyCoding {
    static func header(version: UInt32, depth: UInt8, parentFingerprint: UInt32, childNumber: UInt32, chainCode: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(78)
        out += be32(version)
        out.append(depth)
        out += be32(parentFingerprint)
        out += be32(childNumber)
        out += chainCode
        return out
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)] }

    static func read32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    static func parse(_ text: String, versions: [ExtendedKeyVersion]) throws(DerivationError) -> ExtendedKey {
        var raw: [UInt8]
        do { raw = try Base58.decodeCheck(text) } catch { throw .encoding(error) }
        defer { Sodium.wipe(&raw) }
        guard raw.count == 78 else { throw .invalidExtendedKeyLength(raw.count) }
        let version = read32(raw, 0)
        let depth = raw[4]
        let parentFingerprint = read32(raw, 5)
        let childNumber = read32(raw, 9)
        let chainCode = Array(raw[13..<45])
        let keyData = Array(raw[45..<78])
        let isPrivate: Bool
        let family: ExtendedKeyVersion
        if let f = versions.first(where: { $0.privateVersion == version }) {
            isPrivate = true
            family = f
        } else if let f = versions.first(where: { $0.publicVersion == version }) {
            isPrivate = false
            family = f
        } else {
            throw .unknownVersion(version)
        }
        if depth == 0 {
            guard parentFingerprint == 0 else { throw .zeroDepthWithParentFingerprint }
            guard childNumber == 0 else { throw .zeroDepthWithChildNumber }
        }
        if isPrivate {
            guard keyData[0] == 0 else { throw .invalidPrivateKeyPrefix }
            var secretBytes = Array(keyData[1...])
            guard let key = try? Secp256k1PrivateKey(Secret(wiping: &secretBytes)) else { throw .invalidPrivateKey }
            return .privateKey(ExtendedPrivateKey(privateKey: key, chainCode: chainCode, depth: depth,
                                                  parent: .fingerprint(parentFingerprint), childNumber: childNumber), family)
        } else {
            guard keyData[0] == 0x02 || keyData[0] == 0x03, let key = try? Secp256k1PublicKey(keyData) else {
                throw .invalidPublicKey
            }
            return .publicKey(ExtendedPublicKey(publicKey: key, chainCode: chainCode, depth: depth,
                                                parentFingerprint: parentFingerprint, childNumber: childNumber), family)
        }
    }
}
