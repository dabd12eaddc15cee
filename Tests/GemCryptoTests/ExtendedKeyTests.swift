import GemCrypto
import Testing

struct BIP32Chain: Decodable, Sendable {
    let path: String
    let xpub: String
    let xprv: String
}

struct BIP32Vector: Decodable, Sendable {
    let seed: String
    let chains: [BIP32Chain]
}

/// One chain of one BIP32 vector, flattened for parameterized tests.
struct BIP32Case: Sendable, CustomTestStringConvertible {
    let seed: String
    let chain: BIP32Chain
    var testDescription: String { "seed \(seed.prefix(8))… \(chain.path)" }
}

struct BIP32Invalid: Decodable, Sendable, CustomTestStringConvertible {
    let key: String
    let reason: String
    let error: String
    var testDescription: String { reason }
}

struct BIP32File: Decodable, Sendable {
    let vectors: [BIP32Vector]
    let invalid: [BIP32Invalid]

    var cases: [BIP32Case] { vectors.flatMap { v in v.chains.map { BIP32Case(seed: v.seed, chain: $0) } } }
}

@Suite struct ExtendedKeyTests {
    static let file = Result { try VectorFile.load("bip32", as: BIP32File.self) }

    @Test func vectorFileIsComplete() throws {
        #expect(try Self.file.get().cases.count == 17)
        #expect(try Self.file.get().invalid.count == 16)
    }

    @Test(arguments: try file.get().cases) func privateDerivation(_ v: BIP32Case) throws {
        let master = try ExtendedPrivateKey(seed: Secret(try hex(v.seed)))
        let key = try master.derive(DerivationPath(v.chain.path))
        #expect(String(decoding: key.serialized().revealBytes(), as: UTF8.self) == v.chain.xprv)
        #expect(key.extendedPublicKey.serialized() == v.chain.xpub)
        // Step by step gives the same key as the whole path at once.
        var stepwise = master
        for component in try DerivationPath(v.chain.path).components { stepwise = try stepwise.derive(component) }
        #expect(stepwise.extendedPublicKey == key.extendedPublicKey)
        #expect(stepwise.privateKey == key.privateKey)
    }

    @Test(arguments: try file.get().cases) func parseAndReserialize(_ v: BIP32Case) throws {
        let prv = try ExtendedPrivateKey(serialized: v.chain.xprv)
        #expect(String(decoding: prv.serialized().revealBytes(), as: UTF8.self) == v.chain.xprv)
        let pub = try ExtendedPublicKey(serialized: v.chain.xpub)
        #expect(pub.serialized() == v.chain.xpub)
        #expect(prv.extendedPublicKey == pub)
        #expect(throws: DerivationError.wrongKeyKind(expectedPrivate: true)) { try ExtendedPrivateKey(serialized: v.chain.xpub) }
        #expect(throws: DerivationError.wrongKeyKind(expectedPrivate: false)) { try ExtendedPublicKey(serialized: v.chain.xprv) }
    }

    /// Public (CKDpub) derivation of every normal step at the end of a vector path matches the private route.
    @Test(arguments: try file.get().cases) func publicDerivation(_ v: BIP32Case) throws {
        let path = try DerivationPath(v.chain.path)
        let trailingNormal = path.components.reversed().prefix(while: { !$0.hardened }).reversed()
        guard !trailingNormal.isEmpty else { return }
        let parentPath = DerivationPath(components: Array(path.components.dropLast(trailingNormal.count)))
        let master = try ExtendedPrivateKey(seed: Secret(try hex(v.seed)))
        let parent = try master.derive(parentPath).extendedPublicKey
        let child = try parent.derive(DerivationPath(components: Array(trailingNormal)))
        #expect(child.serialized() == v.chain.xpub)
    }

    @Test(arguments: try file.get().invalid) func invalidKeys(_ v: BIP32Invalid) throws {
        let expected: DerivationError
        switch v.error {
        case "invalidPublicKey": expected = .invalidPublicKey
        case "invalidPrivateKeyPrefix": expected = .invalidPrivateKeyPrefix
        case "zeroDepthWithParentFingerprint": expected = .zeroDepthWithParentFingerprint
        case "zeroDepthWithChildNumber": expected = .zeroDepthWithChildNumber
        case "invalidPrivateKey": expected = .invalidPrivateKey
        case "invalidChecksum": expected = .encoding(.invalidChecksum)
        case "unknownVersion":
            let raw = try Base58.decodeCheck(v.key)
            expected = .unknownVersion(UInt32(raw[0]) << 24 | UInt32(raw[1]) << 16 | UInt32(raw[2]) << 8 | UInt32(raw[3]))
        default:
            Issue.record("unmapped error \(v.error)")
            return
        }
        #expect(throws: expected) { try ExtendedKey.parse(v.key) }
    }

