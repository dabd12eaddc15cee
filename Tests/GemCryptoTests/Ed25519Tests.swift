import GemCrypto
import Testing

struct Ed25519Case: Decodable, Sendable, CustomTestStringConvertible {
    let seed: String
    let publicKey: String
    let message: String
    let signature: String
    var testDescription: String { "\(message.count / 2)-byte message" }
}

@Suite struct Ed25519Tests {
    static let file = Result { try VectorFile.load("ed25519", as: VectorList<Ed25519Case>.self).vectors }

    @Test func vectorFileIsComplete() throws {
        let vectors = try Self.file.get()
        #expect(vectors.count == 128)
        // RFC 8032 section 7.1 TEST 1 is the first line.
        #expect(vectors.first?.seed == "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
    }

    @Test(arguments: try file.get()) func signAndVerify(_ v: Ed25519Case) throws {
        let key = try Ed25519PrivateKey(seed: try hex(v.seed))
        #expect(Hex.encode(key.publicKey.bytes) == v.publicKey)
        let message = try hex(v.message)
        let signature = key.sign(message)
        #expect(Hex.encode(signature) == v.signature)
        let publicKey = try Ed25519PublicKey(try hex(v.publicKey))
        #expect(publicKey.verify(signature: signature, message: message))
        var tampered = signature
        tampered[10] ^= 0x40
        #expect(!publicKey.verify(signature: tampered, message: message))
        #expect(!publicKey.verify(signature: signature, message: message + [0]))
    }

    @Test func errors() {
        #expect(throws: KeyError.invalidSeedLength(31)) { try Ed25519PrivateKey(seed: [UInt8](repeating: 0, count: 31)) }
        #expect(throws: KeyError.invalidPublicKeyLength(33)) { try Ed25519PublicKey([UInt8](repeating: 0, count: 33)) }
        // The identity point (small order) is not accepted as a public key.
        var identity = [UInt8](repeating: 0, count: 32)
        identity[0] = 1
        #expect(throws: KeyError.invalidPublicKey) { try Ed25519PublicKey(identity) }
    }

    @Test func neverPrints() throws {
        let key = try Ed25519PrivateKey(seed: [UInt8](repeating: 0xab, count: 32))
        for text in ["\(key)", String(reflecting: key), dumped(key)] {
            #expect(!text.contains("ab, 171") && !text.lowercased().contains("abab"))
            #expect(!text.contains("171"))
        }
    }
}
