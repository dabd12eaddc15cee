import GemCrypto
import Primitives

/// Polkadot Asset Hub transfers of DOT (`balances.transfer_keep_alive`; Asset Hub assets are not built here).
///
/// - preload: `GET /transaction/material`, then `GET /accounts/{sender}/balance-info` (`preload(sender:)`). The
///   balance a transfer can spend is free − reserved − the existential deposit: `transfer_keep_alive` never takes
///   the sender below it (`PolkadotSigner`'s balance check counts the same).
/// - fee rates: no request (`feeRates()`: one Normal rate).
/// - load: `POST /transaction/fee-estimate` of the extrinsic as it will be signed, with a zero signature
///   (`PolkadotSigner.estimationExtrinsic`; a max send is weighed with the whole balance as its value). The fee is
///   its `partialFee`, no tip; a max send moves the spendable balance less it.
/// - broadcast: `POST /transaction` (`broadcast(_:)`).
/// - status: `GET /blocks/head`, then `GET /blocks?range` of the last `PolkadotMapper.statusWindow` blocks (the
///   transfer does not keep the block it was built at): the extrinsic found there is confirmed or failed, else
///   pending.
/// - The memo is not sent (a balances transfer has no memo).
extension PolkadotClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .ed25519 }

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        guard input.isNative else { throw .unsupported("polkadot: Asset Hub asset transfers are not built yet") }
        let preload = try await preload(sender: input.sender)
        let spendable = Self.spendable(preload.account, runtime: runtime)
        return TransferPreload(balance: spendable, feeBalance: spendable, chain: .polkadot(preload))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .polkadot(polkadot) = preload.chain else { throw .unsupported("a Polkadot load needs a Polkadot preload") }
        // Weighed with a value of the signed one's size: the amount, or the whole balance for a max send (at least 1).
        let value = input.isMax ? preload.balance : input.amount
        let estimation = polkadot.signerInput(sender: input.sender, recipient: input.recipient, value: value.isZero ? BigUInt(1) : value,
                                              fee: .zero, runtime: runtime)
        let extrinsic: SignedTransaction
        do {
            extrinsic = try PolkadotSigner.estimationExtrinsic(estimation)
        } catch {
            throw .malformed("polkadot: the transfer cannot be built: \(error)")
        }
        let fee = try await feeEstimate(extrinsic)
        let fees = rates.rates.map { rate in
            TransferFee(priority: rate.priority, fee: fee, amount: TransferLoad.amount(input, balance: preload.balance, fee: fee))
        }
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, chain: .polkadot(polkadot))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .ed25519(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .polkadot(preload) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority) else { throw .missingField("fee_rate") }
        let input = preload.signerInput(sender: load.input.sender, recipient: load.input.recipient, value: fee.amount, fee: fee.fee,
                                        runtime: runtime)
        return try PolkadotSigner.sign(input, key: privateKey)
    }

    public func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        _ = try PolkadotMapper.hash32(.string(hash), "hash")
        let head = try PolkadotMapper.blockNumber(try await call(.head))
        let from = max(1, head.saturatingSubtracting(PolkadotMapper.statusWindow))
        let range = PolkadotMapper.statusRange(from: from, head: head)
        return try PolkadotMapper.transactionStatus(try await call(.blocks(from: range.from, to: range.to)), hash: hash)
    }

    /// What a keep-alive transfer can spend, fee included: free − reserved − the existential deposit, never below 0.
    static func spendable(_ account: PolkadotAccount, runtime: PolkadotRuntime) -> BigUInt {
        account.free.saturatingSubtracting(account.reserved).saturatingSubtracting(runtime.existentialDeposit)
    }
}

private extension UInt64 {
    func saturatingSubtracting(_ other: UInt64) -> UInt64 { self >= other ? self - other : 0 }
}
