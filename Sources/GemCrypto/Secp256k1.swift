// secp256k1 through libsecp256k1: key validation, public keys, ECDSA (RFC 6979 nonces, low-S), recoverable
// signatures and recovery, BIP340 Schnorr signatures and the BIP341 taproot tweak.
//
// All `Unsafe*` use of libsecp256k1 lives in this file. Every pointer handed to the library is borrowed for one call:
// libsecp256k1 never retains caller memory. Its structs (`secp256k1_pubkey`, signatures, keypairs) are plain values
// owned by the Swift caller; a `secp256k1_keypair` holds the secret key, so it is wiped after use.
import CSecp256k1
import CSodium

/// The one libsecp256k1 context of the process.
///
/// `Sendable` (hence `@unchecked`): the context is created, given a no-op illegal-argument callback and randomized
/// once, inside `init`, before any other thread can see it. After that every call GemCrypto makes takes it as
/// `const secp256k1_context *`, which libsecp256k1 documents as safe to share between threads; nothing mutates or
/// destroys it (it lives as long as the process).
final class Secp256k1Context: @unchecked Sendable {
    let pointer: OpaquePointer

    static let shared = Secp256k1Context()

    private init() {
        // The C function returns an implicitly unwrapped pointer, unwrapped here. It is NULL only when malloc fails
        // for the context itself, once per process, before any input is read: the same condition under which the
        // Swift runtime stops on its own allocations. No input reaches this point.
        pointer = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE))
        // Wrong arguments become a 0 return (turned into a Swift error) instead of abort(): every argument is
        // checked before the call, so this is a second line of defence only.
        secp256k1_context_set_illegal_callback(pointer, { _, _ in }, nil)
        // Blinding of the signing and key-generation tables against side channels. Without randomness the context
        // stays correct, only unblinded.
        if var seed = Sodium.randomBytes(32) {
            _ = secp256k1_context_randomize(pointer, seed)
            Sodium.wipe(&seed)
        }
    }
}

/// Process-wide context, read-only after creation.
private var context: OpaquePointer { Secp256k1Context.shared.pointer }

