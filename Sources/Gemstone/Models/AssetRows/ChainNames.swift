import Primitives

/// The names a chain goes by in rows (spec: `ChainAsset::from_chain`'s `network_name` and canonical asset).
/// Derived from the native asset names of `ChainConfig` (the specification's `asset.rs`), where an Ethereum
/// layer 2's coin is named "<network> ETH" ("Arbitrum ETH"): its network is the name without " ETH", and the
/// canonical name of its coin is Ethereum's. Every other chain's network is named after its native coin.
public enum ChainNames {
    private static let layer2Suffix = " ETH"

    /// The name of `chain`'s network ("Arbitrum", "Ethereum", "TON").
    public static func network(_ chain: Chain) -> String {
        let name = chain.config.nativeAsset.name
        return name.hasSuffix(layer2Suffix) ? String(name.dropLast(layer2Suffix.count)) : name
    }

    /// The canonical name of `chain`'s native coin: Ethereum's for a layer 2 whose coin is ETH, else its own.
    public static func canonicalNativeAsset(_ chain: Chain) -> String {
        let native = chain.config.nativeAsset
        return native.symbol == "ETH" ? Chain.ethereum.config.nativeAsset.name : native.name
    }
}
