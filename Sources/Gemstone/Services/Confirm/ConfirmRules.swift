import Blockchain
import Primitives

/// The confirm flow's pure decisions: the scan gate, the fee of a priority, the amount at it, and the pending
/// transaction a broadcast stores.
enum ConfirmRules {
    static func chainPriority(_ priority: GemFeePriority) -> FeePriority {
        switch priority {
        case .slow: .slow
        case .normal: .normal
        case .fast: .fast
        }
    }

    static func priority(_ priority: FeePriority) -> GemFeePriority {
        switch priority {
        case .slow: .slow
        case .normal: .normal
        case .fast: .fast
        }
    }

    /// The scan gate (spec "The scanner fails open"): no verdict lets the send through; only an explicit malicious
    /// verdict, or a memo the recipient requires and the transfer lacks, stops it.
    static func gate(_ verdict: ScanVerdict?, recipient: String, memo: String?, symbol: String) throws(GemConfirmError) {
        guard let verdict else { return }
        if verdict.isMalicious { throw .scanMalicious(address: recipient) }
        if verdict.isMemoRequired, (memo ?? "").allSatisfy(\.isWhitespace) { throw .scanMemoRequired(symbol: symbol) }
    }

    /// The fee of `priority`; a chain that offers fewer priorities answers its nearest (normal, else the first).
    static func selectedFee(_ load: TransferLoad, _ priority: GemFeePriority) -> TransferFee? {
        load.fee(chainPriority(priority)) ?? load.fee(.normal) ?? load.fees.first
    }

    /// The amount at `fee`, or the shortfall the account cannot pay (spec: a recoverable failure is a value).
    static func amount(_ load: TransferLoad, fee: TransferFee, asset: Asset, feeAsset: Asset) -> GemTransferAmountResult {
        switch load.check(fee.priority) ?? .sufficient {
        case .sufficient:
            return .amount(amount: GemTransferAmount(value: fee.amount, fee: fee.fee, isMax: load.input.isMax))
        case let .insufficientBalance(required, available):
            return .error(error: .insufficientBalance(asset: asset, requirement: GemBalanceRequirement(required: required, available: available)))
        case let .insufficientFeeBalance(required, available):
            return .error(error: .insufficientNetworkFee(asset: feeAsset, requirement: GemBalanceRequirement(required: required, available: available)))
        case let .belowRecipientMinimum(minimum):
            return .error(error: .belowRecipientMinimum(asset: asset, minimum: minimum))
        }
    }

    /// The confirmation's fee at `priority`: its value, every option, and the amount at it.
    static func fee(_ load: TransferLoad, priority: GemFeePriority, asset: Asset, feeAsset: Asset) throws(GemConfirmError) -> GemConfirmFee {
        guard let fee = selectedFee(load, priority) else { throw .load(message: "\(load.input.chain.id): the load has no fee") }
        return GemConfirmFee(value: fee.fee, selectedPriority: Self.priority(fee.priority),
                             options: load.fees.map { GemFeeOption(priority: Self.priority($0.priority), fee: $0.fee, value: $0.amount) },
                             amount: amount(load, fee: fee, asset: asset, feeAsset: feeAsset))
    }

    /// The pending transaction a broadcast of `load` at `fee` stores.
    static func pending(_ load: TransferLoad, fee: TransferFee, hash: String, walletId: WalletId, createdAt: Int64) -> Transaction {
        let input = load.input
        return Transaction(id: "\(input.chain.id)_\(hash)", hash: hash, walletId: walletId, assetId: input.assetId,
                           feeAssetId: load.feeAssetId, type: .transfer,
                           direction: input.sender == input.recipient ? .selfTransfer : .outgoing, state: .pending,
                           createdAt: createdAt, value: fee.amount, fee: fee.fee, from: input.sender, to: input.recipient,
                           memo: input.memo)
    }
}
