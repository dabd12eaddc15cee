import GemCrypto
import Primitives

/// Cosmos SDK chains: bech32 (not bech32m) under the chain's prefix of a 20-byte account hash (32 bytes for
/// module and contract accounts). Injective hashes the key as Ethereum does.
public enum CosmosAddress {
    public static func derive(_ key: Secp256k1PublicKey, hrp: String, hashing: CosmosAddressHashing)
        throws(AddressError) -> String
    {
        let account = hashing == .keccak256 ? key.keccakAccount : key.hash160
        guard let address = Bech32.encode(humanReadablePart: hrp, bytes: account) else { throw .unsupportedFormat }
        return address
    }

    /// Returns the address in lower case.
    public static func validate(_ address: String, hrp: String, hashing: CosmosAddressHashing) throws(AddressError)
        -> String
    {
        let decoded = try decoding { () throws(EncodingError) in try Bech32.decode(address) }
        guard decoded.humanReadablePart == hrp else {
            throw .wrongPrefix(expected: hrp, found: decoded.humanReadablePart)
        }
        guard decoded.variant == .bech32 else { throw .invalidChecksum }
        let bytes = try decoding { () throws(EncodingError) in try Bech32.convertBits(decoded.data, from: 5, to: 8, pad: false) }
        // Injective accounts are Ethereum accounts: always 20 bytes.
        let lengths: Set<Int> = hashing == .keccak256 ? [20] : [20, 32]
        guard lengths.contains(bytes.count) else { throw .invalidLength }
        return address.lowercased()
    }
}
