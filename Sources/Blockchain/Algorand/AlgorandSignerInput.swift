import Primitives

/// What the Algorand signer needs: the transfer and the chain metadata `GET /v2/transactions/params` returns
/// (`last-round` as the first valid round, `min-fee`, `genesis-id`, `genesis-hash`). Amounts are microAlgos, or
/// the asset's base units for an ASA.
public struct AlgorandSignerInput: Sendable, Equatable {
    public enum Asset: Sendable, Equatable {
        /// ALGO, sent with a `pay` transaction.
        case native
        /// An Algorand Standard Asset, sent with an `axfer` transaction (`xaid` = the asset id); the receiver must
        /// have opted in to the asset.
        case asset(id: UInt64)
    }

    /// The receiving account (58-character base32 address).
    public var receiver: String
    public var asset: Asset
    /// The amount in microAlgos (`amt`) or the asset's base units (`aamt`); a u64 on chain.
    public var amount: BigUInt
    /// The flat fee in microAlgos (`min-fee`, at least 1000).
    public var fee: UInt64?
    /// The first round the transaction is valid in (`fv`; the params' `last-round`).
    public var firstValid: UInt64?
    /// The last round it is valid in (`lv`); nil for firstValid + 1000, the protocol's longest life.
    public var lastValid: UInt64?
    /// The network's genesis id (`gen`, "mainnet-v1.0").
    public var genesisId: String?
    /// The network's genesis hash (`gh`, 32 bytes, base64-decoded from the params).
    public var genesisHash: [UInt8]?
    /// The note (`note`), at most 1024 bytes.
    public var note: [UInt8]
    /// The sender's spendable ALGO in microAlgos as the preload read it: when given, the amount (for ALGO) plus
    /// the fee must not exceed it.
    public var balance: BigUInt?
    /// The sender's balance of the asset: when given, an ASA amount must not exceed it.
    public var assetBalance: BigUInt?

    public init(
        receiver: String, asset: Asset, amount: BigUInt, fee: UInt64?, firstValid: UInt64?, lastValid: UInt64? = nil,
        genesisId: String?, genesisHash: [UInt8]?, note: [UInt8] = [], balance: BigUInt? = nil,
        assetBalance: BigUInt? = nil
    ) {
        self.receiver = receiver
        self.asset = asset
        self.amount = amount
        self.fee = fee
        self.firstValid = firstValid
        self.lastValid = lastValid
        self.genesisId = genesisId
        self.genesisHash = genesisHash
        self.note = note
        self.balance = balance
        self.assetBalance = assetBalance
    }
}
