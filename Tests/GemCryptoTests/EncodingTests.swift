import GemCrypto
import Testing

struct Base58Case: Decodable, Sendable, CustomTestStringConvertible {
    let hex: String
    let text: String
    var testDescription: String { text.isEmpty ? "empty" : String(text.prefix(16)) }
}

struct BytesText: Decodable, Sendable, CustomTestStringConvertible {
    let bytes: String
    let text: String
    var testDescription: String { text.isEmpty ? "empty" : text }
}

struct RFC4648File: Decodable, Sendable {
    let base64: [BytesText]
    let base32: [BytesText]
    let base64url: [BytesText]
}

@Suite struct HexTests {
    @Test func roundTrip() throws {
        let bytes: [UInt8] = Array(0...255)
        let text = Hex.encode(bytes)
        #expect(text.hasPrefix("000102") && text.hasSuffix("feff"))
        #expect(try Hex.decode(text) == bytes)
        #expect(try Hex.decode(text.uppercased()) == bytes)
        #expect(try Hex.decode("") == [])
    }

    @Test func prefix() throws {
        #expect(try Hex.decode("0xdeadBEEF", allowPrefix: true) == [0xde, 0xad, 0xbe, 0xef])
        #expect(try Hex.decode("0X00", allowPrefix: true) == [0])
        #expect(throws: EncodingError.invalidCharacter(index: 1)) { try Hex.decode("0x00") }
    }

    @Test func errors() {
        #expect(throws: EncodingError.oddLength) { try Hex.decode("abc") }
        #expect(throws: EncodingError.invalidCharacter(index: 3)) { try Hex.decode("abcg") }
        #expect(throws: EncodingError.invalidCharacter(index: 2)) { try Hex.decode("ab g") }
        #expect(throws: EncodingError.invalidCharacter(index: 1)) { try Hex.decode("aé") }
    }
}

@Suite struct Base58Tests {
    static let file = Result { try VectorFile.load("base58", as: VectorList<Base58Case>.self).vectors }

    @Test func vectorFileIsComplete() throws { #expect(try Self.file.get().count == 21) }

    @Test(arguments: try file.get()) func bitcoinCoreVectors(_ v: Base58Case) throws {
        let bytes = try hex(v.hex)
        #expect(Base58.encode(bytes) == v.text)
        #expect(try Base58.decode(v.text) == bytes)
    }

    @Test func check() throws {
        // Genesis coinbase output address (Bitcoin mainnet P2PKH, version 0x00).
        let payload = try Base58.decodeCheck("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")
        #expect(Hex.encode(payload) == "0062e907b15cbf27d5425399ebf6f0fb50ebb88f18")
        #expect(Base58.encodeCheck(payload) == "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")
    }

    @Test func checkErrors() {
        #expect(throws: EncodingError.invalidChecksum) { try Base58.decodeCheck("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb") }
        #expect(throws: EncodingError.tooShort) { try Base58.decodeCheck("2g") }
        #expect(throws: EncodingError.invalidCharacter(index: 1)) { try Base58.decode("10") }
        #expect(throws: EncodingError.invalidCharacter(index: 0)) { try Base58.decode("O") }
        #expect(throws: EncodingError.invalidCharacter(index: 2)) { try Base58.decode("11 ") }
        #expect(throws: EncodingError.invalidCharacter(index: 0)) { try Base58.decode("é") }
    }

    @Test func rippleAlphabet() throws {
        // XRP Ledger genesis account: account id b5f762798a53d543a014caf8b297cff8f2f937e8.
        let id = try hex("b5f762798a53d543a014caf8b297cff8f2f937e8")
        #expect(Base58.encodeCheck([0] + id, alphabet: .ripple) == "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh")
        #expect(try Base58.decodeCheck("rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", alphabet: .ripple) == [0] + id)
        #expect(throws: EncodingError.invalidCharacter(index: 0)) {
            try Base58.decodeCheck("0Hb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", alphabet: .ripple)
        }
    }

    @Test func customAlphabetValidation() {
        #expect(Base58.Alphabet("abc") == nil)
        #expect(Base58.Alphabet(String(repeating: "a", count: 58)) == nil)
        #expect(Base58.Alphabet("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz") == .bitcoin)
    }
}

@Suite struct RFC4648Tests {
    static let file = Result { try VectorFile.load("rfc4648", as: RFC4648File.self) }

    @Test(arguments: try file.get().base64) func base64(_ v: BytesText) throws {
        let bytes = try hex(v.bytes)
        #expect(Base64.encode(bytes) == v.text)
        #expect(try Base64.decode(v.text) == bytes)
        // Unpadded form decodes too.
        let unpadded = String(v.text.prefix(while: { $0 != "=" }))
        #expect(Base64.encode(bytes, padding: false) == unpadded)
        #expect(try Base64.decode(unpadded) == bytes)
    }

    @Test(arguments: try file.get().base64url) func base64url(_ v: BytesText) throws {
        let bytes = try hex(v.bytes)
        #expect(Base64.encode(bytes, alphabet: .url) == v.text)
        #expect(try Base64.decode(v.text, alphabet: .url) == bytes)
    }

    @Test(arguments: try file.get().base32) func base32(_ v: BytesText) throws {
        let bytes = try hex(v.bytes)
        #expect(Base32.encode(bytes, padding: true) == v.text)
        #expect(try Base32.decode(v.text, padding: true) == bytes)
        let unpadded = String(v.text.prefix(while: { $0 != "=" }))
        #expect(Base32.encode(bytes) == unpadded)
        #expect(try Base32.decode(unpadded) == bytes)
    }

    @Test func base64Errors() {
        #expect(throws: EncodingError.invalidCharacter(index: 2)) { try Base64.decode("Zm-v") }
        #expect(throws: EncodingError.invalidCharacter(index: 2)) { try Base64.decode("Zm+v", alphabet: .url) }
        #expect(throws: EncodingError.invalidPadding) { try Base64.decode("Zg=") }
        #expect(throws: EncodingError.invalidPadding) { try Base64.decode("Z===") }
        #expect(throws: EncodingError.invalidPadding) { try Base64.decode("Zg=a") }
        #expect(throws: EncodingError.invalidLength) { try Base64.decode("Zm9vY") }
        #expect(throws: EncodingError.nonZeroTrailingBits) { try Base64.decode("Zh==") }
    }

    @Test func base32Errors() {
        #expect(throws: EncodingError.invalidCharacter(index: 0)) { try Base32.decode("my") }
        #expect(throws: EncodingError.invalidCharacter(index: 1)) { try Base32.decode("M1") }
        #expect(throws: EncodingError.invalidPadding) { try Base32.decode("MY======") }
        #expect(throws: EncodingError.invalidPadding) { try Base32.decode("MY=====", padding: true) }
        #expect(throws: EncodingError.invalidPadding) { try Base32.decode("MZXW6Y==", padding: true) }
        #expect(throws: EncodingError.invalidLength) { try Base32.decode("MZX") }
        #expect(throws: EncodingError.nonZeroTrailingBits) { try Base32.decode("MZ") }
    }
}

struct VectorList<T: Decodable & Sendable>: Decodable, Sendable {
    let vectors: [T]
}
