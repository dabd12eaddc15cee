import Blockchain
import Primitives

/// What a typed-in or pasted address is on a chain: valid (in the form to send to) or why not.
/// A rejected address is an answer, not a failure: the screen shows the reason.
public struct GemAddressValidation: Sendable, Equatable, Codable {
    public var chain: Chain
    /// The address to send to (whitespace trimmed, canonical case), when valid.
    public var address: String?
    /// Why the address was rejected, when it was.
    public var error: GemAddressError?

    public var isValid: Bool { address != nil }

    public init(chain: Chain, address: String?, error: GemAddressError?) {
        self.chain = chain
        self.address = address
        self.error = error
    }

    /// Checks `text` as an address of `chain` (the rule is `Chain.validateAddress`).
    public static func validate(chain: Chain, text: String) -> GemAddressValidation {
        do {
            return GemAddressValidation(chain: chain, address: try chain.validateAddress(text), error: nil)
        } catch {
            return GemAddressValidation(chain: chain, address: nil, error: GemAddressError(error))
        }
    }
}

/// The reason an address was rejected: `{"type":"invalid_checksum","message":"…"}`, with the
/// expected and found prefixes for `wrong_prefix`.
public struct GemAddressError: Sendable, Equatable, Codable {
    public var type: String
    public var message: String
    public var expected: String?
    public var found: String?

    init(_ error: AddressError) {
        message = error.description
        switch error {
        case .empty: type = "empty"
        case .invalidCharacter: type = "invalid_character"
        case .mixedCase: type = "mixed_case"
        case .invalidChecksum: type = "invalid_checksum"
        case let .wrongPrefix(expected, found):
            type = "wrong_prefix"
            self.expected = expected
            self.found = found
        case .wrongNetwork: type = "wrong_network"
        case .invalidLength: type = "invalid_length"
        case .nonCanonicalEncoding: type = "non_canonical_encoding"
        case .unsupportedFormat: type = "unsupported_format"
        case .invalidPublicKey: type = "invalid_public_key"
        }
    }
}
