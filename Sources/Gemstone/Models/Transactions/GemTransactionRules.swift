import Primitives

/// Builds a page of transaction rows in one call (spec: "one call per list, not one per row").
/// Every transaction's asset and fee asset must be in `assets`; prices are in `currency`.
public func transactionRows(_ transactions: [Transaction], assets: [GemPricedAsset], currency: String) throws(GemServiceError) -> [GemTransactionRow] {
    var rows: [GemTransactionRow] = []
    rows.reserveCapacity(transactions.count)
    try forEachTransactionRow(transactions, assets: assets, currency: currency) { rows.append(copy $0) }
    return rows
}

/// The rows of `transactionRows`, handed to `body` one at a time as they are built, so a page
/// can be written out without being held; throws before `body` sees the row of a transaction
/// whose asset is not among `assets`.
public func forEachTransactionRow(_ transactions: [Transaction], assets: [GemPricedAsset], currency: String,
                                  _ body: (borrowing GemTransactionRow) -> Void) throws(GemServiceError) {
    var byId: [AssetId: Int] = [:]
    byId.reserveCapacity(assets.count)
    for index in assets.indices { byId[assets[index].asset.id] = index }  // the last of a repeated id wins
    // What a row reads of its asset, once per asset.
    let facts = assets.map { GemTransactionRules.AssetFacts(decimals: Int($0.asset.decimals), symbol: $0.asset.symbol, price: $0.price) }
    // A page usually holds runs of one asset: the last match answers before the dictionary does.
    var last: Int?
    for index in transactions.indices {
        let asset: Int
        if let last, assets[last].asset.id == transactions[index].assetId {
            asset = last
        } else if let found = byId[transactions[index].assetId] {
            asset = found
            last = found
        } else {
            throw .invalidInput(message: "transaction \(transactions[index].id) names asset \(transactions[index].assetId.id), which is not among the assets")
        }
        body(GemTransactionRules.row(transactions, index, asset: facts[asset], currency: currency))
    }
}

/// The decisions a transaction row carries, each its own rule.
enum GemTransactionRules {
    /// What a row reads of its asset.
    struct AssetFacts {
        let decimals: Int
        let symbol: String
        let price: Double?
    }

    /// The row of `transactions[index]`, read field by field: passed whole, a transaction held in
    /// an array was copied for the call (a retain and a release of each of its strings).
    @inline(never)
    static func row(_ transactions: [Transaction], _ index: Int, asset: AssetFacts, currency: String) -> GemTransactionRow {
        let type = transactions[index].type, direction = transactions[index].direction, state = transactions[index].state
        let magnitude = transactions[index].value.doubleValue(decimals: asset.decimals)
        let value = value(type, direction: direction, state: state, isZero: transactions[index].value.isZero, magnitude: magnitude, symbol: asset.symbol)
        var fiat: GemFormattedNumber?
        if case .amount = value, let price = asset.price {
            fiat = .currency(magnitude * price, code: currency, style: .fiat)
        }
        return GemTransactionRow(
            id: transactions[index].id,
            assetId: transactions[index].assetId,
            type: type,
            direction: direction,
            state: state,
            createdAt: transactions[index].createdAt,
            title: title(type, direction: direction),
            subtitle: subtitle(type, direction: direction, counterparty: direction == .incoming ? transactions[index].from : transactions[index].to),
            value: value,
            fiat: fiat,
            status: status(state)
        )
    }

    /// Transfers are titled by direction; every other type by what it does.
    static func title(_ type: TransactionType, direction: TransactionDirection) -> GemTransactionTitle {
        switch type {
        case .transfer:
            switch direction {
            case .outgoing: .sent
            case .incoming: .received
            case .selfTransfer: .selfTransfer
            }
        case .transferNFT: direction == .incoming ? .nftReceived : .nftSent
        case .swap: .swap
        case .tokenApproval: .approval
        case .stakeDelegate: .stake
        case .stakeUndelegate: .unstake
        case .stakeRedelegate: .redelegate
        case .stakeRewards: .rewards
        case .stakeWithdraw: .withdraw
        case .stakeFreeze: .freeze
        case .stakeUnfreeze: .unfreeze
        case .assetActivation: .activation
        case .smartContractCall: .contractCall
        case .perpetualOpenPosition: .openPosition
        case .perpetualClosePosition: .closePosition
        case .perpetualModifyPosition: .modifyPosition
        case .earnDeposit: .earnDeposit
        case .earnWithdraw: .earnWithdraw
        }
    }