/// A secp256k1 private key: 32 bytes, non-zero and below the group order, held in a `Secret`.
public struct Secp256k1PrivateKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The 32 key bytes (wiped when the last copy goes away).
    public let secret: Secret

    /// Validates `secret` as a private key. Throws `.invalidPrivateKeyLength` or `.invalidPrivateKey`.
    public init(_ secret: Secret) throws(KeyError) {
        guard secret.count == 32 else { throw .invalidPrivateKeyLength(secret.count) }
        let ok = secret.withBytePointer { key in
            // `key` is the Secret's storage, borrowed for the call.
            secp256k1_ec_seckey_verify(context, key)
        }
        guard ok == 1 else { throw .invalidPrivateKey }
        self.secret = secret
    }

    /// Copies `bytes` into a `Secret` and validates it.
    public init(bytes: [UInt8]) throws(KeyError) {
        try self.init(Secret(bytes))
    }

    /// Already validated by the caller (BIP32 derivation checks the tweak result).
    init(validated secret: Secret) {
        self.secret = secret
    }

    /// The public key (one point multiplication).
    public var publicKey: Secp256k1PublicKey {
        var point = secp256k1_pubkey()
        _ = secret.withBytePointer { key in
            // `key` borrowed from the Secret; `point` is a local value written by the library.
            secp256k1_ec_pubkey_create(context, &point, key)
        }
        return Secp256k1PublicKey(point: point)
    }

    /// ECDSA signature of a 32-byte digest: RFC 6979 deterministic nonce, low-S (libsecp256k1 always normalizes).
    public func sign(digest: [UInt8]) throws(KeyError) -> ECDSASignature {
        guard digest.count == 32 else { throw .invalidDigestLength(digest.count) }
        var signature = secp256k1_ecdsa_signature()
        let ok = secret.withBytePointer { key in
            // NULL nonce function and data: libsecp256k1's RFC 6979 default.
            secp256k1_ecdsa_sign(context, &signature, digest, key, nil, nil)
        }
        guard ok == 1 else { throw .signingFailed }
        var compact = [UInt8](repeating: 0, count: 64)
        _ = secp256k1_ecdsa_signature_serialize_compact(context, &compact, &signature)
        return ECDSASignature(validatedCompact: compact)
    }

    /// Recoverable ECDSA signature of a 32-byte digest (RFC 6979, low-S): r ‖ s and a recovery id 0...3, as
    /// Ethereum, Tron and message signing need.
    public func signRecoverable(digest: [UInt8]) throws(KeyError) -> RecoverableSignature {
        guard digest.count == 32 else { throw .invalidDigestLength(digest.count) }
        var signature = secp256k1_ecdsa_recoverable_signature()
        let ok = secret.withBytePointer { key in
            secp256k1_ecdsa_sign_recoverable(context, &signature, digest, key, nil, nil)
        }
        guard ok == 1 else { throw .signingFailed }
        var compact = [UInt8](repeating: 0, count: 64)
        var recid: Int32 = 0
        _ = secp256k1_ecdsa_recoverable_signature_serialize_compact(context, &compact, &recid, &signature)
        return RecoverableSignature(compact: compact, recoveryId: UInt8(truncatingIfNeeded: recid))
    }

    /// The BIP340 x-only public key of this private key.
    public var xOnlyPublicKey: XOnlyPublicKey {
        var keypair = secp256k1_keypair()
        defer { sodium_memzero(&keypair, MemoryLayout<secp256k1_keypair>.size) }
        _ = secret.withBytePointer { key in secp256k1_keypair_create(context, &keypair, key) }
        var xonly = secp256k1_xonly_pubkey()
        _ = secp256k1_keypair_xonly_pub(context, &xonly, nil, &keypair)
        var out = [UInt8](repeating: 0, count: 32)
        _ = secp256k1_xonly_pubkey_serialize(context, &out, &xonly)
        return XOnlyPublicKey(validated: out)
    }

    /// BIP340 Schnorr signature of `message` (any length; BIP340 signs 32-byte messages in Bitcoin) with 32 bytes of
    /// auxiliary randomness `auxRand` (BIP340 recommends fresh random bytes; all-zero is allowed and deterministic).
    public func signSchnorr(message: [UInt8], auxRand: [UInt8]) throws(KeyError) -> [UInt8] {
        guard auxRand.count == 32 else { throw .invalidAuxRandLength(auxRand.count) }
        var keypair = secp256k1_keypair()
        defer { sodium_memzero(&keypair, MemoryLayout<secp256k1_keypair>.size) }
        let created = secret.withBytePointer { key in secp256k1_keypair_create(context, &keypair, key) }
        guard created == 1 else { throw .invalidPrivateKey }
        var signature = [UInt8](repeating: 0, count: 64)
        var ok: Int32 = 0
        auxRand.withUnsafeBytes { aux in
            // `aux` is the caller's array; `extra` lives on this stack frame for the call.
            var extra = secp256k1_schnorrsig_extraparams()
            extra.magic = (0xDA, 0x6F, 0xB3, 0x8C)  // SECP256K1_SCHNORRSIG_EXTRAPARAMS_MAGIC
            extra.noncefp = nil  // BIP340 nonce function
            extra.ndata = UnsafeMutableRawPointer(mutating: aux.baseAddress)
            ok = secp256k1_schnorrsig_sign_custom(context, &signature, message, message.count, &keypair, &extra)
        }
        guard ok == 1 else { throw .signingFailed }
        return signature
    }

    /// Schnorr signature with 32 bytes of auxiliary randomness drawn from `random`. Throws `.randomUnavailable`.
    public func signSchnorr(message: [UInt8], random: some RandomSource) throws(KeyError) -> [UInt8] {
        guard let aux = try? random.randomBytes(32), aux.count == 32 else { throw .randomUnavailable }
        return try signSchnorr(message: message, auxRand: aux)
    }

    /// The BIP341 tweaked private key for a taproot output: negated first if its point has odd y, then
    /// t = hashTapTweak(P ‖ merkleRoot) added. `merkleRoot` is nil for a key-path-only output, else 32 bytes.
    /// Throws `.invalidTweak` for a wrong-length root or (with negligible probability) an invalid result.
    public func taprootTweaked(merkleRoot: [UInt8]? = nil) throws(KeyError) -> Secp256k1PrivateKey {
        let internalKey = xOnlyPublicKey
        let tweak = try XOnlyPublicKey.taprootTweak(internalKey: internalKey.bytes, merkleRoot: merkleRoot)
        var keypair = secp256k1_keypair()
        defer { sodium_memzero(&keypair, MemoryLayout<secp256k1_keypair>.size) }
        _ = secret.withBytePointer { key in secp256k1_keypair_create(context, &keypair, key) }
        guard secp256k1_keypair_xonly_tweak_add(context, &keypair, tweak) == 1 else { throw .invalidTweak }
        let tweaked = Secret(count: 32) { (out: UnsafeMutableRawBufferPointer) in
            // `out` is the new Secret's storage (32 bytes, never null), written by the library.
            guard let dst = out.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            _ = secp256k1_keypair_sec(context, dst, &keypair)
        }
        return Secp256k1PrivateKey(validated: tweaked)
    }

    /// BIP32 child key: (self + tweak) mod n, or nil if the tweak is not below n or the sum is zero.
    func adding(tweak: [UInt8]) -> Secp256k1PrivateKey? {
        var ok: Int32 = 0
        let child = Secret(count: 32) { (out: UnsafeMutableRawBufferPointer) in
            guard let dst = out.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            // `dst` is the new Secret's storage: copy the parent key in, tweak in place.
            secret.withBytePointer { src in dst.update(from: src, count: 32) }
            ok = secp256k1_ec_seckey_tweak_add(context, dst, tweak)
        }
        return ok == 1 ? Secp256k1PrivateKey(validated: child) : nil
    }

    public var description: String { "Secp256k1PrivateKey(redacted)" }
    public var debugDescription: String { description }
}

