import Primitives

extension GemTransactionDetailRequest: GemProjection {
    public func answer() throws(GemServiceError) -> GemTransactionDetailRows {
        try GemRequestCheck.currency(currency)
        try GemRequestCheck.asset(asset.asset, field: "asset.asset")
        try GemRequestCheck.asset(feeAsset.asset, field: "fee_asset.asset")
        guard asset.asset.id == transaction.assetId else {
            throw .invalidInput(message: "asset.asset.id \(asset.asset.id.id) is not the transaction's asset_id \(transaction.assetId.id)")
        }
        guard feeAsset.asset.id == transaction.feeAssetId else {
            throw .invalidInput(message: "fee_asset.asset.id \(feeAsset.asset.id.id) is not the transaction's fee_asset_id \(transaction.feeAssetId.id)")
        }
        return GemTransactionDetailRules.details(transaction, asset: asset, feeAsset: feeAsset, currency: currency)
    }
}

/// The decisions a transaction's details screen carries (the specification's GemTransactionDetailRows): the same
/// identity, title and signed value as the list row (GemTransactionRules), the value in full, and the rows.
enum GemTransactionDetailRules {
    static func details(_ transaction: Transaction, asset: GemPricedAsset, feeAsset: GemPricedAsset, currency: String) -> GemTransactionDetailRows {
        let decimals = Int(asset.asset.decimals)
        let magnitude = transaction.value.doubleValue(decimals: decimals)
        let value = GemTransactionRules.value(transaction.type, direction: transaction.direction, state: transaction.state,
                                              isZero: transaction.value.isZero, magnitude: magnitude, symbol: asset.asset.symbol, style: .full)
        var fiat: GemFormattedNumber?
        if case .amount = value, let price = asset.price {
            fiat = .currency(magnitude * price, code: currency, style: .fiat)
        }
        return GemTransactionDetailRows(
            id: transaction.id,
            assetId: transaction.assetId,
            type: transaction.type,
            direction: transaction.direction,
            state: transaction.state,
            createdAt: transaction.createdAt,
            title: GemTransactionRules.title(transaction.type, direction: transaction.direction),
            value: value,
            fiat: fiat,
            rows: rows(transaction, feeAsset: feeAsset, currency: currency)
        )
    }

    /// Date, status, the counterparty, the network, the fee the wallet paid, the memo, the hash.
    static func rows(_ transaction: Transaction, feeAsset: GemPricedAsset, currency: String) -> [GemTransactionDetailRow] {
        var rows: [GemTransactionDetailRow] = [
            .date(createdAt: transaction.createdAt),
            .status(state: transaction.state, status: GemTransactionRules.status(transaction.state)),
        ]
        if let counterparty = counterparty(transaction) { rows.append(counterparty) }
        let chain = transaction.assetId.chain
        rows.append(.network(chain: chain, name: ChainNames.network(chain)))
        if paysFee(transaction.direction) {
            let decimals = Int(feeAsset.asset.decimals)
            let fee = GemFormattedNumber.amount(transaction.fee.doubleValue(decimals: decimals), symbol: feeAsset.asset.symbol, style: .full)
            let worth = feeAsset.price.map { GemFormattedNumber.currency(transaction.fee.doubleValue(decimals: decimals) * $0, code: currency, style: .fiat) }
            rows.append(.fee(fee: fee, fiat: worth))
        }
        if let memo = transaction.memo, !memo.isEmpty { rows.append(.memo(memo: memo)) }
        if !transaction.hash.isEmpty {
            rows.append(.hash(hash: transaction.hash, display: formatAddress(transaction.hash, style: .short)))
        }
        return rows
    }

    /// An incoming transaction names who sent it; one the wallet made names whom it went to, where the type has a
    /// counterparty (a transfer, a call, an approval; a swap or a stake names none).
    static func counterparty(_ transaction: Transaction) -> GemTransactionDetailRow? {
        switch transaction.type {
        case .transfer, .transferNFT, .smartContractCall, .tokenApproval:
            if transaction.direction == .incoming {
                guard !transaction.from.isEmpty else { return nil }
                return .sender(address: transaction.from, display: formatAddress(transaction.from, style: .short))
            }
            guard !transaction.to.isEmpty else { return nil }
            return .recipient(address: transaction.to, display: formatAddress(transaction.to, style: .short))
        case .swap, .stakeDelegate, .stakeUndelegate, .stakeRedelegate, .stakeRewards, .stakeWithdraw, .stakeFreeze, .stakeUnfreeze,
             .assetActivation, .perpetualOpenPosition, .perpetualClosePosition, .perpetualModifyPosition, .earnDeposit, .earnWithdraw:
            return nil
        }
    }

    /// The sender of an incoming transfer paid its fee; the wallet paid every other's.
    static func paysFee(_ direction: TransactionDirection) -> Bool {
        direction != .incoming
    }
}
