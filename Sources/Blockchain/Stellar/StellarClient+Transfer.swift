import GemCrypto
import Primitives

/// Stellar transfers of XLM (issued assets are not sent here yet: `unsupported`): one `Payment`, or `CreateAccount`
/// for a recipient Horizon does not know, signed by `StellarSigner` for the public network.
///
/// - preload: `GET /accounts/{sender}` (404 is `notFound`: an account never funded has no sequence to sign with),
///   then `GET /accounts/{recipient}` (404: the payment creates it with `CreateAccount`, which needs at least 1 XLM,
///   `TransferLoad.recipientMinimum`). The balance is the native balance less the 1 XLM the app reserves
///   (`HorizonMapper.balance`).
/// - fee rates: `GET /fee_stats` (`StellarClient.feeRates()`).
/// - load: no request. A priority's fee is its rate per operation, at least the network's 100-stroop minimum, times
///   the one operation: the transaction's `fee`, the most it can be charged. A max send keeps it back.
/// - The memo is a MEMO_TEXT (at most 28 bytes, else `malformed` before any request).
/// - Time bounds: no lower bound and no upper bound (maxTime 0): `sign` has no clock, and the sequence number
///   makes the transaction single-use.
/// - broadcast: `POST /transactions_async` (`StellarClient.broadcast`; the answered hash must be the signed one);
///   status: `GET /transactions/{hash}` (404: pending).
extension StellarClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .ed25519 }

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        guard input.isNative else { throw .unsupported("Stellar issued-asset transfers are not built yet") }
        _ = try Self.memo(input.memo)
        guard let account = try await account(id: input.sender) else { throw .notFound("sender: the account does not exist") }
        let destinationExists = try await self.account(id: input.recipient) != nil
        let available = HorizonMapper.balance(account).available
        return TransferPreload(balance: available, feeBalance: available,
                               chain: .stellar(sequence: account.sequence, destinationExists: destinationExists))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return try await feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .stellar(sequence, destinationExists) = preload.chain else { throw .unsupported("a Stellar load needs a Stellar preload") }
        let memo = try Self.memo(input.memo)
        let fees = rates.rates.map { rate in
            let fee = BigUInt(UInt64(Self.fee(rate.value)))
            return TransferFee(priority: rate.priority, fee: fee, amount: TransferLoad.amount(input, balance: preload.balance, fee: fee))
        }
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, recipientMinimum: destinationExists ? nil : StellarSigner.minimumStartingBalance,
                            chain: .stellar(sequence: sequence, destinationExists: destinationExists, memo: memo))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .ed25519(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .stellar(sequence, destinationExists, memo) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority), let stroops = fee.fee.uint64, stroops <= UInt64(UInt32.max) else { throw .missingField("fee_rate") }
        let input = StellarSignerInput(destination: load.input.recipient, asset: .native, amount: fee.amount, fee: UInt32(stroops),
                                       accountSequence: sequence, destinationExists: destinationExists, memo: memo, validUntil: 0,
                                       balance: load.balance)
        return try StellarSigner.sign(input, key: privateKey)
    }

    // broadcast(_:) is `StellarClient.broadcast`: `POST /transactions_async`, a refusal `rejected`, the answered hash.

    public func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        try await status(hash: hash)
    }

    /// A rate per operation as the transaction's fee: at least the 100-stroop minimum, at most a u32.
    static func fee(_ rate: BigUInt) -> UInt32 {
        let stroops = rate.uint64.map { UInt32(clamping: $0) } ?? UInt32.max
        return max(stroops, StellarSigner.minimumFee)
    }

    /// The memo as MEMO_TEXT: none, or at most 28 bytes of UTF-8.
    static func memo(_ memo: String?) throws(ChainClientError) -> StellarSignerInput.Memo {
        guard let memo, !memo.isEmpty else { return .none }
        guard memo.utf8.count <= StellarSigner.maxMemoTextBytes else { throw .malformed("memo: a Stellar text memo is at most 28 bytes") }
        return .text(memo)
    }
}
