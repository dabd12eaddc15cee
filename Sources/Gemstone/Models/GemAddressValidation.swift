import Blockchain
import Primitives

// GemAddressValidation, GemAddressError and GemAddressErrorType are generated from schema/wallet_service.json
// (Generated/WalletService+Schema.swift); their behaviour stays here.

extension GemAddressValidation {
    /// Checks `text` as an address of `chain` (the rule is `Chain.validateAddress`).
    public static func validate(chain: Chain, text: String) -> GemAddressValidation {
        do {
            return .valid(chain: chain, address: try chain.validateAddress(text))
        } catch {
            return .invalid(chain: chain, error: GemAddressError(error))
        }
    }

    /// The chain asked about.
    public var chain: Chain {
        switch self {
        case .valid(let chain, _), .invalid(let chain, _): chain
        }
    }

    /// The address to send to, when valid.
    public var address: String? {
        if case .valid(_, let address) = self { address } else { nil }
    }

    /// Why the address was rejected, when it was.
    public var error: GemAddressError? {
        if case .invalid(_, let error) = self { error } else { nil }
    }

    public var isValid: Bool { address != nil }
}

extension GemAddressError {
    /// The record of a rejection: its type, the message, and for `wrong_prefix` the two prefixes.
    init(_ error: AddressError) {
        let type: GemAddressErrorType
        var expected: String?, found: String?
        switch error {
        case .empty: type = .empty
        case .invalidCharacter: type = .invalidCharacter
        case .mixedCase: type = .mixedCase
        case .invalidChecksum: type = .invalidChecksum
        case let .wrongPrefix(expectedPrefix, foundPrefix):
            type = .wrongPrefix
            expected = expectedPrefix
            found = foundPrefix
        case .wrongNetwork: type = .wrongNetwork
        case .invalidLength: type = .invalidLength
        case .nonCanonicalEncoding: type = .nonCanonicalEncoding
        case .unsupportedFormat: type = .unsupportedFormat
        case .invalidPublicKey: type = .invalidPublicKey
        }
        self.init(type: type, message: error.description, expected: expected, found: found)
    }
}
