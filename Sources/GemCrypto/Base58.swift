// Base58 and Base58Check (Bitcoin's encoding) with a selectable alphabet: Bitcoin's (also Solana, Tron, Polkadot)
// and Ripple's (XRP).

public enum Base58 {
    /// A base58 alphabet: 58 distinct ASCII characters, index = digit value.
    public struct Alphabet: Sendable, Equatable {
        let characters: [UInt8]
        let values: [Int8]  // 256 entries, -1 for characters outside the alphabet

        /// `characters` must be 58 distinct ASCII characters; returns nil otherwise.
        public init?(_ characters: String) {
            let chars = Array(characters.utf8)
            guard chars.count == 58 else { return nil }
            var values = [Int8](repeating: -1, count: 256)
            for (i, c) in chars.enumerated() {
                guard c < 128, values[Int(c)] == -1 else { return nil }
                values[Int(c)] = Int8(i)
            }
            self.characters = chars
            self.values = values
        }

        private init(known characters: String) {
            let chars = Array(characters.utf8)
            var values = [Int8](repeating: -1, count: 256)
            for (i, c) in chars.enumerated() { values[Int(c)] = Int8(i) }
            self.characters = chars
            self.values = values
        }

        /// Bitcoin's alphabet.
        public static let bitcoin = Alphabet(known: "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")
        /// Ripple's alphabet (XRP Ledger addresses and keys).
        public static let ripple = Alphabet(known: "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz")
    }

    /// Base58 text of `bytes`; each leading zero byte becomes the alphabet's first character.
    public static func encode(_ bytes: [UInt8], alphabet: Alphabet = .bitcoin) -> String {
        var zeros = 0
        while zeros < bytes.count && bytes[zeros] == 0 { zeros += 1 }
        // Base-58 digits, little-endian, built by repeated multiply-add over the input.
        var digits = [UInt8]()
        digits.reserveCapacity((bytes.count - zeros) * 138 / 100 + 1)
        for b in bytes[zeros...] {
            var carry = Int(b)
            for j in 0..<digits.count {
                carry += Int(digits[j]) << 8
                digits[j] = UInt8(carry % 58)
                carry /= 58
            }
            while carry > 0 {
                digits.append(UInt8(carry % 58))
                carry /= 58
            }
        }
        var out = [UInt8](repeating: alphabet.characters[0], count: zeros)
        out.reserveCapacity(zeros + digits.count)
        for d in digits.reversed() { out.append(alphabet.characters[Int(d)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes base58 text. Throws `.invalidCharacter(index:)` for a character outside the alphabet (whitespace
    /// included).
    public static func decode(_ text: String, alphabet: Alphabet = .bitcoin) throws(EncodingError) -> [UInt8] {
        let chars = Array(text.utf8)
        var zeros = 0
        while zeros < chars.count && chars[zeros] == alphabet.characters[0] { zeros += 1 }
        var bytes = [UInt8]()  // little-endian base-256
        bytes.reserveCapacity(chars.count * 733 / 1000 + 1)
        for i in zeros..<chars.count {
            let v = alphabet.values[Int(chars[i])]
            guard v >= 0 else { throw .invalidCharacter(index: i) }
            var carry = Int(v)
            for j in 0..<bytes.count {
                carry += Int(bytes[j]) * 58
                bytes[j] = UInt8(carry & 0xff)
                carry >>= 8
            }
            while carry > 0 {
                bytes.append(UInt8(carry & 0xff))
                carry >>= 8
            }
        }
        return [UInt8](repeating: 0, count: zeros) + bytes.reversed()
    }

    /// Base58Check: `payload` followed by the first 4 bytes of SHA-256d(payload).
    public static func encodeCheck(_ payload: [UInt8], alphabet: Alphabet = .bitcoin) -> String {
        encode(payload + Hash.sha256d(payload).prefix(4), alphabet: alphabet)
    }

    /// Decodes Base58Check and returns the payload without its checksum. Throws `.invalidCharacter`, `.tooShort`
    /// (fewer than 4 bytes) or `.invalidChecksum`.
    public static func decodeCheck(_ text: String, alphabet: Alphabet = .bitcoin) throws(EncodingError) -> [UInt8] {
        let raw = try decode(text, alphabet: alphabet)
        guard raw.count >= 4 else { throw .tooShort }
        let payload = Array(raw[0..<(raw.count - 4)])
        let check = Hash.sha256d(payload)
        guard check[0..<4].elementsEqual(raw[(raw.count - 4)...]) else { throw .invalidChecksum }
        return payload
    }
}
