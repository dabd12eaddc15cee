/// The kind of an asset. Raw values are the specification's stored strings (`asset_type.rs`, uppercase).
public enum AssetType: String, CaseIterable, Sendable, Hashable, Codable {
    /// A chain's own coin.
    case native = "NATIVE"
    /// EVM token.
    case erc20 = "ERC20"
    /// BNB Chain token.
    case bep20 = "BEP20"
    /// Solana SPL token.
    case spl = "SPL"
    /// Solana Token-2022 token.
    case spl2022 = "SPL2022"
    /// Tron token.
    case trc20 = "TRC20"
    /// Sui or Aptos coin.
    case token = "TOKEN"
    /// Cosmos IBC denom.
    case ibc = "IBC"
    /// TON jetton.
    case jetton = "JETTON"
    /// Thorchain synthetic asset.
    case synth = "SYNTH"
    /// Algorand standard asset.
    case asa = "ASA"
    case perpetual = "PERPETUAL"
    case spot = "SPOT"
}
