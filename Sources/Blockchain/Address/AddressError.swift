import GemCrypto

/// Why a typed-in address (or a key given for derivation) was rejected. Each case is one kind of mistake, so a
/// screen can say what is wrong; no case carries secret material.
public enum AddressError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing but whitespace.
    case empty
    /// A character outside the address's alphabet (or a non-ASCII one).
    case invalidCharacter
    /// Upper- and lower-case letters mixed where the encoding forbids it (bech32, CashAddr).
    case mixedCase
    /// The checksum does not match: a typo, or a character swapped.
    case invalidChecksum
    /// The address starts with another prefix than this chain's (`0x`, a bech32 hrp, `T`, `G`, `addr`…).
    case wrongPrefix(expected: String, found: String)
    /// A well-formed address of another network or chain (testnet, another coin's version byte, another SS58
    /// network, a Cardano testnet header).
    case wrongNetwork
    /// The decoded payload has a length this chain's addresses do not have.
    case invalidLength
    /// Bits or padding a canonical encoding would not produce.
    case nonCanonicalEncoding
    /// A valid address of a kind this wallet does not send to (unknown witness version, X-address, muxed account,
    /// TON flags other than bounceable/non-bounceable, a staking address…).
    case unsupportedFormat
    /// Derivation was given a public key that is not valid for the chain's curve (length or point).
    case invalidPublicKey

    public var description: String {
        switch self {
        case .empty: "address is empty"
        case .invalidCharacter: "address contains a character it cannot contain"
        case .mixedCase: "address mixes upper and lower case"
        case .invalidChecksum: "address checksum does not match"
        case .wrongPrefix(let expected, let found): "address should start with \(expected), not \(found)"
        case .wrongNetwork: "address belongs to another network"
        case .invalidLength: "address has the wrong length"
        case .nonCanonicalEncoding: "address is not canonically encoded"
        case .unsupportedFormat: "address format is not supported"
        case .invalidPublicKey: "public key is not valid for this chain"
        }
    }
}

extension AddressError {
    /// The address error a failed text decoding means.
    init(_ error: EncodingError) {
        switch error {
        case .invalidCharacter, .missingSeparator, .invalidHumanReadablePart: self = .invalidCharacter
        case .oddLength, .tooShort, .invalidLength, .stringTooLong, .dataTooShort, .invalidWitnessProgramLength:
            self = .invalidLength
        case .invalidChecksum, .invalidBech32Checksum, .wrongBech32Variant: self = .invalidChecksum
        case .invalidPadding, .nonZeroTrailingBits, .invalidPaddingBits: self = .nonCanonicalEncoding
        case .mixedCase: self = .mixedCase
        case .unexpectedHumanReadablePart(let expected, let found): self = .wrongPrefix(expected: expected, found: found)
        case .invalidWitnessVersion: self = .unsupportedFormat
        }
    }
}

/// Runs a GemCrypto decoding step, turning its error into the matching `AddressError`.
@inline(__always)
func decoding<T>(_ body: () throws(EncodingError) -> T) throws(AddressError) -> T {
    do {
        return try body()
    } catch {
        throw AddressError(error)
    }
}
