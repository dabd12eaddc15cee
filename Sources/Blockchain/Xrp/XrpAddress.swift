import GemCrypto

/// XRP Ledger classic address: base58check in the Ripple alphabet of 0x00 ‖ RIPEMD160(SHA256(key)) ("r…").
public enum XrpAddress {
    public static func derive(_ key: Secp256k1PublicKey) -> String {
        Base58.encodeCheck([0x00] + key.hash160, alphabet: .ripple)
    }

    public static func validate(_ address: String) throws(AddressError) -> String {
        let payload = try decoding { () throws(EncodingError) in try Base58.decodeCheck(address, alphabet: .ripple) }
        // X-addresses (XLS-5: 0x05 0x44 mainnet, 0x04 0x93 testnet, account + tag, 31 bytes) carry a destination
        // tag; this wallet sends to classic addresses with an explicit memo instead.
        if payload.count == 31, payload[0] == 0x05 || payload[0] == 0x04 { throw .unsupportedFormat }
        guard payload.count == 21 else { throw .invalidLength }
        guard payload[0] == 0x00 else { throw .wrongNetwork }
        return address
    }
}
