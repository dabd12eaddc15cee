import GemCrypto
import Testing

struct BlakeKAT: Decodable, Sendable, CustomTestStringConvertible {
    let input: String
    let key: String
    let output: String
    var testDescription: String { "\(input.count / 2) bytes, \(key.isEmpty ? "unkeyed" : "keyed")" }
}

struct BlakePersonalized: Decodable, Sendable, CustomTestStringConvertible {
    let input: String
    let length: Int
    let key: String
    let salt: String?
    let personal: String?
    let output: String
    var testDescription: String { "length \(length), personal \(personal ?? "none")" }
}

struct BlakeFile: Decodable, Sendable {
    let kat: [BlakeKAT]
    let personalized: [BlakePersonalized]
}

@Suite struct BLAKE2bTests {
    static let file = Result { try VectorFile.load("blake2b", as: BlakeFile.self) }

    @Test func vectorFileIsComplete() throws {
        #expect(try Self.file.get().kat.count == 512)
        #expect(try Self.file.get().personalized.count == 6)
    }

    @Test(arguments: try file.get().kat) func referenceKAT(_ v: BlakeKAT) throws {
        #expect(Hex.encode(try Hash.blake2b(try hex(v.input), length: 64, key: try hex(v.key))) == v.output)
    }

    @Test(arguments: try file.get().personalized) func personalization(_ v: BlakePersonalized) throws {
        let out = try Hash.blake2b(try hex(v.input), length: v.length, key: try hex(v.key),
                                   salt: try v.salt.map(hex), personal: try v.personal.map(hex))
        #expect(Hex.encode(out) == v.output)
    }

    @Test func rejectsBadParameters() {
        #expect(throws: CipherError.invalidOutputLength(0)) { try Hash.blake2b([], length: 0) }
        #expect(throws: CipherError.invalidOutputLength(65)) { try Hash.blake2b([], length: 65) }
        #expect(throws: CipherError.invalidKeyLength(65)) { try Hash.blake2b([], key: [UInt8](repeating: 1, count: 65)) }
        #expect(throws: CipherError.invalidSaltLength(17)) { try Hash.blake2b([], personal: [UInt8](repeating: 1, count: 17)) }
        #expect(throws: CipherError.invalidSaltLength(17)) { try Hash.blake2b([], salt: [UInt8](repeating: 1, count: 17)) }
    }
}
