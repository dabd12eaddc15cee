/// A signed transaction: what the chain's broadcast endpoint takes, and its id as explorers print it.
public struct SignedTransaction: Sendable, Equatable {
    /// The serialized signed transaction.
    public let bytes: [UInt8]
    /// `bytes` in the form the broadcast endpoint takes (0x-hex for EVM `eth_sendRawTransaction`, base64 for
    /// Solana `sendTransaction`, plain hex for Blockbook, a JSON body where the chain wants one, …).
    public let encoded: String
    /// The transaction's id as the chain's explorers print it (EVM 0x-hash, Bitcoin txid in display order,
    /// Solana base58 signature, …).
    public let hash: String

    public init(bytes: [UInt8], encoded: String, hash: String) {
        self.bytes = bytes
        self.encoded = encoded
        self.hash = hash
    }
}

/// A signed message: the signature bytes and the text form the requesting app expects
/// (0x-hex r‖s‖v for EIP-191/712, base58 for Solana, base64 for BIP-137, …).
public struct SignedMessage: Sendable, Equatable {
    public let signature: [UInt8]
    public let encoded: String

    public init(signature: [UInt8], encoded: String) {
        self.signature = signature
        self.encoded = encoded
    }
}
