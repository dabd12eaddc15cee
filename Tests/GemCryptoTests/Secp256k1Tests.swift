import GemCrypto
import Testing

struct ECDSACase: Decodable, Sendable, CustomTestStringConvertible {
    let privateKey: String
    let publicKeyCompressed: String
    let publicKeyUncompressed: String
    let digest: String
    let signature: String
    let der: String
    let recoveryId: Int
    var testDescription: String { "key \(privateKey.suffix(8))" }
}

struct InvalidKeyCase: Decodable, Sendable, CustomTestStringConvertible {
    let key: String
    let error: String
    var testDescription: String { "\(error) \(key.prefix(10))…" }
}

struct ECDSAFile: Decodable, Sendable {
    let vectors: [ECDSACase]
    let invalidPrivateKeys: [InvalidKeyCase]
    let invalidPublicKeys: [InvalidKeyCase]
}

@Suite struct Secp256k1Tests {
    static let file = Result { try VectorFile.load("secp256k1-ecdsa", as: ECDSAFile.self) }

    @Test func vectorFileIsComplete() throws {
        #expect(try Self.file.get().vectors.count == 32)
        #expect(try Self.file.get().invalidPrivateKeys.count == 5)
        #expect(try Self.file.get().invalidPublicKeys.count == 5)
    }

    @Test(arguments: try file.get().vectors) func publicKeys(_ v: ECDSACase) throws {
        let key = try Secp256k1PrivateKey(bytes: try hex(v.privateKey))
        #expect(Hex.encode(key.publicKey.compressed) == v.publicKeyCompressed)
        #expect(Hex.encode(key.publicKey.uncompressed) == v.publicKeyUncompressed)
        #expect(try Secp256k1PublicKey(try hex(v.publicKeyUncompressed)) == key.publicKey)
        #expect(try Secp256k1PublicKey(try hex(v.publicKeyCompressed)) == key.publicKey)
    }

    @Test(arguments: try file.get().vectors) func rfc6979LowSSignature(_ v: ECDSACase) throws {
        let key = try Secp256k1PrivateKey(bytes: try hex(v.privateKey))
        let digest = try hex(v.digest)
        let signature = try key.sign(digest: digest)
        #expect(Hex.encode(signature.compact) == v.signature)
        #expect(Hex.encode(signature.der) == v.der)
        #expect(signature.isLowS)
        #expect(key.publicKey.verify(signature: signature, digest: digest))
        #expect(try ECDSASignature(der: try hex(v.der)) == signature)
        // A different digest or key does not verify.
        var other = digest
        other[0] ^= 1
        #expect(!key.publicKey.verify(signature: signature, digest: other))
    }

    @Test(arguments: try file.get().vectors) func recoverable(_ v: ECDSACase) throws {
        let key = try Secp256k1PrivateKey(bytes: try hex(v.privateKey))
        let digest = try hex(v.digest)
        let signature = try key.signRecoverable(digest: digest)
        #expect(Hex.encode(signature.compact) == v.signature)
        #expect(Int(signature.recoveryId) == v.recoveryId)
        #expect(try Secp256k1PublicKey.recover(signature: signature, digest: digest) == key.publicKey)
        // Ethereum's legacy v = 27 + id parses to the same signature.
        #expect(try RecoverableSignature(rsv: signature.compact + [UInt8(27 + v.recoveryId)]) == signature)
        // The other parity recovers a different key.
        let flipped = try RecoverableSignature(compact: signature.compact, recoveryId: v.recoveryId ^ 1)
        #expect((try? Secp256k1PublicKey.recover(signature: flipped, digest: digest)) != key.publicKey)
    }

