import GemCrypto

/// Algorand: base32 without padding (58 characters) of the ed25519 key ‖ last 4 bytes of SHA-512/256(key).
public enum AlgorandAddress {
    public static func derive(_ publicKey: [UInt8]) -> String {
        Base32.encode(publicKey + checksum(publicKey))
    }

    public static func validate(_ address: String) throws(AddressError) -> String {
        guard address.utf8.count == 58 else { throw .invalidLength }
        let bytes = try decoding { () throws(EncodingError) in try Base32.decode(address) }
        guard bytes.count == 36 else { throw .invalidLength }
        guard Array(bytes[32...]) == checksum(Array(bytes[..<32])) else { throw .invalidChecksum }
        return address
    }

    private static func checksum(_ publicKey: [UInt8]) -> [UInt8] {
        Array(Hash.sha512_256(publicKey).suffix(4))
    }
}
