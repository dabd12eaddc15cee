import GemCrypto

/// Tron: base58check of 0x41 ‖ keccak256(x ‖ y)[12...] ("T…", 34 characters).
public enum TronAddress {
    static let prefix: UInt8 = 0x41

    public static func derive(_ key: Secp256k1PublicKey) -> String {
        Base58.encodeCheck([prefix] + key.keccakAccount)
    }

    public static func validate(_ address: String) throws(AddressError) -> String {
        let payload = try decoding { () throws(EncodingError) in try Base58.decodeCheck(address) }
        guard payload.count == 21 else { throw .invalidLength }
        guard payload[0] == prefix else { throw .wrongNetwork }
        return address
    }
}
