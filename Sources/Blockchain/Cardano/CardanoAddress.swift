import GemCrypto

/// Cardano Shelley addresses (CIP-19): bech32 under `addr` (mainnet) of a header byte (address type in the high
/// nibble, network id in the low nibble) and the payment and stake credentials, each a 28-byte
/// BLAKE2b-224 hash. The wallet derives the base address (type 0: key hash ‖ key hash).
public enum CardanoAddress {
    /// CIP-19 allows addresses beyond BIP173's 90 characters.
    static let lengthLimit = 1023

    public static func derive(_ key: AddressKey, hrp: String, network: UInt8) throws(AddressError) -> String {
        guard case .cardano(let payment, let stake) = key, payment.count == 32, stake.count == 32 else {
            throw .invalidPublicKey
        }
        let bytes = [network & 0x0F] + (try keyHash(payment)) + (try keyHash(stake))
        guard let address = Bech32.encode(humanReadablePart: hrp, bytes: bytes) else { throw .unsupportedFormat }
        return address
    }

    /// Accepts Shelley payment addresses of every type (base, pointer, enterprise; key or script credentials) on
    /// the chain's network; returns the address in lower case.
    public static func validate(_ address: String, hrp: String, network: UInt8) throws(AddressError) -> String {
        let decoded = try decoding { () throws(EncodingError) in try Bech32.decode(address, limit: lengthLimit) }
        guard decoded.humanReadablePart == hrp else {
            throw .wrongPrefix(expected: hrp, found: decoded.humanReadablePart)
        }
        guard decoded.variant == .bech32 else { throw .invalidChecksum }
        let bytes = try decoding { () throws(EncodingError) in try Bech32.convertBits(decoded.data, from: 5, to: 8, pad: false) }
        guard let header = bytes.first else { throw .invalidLength }
        let type = header >> 4
        switch type {
        case 0...3: guard bytes.count == 57 else { throw .invalidLength }  // base: payment ‖ stake
        case 4, 5: guard bytes.count >= 32 else { throw .invalidLength }  // pointer: payment ‖ 3+ varint bytes
        case 6, 7: guard bytes.count == 29 else { throw .invalidLength }  // enterprise: payment only
        // 8 is Byron (base58, never bech32); 14 and 15 are stake (reward) addresses, not payment destinations.
        default: throw .unsupportedFormat
        }
        guard header & 0x0F == network else { throw .wrongNetwork }
        return address.lowercased()
    }

    private static func keyHash(_ key: [UInt8]) throws(AddressError) -> [UInt8] {
        do {
            return try Hash.blake2b(key, length: 28)
        } catch {
            throw .invalidPublicKey
        }
    }
}
