import GemCrypto

/// Stellar account id (StrKey, SEP-23): base32 of version byte 6 << 3 ‖ ed25519 key ‖ CRC16-XMODEM
/// little-endian, 56 characters starting with `G`.
public enum StellarAddress {
    static let accountVersion: UInt8 = 6 << 3
    static let muxedVersion: UInt8 = 12 << 3

    public static func derive(_ publicKey: [UInt8]) -> String {
        let body = [accountVersion] + publicKey
        let crc = CRC16.xmodem(body)
        return Base32.encode(body + [UInt8(crc & 0xFF), UInt8(crc >> 8)])
    }

    public static func validate(_ address: String) throws(AddressError) -> String {
        // Other StrKey kinds (S… secret seeds, T… pre-auth hashes…) are named by their first letter only.
        guard let first = address.first, first == "G" || first == "M" else {
            throw .wrongPrefix(expected: "G", found: String(address.prefix(1)))
        }
        // 56 characters for an account id, 69 for a muxed account.
        guard address.utf8.count == 56 || address.utf8.count == 69 else { throw .invalidLength }
        let bytes = try decoding { () throws(EncodingError) in try Base32.decode(address) }
        guard bytes.count == 35 || bytes.count == 43 else { throw .invalidLength }
        let body = Array(bytes.dropLast(2))
        let crc = CRC16.xmodem(body)
        guard bytes[bytes.count - 2] == UInt8(crc & 0xFF), bytes[bytes.count - 1] == UInt8(crc >> 8) else {
            throw .invalidChecksum
        }
        switch (bytes[0], bytes.count) {
        case (accountVersion, 35): return address
        // Muxed accounts (M…, SEP-23) embed a 64-bit id; this wallet sends to G… accounts with a memo.
        case (muxedVersion, 43): throw .unsupportedFormat
        default: throw .invalidLength
        }
    }
}
