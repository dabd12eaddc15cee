import GemCrypto

/// Aptos: `0x` + hex of SHA3-256(public key ‖ 0x00) (single-key ed25519 authentication key).
///
/// The specification's apps print it with leading zero digits trimmed (WalletCore's `to_hex_literal`), so that
/// is the derived form; validation accepts 1 to 64 hex digits (short and long forms, AIP-40).
public enum AptosAddress {
    public static func derive(_ publicKey: [UInt8]) -> String {
        let hex = Hex.encode(Hash.sha3_256(publicKey + [0x00]))
        let trimmed = hex.drop { $0 == "0" }
        return "0x" + (trimmed.isEmpty ? "0" : trimmed)
    }

    /// Returns the address in lower case.
    public static func validate(_ address: String) throws(AddressError) -> String {
        try HexAccount.validate(address, maxDigits: 64, exactDigits: false)
    }
}

/// `0x`-prefixed hex account ids (Aptos, Sui).
enum HexAccount {
    static func validate(_ address: String, maxDigits: Int, exactDigits: Bool) throws(AddressError) -> String {
        let utf8 = Array(address.utf8)
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "0"), utf8[1] == UInt8(ascii: "x") || utf8[1] == UInt8(ascii: "X")
        else { throw .wrongPrefix(expected: "0x", found: String(address.prefix(2))) }
        let digits = utf8.dropFirst(2)
        guard digits.allSatisfy(EthereumAddress.isHexDigit) else { throw .invalidCharacter }
        guard exactDigits ? digits.count == maxDigits : (1...maxDigits).contains(digits.count) else {
            throw .invalidLength
        }
        return "0x" + String(decoding: digits, as: UTF8.self).lowercased()
    }
}
