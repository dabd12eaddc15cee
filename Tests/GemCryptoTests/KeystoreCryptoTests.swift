import GemCrypto
import Testing

struct Argon2Case: Decodable, Sendable, CustomTestStringConvertible {
    let password: String
    let salt: String
    let iterations: UInt64
    let memoryBytes: Int
    let length: Int
    let output: String
    var testDescription: String { "t=\(iterations) m=\(memoryBytes / 1024) KiB len=\(length)" }
}

struct AEADCase: Decodable, Sendable, CustomTestStringConvertible {
    let key: String
    let nonce: String
    let aad: String
    let plaintext: String
    let ciphertext: String
    let tag: String
    var testDescription: String { "\(plaintext.count / 2)-byte plaintext, \(aad.count / 2)-byte aad" }
}

struct AEADFile: Decodable, Sendable {
    let vectors: [AEADCase]
    let generated: [AEADCase]
}

@Suite struct KeystoreCryptoTests {
    static let argon = Result { try VectorFile.load("argon2id", as: VectorList<Argon2Case>.self).vectors }
    static let aead = Result { try VectorFile.load("xchacha20poly1305", as: AEADFile.self) }

    @Test func vectorFilesAreComplete() throws {
        #expect(try Self.argon.get().count == 4)
        #expect(try Self.aead.get().vectors.count == 1)
        #expect(try Self.aead.get().generated.count == 5)
    }

    @Test(arguments: try argon.get()) func argon2id(_ v: Argon2Case) throws {
        let parameters = try Argon2id.Parameters(iterations: v.iterations, memoryBytes: v.memoryBytes)
        let key = try Argon2id.deriveKey(password: Secret(try hex(v.password)), salt: try hex(v.salt), length: v.length, parameters: parameters)
        #expect(Hex.encode(key.revealBytes()) == v.output)
    }

    @Test func argon2idErrors() throws {
        #expect(throws: CipherError.invalidKDFParameters) { try Argon2id.Parameters(iterations: 0, memoryBytes: 1 << 20) }
        #expect(throws: CipherError.invalidKDFParameters) { try Argon2id.Parameters(iterations: 1, memoryBytes: 4096) }
        let p = try Argon2id.Parameters(iterations: 1, memoryBytes: 8192)
        #expect(throws: CipherError.invalidSaltLength(8)) { try Argon2id.deriveKey(password: Secret([1]), salt: [UInt8](repeating: 0, count: 8), parameters: p) }
        #expect(throws: CipherError.invalidOutputLength(8)) {
            try Argon2id.deriveKey(password: Secret([1]), salt: [UInt8](repeating: 0, count: 16), length: 8, parameters: p)
        }
    }

    @Test(arguments: try aead.get().vectors + aead.get().generated) func xchacha(_ v: AEADCase) throws {
        let key = Secret(try hex(v.key))
        let nonce = try hex(v.nonce)
        let aad = try hex(v.aad)
        let sealed = try XChaCha20Poly1305.seal(Secret(try hex(v.plaintext)), key: key, nonce: nonce, associatedData: aad)
        #expect(Hex.encode(sealed) == v.ciphertext + v.tag)
        let opened = try XChaCha20Poly1305.open(sealed, key: key, nonce: nonce, associatedData: aad)
        #expect(Hex.encode(opened.revealBytes()) == v.plaintext)
        // Tampering with ciphertext, tag, associated data or nonce is detected.
        var bad = sealed
        bad[bad.count - 1] ^= 1
        #expect(throws: CipherError.authenticationFailed) { try XChaCha20Poly1305.open(bad, key: key, nonce: nonce, associatedData: aad) }
        #expect(throws: CipherError.authenticationFailed) { try XChaCha20Poly1305.open(sealed, key: key, nonce: nonce, associatedData: aad + [0]) }
        var otherNonce = nonce
        otherNonce[0] ^= 1
        #expect(throws: CipherError.authenticationFailed) { try XChaCha20Poly1305.open(sealed, key: key, nonce: otherNonce, associatedData: aad) }
    }

    @Test func sealWithRandomNonce() throws {
        let key = Secret([UInt8](repeating: 9, count: 32))
        let plaintext = Secret(Array("seed words".utf8))
        let a = try XChaCha20Poly1305.seal(plaintext, key: key)
        let b = try XChaCha20Poly1305.seal(plaintext, key: key)
        #expect(a.nonce.count == 24)
        #expect(a.nonce != b.nonce)
        #expect(a.ciphertext != b.ciphertext)
        #expect(try XChaCha20Poly1305.open(a, key: key) == plaintext)
        #expect(throws: CipherError.randomUnavailable) { try XChaCha20Poly1305.seal(plaintext, key: key, random: FixedRandom(bytes: nil)) }
    }

    @Test func aeadErrors() {
        let key = Secret([UInt8](repeating: 9, count: 32))
        #expect(throws: CipherError.invalidKeyLength(16)) { try XChaCha20Poly1305.seal(Secret([1]), key: Secret([UInt8](repeating: 1, count: 16)), nonce: [UInt8](repeating: 0, count: 24)) }
        #expect(throws: CipherError.invalidNonceLength(12)) { try XChaCha20Poly1305.seal(Secret([1]), key: key, nonce: [UInt8](repeating: 0, count: 12)) }
        #expect(throws: CipherError.ciphertextTooShort) { try XChaCha20Poly1305.open([1, 2, 3], key: key, nonce: [UInt8](repeating: 0, count: 24)) }
    }

    /// Password → Argon2id key → sealed mnemonic → opened, the keystore's whole path.
    @Test func keystoreRoundTrip() throws {
        let salt = [UInt8](repeating: 5, count: 16)
        let parameters = try Argon2id.Parameters(iterations: 1, memoryBytes: 64 * 1024)
        let key = try Argon2id.deriveKey(password: Secret(Array("correct horse".utf8)), salt: salt, parameters: parameters)
        let mnemonic = try Mnemonic.generate(wordCount: 12)
        let box = try XChaCha20Poly1305.seal(mnemonic.phrase, key: key, associatedData: Array("wallet-1".utf8))
        let wrongKey = try Argon2id.deriveKey(password: Secret(Array("correct horsf".utf8)), salt: salt, parameters: parameters)
        #expect(throws: CipherError.authenticationFailed) { try XChaCha20Poly1305.open(box, key: wrongKey, associatedData: Array("wallet-1".utf8)) }
        let opened = try XChaCha20Poly1305.open(box, key: key, associatedData: Array("wallet-1".utf8))
        #expect(opened == mnemonic.phrase)
    }
}