    /// The counterparty of a transaction that has one: whom it was sent to, whom it came from.
    static func subtitle(_ type: TransactionType, direction: TransactionDirection, counterparty address: String) -> GemTransactionSubtitle {
        switch type {
        case .transfer, .transferNFT, .smartContractCall, .tokenApproval:
            guard !address.isEmpty else { return .none }
            let short = formatAddress(address, style: .short)
            return direction == .incoming ? .from(address: short) : .to(address: short)
        case .swap, .stakeDelegate, .stakeUndelegate, .stakeRedelegate, .stakeRewards, .stakeWithdraw, .stakeFreeze, .stakeUnfreeze,
             .assetActivation, .perpetualOpenPosition, .perpetualClosePosition, .perpetualModifyPosition, .earnDeposit, .earnWithdraw:
            return .none
        }
    }

    /// A sign only where value enters or leaves the wallet: transfers and calls by direction, a swap
    /// spends, rewards arrive; staking, earning and positions move value within the wallet. A
    /// transaction that failed moved nothing.
    static func sign(_ type: TransactionType, direction: TransactionDirection, state: TransactionState) -> GemAmountSign {
        guard !state.isUnsuccessful else { return .none }
        switch type {
        case .transfer, .transferNFT, .smartContractCall:
            switch direction {
            case .incoming: return .plus
            case .outgoing: return .minus
            case .selfTransfer: return .none
            }
        case .swap: return .minus
        case .stakeRewards: return .plus
        case .tokenApproval, .stakeDelegate, .stakeUndelegate, .stakeRedelegate, .stakeWithdraw, .stakeFreeze, .stakeUnfreeze,
             .assetActivation, .perpetualOpenPosition, .perpetualClosePosition, .perpetualModifyPosition, .earnDeposit, .earnWithdraw:
            return .none
        }
    }

    /// What the row shows: nothing for an activation, an NFT or a call that moved no value, the
    /// symbol for an approval, otherwise the amount signed and toned (a list row in the short style, a
    /// details header in full).
    static func value(_ type: TransactionType, direction: TransactionDirection, state: TransactionState, isZero: Bool, magnitude: Double,
                      symbol: String, style: GemValueStyle = .short) -> GemTransactionValue {
        switch type {
        case .assetActivation, .transferNFT: return .none
        case .tokenApproval: return .symbol(symbol: symbol)
        case .smartContractCall where isZero: return .none
        default: break
        }
        let sign = sign(type, direction: direction, state: state)
        var amount = GemFormattedNumber.amount(sign == .minus ? -magnitude : magnitude, symbol: symbol, style: style)
        amount.notation = sign == .none ? .plain : .signed
        amount.tone = tone(sign, state: state)
        return .amount(amount: amount)
    }

    /// Arriving value reads positive, leaving and moving value plain, and a transaction that
    /// failed neutral.
    static func tone(_ sign: GemAmountSign, state: TransactionState) -> GemValueTone {
        if state.isUnsuccessful { return .neutral }
        return sign == .plus ? .positive : .plain
    }

    /// Confirmed shows no badge; in flight a spinning warning badge; unsuccessful a negative one.
    static func status(_ state: TransactionState) -> GemTransactionStatus {
        GemTransactionStatus(tone: stateTone(state), showsBadge: state != .confirmed, showsProgress: state.isInFlight)
    }

    static func stateTone(_ state: TransactionState) -> GemValueTone {
        switch state {
        case .confirmed: .positive
        case .pending, .inTransit: .warning
        case .failed, .reverted: .negative
        }
    }
}
