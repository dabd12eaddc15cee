import GemCrypto
import Primitives

/// NEAR transfers of NEAR from the key's implicit account (NEAR has no token transfers here: `unsupported`): one
/// `Transfer` action signed by `NearSigner`, referencing the final block.
///
/// - preload: `query view_access_key` (the implicit account's key: the nonce), `block {finality:"final"}` (the
///   reference hash), `query view_account` (the sender's `amount` and `storage_usage`), in that order. What can be
///   sent is `amount` less the storage the account must keep staked (`storage_usage` × 10^19 yocto, NEAR's
///   storage price of 1 NEAR per 100 kB; a transfer that leaves less fails with LackBalanceForState).
/// - fee rates: `gas_price [null]` (`NearClient.feeRates()`).
/// - load: no request. A NEAR transaction carries no fee or gas price: every priority signs the same transaction,
///   so every priority's fee is the normal gas price × 9 Tgas (`NearMapper.transferGas`, the app's cap of what a
///   transfer burns; it burns about 0.45 Tgas), the most it can cost while the price stays within 20× of today's.
///   A max send keeps that fee back.
/// - The memo is not sent (a Transfer action has none).
/// - broadcast: `send_tx` (`NearClient.broadcast`; the answered hash must be the signed one); status: `tx` of the hash
///   and the sender (unknown: pending).
extension NearClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .ed25519 }

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        guard input.isNative else { throw .unsupported("NEAR token transfers are not built yet") }
        let key = try NearMapper.implicitPublicKey(input.sender)
        let nonce = try NearMapper.nextNonce(try await call(.viewAccessKey(accountId: input.sender, publicKey: key)))
        let block = try NearMapper.block(try await call(.finalBlock))
        let available = try NearMapper.sendable(try await call(.viewAccount(accountId: input.sender)))
        return TransferPreload(balance: available, feeBalance: available, chain: .near(nonce: nonce, blockHash: block.hash))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return try await feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .near(nonce, blockHash) = preload.chain else { throw .unsupported("a NEAR load needs a NEAR preload") }
        guard let price = rates.rate(.normal) ?? rates.rates.first?.value else { throw .malformed("gas_price: no rate") }
        let fee = price * NearMapper.transferGas
        let fees = rates.rates.map { rate in
            TransferFee(priority: rate.priority, fee: fee, amount: TransferLoad.amount(input, balance: preload.balance, fee: fee))
        }
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, chain: .near(nonce: nonce, blockHash: blockHash))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .ed25519(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .near(nonce, blockHash) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority) else { throw .missingField("fee_rate") }
        // The signer checks the deposit against the balance; the gas is paid from the same balance.
        let required = fee.amount + fee.fee
        guard required <= load.balance else { throw .insufficientBalance(required: required, available: load.balance) }
        let input = NearSignerInput(receiver: load.input.recipient, amount: fee.amount, nonce: nonce, blockHash: blockHash,
                                    balance: load.balance.subtracting(fee.fee) ?? .zero)
        return try NearSigner.sign(input, key: privateKey)
    }

    // broadcast(_:) is `NearClient.broadcast`: `send_tx`, a refusal `rejected`, the answered hash.

    public func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        try await status(hash: hash, sender: input.sender)
    }
}

extension NearMapper {
    /// The yocto one byte of account storage keeps staked (NEAR's storage price: 10^19, 1 NEAR per 100 kB).
    static let storagePricePerByte = BigUInt.powerOfTen(19)

    /// `query view_account`: `amount` less `storage_usage` × the storage price, never below zero.
    static func sendable(_ result: JSON) throws(ChainClientError) -> BigUInt {
        let amount = try NodeAnswer.decimal(result["amount"], "amount", bits: 128)
        let storage = try NodeAnswer.u64Number(result["storage_usage"], "storage_usage")
        return amount.saturatingSubtracting(BigUInt(storage) * storagePricePerByte)
    }
}
