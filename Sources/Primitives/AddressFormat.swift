/// How a chain writes an account address: the descriptor `Blockchain` dispatches on to derive and validate.
/// Chains of one family differ here only by parameters (a bech32 prefix, version bytes, an SS58 network).
public enum AddressFormat: Sendable, Hashable {
    /// `0x` + 40 hex digits of keccak256(uncompressed public key)[12...], EIP-55 mixed-case checksum.
    case eip55
    /// A Bitcoin-family address; `kind` is the form the wallet derives, `network` says which forms are valid.
    case utxo(network: UTXONetwork, kind: UTXOAddressKind)
    /// base58 of the 32-byte ed25519 public key (Solana).
    case base58PublicKey
    /// bech32 with the chain's prefix over a 20-byte hash of the secp256k1 public key.
    case cosmos(hrp: String, hashing: CosmosAddressHashing)
    /// TON wallet contract address, user-friendly base64url form.
    case tonWallet(version: TonWalletVersion, workchain: Int8, bounceable: Bool)
    /// base58check, version byte 0x41, over keccak256(uncompressed public key)[12...] ("T…").
    case tron
    /// `0x` + hex of SHA3-256(ed25519 public key ‖ 0x00).
    case aptos
    /// `0x` + hex of BLAKE2b-256(0x00 ‖ ed25519 public key).
    case sui
    /// Classic address: base58check (Ripple alphabet), type byte 0x00, over RIPEMD160(SHA256(compressed key)).
    case xrp
    /// Implicit account: 64 lowercase hex digits of the ed25519 public key.
    case nearImplicit
    /// StrKey account id `G…`: base32(0x30 ‖ public key ‖ CRC16-XMODEM little-endian).
    case stellar
    /// base32 without padding of public key ‖ last 4 bytes of SHA-512/256(public key).
    case algorand
    /// SS58 with the given network prefix over the 32-byte public key.
    case ss58(network: UInt16)
    /// Shelley base address (payment key hash ‖ stake key hash), bech32 with `hrp`, header network id `network`.
    case cardanoShelleyBase(hrp: String, network: UInt8)
}

extension AddressFormat: Codable {
    /// JSON: an object with a `"type"` discriminator and the case's parameters (DESIGN § 3).
    enum CodingKeys: String, CodingKey {
        case type, network, kind, hrp, hashing, version, workchain, bounceable
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .type) {
        case "eip55": self = .eip55
        case "utxo":
            self = .utxo(network: try c.decode(UTXONetwork.self, forKey: .network),
                         kind: try c.decode(UTXOAddressKind.self, forKey: .kind))
        case "base58_public_key": self = .base58PublicKey
        case "cosmos":
            self = .cosmos(hrp: try c.decode(String.self, forKey: .hrp),
                           hashing: try c.decode(CosmosAddressHashing.self, forKey: .hashing))
        case "ton_wallet":
            self = .tonWallet(version: try c.decode(TonWalletVersion.self, forKey: .version),
                              workchain: try c.decode(Int8.self, forKey: .workchain),
                              bounceable: try c.decode(Bool.self, forKey: .bounceable))
        case "tron": self = .tron
        case "aptos": self = .aptos
        case "sui": self = .sui
        case "xrp": self = .xrp
        case "near_implicit": self = .nearImplicit
        case "stellar": self = .stellar
        case "algorand": self = .algorand
        case "ss58": self = .ss58(network: try c.decode(UInt16.self, forKey: .network))
        case "cardano_shelley_base":
            self = .cardanoShelleyBase(hrp: try c.decode(String.self, forKey: .hrp),
                                       network: try c.decode(UInt8.self, forKey: .network))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "unknown address format \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .eip55: try c.encode("eip55", forKey: .type)
        case .utxo(let network, let kind):
            try c.encode("utxo", forKey: .type)
            try c.encode(network, forKey: .network)
            try c.encode(kind, forKey: .kind)
        case .base58PublicKey: try c.encode("base58_public_key", forKey: .type)
        case .cosmos(let hrp, let hashing):
            try c.encode("cosmos", forKey: .type)
            try c.encode(hrp, forKey: .hrp)
            try c.encode(hashing, forKey: .hashing)
        case .tonWallet(let version, let workchain, let bounceable):
            try c.encode("ton_wallet", forKey: .type)
            try c.encode(version, forKey: .version)
            try c.encode(workchain, forKey: .workchain)
            try c.encode(bounceable, forKey: .bounceable)
        case .tron: try c.encode("tron", forKey: .type)
        case .aptos: try c.encode("aptos", forKey: .type)
        case .sui: try c.encode("sui", forKey: .type)
        case .xrp: try c.encode("xrp", forKey: .type)
        case .nearImplicit: try c.encode("near_implicit", forKey: .type)
        case .stellar: try c.encode("stellar", forKey: .type)
        case .algorand: try c.encode("algorand", forKey: .type)
        case .ss58(let network):
            try c.encode("ss58", forKey: .type)
            try c.encode(network, forKey: .network)
        case .cardanoShelleyBase(let hrp, let network):
            try c.encode("cardano_shelley_base", forKey: .type)
            try c.encode(hrp, forKey: .hrp)
            try c.encode(network, forKey: .network)
        }
    }
}

