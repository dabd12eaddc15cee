import GemCrypto

/// Ethereum and every EVM chain (and HyperCore): `0x` + 20 account bytes in hex, mixed-case EIP-55 checksum.
public enum EthereumAddress {
    /// The EIP-55 address of `key`: keccak256(x ‖ y)[12...].
    public static func derive(_ key: Secp256k1PublicKey) -> String {
        checksummed(key.keccakAccount)
    }

    /// The 20 account bytes of a valid address.
    public static func decode(_ address: String) throws(AddressError) -> [UInt8] {
        let utf8 = Array(address.utf8)
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "0"), utf8[1] == UInt8(ascii: "x") else {
            throw .wrongPrefix(expected: "0x", found: String(address.prefix(2)))
        }
        let digits = utf8[2...]
        guard digits.allSatisfy(isHexDigit) else { throw .invalidCharacter }
        guard digits.count == 40 else { throw .invalidLength }
        let bytes = try decoding { () throws(EncodingError) in try Hex.decode(String(decoding: digits, as: UTF8.self)) }
        let hasLower = digits.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f") }
        let hasUpper = digits.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "F") }
        // All-lower or all-upper text carries no checksum (EIP-55 § Specification); mixed case must match it.
        if hasLower && hasUpper, checksummed(bytes) != address { throw .invalidChecksum }
        return bytes
    }

    /// Validates and returns the EIP-55 form.
    public static func validate(_ address: String) throws(AddressError) -> String {
        checksummed(try decode(address))
    }

    /// EIP-55: hex digit i is upper-case when nibble i of keccak256(lower-case hex) is 8 or more.
    public static func checksummed(_ account: [UInt8]) -> String {
        let lower = Array(Hex.encode(account).utf8)
        let hash = Hash.keccak256(lower)
        var out: [UInt8] = Array("0x".utf8)
        out.reserveCapacity(42)
        for (i, c) in lower.enumerated() {
            let nibble = i % 2 == 0 ? hash[i / 2] >> 4 : hash[i / 2] & 0x0F
            out.append(c >= UInt8(ascii: "a") && nibble >= 8 ? c - 0x20 : c)
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func isHexDigit(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "f"))
            || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "F"))
    }
}
