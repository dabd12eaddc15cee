import GemCrypto
import Testing

struct CardanoMaster: Decodable, Sendable, CustomTestStringConvertible {
    let phrase: String
    let passphrase: String
    let masterKey: String
    var testDescription: String { "passphrase \"\(passphrase)\"" }
}

struct CardanoDerived: Decodable, Sendable, CustomTestStringConvertible {
    let phrase: String
    let passphrase: String
    let path: String
    let extendedSecret: String
    let chainCode: String
    let publicKey: String
    let message: String
    let signature: String
    var testDescription: String { "\(phrase.prefix(12))… \"\(passphrase)\" \(path)" }
}

struct CardanoFile: Decodable, Sendable {
    let masters: [CardanoMaster]
    let derived: [CardanoDerived]
}

@Suite struct CardanoHDKeyTests {
    static let file = Result { try VectorFile.load("cardano", as: CardanoFile.self) }

    @Test func vectorFileIsComplete() throws {
        #expect(try Self.file.get().masters.count == 2)
        #expect(try Self.file.get().derived.count == 20)
    }

    @Test(arguments: try file.get().masters) func icarusMaster(_ v: CardanoMaster) throws {
        let key = CardanoHDKey(mnemonic: try Mnemonic(v.phrase), passphrase: v.passphrase)
        #expect(Hex.encode(key.extendedSecret.revealBytes() + key.chainCode) == v.masterKey)
    }

    /// The master key built from separately computed PBKDF2 blocks is the same published master key.
    @Test(arguments: try file.get().masters) func icarusMasterFromBlocks(_ v: CardanoMaster) throws {
        let mnemonic = try Mnemonic(v.phrase)
        let key = try CardanoHDKey(icarusBlocks: CardanoHDKey.icarusBlock(mnemonic, passphrase: v.passphrase, .first),
                                   CardanoHDKey.icarusBlock(mnemonic, passphrase: v.passphrase, .second))
        #expect(Hex.encode(key.extendedSecret.revealBytes() + key.chainCode) == v.masterKey)
        #expect(throws: KeyError.invalidPrivateKeyLength(32)) {
            try CardanoHDKey(icarusBlocks: Secret([UInt8](repeating: 1, count: 32)), CardanoHDKey.icarusBlock(mnemonic, .second))
        }
    }

    @Test(arguments: try file.get().derived) func derivationAndSigning(_ v: CardanoDerived) throws {
        let master = CardanoHDKey(mnemonic: try Mnemonic(v.phrase), passphrase: v.passphrase)
        let key = try master.derive(DerivationPath(v.path))
        #expect(Hex.encode(key.extendedSecret.revealBytes()) == v.extendedSecret)
        #expect(Hex.encode(key.chainCode) == v.chainCode)
        #expect(Hex.encode(key.publicKey.bytes) == v.publicKey)
        let message = try hex(v.message)
        let signature = key.sign(message)
        #expect(Hex.encode(signature) == v.signature)
        #expect(key.publicKey.verify(signature: signature, message: message))
    }

    /// The Shelley base address of /work/shared/reference/chains.md, made from the payment (m/1852'/1815'/0'/0/0)
    /// and stake (m/1852'/1815'/0'/2/0) keys: header 0x01 ‖ BLAKE2b-224(payment) ‖ BLAKE2b-224(stake).
    @Test func referenceAddress() throws {
        let master = CardanoHDKey(mnemonic: try Mnemonic("shoot island position soft burden budget tooth cruel issue economy destroy above"))
        let payment = try master.derive(DerivationPath("m/1852'/1815'/0'/0/0")).publicKey.bytes
        let stake = try master.derive(DerivationPath("m/1852'/1815'/0'/2/0")).publicKey.bytes
        let bytes = [0x01] + (try Hash.blake2b(payment, length: 28)) + (try Hash.blake2b(stake, length: 28))
        #expect(Bech32.encode(humanReadablePart: "addr", bytes: bytes) ==
                "addr1qyr8jjfnypp95eq74aqzn7ss687ehxclgj7mu6gratmg3mul2040vt35dypp042awzsjk5xm3zr3zm5qh7454uwdv08s84ray2")
    }

    @Test func neverPrints() throws {
        let key = CardanoHDKey(mnemonic: try Mnemonic("shoot island position soft burden budget tooth cruel issue economy destroy above"))
        let secretHex = Hex.encode(key.extendedSecret.revealBytes())
        for text in ["\(key)", String(reflecting: key), dumped(key)] {
            #expect(!text.contains(secretHex.prefix(16)))
        }
    }
}