/// The address forms a Bitcoin-family chain defines. Prefix byte arrays are the base58check version bytes.
public struct UTXONetwork: Sendable, Hashable, Codable {
    /// bech32/bech32m prefix of SegWit addresses, when the chain has SegWit.
    public let segwitHrp: String?
    /// CashAddr prefix (without the `:`), for Bitcoin Cash.
    public let cashAddrPrefix: String?
    public let p2pkhPrefix: [UInt8]
    public let p2shPrefix: [UInt8]
    /// The extended public key version the account's `extended_public_key` is written with.
    public let extendedPublicKey: ExtendedKeyFormat
    /// bech32m prefix of Zcash TEX (transparent-source-only, ZIP-320) addresses, which wrap a P2PKH hash.
    public let texHrp: String?

    public init(segwitHrp: String?, cashAddrPrefix: String?, p2pkhPrefix: [UInt8], p2shPrefix: [UInt8],
                extendedPublicKey: ExtendedKeyFormat, texHrp: String? = nil) {
        self.segwitHrp = segwitHrp
        self.cashAddrPrefix = cashAddrPrefix
        self.p2pkhPrefix = p2pkhPrefix
        self.p2shPrefix = p2shPrefix
        self.extendedPublicKey = extendedPublicKey
        self.texHrp = texHrp
    }
}

/// The address a Bitcoin-family wallet derives for its account key.
public enum UTXOAddressKind: String, Sendable, Hashable, Codable {
    /// Native SegWit v0 pay-to-witness-public-key-hash, bech32 (BIP84 paths).
    case p2wpkh
    /// Taproot key-path pay-to-taproot, bech32m (BIP86 paths).
    case p2tr
    /// Legacy pay-to-public-key-hash, base58check.
    case p2pkh
    /// CashAddr pay-to-public-key-hash.
    case cashAddrP2PKH = "cashaddr_p2pkh"
}

/// The version prefix of a BIP32 extended public key and its conventional name.
public enum ExtendedKeyFormat: String, Sendable, Hashable, Codable {
    /// BIP32 `xpub`.
    case xpub
    /// BIP84 (native SegWit) `zpub`.
    case zpub
    /// Dogecoin `dgub`.
    case dgub

    /// The 4-byte big-endian version of the serialized key.
    public var version: UInt32 {
        switch self {
        case .xpub: 0x0488_B21E
        case .zpub: 0x04B2_4746
        case .dgub: 0x02FA_CAFD
        }
    }
}

/// The 20-byte account hash a Cosmos chain's bech32 address carries.
public enum CosmosAddressHashing: String, Sendable, Hashable, Codable {
    /// RIPEMD160(SHA256(compressed secp256k1 public key)).
    case sha256Ripemd160 = "sha256_ripemd160"
    /// keccak256(uncompressed public key without 0x04)[12...], as Ethereum (Injective).
    case keccak256
}

/// TON wallet contract versions the wallet can derive.
public enum TonWalletVersion: String, Sendable, Hashable, Codable {
    case v4R2 = "v4r2"
}
