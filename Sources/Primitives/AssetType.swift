/// The kind of an asset. Cases are the specification's (`asset_type.rs`); raw values are their names in snake_case (DESIGN § 3).
public enum AssetType: String, CaseIterable, Sendable, Hashable, Codable {
    /// A chain's own coin.
    case native = "native"
    /// EVM token.
    case erc20 = "erc20"
    /// BNB Chain token.
    case bep20 = "bep20"
    /// Solana SPL token.
    case spl = "spl"
    /// Solana Token-2022 token.
    case spl2022 = "spl2022"
    /// Tron token.
    case trc20 = "trc20"
    /// Sui or Aptos coin.
    case token = "token"
    /// Cosmos IBC denom.
    case ibc = "ibc"
    /// TON jetton.
    case jetton = "jetton"
    /// Thorchain synthetic asset.
    case synth = "synth"
    /// Algorand standard asset.
    case asa = "asa"
    case perpetual = "perpetual"
    case spot = "spot"
}
