/// What a transaction does.
public enum TransactionType: String, CaseIterable, Sendable, Hashable, Codable {
    case transfer
    case transferNFT = "transfer_nft"
    case swap
    case tokenApproval = "token_approval"
    case stakeDelegate = "stake_delegate"
    case stakeUndelegate = "stake_undelegate"
    case stakeRewards = "stake_rewards"
    case stakeRedelegate = "stake_redelegate"
    case stakeWithdraw = "stake_withdraw"
    case stakeFreeze = "stake_freeze"
    case stakeUnfreeze = "stake_unfreeze"
    case assetActivation = "asset_activation"
    case smartContractCall = "smart_contract_call"
    case perpetualOpenPosition = "perpetual_open_position"
    case perpetualClosePosition = "perpetual_close_position"
    case perpetualModifyPosition = "perpetual_modify_position"
    case earnDeposit = "earn_deposit"
    case earnWithdraw = "earn_withdraw"
}