    @Test func hardenedFromPublicIsAnError() throws {
        let master = try ExtendedPrivateKey(seed: Secret([UInt8](repeating: 1, count: 32)))
        #expect(throws: DerivationError.hardenedFromPublic) {
            try master.extendedPublicKey.derive(DerivationPath("m/0/1'"))
        }
    }

    @Test func seedLength() {
        #expect(throws: DerivationError.invalidSeedLength(15)) { try ExtendedPrivateKey(seed: Secret([UInt8](repeating: 1, count: 15))) }
        #expect(throws: DerivationError.invalidSeedLength(65)) { try ExtendedPrivateKey(seed: Secret([UInt8](repeating: 1, count: 65))) }
    }

    @Test func versionFamilies() throws {
        let master = try ExtendedPrivateKey(seed: Secret(try hex("000102030405060708090a0b0c0d0e0f")))
        let account = try master.derive(DerivationPath("m/84'/0'/0'")).extendedPublicKey
        let zpub = account.serialized(version: .zpub)
        #expect(zpub.hasPrefix("zpub"))
        #expect(account.serialized(version: .ypub).hasPrefix("ypub"))
        #expect(account.serialized(version: .tpub).hasPrefix("tpub"))
        #expect(account.serialized(version: .dgub).hasPrefix("dgub"))
        guard case .publicKey(let parsed, let family) = try ExtendedKey.parse(zpub) else {
            Issue.record("zpub parsed as private")
            return
        }
        #expect(parsed == account)
        #expect(family == .zpub)
        #expect(throws: DerivationError.unknownVersion(0x04B2_4746)) { try ExtendedPublicKey(serialized: zpub, versions: [.xpub]) }
    }

    /// BIP84's published account key for the "abandon … about" phrase (bitcoin/bips bip-0084.mediawiki).
    @Test func bip84AccountZpub() throws {
        let seed = try Mnemonic("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about").seed()
        let account = try ExtendedPrivateKey(seed: seed).derive(DerivationPath("m/84'/0'/0'"))
        #expect(account.extendedPublicKey.serialized(version: .zpub) ==
                "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs")
        let first = try account.derive(DerivationPath("m/0/0"))
        #expect(Bech32.encodeSegwit(humanReadablePart: "bc", .init(version: 0, program: Hash.hash160(first.publicKey.compressed))) ==
                "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu")
    }

    @Test func privateKeyNeverPrints() throws {
        let key = try ExtendedPrivateKey(seed: Secret(try hex("000102030405060708090a0b0c0d0e0f")))
        let keyHex = Hex.encode(key.privateKey.secret.revealBytes())
        for text in ["\(key)", String(reflecting: key), dumped(key), "\(key.privateKey)", dumped(key.privateKey), "\(key.serialized())"] {
            #expect(!text.contains(keyHex))
            #expect(!text.contains("xprv"))
        }
    }
}

struct SLIP10Chain: Decodable, Sendable {
    let path: String
    let fingerprint: String
    let chainCode: String
    let privateKey: String
    let publicKey: String
}

struct SLIP10Vector: Decodable, Sendable {
    let seed: String
    let chains: [SLIP10Chain]
}

struct SLIP10Case: Sendable, CustomTestStringConvertible {
    let seed: String
    let chain: SLIP10Chain
    var testDescription: String { "seed \(seed.prefix(8))… \(chain.path)" }
}

struct SLIP10File: Decodable, Sendable {
    let secp256k1: [SLIP10Vector]
    let ed25519: [SLIP10Vector]

    static func cases(_ vectors: [SLIP10Vector]) -> [SLIP10Case] {
        vectors.flatMap { v in v.chains.map { SLIP10Case(seed: v.seed, chain: $0) } }
    }
}

@Suite struct SLIP10Tests {
    static let file = Result { try VectorFile.load("slip10", as: SLIP10File.self) }

    @Test func vectorFileIsComplete() throws {
        #expect(SLIP10File.cases(try Self.file.get().ed25519).count == 12)
        #expect(SLIP10File.cases(try Self.file.get().secp256k1).count == 12)
    }

    @Test(arguments: SLIP10File.cases(try file.get().ed25519)) func ed25519(_ v: SLIP10Case) throws {
        let key = try Ed25519HDKey(seed: Secret(try hex(v.seed))).derive(DerivationPath(v.chain.path))
        #expect(Hex.encode(key.privateKey.seed.revealBytes()) == v.chain.privateKey)
        #expect("00" + Hex.encode(key.publicKey.bytes) == v.chain.publicKey)
        #expect(Hex.encode(key.chainCode) == v.chain.chainCode)
        #expect(String(format8: key.parentFingerprint) == v.chain.fingerprint)
    }

    @Test(arguments: SLIP10File.cases(try file.get().secp256k1)) func secp256k1(_ v: SLIP10Case) throws {
        let key = try ExtendedPrivateKey(seed: Secret(try hex(v.seed))).derive(DerivationPath(v.chain.path))
        #expect(Hex.encode(key.privateKey.secret.revealBytes()) == v.chain.privateKey)
        #expect(Hex.encode(key.publicKey.compressed) == v.chain.publicKey)
        #expect(Hex.encode(key.chainCode) == v.chain.chainCode)
        #expect(String(format8: key.parentFingerprint) == v.chain.fingerprint)
    }

    @Test func nonHardenedStepIsAnError() throws {
        let master = try Ed25519HDKey(seed: Secret(try hex("000102030405060708090a0b0c0d0e0f")))
        #expect(throws: DerivationError.nonHardenedEd25519(index: 2)) { try master.derive(DerivationPath("m/44'/501'/0/0'")) }
        #expect(throws: DerivationError.nonHardenedEd25519(index: 0)) { try master.derive(DerivationPath.Component(childNumber: 1)) }
    }
}

extension String {
    /// Eight lowercase hex digits.
    init(format8 value: UInt32) {
        let digits = String(value, radix: 16)
        self = String(repeating: "0", count: 8 - digits.count) + digits
    }
}
