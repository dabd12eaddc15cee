import GemCrypto

/// Bitcoin Cash CashAddr: `prefix:payload`, payload in the bech32 alphabet with a 40-bit BCH checksum over the
/// prefix and a version byte (type and hash size) followed by the hash. Specification: the Bitcoin Cash
/// "cashaddr" upgrade document (2018).
enum CashAddr {
    enum AddressType: UInt8, Sendable {
        case p2pkh = 0
        case p2sh = 1
    }

    struct Decoded: Sendable, Equatable {
        let prefix: String
        let type: AddressType
        let hash: [UInt8]
    }

    private static let charset: [UInt8] = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)

    /// `prefix:payload` for a 20-byte hash.
    static func encode(prefix: String, type: AddressType, hash: [UInt8]) -> String {
        prefix + ":" + encodeShort(prefix: prefix, type: type, hash: hash)
    }

    /// The payload without `prefix:`, as the specification's apps store Bitcoin Cash addresses.
    static func encodeShort(prefix: String, type: AddressType, hash: [UInt8]) -> String {
        // Version byte: type in bits 3...6, size code 0 (160-bit hash) in bits 0...2.
        let payload = (try? Bech32.convertBits([type.rawValue << 3] + hash, from: 8, to: 5, pad: true)) ?? []
        let checksum = polymod(prefixValues(prefix) + [0] + payload + [UInt8](repeating: 0, count: 8))
        var out = payload.map { charset[Int($0)] }
        for i in 0..<8 { out.append(charset[Int((checksum >> UInt64(5 * (7 - i))) & 31)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes `prefix:payload` or a bare payload (checked under `defaultPrefix`). Upper or lower case, not mixed.
    static func decode(_ text: String, defaultPrefix: String) throws(AddressError) -> Decoded {
        let utf8 = Array(text.utf8)
        let hasLower = utf8.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
        let hasUpper = utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
        guard !(hasLower && hasUpper) else { throw .mixedCase }
        let lower = utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        let prefix: String
        let body: ArraySlice<UInt8>
        if let colon = lower.firstIndex(of: UInt8(ascii: ":")) {
            prefix = String(decoding: lower[..<colon], as: UTF8.self)
            body = lower[(colon + 1)...]
        } else {
            prefix = defaultPrefix
            body = lower[...]
        }
        var values: [UInt8] = []
        values.reserveCapacity(body.count)
        for c in body {
            guard let value = charset.firstIndex(of: c) else { throw .invalidCharacter }
            values.append(UInt8(value))
        }
        // 34 data characters + 8 checksum characters for a 160-bit hash.
        guard values.count == 42 else { throw .invalidLength }
        guard polymod(prefixValues(prefix) + [0] + values) == 0 else {
            if prefix != defaultPrefix { throw .wrongPrefix(expected: defaultPrefix, found: prefix) }
            throw .invalidChecksum
        }
        let bytes = try decoding { () throws(EncodingError) in
            try Bech32.convertBits(Array(values.dropLast(8)), from: 5, to: 8, pad: false)
        }
        guard bytes.count == 21 else { throw .invalidLength }
        let version = bytes[0]
        guard version & 0x80 == 0, version & 0x07 == 0 else { throw .unsupportedFormat }
        guard let type = AddressType(rawValue: version >> 3) else { throw .unsupportedFormat }
        return Decoded(prefix: prefix, type: type, hash: Array(bytes[1...]))
    }

    private static func prefixValues(_ prefix: String) -> [UInt8] {
        prefix.utf8.map { $0 & 0x1F }
    }

    /// The CashAddr checksum polynomial (40-bit BCH code), with the final XOR 1: zero for valid data.
    private static func polymod(_ values: [UInt8]) -> UInt64 {
        var c: UInt64 = 1
        for d in values {
            let c0 = c >> 35
            c = ((c & 0x07_FFFF_FFFF) << 5) ^ UInt64(d)
            if c0 & 0x01 != 0 { c ^= 0x98_F2BC_8E61 }
            if c0 & 0x02 != 0 { c ^= 0x79_B76D_99E2 }
            if c0 & 0x04 != 0 { c ^= 0xF3_3E5F_B3C4 }
            if c0 & 0x08 != 0 { c ^= 0xAE_2EAB_E2A8 }
            if c0 & 0x10 != 0 { c ^= 0x1E_4F43_E470 }
        }
        return c ^ 1
    }
}
