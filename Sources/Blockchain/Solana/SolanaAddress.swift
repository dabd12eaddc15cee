import GemCrypto

/// Solana: base58 of the 32-byte account key, no checksum. Program-derived addresses (off the curve) are valid
/// destinations too, so any 32 bytes are accepted.
public enum SolanaAddress {
    public static func derive(_ publicKey: [UInt8]) -> String {
        Base58.encode(publicKey)
    }

    public static func decode(_ address: String) throws(AddressError) -> [UInt8] {
        let bytes = try decoding { () throws(EncodingError) in try Base58.decode(address) }
        guard bytes.count == 32 else { throw .invalidLength }
        return bytes
    }

    public static func validate(_ address: String) throws(AddressError) -> String {
        _ = try decode(address)
        return address
    }
}
