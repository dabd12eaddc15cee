import Blockchain
import GemCrypto
import Primitives

/// A private key in the text forms a chain's wallets use, for import and export.
///
/// Accepted on import (surrounding whitespace ignored; text longer than the chain's longest form,
/// `maxTextLength`, is refused before any decoding):
/// - every supported chain: 64 hex digits, optionally `0x`-prefixed;
/// - ed25519 chains: also the 64-byte keypair (seed ‖ public key) in hex, checked against its seed;
/// - Solana: base58 of the 32-byte seed or of the 64-byte keypair (what Solana wallets export);
/// - Stellar: a StrKey secret seed `S…` (SEP-23, version byte 18 << 3);
/// - Sui: a `suiprivkey1…` bech32 key with the ed25519 flag (Sui's SIP-15 export form);
/// - Near: `ed25519:` followed by base58 of the seed or the keypair (the form NEAR key files hold).
///
/// Exported as the chain's usual form: Solana base58 keypair, Stellar `S…`, Sui `suiprivkey1…`, Near
/// `ed25519:` base58 keypair, `0x` hex on EVM chains and HyperCore, plain hex elsewhere.
///
/// Bitcoin-family chains take no private key (the specification's `import_encodings_for_chain` lists none:
/// their wallets import phrases and extended keys), and Cardano keys are extended BIP32-Ed25519 keys; both
/// are refused with `invalidInput`.
enum PrivateKeyEncoding {
    static let stellarSeedVersion: UInt8 = 18 << 3
    static let suiHumanReadablePart = "suiprivkey"
    static let suiEd25519Flag: UInt8 = 0x00
    static let nearPrefix = "ed25519:"

    /// The longest hex form: `0x` + 128 digits of an ed25519 keypair (secp256k1 chains: `0x` + 64).
    static func maxHexLength(_ chain: Chain) -> Int {
        chain.config.curve == .secp256k1 ? 66 : 130
    }

    /// base58 of a 64-byte keypair is at most 88 characters.
    static let maxBase58Length = 88

    /// The longest text any of the chain's forms has, after surrounding whitespace: longer text is refused
    /// before any decoding.
    static func maxTextLength(_ chain: Chain) -> Int {
        switch chain.type {
        case .solana: max(maxHexLength(chain), maxBase58Length)
        case .near: max(maxHexLength(chain), nearPrefix.utf8.count + maxBase58Length)
        case .stellar: max(maxHexLength(chain), 56)
        case .sui: max(maxHexLength(chain), Bech32.addressLengthLimit)
        default: maxHexLength(chain)
        }
    }

    /// Whether `chain` accepts a private-key wallet.
    static func isSupported(_ chain: Chain) -> Bool {
        switch chain.config.curve {
        case .secp256k1: chain.type != .bitcoin
        case .ed25519: true
        case .ed25519ExtendedCardano: false
        }
    }

    /// The 32 key bytes of `text` for `chain`. Throws `invalidInput` naming what is wrong, never the key.
    static func decode(_ text: String, chain: Chain) throws(GemServiceError) -> Secret {
        guard isSupported(chain) else {
            throw .invalidInput(message: "\(chain.id) wallets cannot be imported from a private key")
        }
        let trimmed = WalletRules.trimmed(text)
        guard !trimmed.isEmpty else { throw .invalidInput(message: "the private key is empty") }
        // Bounded before any decoding (base58 costs the square of its length).
        let maximum = maxTextLength(chain)
        guard trimmed.utf8.count <= maximum else {
            throw .invalidInput(message: "a \(chain.id) private key has at most \(maximum) characters")
        }
        var bytes = try decodeBytes(trimmed, chain: chain)
        defer { SecretBytes.wipe(&bytes) }
        switch (chain.config.curve, bytes.count) {
        case (.secp256k1, 32):
            let secret = Secret(bytes)
            guard (try? Secp256k1PrivateKey(secret)) != nil else {
                throw .invalidInput(message: "the private key is not a valid secp256k1 key")
            }
            return secret
        case (.ed25519, 32):
            return Secret(bytes)
        case (.ed25519, 64):
            // seed ‖ public key: the public half must be the seed's.
            var seedBytes = Array(bytes[0..<32])
            let seed = Secret(wiping: &seedBytes)
            guard let key = try? Ed25519PrivateKey(seed: seed), key.publicKey.bytes == Array(bytes[32..<64]) else {
                throw .invalidInput(message: "the keypair's public key does not match its private key")
            }
            return seed
        default:
            throw .invalidInput(message: "a \(chain.id) private key is 32 bytes, not \(bytes.count)")
        }
    }

