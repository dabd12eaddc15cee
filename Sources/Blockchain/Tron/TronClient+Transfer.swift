import GemCrypto
import Primitives

/// Tron transfers of TRX (TransferContract) and of a TRC-20 token (TriggerSmartContract `transfer`), signed with
/// secp256k1 over the raw data's sha256, with the memo as `raw_data.data`.
///
/// - preload: `TronClient.preload`'s calls, one after another: `getnowblock` (the reference block, whose time the
///   transaction carries), `getchainparameters`, `getaccountresource` (sender); for TRX `getaccount` of the
///   recipient (an account the transfer creates costs its activation fee); for TRC-20 `triggerconstantcontract`
///   (the `transfer` energy estimate); then `getaccount` (the sender's TRX balance) and for TRC-20 its
///   `balanceOf`.
/// - fee rates: no request (one normal rate, as the app: Tron prices each transfer in the preload).
/// - load: no request. The fee is the preload's (`TronMapper.transferFee`: the bandwidth the sender lacks, the
///   energy of a TRC-20 call, an activation), the TRX the signed transaction burns; a TRC-20 call signs its fee
///   limit. The transaction expires `TronTransfer.expirationMilliseconds` after the reference block's time.
/// - broadcast: `broadcasttransaction` (`TronClient.broadcast(_:)`; the answered txid must be the signed one); status:
///   `gettransactioninfobyid`.
extension TronClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .secp256k1 }

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        let asset: TronSignerInput.Asset = input.assetId.tokenId.map { .trc20(contract: $0) } ?? .trx
        let preload = try await preload(sender: input.sender, recipient: input.recipient, asset: asset, amount: input.amount)
        return TransferPreload(balance: preload.tokenBalance ?? preload.balance, feeBalance: preload.balance, chain: .tron(preload))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .tron(tron) = preload.chain else { throw .unsupported("a Tron load needs a Tron preload") }
        let fees = rates.rates.map { rate in
            TransferFee(priority: rate.priority, fee: tron.fee.fee, amount: TransferLoad.amount(input, balance: preload.balance, fee: tron.fee.fee))
        }
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, chain: .tron(tron))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .secp256k1(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .tron(tron) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority) else { throw .missingField("fee_rate") }
        let asset: TronSignerInput.Asset = load.input.assetId.tokenId.map { .trc20(contract: $0) } ?? .trx
        let timestamp = tron.block.timestamp
        let input = tron.signerInput(asset: asset, recipient: load.input.recipient, amount: fee.amount, timestamp: timestamp,
                                     expiration: timestamp + TronTransfer.expirationMilliseconds, memo: load.input.memo ?? "")
        return try TronSigner.sign(input, key: privateKey)
    }

    public func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        try await status(hash: hash)
    }
}

/// The numbers of a Tron transfer the load fixes.
public enum TronTransfer {
    /// How long after the reference block's time the transaction may be included (java-tron refuses more than 24 h).
    public static let expirationMilliseconds: Int64 = 60 * 60 * 1000
}
