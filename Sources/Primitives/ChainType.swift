/// A chain family: chains of one family share address rules, signing and node requests and differ only by
/// `ChainConfig`. Every EVM chain is `.ethereum`. The raw value is the specification's lowercase string.
public enum ChainType: String, CaseIterable, Sendable, Hashable, Codable {
    case ethereum
    case bitcoin
    case solana
    case cosmos
    case ton
    case tron
    case aptos
    case sui
    case xrp
    case near
    case stellar
    case algorand
    case polkadot
    case cardano
    case hyperCore = "hypercore"

    /// The chains of this family, in `Chain.allCases` order.
    public var chains: [Chain] { Chain.allCases.filter { $0.type == self } }
}