extension Secp256k1PrivateKey: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// A valid secp256k1 public key (a point on the curve), held in both SEC1 encodings.
public struct Secp256k1PublicKey: Sendable, Hashable {
    /// 33 bytes: 0x02/0x03 ‖ x.
    public let compressed: [UInt8]
    /// 65 bytes: 0x04 ‖ x ‖ y.
    public let uncompressed: [UInt8]
    /// libsecp256k1's parsed form, kept so that later operations do not decompress the key again.
    fileprivate let point: secp256k1_pubkey

    fileprivate init(point: secp256k1_pubkey) {
        var p = point
        var c = [UInt8](repeating: 0, count: 33)
        var u = [UInt8](repeating: 0, count: 65)
        var n = 33
        _ = secp256k1_ec_pubkey_serialize(context, &c, &n, &p, UInt32(SECP256K1_EC_COMPRESSED))
        n = 65
        _ = secp256k1_ec_pubkey_serialize(context, &u, &n, &p, UInt32(SECP256K1_EC_UNCOMPRESSED))
        compressed = c
        uncompressed = u
        self.point = point
    }

    /// Parses a 33-byte compressed or 65-byte uncompressed SEC1 key. Throws `.invalidPublicKeyLength` or
    /// `.invalidPublicKey` (not on the curve, bad prefix; hybrid 0x06/0x07 keys are rejected).
    public init(_ bytes: [UInt8]) throws(KeyError) {
        guard bytes.count == 33 || bytes.count == 65 else { throw .invalidPublicKeyLength(bytes.count) }
        guard bytes[0] == (bytes.count == 33 ? 0x02 : 0x04) || (bytes.count == 33 && bytes[0] == 0x03) else {
            throw .invalidPublicKey
        }
        var point = secp256k1_pubkey()
        guard secp256k1_ec_pubkey_parse(context, &point, bytes, bytes.count) == 1 else { throw .invalidPublicKey }
        self.init(point: point)
    }

    public static func == (lhs: Secp256k1PublicKey, rhs: Secp256k1PublicKey) -> Bool { lhs.compressed == rhs.compressed }
    public func hash(into hasher: inout Hasher) { hasher.combine(compressed) }

    /// The 32-byte x coordinate (BIP340 x-only form; the y parity is dropped).
    public var xOnly: XOnlyPublicKey { XOnlyPublicKey(validated: Array(compressed[1...])) }

    /// Verifies an ECDSA signature of a 32-byte digest. Only low-S signatures verify (libsecp256k1's rule, as in
    /// Bitcoin's standardness and Ethereum since Homestead); normalize first to accept high-S ones.
    public func verify(signature: ECDSASignature, digest: [UInt8]) -> Bool {
        guard digest.count == 32 else { return false }
        var sig = signature.parsed
        var p = point
        return secp256k1_ecdsa_verify(context, &sig, digest, &p) == 1
    }

