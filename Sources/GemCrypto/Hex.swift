// Hexadecimal text <-> bytes.

public enum Hex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Lowercase hex, two digits per byte, no prefix.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes hex digits (either case). With `allowPrefix`, a leading "0x" or "0X" is skipped.
    /// Throws `.oddLength` or `.invalidCharacter(index:)` (index into `text`, prefix included).
    public static func decode(_ text: String, allowPrefix: Bool = false) throws(EncodingError) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var start = 0
        if allowPrefix, utf8.count >= 2, utf8[0] == UInt8(ascii: "0"), utf8[1] | 0x20 == UInt8(ascii: "x") {
            start = 2
        }
        guard (utf8.count - start) % 2 == 0 else {
            // Report a bad character before the length, as it is the more precise error.
            for i in start..<utf8.count where value(utf8[i]) == nil { throw .invalidCharacter(index: i) }
            throw .oddLength
        }
        var out = [UInt8]()
        out.reserveCapacity((utf8.count - start) / 2)
        var i = start
        while i < utf8.count {
            guard let hi = value(utf8[i]) else { throw .invalidCharacter(index: i) }
            guard let lo = value(utf8[i + 1]) else { throw .invalidCharacter(index: i + 1) }
            out.append(hi << 4 | lo)
            i += 2
        }
        return out
    }

    private static func value(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
