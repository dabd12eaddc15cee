// Errors of GemCrypto: one enum per domain, one case per distinct failure, so that a caller (and a test) can tell
// exactly why input was rejected. No case carries secret bytes; `description` is safe to log.

/// Failures of the text encodings (hex, base58, base32, base64, bech32).
public enum EncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A character that the alphabet does not contain, at a character (not byte) offset.
    case invalidCharacter(index: Int)
    /// Hex text of odd length.
    case oddLength
    /// Base58Check or base32-with-checksum text whose checksum does not match.
    case invalidChecksum
    /// The decoded payload is shorter than the checksum it must carry.
    case tooShort
    /// base32/base64 text whose length cannot come from any byte string, or whose padding is wrong.
    case invalidLength
    /// Padding characters in the wrong place or of the wrong amount.
    case invalidPadding
    /// Unused trailing bits of base32/base64 that are not zero (non-canonical text).
    case nonZeroTrailingBits
    /// Bech32: the string mixes upper- and lower-case letters.
    case mixedCase
    /// Bech32: no '1' separator.
    case missingSeparator
    /// Bech32: empty human-readable part.
    case invalidHumanReadablePart
    /// Bech32: the string is longer than the limit the caller allows (90 for BIP173 addresses).
    case stringTooLong(length: Int, limit: Int)
    /// Bech32: fewer than 6 data characters after the separator (no room for the checksum).
    case dataTooShort
    /// Bech32: the checksum matches neither bech32 nor bech32m.
    case invalidBech32Checksum
    /// Bech32: the checksum is valid but of the other variant than the one required.
    case wrongBech32Variant(found: Bech32.Variant)
    /// Bech32 (convertbits): leftover bits that do not form a full byte or are not zero.
    case invalidPaddingBits
    /// Bech32: the decoded human-readable part is not the one expected.
    case unexpectedHumanReadablePart(expected: String, found: String)
    /// Segwit: witness version above 16.
    case invalidWitnessVersion(Int)
    /// Segwit: program length outside 2...40 bytes, or not 20/32 for version 0; 0 also when the data part holds
    /// not even a witness version.
    case invalidWitnessProgramLength(Int)

    public var description: String {
        switch self {
        case .invalidCharacter(let index): "invalid character at position \(index)"
        case .oddLength: "hex text has an odd number of digits"
        case .invalidChecksum: "checksum does not match"
        case .tooShort: "data too short to hold its checksum"
        case .invalidLength: "invalid length for this encoding"
        case .invalidPadding: "invalid padding"
        case .nonZeroTrailingBits: "non-zero trailing bits (non-canonical encoding)"
        case .mixedCase: "bech32 string mixes upper and lower case"
        case .missingSeparator: "bech32 string has no separator '1'"
        case .invalidHumanReadablePart: "bech32 human-readable part is empty"
        case .stringTooLong(let length, let limit): "text is \(length) characters, limit is \(limit)"
        case .dataTooShort: "bech32 data part shorter than its 6-character checksum"
        case .invalidBech32Checksum: "invalid bech32 checksum"
        case .wrongBech32Variant(let found): "bech32 checksum is \(found), another variant is required"
        case .invalidPaddingBits: "invalid padding bits in 5-bit to 8-bit conversion"
        case .unexpectedHumanReadablePart(let expected, let found): "expected prefix \(expected), found \(found)"
        case .invalidWitnessVersion(let v): "witness version \(v) is above 16"
        case .invalidWitnessProgramLength(let n): "witness program of invalid length \(n)"
        }
    }
}

/// Failures of BIP39 mnemonics.
public enum MnemonicError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The number of words is not 12, 15, 18, 21 or 24.
    case invalidWordCount(Int)
    /// The first word (0-based `index`) that is not in the word list. `word` is the normalized input word so that a
    /// screen can point at it; `description` leaves it out so that logs never hold part of a phrase.
    case unknownWord(index: Int, word: String)
    /// All words are known but the checksum bits do not match.
    case invalidChecksum
    /// Entropy of a length other than 16, 20, 24, 28 or 32 bytes.
    case invalidEntropyLength(Int)
    /// A word count that the generator does not support.
    case unsupportedWordCount(Int)
    /// The randomness source failed while generating.
    case randomUnavailable

    public var description: String {
        switch self {
        case .invalidWordCount(let n): "a mnemonic has 12, 15, 18, 21 or 24 words, not \(n)"
        case .unknownWord(let index, _): "word \(index + 1) is not in the word list"
        case .invalidChecksum: "mnemonic checksum does not match"
        case .invalidEntropyLength(let n): "entropy must be 16, 20, 24, 28 or 32 bytes, not \(n)"
        case .unsupportedWordCount(let n): "cannot generate a mnemonic of \(n) words"
        case .randomUnavailable: "system randomness is unavailable"
        }
    }
}

