import Primitives

/// Why a signer refused its input. A signer never guesses: an input it cannot sign faithfully is one of
/// these, raised before any signature is made. Field names are the signer input's own (snake_case), so a
/// service can name the field to the host; no case carries a secret.
public enum SignerError: Error, Equatable, Sendable {
    /// The private key is not valid for the family's curve (zero, above the group order, wrong length).
    case invalidPrivateKey
    /// A field the signer needs was absent or empty.
    case missingField(String)
    /// A field was present but unusable (`reason` says how, in words a log can show).
    case invalidField(String, reason: String)
    /// An address in the input (recipient, contract, token account…) is not valid on the chain.
    case invalidAddress(String)
    /// The amount plus what the transaction must pay exceeds the balance the signer was told of.
    case insufficientBalance(required: BigUInt, available: BigUInt)
    /// The memo or comment is longer than the chain accepts.
    case memoTooLong(maxBytes: Int)
    /// A value does not fit the chain's integer field (an amount above u64 on a u64 chain…).
    case amountOutOfRange(String)
    /// The input asks for something this signer does not do on this chain (a token type it does not know…).
    case unsupported(String)
}
