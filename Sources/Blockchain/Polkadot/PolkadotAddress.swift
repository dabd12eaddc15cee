import GemCrypto

/// Polkadot SS58: base58 of the network prefix ‖ 32-byte account ‖ first 2 bytes of
/// BLAKE2b-512("SS58PRE" ‖ prefix ‖ account). Prefixes 0...63 take one byte, 64...16383 two (SS58 specification,
/// Substrate documentation).
public enum PolkadotAddress {
    public static func derive(_ publicKey: [UInt8], network: UInt16) throws(AddressError) -> String {
        let body = prefixBytes(network) + publicKey
        return Base58.encode(body + (try checksum(body)))
    }

    public static func validate(_ address: String, network: UInt16) throws(AddressError) -> String {
        let bytes = try decoding { () throws(EncodingError) in try Base58.decode(address) }
        guard let first = bytes.first else { throw .invalidLength }
        let prefixLength = first < 64 ? 1 : 2
        guard first < 128 else { throw .unsupportedFormat }
        // Account ids are 32 bytes; 1-, 2-, 4- and 8-byte account indices are not destinations this wallet uses.
        guard bytes.count == prefixLength + 32 + 2 else { throw .invalidLength }
        let body = Array(bytes[..<(prefixLength + 32)])
        guard Array(bytes[(prefixLength + 32)...]) == (try checksum(body)) else { throw .invalidChecksum }
        guard Array(bytes[..<prefixLength]) == prefixBytes(network) else { throw .wrongNetwork }
        return address
    }

    static func prefixBytes(_ network: UInt16) -> [UInt8] {
        if network < 64 { return [UInt8(network)] }
        // Two-byte form: the 14-bit prefix split into 0b01 ‖ low 6 bits of the first byte… (SS58 § Address type).
        let first = UInt8(((network & 0x00FC) >> 2) | 0x40)
        let second = UInt8((network >> 8) | ((network & 0x0003) << 6))
        return [first, second]
    }

    private static func checksum(_ body: [UInt8]) throws(AddressError) -> [UInt8] {
        do {
            return Array(try Hash.blake2b(Array("SS58PRE".utf8) + body, length: 64).prefix(2))
        } catch {
            throw .invalidPublicKey
        }
    }
}
