import GemCrypto

/// Sui: `0x` + 64 hex digits of BLAKE2b-256(0x00 ‖ ed25519 public key) (flag byte 0x00 = ed25519).
public enum SuiAddress {
    public static func derive(_ publicKey: [UInt8]) throws(AddressError) -> String {
        do {
            return "0x" + Hex.encode(try Hash.blake2b([0x00] + publicKey, length: 32))
        } catch {
            throw .invalidPublicKey
        }
    }

    /// Returns the address in lower case.
    public static func validate(_ address: String) throws(AddressError) -> String {
        try HexAccount.validate(address, maxDigits: 64, exactDigits: true)
    }
}
