import GemCrypto
import Primitives

/// Sui transfers of SUI (split from the gas coin) and of another coin type (its coin objects merged, the amount
/// split off), as programmable transactions signed with Ed25519.
///
/// - preload: `suix_getCoins` of SUI (the first page: the gas coins; their sum is the SUI balance), and for a token
///   `suix_getCoins` of its coin type (the first page; their sum is the token balance); in that order.
/// - fee rates: `suix_getReferenceGasPrice` (slow the reference price, normal 110 %, fast twice it).
/// - load: no request (no dry run). Every priority signs the gas budget `SuiPreload.transferGasBudget` (25,000,000
///   MIST) at its gas price; the budget is the most the transaction can pay, so it is each priority's fee.
/// - broadcast: `sui_executeTransactionBlock` (`SuiClient.broadcast(_:)`; the answered digest must be the signed one);
///   status: `sui_getTransactionBlock`.
extension SuiClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .ed25519 }

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        let gas = try await coins(owner: input.sender, coinType: SuiMapper.suiCoinType).coins
        let gasTotal = gas.reduce(BigUInt.zero) { $0 + $1.balance }
        guard let coinType = input.assetId.tokenId,
              SuiMapper.normalizedCoinType(coinType) != SuiMapper.normalizedCoinType(SuiMapper.suiCoinType) else {
            return TransferPreload(balance: gasTotal, feeBalance: gasTotal, chain: .sui(gasCoins: gas, tokenCoins: nil))
        }
        let tokens = try await coins(owner: input.sender, coinType: coinType).coins
        return TransferPreload(balance: tokens.reduce(BigUInt.zero) { $0 + $1.balance }, feeBalance: gasTotal,
                               chain: .sui(gasCoins: gas, tokenCoins: tokens))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return try await feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .sui(gasCoins, tokenCoins) = preload.chain else { throw .unsupported("a Sui load needs a Sui preload") }
        let budget = SuiPreload.transferGasBudget
        let fees = rates.rates.map { rate in
            TransferFee(priority: rate.priority, fee: BigUInt(budget), amount: TransferLoad.amount(input, balance: preload.balance, fee: BigUInt(budget)))
        }
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, chain: .sui(gasCoins: gasCoins, tokenCoins: tokenCoins, gasBudget: budget))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .ed25519(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .sui(gasCoins, tokenCoins, budget) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority), let price = load.rates.rate(priority)?.uint64 else { throw .missingField("fee_rate") }
        let input = SuiSignerInput(asset: tokenCoins.map { .coin(coins: $0) } ?? .sui, recipient: load.input.recipient, amount: fee.amount,
                                   gasCoins: gasCoins, gasPrice: price, gasBudget: budget)
        return try SuiSigner.sign(input, key: privateKey)
    }

    public func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        try await status(digest: hash)
    }
}
