/// A chain the wallet supports. The raw value is the string id the specification's apps store and send
/// (`bitcoin`, `smartchain`, `avalanchec`, …); it is also the chain's JSON form and the first part of an `AssetId`.
///
/// Case order follows the specification's `Chain` enum, so `allCases` lists chains in the apps' order.
public enum Chain: String, CaseIterable, Sendable, Hashable, Codable {
    case bitcoin
    case bitcoinCash = "bitcoincash"
    case litecoin
    case ethereum
    case smartChain = "smartchain"
    case solana
    case polygon
    case thorchain
    case cosmos
    case osmosis
    case arbitrum
    case ton
    case tron
    case doge
    case zcash
    case optimism
    case aptos
    case base
    case avalancheC = "avalanchec"
    case sui
    case xrp
    case opBNB = "opbnb"
    case fantom
    case gnosis
    case celestia
    case injective
    case sei
    case seiEvm = "seievm"
    case manta
    case blast
    case noble
    case zkSync = "zksync"
    case linea
    case mantle
    case celo
    case near
    case world
    case stellar
    case sonic
    case algorand
    case polkadot
    case plasma
    case cardano
    case abstract
    case berachain
    case ink
    case unichain
    /// HyperEVM, the EVM side of Hyperliquid.
    case hyperliquid
    /// HyperCore, Hyperliquid's own L1 (not an EVM chain, though it uses Ethereum addresses).
    case hyperCore = "hypercore"
    case monad
    case xLayer = "xlayer"
    case stable

    /// Parses a stored chain id. Ids are exact and lowercase; anything else is `nil`.
    public init?(id: String) {
        self.init(rawValue: id)
    }

    /// The stored string id.
    public var id: String { rawValue }

    /// Everything that differs between chains, as data.
    public var config: ChainConfig { ChainConfig.of(self) }

    /// The chain's family.
    public var type: ChainType { config.type }

    /// The id of the chain's native asset: the bare chain id.
    public var assetId: AssetId { AssetId(chain: self) }

    /// The chain's native asset.
    public var asset: Asset {
        let native = config.nativeAsset
        return Asset(id: assetId, name: native.name, symbol: native.symbol, decimals: native.decimals, type: .native)
    }
}

extension Chain: CustomStringConvertible {
    public var description: String { rawValue }
}

extension Chain {
    /// Decodes a chain from its string id, naming the unknown id in the error (the synthesized
    /// conformance would speak of Swift types instead).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let id = try container.decode(String.self)
        guard let chain = Chain(rawValue: id) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown chain id \"\(JSONCodec.excerpt(id))\"")
        }
        self = chain
    }
}
