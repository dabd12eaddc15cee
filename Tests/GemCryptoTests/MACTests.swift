import GemCrypto
import Testing

struct MACCase: Decodable, Sendable, CustomTestStringConvertible {
    let key: String
    let message: String
    let mac: String
    var testDescription: String { "key \(key.count / 2) bytes, message \(message.count / 2) bytes" }
}

struct MACFile: Decodable, Sendable {
    let sha256: [MACCase]
    let sha512: [MACCase]
}

struct PBKDF2Case: Decodable, Sendable, CustomTestStringConvertible {
    let password: String
    let salt: String
    let iterations: Int
    let length: Int
    let output: String
    var testDescription: String { "c=\(iterations) dkLen=\(length)" }
}

struct PBKDF2File: Decodable, Sendable {
    let sha256: [PBKDF2Case]
    let sha512: [PBKDF2Case]
}

@Suite struct MACTests {
    static let hmac = Result { try VectorFile.load("hmac", as: MACFile.self) }
    static let pbkdf2 = Result { try VectorFile.load("pbkdf2", as: PBKDF2File.self) }

    @Test func vectorFilesAreComplete() throws {
        #expect(try Self.hmac.get().sha256.count == 6)
        #expect(try Self.hmac.get().sha512.count == 6)
        #expect(try Self.pbkdf2.get().sha256.count == 2)
        #expect(try Self.pbkdf2.get().sha512.count == 5)
    }

    @Test(arguments: try hmac.get().sha256) func hmacSHA256(_ v: MACCase) throws {
        #expect(Hex.encode(HMAC.sha256(key: try hex(v.key), message: try hex(v.message))) == v.mac)
    }

    @Test(arguments: try hmac.get().sha512) func hmacSHA512(_ v: MACCase) throws {
        #expect(Hex.encode(HMAC.sha512(key: try hex(v.key), message: try hex(v.message))) == v.mac)
    }

    @Test(arguments: try pbkdf2.get().sha256) func pbkdf2SHA256(_ v: PBKDF2Case) throws {
        let out = try PBKDF2.sha256(password: try hex(v.password), salt: try hex(v.salt), iterations: v.iterations, length: v.length)
        #expect(Hex.encode(out) == v.output)
    }

    @Test(arguments: try pbkdf2.get().sha512) func pbkdf2SHA512(_ v: PBKDF2Case) throws {
        let out = try PBKDF2.sha512(password: try hex(v.password), salt: try hex(v.salt), iterations: v.iterations, length: v.length)
        #expect(Hex.encode(out) == v.output)
    }

    @Test func pbkdf2RejectsBadParameters() {
        #expect(throws: CipherError.invalidKDFParameters) { try PBKDF2.sha512(password: [], salt: [], iterations: 0, length: 64) }
        #expect(throws: CipherError.invalidOutputLength(0)) { try PBKDF2.sha512(password: [], salt: [], iterations: 1, length: 0) }
        #expect(throws: CipherError.invalidKDFParameters) { try PBKDF2.sha256(password: [], salt: [], iterations: -1, length: 32) }
    }
}
