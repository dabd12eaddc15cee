// Bech32 (BIP173) and Bech32m (BIP350): checksummed base32 with a human-readable part, plus the 8-bit <-> 5-bit
// regrouping and the segwit address layer (witness version + program) both BIPs define.

public enum Bech32 {
    /// Which checksum constant the string uses.
    public enum Variant: Sendable, Equatable, CustomStringConvertible {
        /// BIP173, constant 1. Segwit v0, Cosmos, Cardano.
        case bech32
        /// BIP350, constant 0x2bc830a3. Segwit v1+ (taproot).
        case bech32m

        var constant: UInt32 { self == .bech32 ? 1 : 0x2BC8_30A3 }
        public var description: String { self == .bech32 ? "bech32" : "bech32m" }
    }

    /// A decoded string: lowercase human-readable part, 5-bit data values without the checksum, and its variant.
    public struct Decoded: Sendable, Equatable {
        public let humanReadablePart: String
        public let data: [UInt8]
        public let variant: Variant
    }

    /// The BIP173 length limit for a whole string; pass a larger `limit` for formats that exceed it (Cardano, Lightning).
    public static let addressLengthLimit = 90

    private static let charset: [UInt8] = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    private static let charsetValues: [Int8] = {
        var v = [Int8](repeating: -1, count: 128)
        for (i, c) in charset.enumerated() { v[Int(c)] = Int8(i) }
        return v
    }()

    private static func polymod(_ values: [UInt8]) -> UInt32 {
        let generator: [UInt32] = [0x3B6A_57B2, 0x2650_8E6D, 0x1EA1_19FA, 0x3D42_33DD, 0x2A14_62B3]
        var chk: UInt32 = 1
        for v in values {
            let top = chk >> 25
            chk = (chk & 0x1FF_FFFF) << 5 ^ UInt32(v)
            for i in 0..<5 where (top >> UInt32(i)) & 1 == 1 { chk ^= generator[i] }
        }
        return chk
    }

