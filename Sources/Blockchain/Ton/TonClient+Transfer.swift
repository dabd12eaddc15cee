#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GemCrypto
import Primitives

/// TON transfers from the key's v4R2 wallet: TON, or a jetton (TEP-74: token id the master's user-friendly address,
/// as `TonClient.tokenBalances` reads it), with the memo as the message's text comment (a jetton transfer's
/// forward payload).
///
/// - preload: `getWalletInformation` (sender: seqno, whether the wallet is deployed, TON balance); for a jetton
///   also `jetton/wallets` of the sender (its jetton wallet and balance: the balance sent from), then of the
///   recipient (whether its jetton wallet exists). The fee balance is the wallet's TON.
/// - fee rates: no request (`TonMapper.feeRates()`: one normal rate of 0.01 TON, the specification's app's fee).
/// - load: no request. The message is sent with mode 3 (fees paid apart from the value), and 0.01 TON is more
///   than a v4R2 transfer's forward and compute fees. For TON the fee is that rate, so the wallet can always pay
///   what the fee shows; a max send moves the balance less it. For a jetton the fee is the rate plus the TON
///   attached to the sender's jetton wallet (`TonPreload.Jetton.attachedAmount`: 0.1 TON when the recipient's
///   jetton wallet exists, 0.06 with a memo, 0.2 when it does not), all in TON: the most the send costs (the
///   jetton wallets' unspent part comes back as excesses). A max send moves the whole jetton balance. A TON
///   balance short of that fee is `insufficientFeeBalance`, a jetton balance short of the amount
///   `insufficientBalance` (`TransferLoad.check`). The message is valid until `validUntil`, the client's clock
///   at the load plus `TonClient.messageLifetime` seconds.
/// - broadcast: `sendBocReturnHash` (`TonClient.broadcast`: the node's hash of the external message, in hex);
///   status: `transactionsByMessage` of that hash (the sender wallet's transaction, for a jetton too).
extension TonClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .ed25519 }

    /// How long a loaded message stays valid: 10 minutes (the wallet refuses it after `valid_until`).
    public static let messageLifetime: UInt32 = 600

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        let preload = try await preload(sender: input.sender, recipient: input.recipient, tokenId: input.assetId.tokenId)
        let balance = preload.jetton?.jettonBalance ?? preload.wallet.balance
        return TransferPreload(balance: balance, feeBalance: preload.wallet.balance, chain: .ton(preload))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .ton(ton) = preload.chain else { throw .unsupported("a TON load needs a TON preload") }
        guard ton.jetton?.tokenId == input.assetId.tokenId else { throw .unsupported("a TON load needs the preload of the same asset") }
        // A jetton's TON attached to the sender's jetton wallet, as the signer attaches it (a comment with a memo).
        let attached = ton.jetton?.attachedAmount(hasComment: input.memo != nil) ?? .zero
        let fees = rates.rates.map { rate in
            let fee = rate.value + attached
            return TransferFee(priority: rate.priority, fee: fee, amount: TransferLoad.amount(input, balance: preload.balance, fee: fee))
        }
        let validUntil = UInt32(clamping: now()) &+ Self.messageLifetime
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, chain: .ton(ton, validUntil: validUntil))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .ed25519(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .ton(preload, validUntil) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority) else { throw .missingField("fee_rate") }
        if load.input.isNative {
            if load.balance < fee.amount + fee.fee { throw .insufficientBalance(required: fee.amount + fee.fee, available: load.balance) }
        } else {
            // The jetton's balance for the amount, the wallet's TON for the fee and the attached TON.
            if load.balance < fee.amount { throw .insufficientBalance(required: fee.amount, available: load.balance) }
            if load.feeBalance < fee.fee { throw .insufficientBalance(required: fee.fee, available: load.feeBalance) }
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
