import GemCrypto
import Primitives

/// Cosmos-family bank sends (`MsgSend`, SIGN_MODE_DIRECT) of the native denom or of another bank denom (the
/// asset's token id: an IBC voucher, a `factory/…` denom), with the app's fixed fee: no simulation.
///
/// - preload: `GET /cosmos/bank/v1beta1/balances/{sender}` (the native denom and the denom sent, one request; a
///   paged list's `by_denom` for a denom not on its first page), then `GET /cosmos/auth/v1beta1/accounts/{sender}`
///   (account number and sequence). An account the chain has never seen (NotFound) holds nothing: the preload
///   answers it with no account and zero balances, and `TransferLoad.check` reports the shortfall.
/// - fee rates: no request (`CosmosMapper.feeRates`: the base fee at normal, twice it at fast; Thorchain normal only).
/// - load: no request. A priority's fee is its rate, the fee the signed transaction carries (Thorchain's fixed native
///   fee is taken by the chain, not written in the transaction), with the gas limit `CosmosMapper.transferGasLimit`.
/// - broadcast: `POST /cosmos/tx/v1beta1/txs` (`BROADCAST_MODE_SYNC`); status: `GET /cosmos/tx/v1beta1/txs/{hash}`.
extension CosmosClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .secp256k1 }

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        guard let native = chain.config.denom else { throw .malformed("\(chain.id) has no native denom") }
        let denom = input.assetId.tokenId ?? native
        let denoms = denom == native ? [native] : [native, denom]
        let amounts = try await denomBalances(address: input.sender, denoms: denoms)
        let account: CosmosAccount?
        do {
            account = try await self.account(address: input.sender)
        } catch {
            guard case .notFound = error else { throw error }
            account = nil
        }
        return TransferPreload(balance: amounts[amounts.count - 1], feeBalance: amounts[0], chain: .cosmos(account: account))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .cosmos(account) = preload.chain else { throw .unsupported("a Cosmos load needs a Cosmos preload") }
        let fees = rates.rates.map { rate in
            TransferFee(priority: rate.priority, fee: rate.value, amount: TransferLoad.amount(input, balance: preload.balance, fee: rate.value))
        }
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, chain: .cosmos(account: account, gasLimit: CosmosMapper.transferGasLimit))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .secp256k1(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .cosmos(account, gasLimit) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority) else { throw .missingField("fee_rate") }
        guard let native = chain.config.denom else { throw .invalidField("chain", reason: "\(chain.id) has no native denom") }
        let input = CosmosSignerInput(chain: chain, recipient: load.input.recipient, denom: load.input.assetId.tokenId ?? native,
                                      amount: fee.amount, memo: load.input.memo ?? "", fee: fee.fee, gasLimit: gasLimit,
                                      accountNumber: account?.accountNumber, sequence: account?.sequence, balance: load.feeBalance,
                                      tokenBalance: load.input.isNative ? nil : load.balance)
        return try CosmosSigner.sign(input, key: privateKey)
    }

    public func broadcast(_ signed: SignedTransaction) async throws(ChainClientError) -> String {
        let hash = try await broadcast(encoded: signed.encoded)
        guard signed.hash.isEmpty || hash.uppercased() == signed.hash.uppercased() else {
            throw .malformed("the node answered txhash \(ChainClientError.prefix(hash, 64)) for transaction \(signed.hash)")
        }
        return hash
    }

    public func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        try await status(hash: hash)
    }
}