    /// Recovers the public key that made `signature` over a 32-byte digest.
    /// Throws `.invalidDigestLength`, `.invalidSignature` or `.recoveryFailed`.
    public static func recover(signature: RecoverableSignature, digest: [UInt8]) throws(KeyError) -> Secp256k1PublicKey {
        guard digest.count == 32 else { throw .invalidDigestLength(digest.count) }
        var sig = secp256k1_ecdsa_recoverable_signature()
        guard secp256k1_ecdsa_recoverable_signature_parse_compact(context, &sig, signature.compact, Int32(signature.recoveryId)) == 1 else {
            throw .invalidSignature
        }
        var point = secp256k1_pubkey()
        guard secp256k1_ecdsa_recover(context, &point, &sig, digest) == 1 else { throw .recoveryFailed }
        return Secp256k1PublicKey(point: point)
    }

    /// BIP32 public child: self + tweak·G, or nil if the tweak is not below n or the sum is the point at infinity.
    /// libsecp256k1 computes this in variable time; in BIP32 the tweak of a normal child is a function of the parent
    /// extended public key alone, so its timing reveals nothing an xpub does not.
    func adding(tweak: [UInt8]) -> Secp256k1PublicKey? {
        var p = point
        guard secp256k1_ec_pubkey_tweak_add(context, &p, tweak) == 1 else { return nil }
        return Secp256k1PublicKey(point: p)
    }
}

/// An ECDSA signature (r, s), each 32 bytes big-endian, both in 1..<n.
public struct ECDSASignature: Sendable, Hashable {
    /// r ‖ s, 64 bytes.
    public let compact: [UInt8]

    fileprivate init(validatedCompact: [UInt8]) { compact = validatedCompact }

    /// Parses r ‖ s. Throws `.invalidSignatureLength` or `.invalidSignature` (r or s not below n).
    public init(compact: [UInt8]) throws(KeyError) {
        guard compact.count == 64 else { throw .invalidSignatureLength(compact.count) }
        var sig = secp256k1_ecdsa_signature()
        guard secp256k1_ecdsa_signature_parse_compact(context, &sig, compact) == 1 else { throw .invalidSignature }
        self.compact = compact
    }

    /// Parses a strict DER signature (as in Bitcoin scripts, without the sighash byte). Throws `.invalidSignature`.
    public init(der: [UInt8]) throws(KeyError) {
        var sig = secp256k1_ecdsa_signature()
        guard !der.isEmpty, secp256k1_ecdsa_signature_parse_der(context, &sig, der, der.count) == 1 else { throw .invalidSignature }
        var out = [UInt8](repeating: 0, count: 64)
        _ = secp256k1_ecdsa_signature_serialize_compact(context, &out, &sig)
        compact = out
    }

    fileprivate var parsed: secp256k1_ecdsa_signature {
        var sig = secp256k1_ecdsa_signature()
        _ = secp256k1_ecdsa_signature_parse_compact(context, &sig, compact)
        return sig
    }

    /// DER encoding (at most 72 bytes).
    public var der: [UInt8] {
        var sig = parsed
        var out = [UInt8](repeating: 0, count: 72)
        var n = 72
        _ = secp256k1_ecdsa_signature_serialize_der(context, &out, &n, &sig)
        return Array(out[0..<n])
    }

    /// Whether s is in the lower half of the order (the only form that verifies).
    public var isLowS: Bool {
        var sig = parsed
        return secp256k1_ecdsa_signature_normalize(context, nil, &sig) == 0
    }

    /// The same signature with s replaced by n - s when s is high.
    public var normalizedLowS: ECDSASignature {
        var sig = parsed
        var out = secp256k1_ecdsa_signature()
        _ = secp256k1_ecdsa_signature_normalize(context, &out, &sig)
        var bytes = [UInt8](repeating: 0, count: 64)
        _ = secp256k1_ecdsa_signature_serialize_compact(context, &bytes, &out)
        return ECDSASignature(validatedCompact: bytes)
    }
}

/// A recoverable ECDSA signature: r ‖ s and the recovery id 0...3.
public struct RecoverableSignature: Sendable, Hashable {
    /// r ‖ s, 64 bytes.
    public let compact: [UInt8]
    /// 0...3: parity of R's y (bit 0) and whether R's x overflowed n (bit 1).
    public let recoveryId: UInt8

    fileprivate init(compact: [UInt8], recoveryId: UInt8) {
        self.compact = compact
        self.recoveryId = recoveryId
    }

