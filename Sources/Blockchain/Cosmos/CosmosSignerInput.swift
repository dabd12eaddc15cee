import Primitives

/// A bank send on a Cosmos SDK chain, with the account state the preload returned
/// (`GET /cosmos/auth/v1beta1/accounts/{address}`) and the balances the wallet knows.
public struct CosmosSignerInput: Sendable, Equatable {
    /// The chain: its configuration gives the chain id (`network_id`), the bech32 prefix, the native denom and
    /// the key flavour (Injective's Ethereum-style key).
    public var chain: Chain
    /// The bech32 address receiving the coins.
    public var recipient: String
    /// The denom sent: the chain's native denom, an IBC voucher (`ibc/` + 64 upper-case hex digits) or another
    /// bank denom (`factory/…`, `erc20/…`).
    public var denom: String
    /// The amount sent, in the denom's base unit. Positive.
    public var amount: BigUInt
    /// The transaction memo (at most `CosmosSigner.maxMemoBytes` UTF-8 bytes).
    public var memo: String
    /// The fee, in the native denom. On Thorchain the fee is the chain's fixed native fee, taken by the chain
    /// itself: it is checked against the balance but not written into the transaction.
    public var fee: BigUInt
    /// The gas limit of the transaction. Positive.
    public var gasLimit: UInt64
    /// `account.account_number` from the preload (part of the SIGN_MODE_DIRECT sign doc).
    public var accountNumber: UInt64?
    /// `account.sequence` from the preload (the signer's nonce).
    public var sequence: UInt64?
    /// The sender's balance in the native denom.
    public var balance: BigUInt
    /// The sender's balance in `denom`, needed when `denom` is not the native denom.
    public var tokenBalance: BigUInt?

    public init(
        chain: Chain, recipient: String, denom: String, amount: BigUInt, memo: String = "", fee: BigUInt,
        gasLimit: UInt64, accountNumber: UInt64?, sequence: UInt64?, balance: BigUInt, tokenBalance: BigUInt? = nil
    ) {
        self.chain = chain
        self.recipient = recipient
        self.denom = denom
        self.amount = amount
        self.memo = memo
        self.fee = fee
        self.gasLimit = gasLimit
        self.accountNumber = accountNumber
        self.sequence = sequence
        self.balance = balance
        self.tokenBalance = tokenBalance
    }
}
