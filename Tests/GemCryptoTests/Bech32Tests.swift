import GemCrypto
import Testing

struct Bech32Valid: Decodable, Sendable, CustomTestStringConvertible {
    let string: String
    let variant: String
    var testDescription: String { string }
}

/// An invalid string or address with the specific error it must be rejected with.
struct Bech32Invalid: Decodable, Sendable, CustomTestStringConvertible {
    let string: String?
    let address: String?
    let reason: String
    let error: String
    let index: Int?
    let length: Int?
    let version: Int?
    let found: String?

    var text: String { string ?? address ?? "" }
    var testDescription: String { "\(reason): \(text.unicodeScalars.map { $0.isASCII && $0.value >= 33 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined())" }

    /// The expected error; `humanReadablePart` is the one the segwit decoder was asked for.
    func expected(humanReadablePart: String = "") -> EncodingError? {
        switch error {
        case "invalidCharacter": index.map { .invalidCharacter(index: $0) }
        case "stringTooLong": length.map { .stringTooLong(length: $0, limit: 90) }
        case "mixedCase": .mixedCase
        case "missingSeparator": .missingSeparator
        case "invalidHumanReadablePart": .invalidHumanReadablePart
        case "dataTooShort": .dataTooShort
        case "invalidBech32Checksum": .invalidBech32Checksum
        case "wrongBech32Variant": .wrongBech32Variant(found: found == "bech32m" ? .bech32m : .bech32)
        case "invalidWitnessVersion": version.map { .invalidWitnessVersion($0) }
        case "invalidWitnessProgramLength": length.map { .invalidWitnessProgramLength($0) }
        case "invalidPaddingBits": .invalidPaddingBits
        case "emptyData": .invalidWitnessProgramLength(0)
        case "unexpectedHumanReadablePart": .unexpectedHumanReadablePart(expected: humanReadablePart, found: String(text.lowercased().prefix(while: { $0 != "1" })))
        default: nil
        }
    }
}

struct SegwitValid: Decodable, Sendable, CustomTestStringConvertible {
    let address: String
    let scriptPubKey: String
    var testDescription: String { address }
}

struct Bech32File: Decodable, Sendable {
    let valid: [Bech32Valid]
    let invalid: [Bech32Invalid]
    let segwitValid: [SegwitValid]
    let segwitInvalid: [Bech32Invalid]
}

@Suite struct Bech32Tests {
    static let file = Result { try VectorFile.load("bech32", as: Bech32File.self) }

    @Test func vectorFileIsComplete() throws {
        let f = try Self.file.get()
        #expect(f.valid.count == 14)
        #expect(f.invalid.count == 26)
        #expect(f.segwitValid.count == 8)
        #expect(f.segwitInvalid.count == 15)
    }

    @Test(arguments: try file.get().valid) func validStrings(_ v: Bech32Valid) throws {
        let decoded = try Bech32.decode(v.string)
        let variant: Bech32.Variant = v.variant == "bech32m" ? .bech32m : .bech32
        #expect(decoded.variant == variant)
        // Re-encoding gives the lowercase string back.
        #expect(Bech32.encode(humanReadablePart: decoded.humanReadablePart, data: decoded.data, variant: variant) == v.string.lowercased())
        // One flipped character in the data part breaks the checksum (or the charset).
        var chars = Array(v.string.lowercased())
        if let sep = chars.lastIndex(of: "1") {
            let i = sep + 1
            chars[i] = chars[i] == "q" ? "p" : "q"
            #expect(throws: EncodingError.self) { try Bech32.decode(String(chars)) }
        }
    }

    @Test(arguments: try file.get().invalid) func invalidStrings(_ v: Bech32Invalid) throws {
        let expected = try #require(v.expected())
        #expect(throws: expected) { try Bech32.decode(v.text) }
    }

    @Test(arguments: try file.get().segwitValid) func segwitValid(_ v: SegwitValid) throws {
        let hrp = String(v.address.lowercased().prefix(2))
        let witness = try Bech32.decodeSegwit(humanReadablePart: hrp, v.address)
        #expect(Hex.encode(witness.scriptPubKey) == v.scriptPubKey)
        #expect(Bech32.encodeSegwit(humanReadablePart: hrp, witness) == v.address.lowercased())
    }

    @Test(arguments: try file.get().segwitInvalid) func segwitInvalid(_ v: Bech32Invalid) throws {
        let lower = v.text.lowercased()
        let hrp = lower.hasPrefix("tb") ? "tb" : "bc"
        let expected = try #require(v.expected(humanReadablePart: hrp))
        #expect(throws: expected) { try Bech32.decodeSegwit(humanReadablePart: hrp, v.text) }
    }

    @Test func convertBits() throws {
        #expect(try Bech32.convertBits([0xff], from: 8, to: 5, pad: true) == [31, 28])
        #expect(try Bech32.convertBits([31, 28], from: 5, to: 8, pad: false) == [0xff])
        #expect(throws: EncodingError.invalidPaddingBits) { try Bech32.convertBits([31, 29], from: 5, to: 8, pad: false) }
        #expect(throws: EncodingError.invalidPaddingBits) { try Bech32.convertBits([31, 28, 0], from: 5, to: 8, pad: false) }
        #expect(throws: EncodingError.invalidCharacter(index: 1)) { try Bech32.convertBits([1, 32], from: 5, to: 8, pad: true) }
    }

    @Test func decodeBytesChecksVariantAndPrefix() throws {
        let text = try #require(Bech32.encode(humanReadablePart: "cosmos", bytes: [UInt8](repeating: 7, count: 20)))
        #expect(try Bech32.decodeBytes(text, humanReadablePart: "cosmos") == [UInt8](repeating: 7, count: 20))
        #expect(throws: EncodingError.unexpectedHumanReadablePart(expected: "osmo", found: "cosmos")) {
            try Bech32.decodeBytes(text, humanReadablePart: "osmo")
        }
        #expect(throws: EncodingError.wrongBech32Variant(found: .bech32)) {
            try Bech32.decodeBytes(text, variant: .bech32m)
        }
    }

    @Test func lengthLimitIsTheCallers() throws {
        // A Cardano base address is 103 characters: rejected under the BIP173 limit, accepted with a larger one.
        let address = "addr1qyr8jjfnypp95eq74aqzn7ss687ehxclgj7mu6gratmg3mul2040vt35dypp042awzsjk5xm3zr3zm5qh7454uwdv08s84ray2"
        #expect(throws: EncodingError.stringTooLong(length: 103, limit: 90)) { try Bech32.decode(address) }
        let bytes = try Bech32.decodeBytes(address, humanReadablePart: "addr", limit: 1023)
        #expect(bytes.count == 57)
        #expect(bytes[0] == 0x01)
    }

    @Test func encodeRejectsBadInput() {
        #expect(Bech32.encode(humanReadablePart: "", data: [], variant: .bech32) == nil)
        #expect(Bech32.encode(humanReadablePart: "a", data: [32], variant: .bech32) == nil)
        #expect(Bech32.encodeSegwit(humanReadablePart: "bc", .init(version: 0, program: [1, 2, 3])) == nil)
        #expect(Bech32.encodeSegwit(humanReadablePart: "bc", .init(version: 17, program: [UInt8](repeating: 0, count: 20))) == nil)
    }
}