/// Failures of derivation paths, BIP32 / SLIP-10 derivation and extended-key text.
public enum DerivationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path is empty or does not start with "m".
    case pathMustStartWithM
    /// A path component (0-based, after "m") is empty, e.g. "m//0" or a trailing "/".
    case emptyComponent(index: Int)
    /// A path component that is not a decimal number with an optional `'`, `h` or `H` suffix.
    case invalidComponent(index: Int, text: String)
    /// A path component whose number is 2^31 or more (it would collide with the hardened range).
    case indexOutOfRange(index: Int, text: String)
    /// A path deeper than 255 levels (BIP32 stores the depth in one byte).
    case pathTooDeep
    /// SLIP-10 ed25519 only defines hardened derivation; the path has a normal step at this 0-based position.
    case nonHardenedEd25519(index: Int)
    /// Public (xpub) derivation of a hardened child, which needs the private key.
    case hardenedFromPublic
    /// The seed is shorter than 16 or longer than 64 bytes (BIP32).
    case invalidSeedLength(Int)
    /// The master key from this seed is zero or not below the curve order (BIP32 says: use another seed).
    case invalidMasterKey
    /// The child key at this index is invalid (probability below 2^-127; BIP32 says: skip to the next index).
    case invalidChildKey(index: UInt32)
    /// Extended-key text that does not decode to 78 bytes.
    case invalidExtendedKeyLength(Int)
    /// Extended-key version bytes that are not among the ones accepted.
    case unknownVersion(UInt32)
    /// A private extended key whose key data does not start with 0x00.
    case invalidPrivateKeyPrefix
    /// Key data that is not a valid secp256k1 private key (zero or not below n).
    case invalidPrivateKey
    /// Key data that is not a valid compressed secp256k1 public key.
    case invalidPublicKey
    /// A private extended key where a public one was asked for, or the reverse.
    case wrongKeyKind(expectedPrivate: Bool)
    /// Depth 0 with a non-zero parent fingerprint.
    case zeroDepthWithParentFingerprint
    /// Depth 0 with a non-zero child number.
    case zeroDepthWithChildNumber
    /// The base58check layer failed.
    case encoding(EncodingError)

    public var description: String {
        switch self {
        case .pathMustStartWithM: "derivation path must start with m"
        case .emptyComponent(let i): "derivation path component \(i + 1) is empty"
        case .invalidComponent(let i, let text): "derivation path component \(i + 1) (\(text)) is not a number with optional ' or h"
        case .indexOutOfRange(let i, let text): "derivation path component \(i + 1) (\(text)) is not below 2^31"
        case .pathTooDeep: "derivation path is deeper than 255 levels"
        case .nonHardenedEd25519(let i): "ed25519 (SLIP-10) derivation is hardened only; component \(i + 1) is not hardened"
        case .hardenedFromPublic: "a hardened child cannot be derived from a public key"
        case .invalidSeedLength(let n): "seed must be 16 to 64 bytes, not \(n)"
        case .invalidMasterKey: "this seed gives an invalid master key"
        case .invalidChildKey(let index): "child \(index) gives an invalid key; use the next index"
        case .invalidExtendedKeyLength(let n): "extended key is \(n) bytes, not 78"
        case .unknownVersion(let v): "unknown extended key version 0x\(String(v, radix: 16))"
        case .invalidPrivateKeyPrefix: "extended private key data must start with 0x00"
        case .invalidPrivateKey: "extended key holds an invalid private key"
        case .invalidPublicKey: "extended key holds an invalid public key"
        case .wrongKeyKind(let expectedPrivate): expectedPrivate ? "expected an extended private key, found a public one" : "expected an extended public key, found a private one"
        case .zeroDepthWithParentFingerprint: "master key (depth 0) with a non-zero parent fingerprint"
        case .zeroDepthWithChildNumber: "master key (depth 0) with a non-zero child number"
        case .encoding(let e): "extended key: \(e)"
        }
    }
}

