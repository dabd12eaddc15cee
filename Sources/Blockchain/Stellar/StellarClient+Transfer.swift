import GemCrypto
import Primitives

/// Stellar transfers of XLM or of an issued asset (token id `issuer::code`, as `StellarClient.tokenBalances`
/// reads it): one `Payment`, or `CreateAccount` for an XLM recipient Horizon does not know, signed by
/// `StellarSigner` for the public network.
///
/// - preload: `GET /accounts/{sender}` (404 is `notFound`: an account never funded has no sequence to sign with),
///   then `GET /accounts/{recipient}` (404: an XLM payment creates it with `CreateAccount`, which needs at least
///   1 XLM, `TransferLoad.recipientMinimum`). The XLM balance is the native balance less the 1 XLM the app
///   reserves (`HorizonMapper.balance`); an issued asset's balance is the sender's `balances[]` entry of that
///   `asset_issuer` and `asset_code` (0 without a trustline), its fee balance the XLM. A token id that is not
///   `issuer::code` is `malformed` before any request.
/// - fee rates: `GET /fee_stats` (`StellarClient.feeRates()`).
/// - load: no request. A priority's fee is its rate per operation, at least the network's 100-stroop minimum, times
///   the one operation: the transaction's `fee`, the most it can be charged, in XLM for an issued asset too. A max
///   send of XLM keeps it back; of an issued asset it moves the whole asset balance. An issued asset's recipient
///   must exist and hold a trustline for the asset (only XLM creates an account; a payment to an account without
///   the trustline fails on chain): else the load throws `notFound("recipient: …")`, which no amount changes.
///   Shortfalls are `TransferLoad.check`'s: of the asset `insufficientBalance`, of XLM for the fee
///   `insufficientFeeBalance`.
/// - The memo is a MEMO_TEXT (at most 28 bytes, else `malformed` before any request).
/// - Time bounds: no lower bound and no upper bound (maxTime 0): `sign` has no clock, and the sequence number
///   makes the transaction single-use.
/// - broadcast: `POST /transactions_async` (`StellarClient.broadcast`; the answered hash must be the signed one);
///   status: `GET /transactions/{hash}` (404: pending).
extension StellarClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .ed25519 }

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        let asset = try Self.asset(input)
        _ = try Self.memo(input.memo)
        guard let account = try await account(id: input.sender) else { throw .notFound("sender: the account does not exist") }
        let destination = try await self.account(id: input.recipient)
        let available = HorizonMapper.balance(account).available
        guard case let .credit(code, issuer) = asset else {
            return TransferPreload(balance: available, feeBalance: available,
                                   chain: .stellar(sequence: account.sequence, destinationExists: destination != nil, destinationTrustline: nil))
        }
        let tokenId = "\(issuer)::\(code)"
        return TransferPreload(balance: account.tokens[tokenId] ?? .zero, feeBalance: available,
                               chain: .stellar(sequence: account.sequence, destinationExists: destination != nil,
                                               destinationTrustline: destination?.tokens[tokenId] != nil))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return try await feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .stellar(sequence, destinationExists, destinationTrustline) = preload.chain else {
            throw .unsupported("a Stellar load needs a Stellar preload")
        }
        let asset = try Self.asset(input)
        if case let .credit(code, _) = asset {
            guard let destinationTrustline else { throw .unsupported("a Stellar load needs the preload of the same asset") }
            guard destinationExists else { throw .notFound("recipient: the account does not exist, and only XLM can create it") }
            guard destinationTrustline else { throw .notFound("recipient: the account holds no trustline for \(code)") }
        } else if destinationTrustline != nil {
            throw .unsupported("a Stellar load needs the preload of the same asset")
        }
        let memo = try Self.memo(input.memo)
        let fees = rates.rates.map { rate in
            let fee = BigUInt(UInt64(Self.fee(rate.value)))
            return TransferFee(priority: rate.priority, fee: fee, amount: TransferLoad.amount(input, balance: preload.balance, fee: fee))
        }
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, recipientMinimum: destinationExists || !input.isNative ? nil : StellarSigner.minimumStartingBalance,
                            chain: .stellar(sequence: sequence, destinationExists: destinationExists, memo: memo))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .ed25519(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .stellar(sequence, destinationExists, memo) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority), let stroops = fee.fee.uint64, stroops <= UInt64(UInt32.max) else { throw .missingField("fee_rate") }
        let asset: StellarSignerInput.Asset
        do { asset = try Self.asset(load.input) } catch { throw .invalidField("asset", reason: "\(error)") }
        // An issued asset's balance pays the amount; the XLM (the signer's `balance`) pays the fee, and an XLM amount.
        if asset != .native, load.balance < fee.amount { throw .insufficientBalance(required: fee.amount, available: load.balance) }
        let input = StellarSignerInput(destination: load.input.recipient, asset: asset, amount: fee.amount, fee: UInt32(stroops),
                                       accountSequence: sequence, destinationExists: destinationExists, memo: memo, validUntil: 0,
                                       balance: load.feeBalance)
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

    /// The asset of `input`: XLM, or the issued asset of token id `issuer::code` (an issuer account id, a code of 1
    /// to 12 letters or digits).
    static func asset(_ input: TransferInput) throws(ChainClientError) -> StellarSignerInput.Asset {
        guard let tokenId = input.assetId.tokenId else { return .native }
        let parts = ChainClientSupport.parts(tokenId)
        guard parts.count == 2, let code = parts.last, let issuer = parts.first, (1...12).contains(code.utf8.count),
              code.utf8.allSatisfy({ (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }),
              (try? StellarAddress.validate(issuer)) == issuer, issuer.first == "G" else {
            throw .malformed("token id: not issuer::code of a Stellar asset (\(ChainClientError.prefix(tokenId, 80)))")
        }
        return .credit(code: code, issuer: issuer)
    }

    /// The memo as MEMO_TEXT: none, or at most 28 bytes of UTF-8.
    static func memo(_ memo: String?) throws(ChainClientError) -> StellarSignerInput.Memo {
        guard let memo, !memo.isEmpty else { return .none }
        guard memo.utf8.count <= StellarSigner.maxMemoTextBytes else { throw .malformed("memo: a Stellar text memo is at most 28 bytes") }
        return .text(memo)
    }
}
