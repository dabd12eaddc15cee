// RFC 4648 base64 (standard alphabet, § 4) and base64url (URL- and filename-safe alphabet, § 5). TON user-friendly
// addresses are base64url; keystore files and RPC payloads use the standard form.

public enum Base64 {
    /// Which 64-character alphabet.
    public enum Alphabet: Sendable {
        /// A-Z a-z 0-9 + /
        case standard
        /// A-Z a-z 0-9 - _
        case url
    }

    private static let standardChars: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let urlChars: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Base64 of `bytes`; with `padding`, '=' fills the last group to 4 characters.
    public static func encode(_ bytes: [UInt8], alphabet: Alphabet = .standard, padding: Bool = true) -> String {
        let chars = alphabet == .standard ? standardChars : urlChars
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out.append(chars[Int(n >> 18)]); out.append(chars[Int((n >> 12) & 63)])
            out.append(chars[Int((n >> 6) & 63)]); out.append(chars[Int(n & 63)])
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let n = UInt32(bytes[i]) << 16
            out.append(chars[Int(n >> 18)]); out.append(chars[Int((n >> 12) & 63)])
            if padding { out.append(UInt8(ascii: "=")); out.append(UInt8(ascii: "=")) }
        } else if rest == 2 {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out.append(chars[Int(n >> 18)]); out.append(chars[Int((n >> 12) & 63)]); out.append(chars[Int((n >> 6) & 63)])
            if padding { out.append(UInt8(ascii: "=")) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes base64 in `alphabet`. Padding is optional, but if present it must be complete and only at the end.
    /// Throws `.invalidCharacter(index:)`, `.invalidPadding`, `.invalidLength` or `.nonZeroTrailingBits`.
    public static func decode(_ text: String, alphabet: Alphabet = .standard) throws(EncodingError) -> [UInt8] {
        var chars = Array(text.utf8)
        if let firstPad = chars.firstIndex(of: UInt8(ascii: "=")) {
            let pad = chars.count - firstPad
            guard chars.count % 4 == 0, pad <= 2, chars[firstPad...].allSatisfy({ $0 == UInt8(ascii: "=") }) else {
                throw .invalidPadding
            }
            chars.removeLast(pad)
        }
        guard chars.count % 4 != 1 else { throw .invalidLength }
        var out = [UInt8]()
        out.reserveCapacity(chars.count * 3 / 4)
        var acc: UInt32 = 0
        var bits = 0
        for (i, c) in chars.enumerated() {
            guard let v = value(c, alphabet) else { throw .invalidCharacter(index: i) }
            acc = (acc << 6) | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((acc >> UInt32(bits)) & 0xff))
            }
            acc &= (1 << UInt32(bits)) - 1
        }
        guard acc == 0 else { throw .nonZeroTrailingBits }
        return out
    }

    private static func value(_ c: UInt8, _ alphabet: Alphabet) -> UInt8? {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): c - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): c - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+") where alphabet == .standard: 62
        case UInt8(ascii: "/") where alphabet == .standard: 63
        case UInt8(ascii: "-") where alphabet == .url: 62
        case UInt8(ascii: "_") where alphabet == .url: 63
        default: nil
        }
    }
}
