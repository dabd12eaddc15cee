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

    /// The longest text `decode` reads unless its caller names another limit: base58 decoding costs the square of
    /// its length, so every decode is bounded before any arithmetic. 512 characters hold 374 bytes: every key,
    /// address, hash and extended key this library reads, and Bitcoin Core's longest test vector (348 characters).
    /// Callers that know their form's length pass a tighter limit.
    public static let lengthLimit = 512

    /// 58^5, the base of the digit limbs `encode` keeps (below 2^32, so a limb times 2^32 fits in 64 bits).
    private static let digitLimb: UInt64 = 656_356_768

    /// Base58 text of `bytes`; each leading zero byte becomes the alphabet's first character.
    public static func encode(_ bytes: [UInt8], alphabet: Alphabet = .bitcoin) -> String {
        var zeros = 0
        while zeros < bytes.count && bytes[zeros] == 0 { zeros += 1 }
        // The number in limbs of five base-58 digits, little-endian, built by multiply-add over 32-bit words of
        // the input (the first word takes the leftover 1-3 bytes): a fifth of the divisions of digit-at-a-time.
        var limbs = [UInt64]()
        limbs.reserveCapacity((bytes.count - zeros) * 138 / 500 + 2)
        var position = zeros
        var width = (bytes.count - zeros) % 4
        if width == 0 { width = 4 }
        while position < bytes.count {
            var word: UInt64 = 0
            for offset in 0..<width { word = word << 8 | UInt64(bytes[position + offset]) }
            position += width
            let shift = UInt64(8 * width)
            var carry = word
            for j in limbs.indices {
                let x = limbs[j] << shift + carry
                limbs[j] = x % digitLimb
                carry = x / digitLimb
            }
            while carry > 0 {
                limbs.append(carry % digitLimb)
                carry /= digitLimb
            }
            width = 4
        }
        // Five digits from every limb but the top one, which gives only its significant digits; written from
        // the end of the output, after the leading zero characters.
        var top = limbs.last ?? 0
        var topDigits = 0
        while top > 0 {
            topDigits += 1
            top /= 58
        }
        let count = limbs.isEmpty ? 0 : (limbs.count - 1) * 5 + topDigits
        var out = [UInt8](repeating: alphabet.characters[0], count: zeros + count)
        var at = out.count
        for (j, limb) in limbs.enumerated() {
            var rest = limb
            for _ in 0..<(j == limbs.count - 1 ? topDigits : 5) {
                at -= 1
                out[at] = alphabet.characters[Int(rest % 58)]
                rest /= 58
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes base58 text. Throws `.stringTooLong` for text of more than `limit` bytes (before any arithmetic:
    /// the cost is the square of the length, so the limit bounds it), `.invalidCharacter(index:)` for a character
    /// outside the alphabet (whitespace included).
    public static func decode(_ text: String, alphabet: Alphabet = .bitcoin, limit: Int = lengthLimit) throws(EncodingError)
        -> [UInt8]
    {
        let length = text.utf8.count
        guard length <= limit else { throw .stringTooLong(length: length, limit: limit) }
        let chars = Array(text.utf8)
        var zeros = 0
        while zeros < chars.count && chars[zeros] == alphabet.characters[0] { zeros += 1 }
        // The number in 32-bit limbs, little-endian, built by multiply-add over groups of up to five digits
        // (58^5 < 2^32, so a limb times the group's base fits in 64 bits).
        var limbs = [UInt64]()
        limbs.reserveCapacity(chars.count * 733 / 4000 + 2)
        var i = zeros
        while i < chars.count {
            var group: UInt64 = 0
            var base: UInt64 = 1
            var taken = 0
            while taken < 5 && i < chars.count {
                let v = alphabet.values[Int(chars[i])]
                guard v >= 0 else { throw .invalidCharacter(index: i) }
                group = group * 58 + UInt64(v)
                base *= 58
                taken += 1
                i += 1
            }
            var carry = group
            for j in limbs.indices {
                let x = limbs[j] * base + carry
                limbs[j] = x & 0xffff_ffff
                carry = x >> 32
            }
            while carry > 0 {
                limbs.append(carry & 0xffff_ffff)
                carry >>= 32
            }
        }
        var out = [UInt8](repeating: 0, count: zeros)
        out.reserveCapacity(zeros + limbs.count * 4)
        var leading = true
        for limb in limbs.reversed() {
            for shift in stride(from: 24, through: 0, by: -8) {
                let byte = UInt8(truncatingIfNeeded: limb >> UInt64(shift))
                if leading && byte == 0 { continue }
                leading = false
                out.append(byte)
            }
        }
        return out
    }

    /// Base58Check: `payload` followed by the first 4 bytes of SHA-256d(payload).
    public static func encodeCheck(_ payload: [UInt8], alphabet: Alphabet = .bitcoin) -> String {
        encode(payload + Hash.sha256d(payload).prefix(4), alphabet: alphabet)
    }

    /// Decodes Base58Check and returns the payload without its checksum. Throws `.stringTooLong` (over `limit`),
    /// `.invalidCharacter`, `.tooShort` (fewer than 4 bytes) or `.invalidChecksum`.
    public static func decodeCheck(_ text: String, alphabet: Alphabet = .bitcoin, limit: Int = lengthLimit)
        throws(EncodingError) -> [UInt8]
    {
        let raw = try decode(text, alphabet: alphabet, limit: limit)
        guard raw.count >= 4 else { throw .tooShort }
        let payload = Array(raw[0..<(raw.count - 4)])
        let check = Hash.sha256d(payload)
        guard check[0..<4].elementsEqual(raw[(raw.count - 4)...]) else { throw .invalidChecksum }
        return payload
    }
}
