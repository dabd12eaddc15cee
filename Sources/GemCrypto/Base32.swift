// RFC 4648 base32 (alphabet A-Z 2-7), as Stellar StrKeys and Algorand addresses use it (without padding).

public enum Base32 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// Uppercase base32 of `bytes`; with `padding`, '=' fills the last group to 8 characters.
    public static func encode(_ bytes: [UInt8], padding: Bool = false) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 4) / 5 * 8)
        var acc: UInt32 = 0
        var bits = 0
        for b in bytes {
            acc = (acc << 8) | UInt32(b)
            bits += 8
            while bits >= 5 {
                bits -= 5
                out.append(alphabet[Int((acc >> UInt32(bits)) & 31)])
            }
            acc &= (1 << UInt32(bits)) - 1
        }
        if bits > 0 { out.append(alphabet[Int((acc << UInt32(5 - bits)) & 31)]) }
        if padding { while out.count % 8 != 0 { out.append(UInt8(ascii: "=")) } }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes uppercase base32. With `padding`, the text must be padded to a multiple of 8 characters; without it,
    /// no '=' may appear. Throws `.invalidCharacter(index:)` (lowercase included), `.invalidPadding`,
    /// `.invalidLength` (a length no byte string encodes to) or `.nonZeroTrailingBits`.
    public static func decode(_ text: String, padding: Bool = false) throws(EncodingError) -> [UInt8] {
        var chars = Array(text.utf8)
        if padding {
            guard chars.count % 8 == 0 else { throw .invalidPadding }
            var pad = 0
            while let last = chars.last, last == UInt8(ascii: "=") {
                chars.removeLast()
                pad += 1
            }
            // Valid pad amounts for 1...4 bytes in the last group: 6, 4, 3, 1 (or none for 5 bytes).
            guard [0, 1, 3, 4, 6].contains(pad) else { throw .invalidPadding }
        }
        // Character counts of a final partial group that some byte string produces: 2, 4, 5, 7 (or 0).
        guard [0, 2, 4, 5, 7].contains(chars.count % 8) else {
            for (i, c) in chars.enumerated() where value(c) == nil { throw c == UInt8(ascii: "=") ? .invalidPadding : .invalidCharacter(index: i) }
            throw .invalidLength
        }
        var out = [UInt8]()
        out.reserveCapacity(chars.count * 5 / 8)
        var acc: UInt32 = 0
        var bits = 0
        for (i, c) in chars.enumerated() {
            guard let v = value(c) else { throw c == UInt8(ascii: "=") ? .invalidPadding : .invalidCharacter(index: i) }
            acc = (acc << 5) | UInt32(v)
            bits += 5
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((acc >> UInt32(bits)) & 0xff))
            }
            acc &= (1 << UInt32(bits)) - 1
        }
        guard acc == 0 else { throw .nonZeroTrailingBits }
        return out
    }

    private static func value(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): c - UInt8(ascii: "A")
        case UInt8(ascii: "2")...UInt8(ascii: "7"): c - UInt8(ascii: "2") + 26
        default: nil
        }
    }
}