    private static func expand(_ hrp: [UInt8]) -> [UInt8] {
        hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 }
    }

    /// Encodes 5-bit `data` (each value 0...31) under `humanReadablePart` (lowercased). Returns nil if a data value
    /// is above 31 or the human-readable part is empty or has a character outside 33...126.
    public static func encode(humanReadablePart: String, data: [UInt8], variant: Variant) -> String? {
        let hrp = Array(humanReadablePart.lowercased().utf8)
        guard !hrp.isEmpty, hrp.allSatisfy({ (33...126).contains($0) }), data.allSatisfy({ $0 < 32 }) else { return nil }
        let pm = polymod(expand(hrp) + data + [0, 0, 0, 0, 0, 0]) ^ variant.constant
        var out = hrp
        out.append(UInt8(ascii: "1"))
        for d in data { out.append(charset[Int(d)]) }
        for i in 0..<6 { out.append(charset[Int((pm >> UInt32(5 * (5 - i))) & 31)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Encodes bytes: regroups them into 5-bit values (padding the last one) and encodes.
    public static func encode(humanReadablePart: String, bytes: [UInt8], variant: Variant = .bech32) -> String? {
        guard let data = try? convertBits(bytes, from: 8, to: 5, pad: true) else { return nil }
        return encode(humanReadablePart: humanReadablePart, data: data, variant: variant)
    }

    /// Decodes and checks a bech32 or bech32m string of at most `limit` characters.
    /// Throws `.stringTooLong`, `.invalidCharacter(index:)`, `.mixedCase`, `.missingSeparator`,
    /// `.invalidHumanReadablePart`, `.dataTooShort` or `.invalidBech32Checksum`.
    public static func decode(_ text: String, limit: Int = addressLengthLimit) throws(EncodingError) -> Decoded {
        let chars = Array(text.utf8)
        guard chars.count <= limit else { throw .stringTooLong(length: chars.count, limit: limit) }
        var hasLower = false, hasUpper = false
        for (i, c) in chars.enumerated() {
            guard (33...126).contains(c) else { throw .invalidCharacter(index: i) }
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) { hasLower = true }
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c) { hasUpper = true }
        }
        guard !(hasLower && hasUpper) else { throw .mixedCase }
        let lower = chars.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
        guard let sep = lower.lastIndex(of: UInt8(ascii: "1")) else { throw .missingSeparator }
        guard sep > 0 else { throw .invalidHumanReadablePart }
        guard lower.count - sep - 1 >= 6 else { throw .dataTooShort }
        let hrp = Array(lower[0..<sep])
        var data = [UInt8]()
        data.reserveCapacity(lower.count - sep - 1)
        for i in (sep + 1)..<lower.count {
            let v = lower[i] < 128 ? charsetValues[Int(lower[i])] : -1
            guard v >= 0 else { throw .invalidCharacter(index: i) }
            data.append(UInt8(v))
        }
        let pm = polymod(expand(hrp) + data)
        let variant: Variant
        switch pm {
        case Variant.bech32.constant: variant = .bech32
        case Variant.bech32m.constant: variant = .bech32m
        default: throw .invalidBech32Checksum
        }
        return Decoded(humanReadablePart: String(decoding: hrp, as: UTF8.self), data: Array(data.dropLast(6)), variant: variant)
    }

    /// Decodes a string that must use `variant` and (if given) `humanReadablePart`, and returns its data as bytes.
    /// Throws what `decode` throws, `.wrongBech32Variant`, `.unexpectedHumanReadablePart` or `.invalidPaddingBits`.
    public static func decodeBytes(_ text: String, humanReadablePart: String? = nil, variant: Variant = .bech32,
                                   limit: Int = addressLengthLimit) throws(EncodingError) -> [UInt8] {
        let decoded = try decode(text, limit: limit)
        guard decoded.variant == variant else { throw .wrongBech32Variant(found: decoded.variant) }
        if let humanReadablePart, humanReadablePart.lowercased() != decoded.humanReadablePart {
            throw .unexpectedHumanReadablePart(expected: humanReadablePart.lowercased(), found: decoded.humanReadablePart)
        }
        return try convertBits(decoded.data, from: 5, to: 8, pad: false)
    }

    /// Regroups `data` from `from`-bit values to `to`-bit values (BIP173 `convertbits`). With `pad`, a last partial
    /// group is zero-padded; without it, leftover bits must be fewer than `from` and all zero.
    /// Throws `.invalidCharacter(index:)` for an input value wider than `from` bits, `.invalidPaddingBits` otherwise.
    public static func convertBits(_ data: [UInt8], from: Int, to: Int, pad: Bool) throws(EncodingError) -> [UInt8] {
        var acc: UInt32 = 0
        var bits = 0
        let maxv: UInt32 = (1 << UInt32(to)) - 1
        var out = [UInt8]()
        out.reserveCapacity(data.count * from / to + 1)
        for (i, value) in data.enumerated() {
            guard UInt32(value) >> UInt32(from) == 0 else { throw .invalidCharacter(index: i) }
            acc = (acc << UInt32(from)) | UInt32(value)
            bits += from
            while bits >= to {
                bits -= to
                out.append(UInt8((acc >> UInt32(bits)) & maxv))
            }
            acc &= (1 << UInt32(bits)) - 1
        }
        if pad {
            if bits > 0 { out.append(UInt8((acc << UInt32(to - bits)) & maxv)) }
        } else if bits >= from || ((acc << UInt32(to - bits)) & maxv) != 0 {
            throw .invalidPaddingBits
        }
        return out
    }

    // MARK: Segwit addresses (BIP173 § Segwit address format, BIP350)

    /// A segwit output: witness version 0...16 and a 2...40-byte program.
    public struct WitnessProgram: Sendable, Equatable {
        public let version: UInt8
        public let program: [UInt8]
        public init(version: UInt8, program: [UInt8]) {
            self.version = version
            self.program = program
        }
        /// The scriptPubKey: OP_n, push of the program.
        public var scriptPubKey: [UInt8] {
            [version == 0 ? 0 : 0x50 + version, UInt8(program.count)] + program
        }
    }

    /// Segwit address: version 0 uses bech32, 1...16 bech32m. Returns nil if the version or program length is
    /// invalid (BIP141: 2...40 bytes, version 0 only 20 or 32).
    public static func encodeSegwit(humanReadablePart: String, _ witness: WitnessProgram) -> String? {
        guard witness.version <= 16, (2...40).contains(witness.program.count) else { return nil }
        guard witness.version != 0 || witness.program.count == 20 || witness.program.count == 32 else { return nil }
        guard let program = try? convertBits(witness.program, from: 8, to: 5, pad: true) else { return nil }
        return encode(humanReadablePart: humanReadablePart, data: [witness.version] + program,
                      variant: witness.version == 0 ? .bech32 : .bech32m)
    }

    /// Decodes a segwit address for `humanReadablePart` ("bc", "tb", "ltc", ...).
    /// Throws what `decode` throws, `.unexpectedHumanReadablePart`, `.invalidWitnessVersion`,
    /// `.wrongBech32Variant`, `.invalidPaddingBits` or `.invalidWitnessProgramLength`.
    public static func decodeSegwit(humanReadablePart: String, _ address: String) throws(EncodingError) -> WitnessProgram {
        let decoded = try decode(address)
        guard decoded.humanReadablePart == humanReadablePart.lowercased() else {
            throw .unexpectedHumanReadablePart(expected: humanReadablePart.lowercased(), found: decoded.humanReadablePart)
        }
        guard let version = decoded.data.first else { throw .invalidWitnessProgramLength(0) }
        guard version <= 16 else { throw .invalidWitnessVersion(Int(version)) }
        let expected: Variant = version == 0 ? .bech32 : .bech32m
        guard decoded.variant == expected else { throw .wrongBech32Variant(found: decoded.variant) }
        let program = try convertBits(Array(decoded.data.dropFirst()), from: 5, to: 8, pad: false)
        guard (2...40).contains(program.count) else { throw .invalidWitnessProgramLength(program.count) }
        guard version != 0 || program.count == 20 || program.count == 32 else {
            throw .invalidWitnessProgramLength(program.count)
        }
        return WitnessProgram(version: version, program: program)
    }
}