/// Failures of key parsing, signing and verification (secp256k1, ed25519).
public enum KeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A private key of the wrong length.
    case invalidPrivateKeyLength(Int)
    /// A 32-byte secp256k1 private key that is zero or not below the curve order.
    case invalidPrivateKey
    /// Public-key bytes of a length the curve does not use.
    case invalidPublicKeyLength(Int)
    /// Public-key bytes that are not a point on the curve (or not a valid encoding).
    case invalidPublicKey
    /// A message digest that is not 32 bytes.
    case invalidDigestLength(Int)
    /// Signature bytes of the wrong length.
    case invalidSignatureLength(Int)
    /// Signature bytes that do not parse (r or s not below the order, bad DER).
    case invalidSignature
    /// A recovery id outside 0...3 (or a v byte that maps outside it).
    case invalidRecoveryId(Int)
    /// No public key can be recovered from this signature and digest.
    case recoveryFailed
    /// Auxiliary randomness of a length other than 32 bytes (BIP340).
    case invalidAuxRandLength(Int)
    /// A tweak that is not below the curve order, or that gives the point at infinity / zero key.
    case invalidTweak
    /// A seed of a length other than 32 bytes (ed25519).
    case invalidSeedLength(Int)
    /// The library refused to sign (cannot happen with a valid key; reported rather than trapped).
    case signingFailed
    /// The randomness source failed while drawing BIP340 auxiliary randomness.
    case randomUnavailable

    public var description: String {
        switch self {
        case .invalidPrivateKeyLength(let n): "private key must be 32 bytes, not \(n)"
        case .invalidPrivateKey: "private key is zero or not below the curve order"
        case .invalidPublicKeyLength(let n): "public key of invalid length \(n)"
        case .invalidPublicKey: "public key is not a valid curve point"
        case .invalidDigestLength(let n): "message digest must be 32 bytes, not \(n)"
        case .invalidSignatureLength(let n): "signature of invalid length \(n)"
        case .invalidSignature: "signature does not parse"
        case .invalidRecoveryId(let v): "recovery id \(v) is not in 0...3"
        case .recoveryFailed: "no public key can be recovered from this signature"
        case .invalidAuxRandLength(let n): "auxiliary randomness must be 32 bytes, not \(n)"
        case .invalidTweak: "tweak is out of range or gives an invalid key"
        case .invalidSeedLength(let n): "ed25519 seed must be 32 bytes, not \(n)"
        case .signingFailed: "signing failed"
        case .randomUnavailable: "system randomness is unavailable"
        }
    }
}

/// Failures of keyed primitives and their parameters: Argon2id, AEAD, PBKDF2, BLAKE2b.
public enum CipherError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A key of the wrong length.
    case invalidKeyLength(Int)
    /// A nonce of the wrong length.
    case invalidNonceLength(Int)
    /// A salt of the wrong length.
    case invalidSaltLength(Int)
    /// Ciphertext shorter than its authentication tag.
    case ciphertextTooShort
    /// The tag does not verify: wrong key, wrong associated data, or tampered ciphertext.
    case authenticationFailed
    /// Argon2id parameters outside libsodium's limits.
    case invalidKDFParameters
    /// Argon2id failed (usually: the memory limit could not be allocated).
    case kdfFailed
    /// An output length outside what the primitive supports.
    case invalidOutputLength(Int)
    /// The randomness source failed while drawing a nonce.
    case randomUnavailable

    public var description: String {
        switch self {
        case .invalidKeyLength(let n): "key of invalid length \(n)"
        case .invalidNonceLength(let n): "nonce of invalid length \(n)"
        case .invalidSaltLength(let n): "salt of invalid length \(n)"
        case .ciphertextTooShort: "ciphertext shorter than its tag"
        case .authenticationFailed: "decryption failed: wrong key or tampered data"
        case .invalidKDFParameters: "Argon2id parameters out of range"
        case .kdfFailed: "Argon2id failed (memory limit could not be met)"
        case .invalidOutputLength(let n): "output length \(n) is not supported"
        case .randomUnavailable: "system randomness is unavailable"
        }
    }
}
