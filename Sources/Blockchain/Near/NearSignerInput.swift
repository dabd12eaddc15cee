import Primitives

/// What the NEAR signer needs: the transfer and the chain metadata the preload returns (the access key's next
/// nonce and a recent final block hash). The signer is the sender's implicit account (the hex of its ed25519
/// key). Amounts are yoctoNEAR (10^-24 NEAR).
public struct NearSignerInput: Sendable, Equatable {
    /// The receiving account: an implicit account (64 lower-case hex digits), an Ethereum-style implicit account
    /// (`0x` + 40 hex) or a named account (`alice.near`).
    public var receiver: String
    /// The deposit in yoctoNEAR; NEAR's `Balance` is a u128.
    public var amount: BigUInt
    /// The transaction nonce: the access key's current nonce + 1 (`view_access_key` nonce + 1). Must be > 0.
    public var nonce: UInt64?
    /// A recent block hash (32 bytes, `block` `{finality: "final"}` → `header.hash`, base58-decoded). A
    /// transaction expires about 24 hours (86,400 blocks) after its block.
    public var blockHash: [UInt8]?
    /// The sender's available balance in yoctoNEAR as the preload read it; when given, `amount` must not exceed it.
    public var balance: BigUInt?

    public init(receiver: String, amount: BigUInt, nonce: UInt64?, blockHash: [UInt8]?, balance: BigUInt? = nil) {
        self.receiver = receiver
        self.amount = amount
        self.nonce = nonce
        self.blockHash = blockHash
        self.balance = balance
    }
}
