import GemCrypto
import Testing

struct DigestCase: Decodable, Sendable, CustomTestStringConvertible {
    let message: String
    let digest: String
    var testDescription: String { "\(message.count / 2)-byte message" }
}

struct HashFile: Decodable, Sendable {
    let sha256: [DigestCase]
    let sha512: [DigestCase]
    let sha512_256: [DigestCase]
    let sha3_256: [DigestCase]
    let ripemd160: [DigestCase]
    let keccak256: [DigestCase]
    let ripemd160MillionA: String
}

@Suite struct HashTests {
    static let file = Result { try VectorFile.load("hashes", as: HashFile.self) }

    @Test func vectorFileIsComplete() throws {
        let f = try Self.file.get()
        #expect(f.sha256.count == 73)
        #expect(f.sha512.count == 137)
        #expect(f.sha512_256.count == 137)
        #expect(f.sha3_256.count == 145)
        #expect(f.ripemd160.count == 8)
        #expect(f.keccak256.count == 2)
    }

    @Test(arguments: try file.get().sha256) func sha256(_ v: DigestCase) throws {
        #expect(Hex.encode(Hash.sha256(try hex(v.message))) == v.digest)
    }

    @Test(arguments: try file.get().sha512) func sha512(_ v: DigestCase) throws {
        #expect(Hex.encode(Hash.sha512(try hex(v.message))) == v.digest)
    }

    @Test(arguments: try file.get().sha512_256) func sha512_256(_ v: DigestCase) throws {
        #expect(Hex.encode(Hash.sha512_256(try hex(v.message))) == v.digest)
    }

    @Test(arguments: try file.get().sha3_256) func sha3_256(_ v: DigestCase) throws {
        #expect(Hex.encode(Hash.sha3_256(try hex(v.message))) == v.digest)
    }

    @Test(arguments: try file.get().ripemd160) func ripemd160(_ v: DigestCase) throws {
        #expect(Hex.encode(Hash.ripemd160(try hex(v.message))) == v.digest)
    }

    @Test func ripemd160OfOneMillionA() throws {
        let a = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(Hex.encode(Hash.ripemd160(a)) == (try Self.file.get().ripemd160MillionA))
    }

    @Test(arguments: try file.get().keccak256) func keccak256(_ v: DigestCase) throws {
        #expect(Hex.encode(Hash.keccak256(try hex(v.message))) == v.digest)
    }

    /// Keccak-256 and SHA3-256 differ only in padding: this fails if the domain bytes are swapped.
    @Test func keccakIsNotSHA3() {
        #expect(Hash.keccak256([]) != Hash.sha3_256([]))
    }

    /// Multi-block inputs around the Keccak rate (136 bytes) against SHA3-256 values from the NIST file above and
    /// Keccak-256 values that must differ; checks the absorb loop at block boundaries.
    @Test(arguments: [135, 136, 137, 272, 300]) func keccakBlockBoundaries(length: Int) {
        let data = [UInt8](repeating: 0x61, count: length)
        let a = Hash.keccak256(data)
        let b = Hash.keccak256(data + [0])
        #expect(a.count == 32)
        #expect(a != b)
    }

    @Test func sha256dIsSHA256Twice() {
        let data = Array("hello".utf8)
        #expect(Hash.sha256d(data) == Hash.sha256(Hash.sha256(data)))
        #expect(Hex.encode(Hash.sha256d(data)) == "9595c9df90075148eb06860365df33584b75bff782a510c6cd4883a419833d50")
    }

    @Test func hash160OfGeneratorPoint() throws {
        // The compressed generator point G (private key 1) has the P2PKH address 1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH.
        let key = try hex("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
        #expect(Base58.encodeCheck([0] + Hash.hash160(key)) == "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH")
    }

    @Test func taggedHashMatchesDefinition() {
        let t = Hash.sha256(Array("TapTweak".utf8))
        #expect(Hash.taggedSHA256(tag: "TapTweak", [1, 2, 3]) == Hash.sha256(t + t + [1, 2, 3]))
    }
}

struct CRC16Tests {
    /// CRC-16/XMODEM check value from the CRC catalogue: "123456789" -> 0x31C3.
    @Test func checkValue() {
        #expect(CRC16.xmodem(Array("123456789".utf8)) == 0x31C3)
        #expect(CRC16.xmodem([]) == 0)
    }
}