    /// The public key material an address is derived from.
    static func addressKey(_ key: Secret, chain: Chain) throws(GemServiceError) -> AddressKey {
        do {
            switch chain.config.curve {
            case .secp256k1: return .secp256k1(try Secp256k1PrivateKey(key).publicKey)
            case .ed25519: return .ed25519(try Ed25519PrivateKey(seed: key).publicKey.bytes)
            case .ed25519ExtendedCardano: break
            }
        } catch {
            throw .invalidInput(message: "the private key is not valid on \(chain.id)")
        }
        throw .invalidInput(message: "\(chain.id) wallets cannot be imported from a private key")
    }

    /// The key in `chain`'s usual export form.
    static func encode(_ key: Secret, chain: Chain) throws(GemServiceError) -> String {
        var seed = key.withSpan { SecretBytes.copy($0) }
        defer { SecretBytes.wipe(&seed) }
        guard seed.count == 32 else { throw .crypto(message: "stored private key is \(seed.count) bytes, not 32") }
        switch chain.type {
        case .solana, .near:
            var keypair = seed + (try publicKey(key, chain: chain))
            defer { SecretBytes.wipe(&keypair) }
            let text = Base58.encode(keypair)
            return chain.type == .near ? nearPrefix + text : text
        case .stellar:
            var body = [stellarSeedVersion] + seed
            defer { SecretBytes.wipe(&body) }
            let crc = CRC16.xmodem(body)
            return Base32.encode(body + [UInt8(crc & 0xFF), UInt8(crc >> 8)])
        case .sui:
            guard let text = Bech32.encode(humanReadablePart: suiHumanReadablePart, bytes: [suiEd25519Flag] + seed) else {
                throw .internal(message: "sui key encoding failed")
            }
            return text
        case .ethereum, .hyperCore:
            return "0x" + Hex.encode(seed)
        default:
            return Hex.encode(seed)
        }
    }

    // MARK: private

    private static func publicKey(_ key: Secret, chain: Chain) throws(GemServiceError) -> [UInt8] {
        guard case .ed25519(let bytes) = try addressKey(key, chain: chain) else {
            throw .internal(message: "\(chain.id) is not an ed25519 chain")
        }
        return bytes
    }

    /// The raw bytes of every form the chain accepts; hex first, as every chain accepts it.
    private static func decodeBytes(_ text: String, chain: Chain) throws(GemServiceError) -> [UInt8] {
        // Hex of a key or keypair; a base58 text made only of hex digits is not read as hex.
        // Each form is decoded only within its own length.
        let prefixed = text.hasPrefix("0x") || text.hasPrefix("0X")
        if text.utf8.count <= maxHexLength(chain), let bytes = try? Hex.decode(text, allowPrefix: true),
           prefixed || bytes.count == 32 || bytes.count == 64
        {
            return bytes
        }
        switch chain.type {
        case .solana:
            if let bytes = try? Base58.decode(text, limit: maxBase58Length) { return bytes }
        case .near where text.hasPrefix(nearPrefix):
            if let bytes = try? Base58.decode(String(text.dropFirst(nearPrefix.count)), limit: maxBase58Length) { return bytes }
        case .stellar where text.hasPrefix("S"):
            return try stellarSeed(text)
        case .sui where text.lowercased().hasPrefix(suiHumanReadablePart + "1"):
            return try suiKey(text)
        default:
            break
        }
        throw .invalidInput(message: "the private key is not in a form \(chain.id) accepts (\(forms(chain)))")
    }

    private static func stellarSeed(_ text: String) throws(GemServiceError) -> [UInt8] {
        guard text.utf8.count == 56, var bytes = try? Base32.decode(text), bytes.count == 35 else {
            throw .invalidInput(message: "a Stellar secret seed is 56 base32 characters")
        }
        var body = Array(bytes[0..<33])
        defer {
            SecretBytes.wipe(&bytes)
            SecretBytes.wipe(&body)
        }
        let crc = CRC16.xmodem(body)
        guard bytes[33] == UInt8(crc & 0xFF), bytes[34] == UInt8(crc >> 8) else {
            throw .invalidInput(message: "the Stellar secret seed's checksum does not match")
        }
        guard body[0] == stellarSeedVersion else { throw .invalidInput(message: "not a Stellar secret seed") }
        return Array(body[1...])
    }

    private static func suiKey(_ text: String) throws(GemServiceError) -> [UInt8] {
        guard var bytes = try? Bech32.decodeBytes(text, humanReadablePart: suiHumanReadablePart, variant: .bech32) else {
            throw .invalidInput(message: "the Sui private key is not valid bech32")
        }
        defer { SecretBytes.wipe(&bytes) }
        guard bytes.count == 33, bytes[0] == suiEd25519Flag else {
            throw .invalidInput(message: "only ed25519 Sui private keys are supported")
        }
        return Array(bytes[1...])
    }

    private static func forms(_ chain: Chain) -> String {
        switch chain.type {
        case .solana: "hex or base58"
        case .near: "hex or ed25519:<base58>"
        case .stellar: "hex or an S… secret seed"
        case .sui: "hex or suiprivkey1…"
        default: "64 hex digits"
        }
    }
}
