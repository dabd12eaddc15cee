import GemCrypto
import Testing

struct BIP340Case: Decodable, Sendable, CustomTestStringConvertible {
    let index: Int
    let secretKey: String
    let publicKey: String
    let auxRand: String
    let message: String
    let signature: String
    let valid: Bool
    let comment: String
    var testDescription: String { "#\(index) \(comment)" }
}

struct TaprootOutput: Decodable, Sendable, CustomTestStringConvertible {
    let internalPubkey: String
    let merkleRoot: String?
    let tweak: String
    let tweakedPubkey: String
    let address: String
    var testDescription: String { address }
}

struct TaprootKey: Decodable, Sendable, CustomTestStringConvertible {
    let internalPrivkey: String
    let merkleRoot: String?
    let internalPubkey: String
    let tweakedPrivkey: String
    let sigHash: String
    let signature: String
    var testDescription: String { "internal key \(internalPubkey.prefix(8))…" }
}

struct BIP341File: Decodable, Sendable {
    let outputs: [TaprootOutput]
    let keys: [TaprootKey]
}

@Suite struct SchnorrTests {
    static let bip340File = Result { try VectorFile.load("bip340", as: VectorList<BIP340Case>.self).vectors }
    static let bip341File = Result { try VectorFile.load("bip341", as: BIP341File.self) }

    @Test func vectorFilesAreComplete() throws {
        #expect(try Self.bip340File.get().count == 19)
        #expect(try Self.bip341File.get().outputs.count == 7)
        #expect(try Self.bip341File.get().keys.count == 7)
    }

    @Test(arguments: try bip340File.get()) func bip340Vector(_ v: BIP340Case) throws {
        let message = try hex(v.message)
        let signature = try hex(v.signature)
        if !v.secretKey.isEmpty {
            let key = try Secp256k1PrivateKey(bytes: try hex(v.secretKey))
            #expect(Hex.encode(key.xOnlyPublicKey.bytes) == v.publicKey)
            #expect(Hex.encode(try key.signSchnorr(message: message, auxRand: try hex(v.auxRand))) == v.signature)
        }
        // A public key that is not on the curve is rejected when parsed (vectors 5 and 14).
        guard let key = try? XOnlyPublicKey(try hex(v.publicKey)) else {
            #expect(!v.valid)
            #expect(throws: KeyError.invalidPublicKey) { try XOnlyPublicKey(try hex(v.publicKey)) }
            return
        }
        #expect(key.verifySchnorr(signature: signature, message: message) == v.valid)
    }

    @Test(arguments: try bip341File.get().outputs) func taprootOutputKey(_ v: TaprootOutput) throws {
        let internalKey = try XOnlyPublicKey(try hex(v.internalPubkey))
        let (output, _) = try internalKey.taprootOutputKey(merkleRoot: try v.merkleRoot.map(hex))
        #expect(Hex.encode(output.bytes) == v.tweakedPubkey)
        #expect(Bech32.encodeSegwit(humanReadablePart: "bc", .init(version: 1, program: output.bytes)) == v.address)
    }

    @Test(arguments: try bip341File.get().keys) func taprootTweakedPrivateKey(_ v: TaprootKey) throws {
        let key = try Secp256k1PrivateKey(bytes: try hex(v.internalPrivkey))
        #expect(Hex.encode(key.xOnlyPublicKey.bytes) == v.internalPubkey)
        let tweaked = try key.taprootTweaked(merkleRoot: try v.merkleRoot.map(hex))
        #expect(Hex.encode(tweaked.secret.revealBytes()) == v.tweakedPrivkey)
        let output = try key.xOnlyPublicKey.taprootOutputKey(merkleRoot: try v.merkleRoot.map(hex)).key
        #expect(tweaked.xOnlyPublicKey == output)
        #expect(output.verifySchnorr(signature: try hex(v.signature), message: try hex(v.sigHash)))
        // A signature of our own with the tweaked key verifies under the output key.
        let ours = try tweaked.signSchnorr(message: try hex(v.sigHash), random: SystemRandom())
        #expect(output.verifySchnorr(signature: ours, message: try hex(v.sigHash)))
    }

    @Test func argumentErrors() throws {
        let key = try Secp256k1PrivateKey(bytes: [UInt8](repeating: 1, count: 32))
        #expect(throws: KeyError.invalidAuxRandLength(31)) { try key.signSchnorr(message: [], auxRand: [UInt8](repeating: 0, count: 31)) }
        #expect(throws: KeyError.invalidTweak) { try key.taprootTweaked(merkleRoot: [1, 2, 3]) }
        #expect(throws: KeyError.invalidTweak) { try key.xOnlyPublicKey.taprootOutputKey(merkleRoot: [1]) }
        #expect(throws: KeyError.invalidPublicKeyLength(33)) { try XOnlyPublicKey([UInt8](repeating: 2, count: 33)) }
        #expect(!key.xOnlyPublicKey.verifySchnorr(signature: [1, 2, 3], message: []))
        #expect(throws: KeyError.randomUnavailable) { try key.signSchnorr(message: [], random: FixedRandom(bytes: nil)) }
    }
}