    /// Parses r ‖ s ‖ v where v is the recovery id (0...3) or Ethereum's legacy 27...30.
    /// Throws `.invalidSignatureLength`, `.invalidRecoveryId` or `.invalidSignature`.
    public init(rsv: [UInt8]) throws(KeyError) {
        guard rsv.count == 65 else { throw .invalidSignatureLength(rsv.count) }
        let v = Int(rsv[64])
        let id = v >= 27 ? v - 27 : v
        try self.init(compact: Array(rsv[0..<64]), recoveryId: id)
    }

    /// Parses r ‖ s with a recovery id. Throws `.invalidSignatureLength`, `.invalidRecoveryId` or `.invalidSignature`.
    public init(compact: [UInt8], recoveryId: Int) throws(KeyError) {
        guard compact.count == 64 else { throw .invalidSignatureLength(compact.count) }
        guard (0...3).contains(recoveryId) else { throw .invalidRecoveryId(recoveryId) }
        var sig = secp256k1_ecdsa_recoverable_signature()
        guard secp256k1_ecdsa_recoverable_signature_parse_compact(context, &sig, compact, Int32(recoveryId)) == 1 else {
            throw .invalidSignature
        }
        self.compact = compact
        self.recoveryId = UInt8(recoveryId)
    }

    /// r ‖ s ‖ recovery id (0...3), 65 bytes.
    public var rsv: [UInt8] { compact + [recoveryId] }

    /// The signature without its recovery id.
    public var signature: ECDSASignature { ECDSASignature(validatedCompact: compact) }
}

/// A BIP340 x-only public key (32 bytes, the x coordinate of a point with even y).
public struct XOnlyPublicKey: Sendable, Hashable {
    public let bytes: [UInt8]

    fileprivate init(validated: [UInt8]) { bytes = validated }

    /// Parses 32 bytes. Throws `.invalidPublicKeyLength` or `.invalidPublicKey` (x not on the curve or not below p).
    public init(_ bytes: [UInt8]) throws(KeyError) {
        guard bytes.count == 32 else { throw .invalidPublicKeyLength(bytes.count) }
        var key = secp256k1_xonly_pubkey()
        guard secp256k1_xonly_pubkey_parse(context, &key, bytes) == 1 else { throw .invalidPublicKey }
        self.bytes = bytes
    }

    /// Verifies a 64-byte BIP340 signature of `message` (any length).
    public func verifySchnorr(signature: [UInt8], message: [UInt8]) -> Bool {
        guard signature.count == 64 else { return false }
        var key = secp256k1_xonly_pubkey()
        guard secp256k1_xonly_pubkey_parse(context, &key, bytes) == 1 else { return false }
        return secp256k1_schnorrsig_verify(context, signature, message, message.count, &key) == 1
    }

    /// t = hashTapTweak(internal key ‖ merkle root), the root omitted for a key-path-only output (BIP341).
    static func taprootTweak(internalKey: [UInt8], merkleRoot: [UInt8]?) throws(KeyError) -> [UInt8] {
        if let merkleRoot, merkleRoot.count != 32 { throw .invalidTweak }
        return Hash.taggedSHA256(tag: "TapTweak", internalKey + (merkleRoot ?? []))
    }

    /// The BIP341 taproot output key Q = P + t·G for this internal key P, and the parity of Q's y (needed in the
    /// control block). `merkleRoot` is nil for a key-path-only output, else 32 bytes. Throws `.invalidTweak`.
    public func taprootOutputKey(merkleRoot: [UInt8]? = nil) throws(KeyError) -> (key: XOnlyPublicKey, parity: UInt8) {
        let tweak = try Self.taprootTweak(internalKey: bytes, merkleRoot: merkleRoot)
        var internalKey = secp256k1_xonly_pubkey()
        guard secp256k1_xonly_pubkey_parse(context, &internalKey, bytes) == 1 else { throw .invalidPublicKey }
        var output = secp256k1_pubkey()
        guard secp256k1_xonly_pubkey_tweak_add(context, &output, &internalKey, tweak) == 1 else { throw .invalidTweak }
        var xonly = secp256k1_xonly_pubkey()
        var parity: Int32 = 0
        _ = secp256k1_xonly_pubkey_from_pubkey(context, &xonly, &parity, &output)
        var out = [UInt8](repeating: 0, count: 32)
        _ = secp256k1_xonly_pubkey_serialize(context, &out, &xonly)
        return (XOnlyPublicKey(validated: out), UInt8(parity))
    }
}
