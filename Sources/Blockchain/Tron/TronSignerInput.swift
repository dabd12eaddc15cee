import Primitives

/// A TRX or TRC-20 transfer on Tron, with the reference block and times the load step chose and the balances
/// the wallet knows. Times are inputs (milliseconds since the epoch), never read from a clock.
public struct TronSignerInput: Sendable, Equatable {
    public enum Asset: Sendable, Equatable {
        /// TRX itself (TransferContract), amount in sun.
        case trx
        /// A TRC-20 token (TriggerSmartContract calling `transfer(address,uint256)`), at the contract's base58
        /// address; amount in the token's base unit.
        case trc20(contract: String)
    }

    public var asset: Asset
    /// The base58 ("T…") address receiving the TRX or tokens.
    public var recipient: String
    public var amount: BigUInt
    /// The 32-byte block id of the reference block (`blockID` of `/wallet/getnowblock`: the block number in
    /// its first 8 bytes, then the header hash). `ref_block_bytes` and `ref_block_hash` come from it.
    public var referenceBlockId: [UInt8]?
    /// `raw_data.timestamp`, in milliseconds.
    public var timestamp: Int64?
    /// `raw_data.expiration`, in milliseconds: after `timestamp`, at most 24 hours later.
    public var expiration: Int64?
    /// `raw_data.fee_limit` in sun: the most energy the TRC-20 call may burn. Required for TRC-20, unused for TRX.
    public var feeLimit: UInt64?
    /// `raw_data.data`: the transaction memo, as UTF-8 (empty for none).
    public var memo: String
    /// The fee the load step estimated (bandwidth, energy and account creation burns), in sun, checked with the
    /// amount against the TRX balance.
    public var fee: BigUInt
    /// The sender's TRX balance in sun.
    public var balance: BigUInt
    /// The sender's token balance, needed for a TRC-20 transfer.
    public var tokenBalance: BigUInt?

    public init(
        asset: Asset, recipient: String, amount: BigUInt, referenceBlockId: [UInt8]?, timestamp: Int64?,
        expiration: Int64?, feeLimit: UInt64? = nil, memo: String = "", fee: BigUInt, balance: BigUInt,
        tokenBalance: BigUInt? = nil
    ) {
        self.asset = asset
        self.recipient = recipient
        self.amount = amount
        self.referenceBlockId = referenceBlockId
        self.timestamp = timestamp
        self.expiration = expiration
        self.feeLimit = feeLimit
        self.memo = memo
        self.fee = fee
        self.balance = balance
        self.tokenBalance = tokenBalance
    }
}