    @Test func highSDoesNotVerifyUntilNormalized() throws {
        let v = try #require(try Self.file.get().vectors.first)
        let key = try Secp256k1PrivateKey(bytes: try hex(v.privateKey))
        let digest = try hex(v.digest)
        let low = try key.sign(digest: digest)
        // s' = n - s
        let n: [UInt8] = try hex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
        var s = Array(low.compact[32...])
        var borrow = 0
        for i in stride(from: 31, through: 0, by: -1) {
            let d = Int(n[i]) - Int(s[i]) - borrow
            s[i] = UInt8((d + 256) % 256)
            borrow = d < 0 ? 1 : 0
        }
        let high = try ECDSASignature(compact: Array(low.compact[0..<32]) + s)
        #expect(!high.isLowS)
        #expect(!key.publicKey.verify(signature: high, digest: digest))
        #expect(high.normalizedLowS == low)
    }

    @Test(arguments: try file.get().invalidPrivateKeys) func invalidPrivateKeys(_ v: InvalidKeyCase) throws {
        let bytes = try hex(v.key)
        let expected: KeyError = v.error == "invalidPrivateKeyLength" ? .invalidPrivateKeyLength(bytes.count) : .invalidPrivateKey
        #expect(throws: expected) { try Secp256k1PrivateKey(bytes: bytes) }
    }

    @Test(arguments: try file.get().invalidPublicKeys) func invalidPublicKeys(_ v: InvalidKeyCase) throws {
        let bytes = try hex(v.key)
        let expected: KeyError = v.error == "invalidPublicKeyLength" ? .invalidPublicKeyLength(bytes.count) : .invalidPublicKey
        #expect(throws: expected) { try Secp256k1PublicKey(bytes) }
    }

    @Test func argumentErrors() throws {
        let key = try Secp256k1PrivateKey(bytes: [UInt8](repeating: 1, count: 32))
        #expect(throws: KeyError.invalidDigestLength(31)) { try key.sign(digest: [UInt8](repeating: 0, count: 31)) }
        #expect(throws: KeyError.invalidDigestLength(33)) { try key.signRecoverable(digest: [UInt8](repeating: 0, count: 33)) }
        #expect(throws: KeyError.invalidRecoveryId(4)) { try RecoverableSignature(compact: [UInt8](repeating: 1, count: 64), recoveryId: 4) }
        #expect(throws: KeyError.invalidRecoveryId(-1)) { try RecoverableSignature(compact: [UInt8](repeating: 1, count: 64), recoveryId: -1) }
        #expect(throws: KeyError.invalidRecoveryId(5)) { try RecoverableSignature(rsv: [UInt8](repeating: 1, count: 64) + [32]) }
        #expect(throws: KeyError.invalidSignatureLength(64)) { try RecoverableSignature(rsv: [UInt8](repeating: 1, count: 64)) }
        #expect(throws: KeyError.invalidSignature) { try ECDSASignature(compact: [UInt8](repeating: 0xff, count: 64)) }
        #expect(throws: KeyError.invalidSignatureLength(63)) { try ECDSASignature(compact: [UInt8](repeating: 1, count: 63)) }
        #expect(throws: KeyError.invalidSignature) { try ECDSASignature(der: [0x30, 0x00]) }
        #expect(throws: KeyError.invalidSignature) { try ECDSASignature(der: []) }
        let digest = [UInt8](repeating: 7, count: 32)
        #expect(throws: KeyError.invalidDigestLength(3)) {
            try Secp256k1PublicKey.recover(signature: key.signRecoverable(digest: digest), digest: [1, 2, 3])
        }
    }

    /// Signing and verifying from many threads at once on the one shared context.
    @Test func concurrentUse() async throws {
        let key = try Secp256k1PrivateKey(bytes: [UInt8](repeating: 3, count: 32))
        let results = await withTaskGroup(of: Bool.self) { group in
            for i in 0..<64 {
                group.addTask {
                    let digest = Hash.sha256([UInt8(i)])
                    guard let sig = try? key.sign(digest: digest) else { return false }
                    return key.publicKey.verify(signature: sig, digest: digest)
                }
            }
            var all = [Bool]()
            for await ok in group { all.append(ok) }
            return all
        }
        #expect(results.count == 64 && results.allSatisfy { $0 })
    }
}
