#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GemCrypto
import Primitives

/// TON transfers from the key's v4R2 wallet (the native coin; jettons are not built here yet), with the memo as
/// the message's text comment.
///
/// - preload: `getWalletInformation` (sender: seqno, whether the wallet is deployed, balance).
/// - fee rates: no request (`TonMapper.feeRates()`: one normal rate of 0.01 TON, the specification's app's fee).
/// - load: no request. The fee is that rate: the message is sent with mode 3 (fees paid apart from the value),
///   and 0.01 TON is more than a v4R2 transfer's forward and compute fees, so the wallet can always pay what the
///   fee shows; a max send moves the balance less it. The message is valid until `validUntil`, the client's clock
///   at the load plus `TonClient.messageLifetime` seconds.
/// - broadcast: `sendBocReturnHash` (`TonClient.broadcast`: the node's hash of the external message, in hex);
///   status: `transactionsByMessage` of that hash.
extension TonClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .ed25519 }

    /// How long a loaded message stays valid: 10 minutes (the wallet refuses it after `valid_until`).
    public static let messageLifetime: UInt32 = 600

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        guard input.isNative else { throw .unsupported("ton: jetton transfers are not built yet") }
        let preload = try await preload(sender: input.sender, recipient: input.recipient)
        return TransferPreload(balance: preload.wallet.balance, feeBalance: preload.wallet.balance, chain: .ton(preload))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .ton(ton) = preload.chain else { throw .unsupported("a TON load needs a TON preload") }
        let fees = rates.rates.map { rate in
            TransferFee(priority: rate.priority, fee: rate.value, amount: TransferLoad.amount(input, balance: preload.balance, fee: rate.value))
        }
        let validUntil = UInt32(clamping: now()) &+ Self.messageLifetime
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, chain: .ton(ton, validUntil: validUntil))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .ed25519(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .ton(preload, validUntil) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority) else { throw .missingField("fee_rate") }
        if load.balance < fee.amount + fee.fee {
            throw .insufficientBalance(required: fee.amount + fee.fee, available: load.balance)
        }
        let input: TonSignerInput
        do {
            input = try preload.signerInput(destination: load.input.recipient, amount: fee.amount, comment: load.input.memo, validUntil: validUntil)
        } catch {
            throw .invalidField("load", reason: "\(error)")
        }
        return try TonSigner.sign(input, key: privateKey)
    }

    public func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        try await status(hash: hash)
    }

    /// UNIX seconds of the system clock (CLOCK_REALTIME).
    @Sendable public static func systemClock() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return UInt64(max(0, spec.tv_sec))
    }
}
