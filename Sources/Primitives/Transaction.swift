/// A transaction of one wallet, as the store keeps it and the rows read it.
///
/// `value` and `fee` are exact atomic amounts of `assetId` and `feeAssetId`. `createdAt` is Unix
/// time in seconds.
public struct Transaction: Sendable, Hashable, Codable {
    /// The storage id (`<chain>_<hash>`), stable across state changes.
    public var id: String
    public var hash: String
    public var walletId: WalletId
    public var assetId: AssetId
    public var feeAssetId: AssetId
    public var type: TransactionType
    public var direction: TransactionDirection
    public var state: TransactionState
    public var createdAt: Int64
    public var value: BigUInt
    public var fee: BigUInt
    public var from: String
    public var to: String
    public var memo: String?

    public init(
        id: String, hash: String, walletId: WalletId, assetId: AssetId, feeAssetId: AssetId, type: TransactionType,
        direction: TransactionDirection, state: TransactionState, createdAt: Int64, value: BigUInt, fee: BigUInt,
        from: String, to: String, memo: String? = nil
    ) {
        self.id = id
        self.hash = hash
        self.walletId = walletId
        self.assetId = assetId
        self.feeAssetId = feeAssetId
        self.type = type
        self.direction = direction
        self.state = state
        self.createdAt = createdAt
        self.value = value
        self.fee = fee
        self.from = from
        self.to = to
        self.memo = memo
    }

    /// The address on the other side: the recipient of what left, the sender of what arrived.
    public var counterparty: String {
        direction == .incoming ? from : to
    }
}
