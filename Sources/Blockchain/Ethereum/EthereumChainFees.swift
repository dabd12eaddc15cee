import Primitives

/// Per-chain EVM fee parameters (the specification's `chain_config.rs`: `min_priority_fee` and `block_time`, as
/// chain-apis.md § 1 tabulates them; fee_calculator.rs `get_fee_history_blocks`).
public struct EthereumChainFees: Sendable, Equatable {
    /// The floor of every priority fee, wei per gas.
    public let minPriorityFee: UInt64
    /// The chain's block time, milliseconds.
    public let blockTimeMilliseconds: UInt64

    /// Whether the chain is an OP-stack rollup whose transactions also pay an L1 data fee (the specification's
    /// `ChainStack::Optimism`: Optimism, Base, opBNB, Celo, World, Ink, Unichain), read from the gas price oracle.
    public let isOpStack: Bool

    public init(minPriorityFee: UInt64, blockTimeMilliseconds: UInt64, isOpStack: Bool = false) {
        self.minPriorityFee = minPriorityFee
        self.blockTimeMilliseconds = blockTimeMilliseconds
        self.isOpStack = isOpStack
    }

    /// How many blocks `eth_feeHistory` asks for: a minute of blocks, at most 15 (5 on Ethereum, 12 on Gnosis).
    public var feeHistoryBlocks: UInt64 {
        min(60_000 / max(blockTimeMilliseconds, 1), 15)
    }

    /// The parameters of an EVM chain; nil for every other chain. The switch is exhaustive, so a new chain must
    /// say whether it has them.
    public static func of(_ chain: Chain) -> EthereumChainFees? {
        switch chain {
        case .ethereum: .init(minPriorityFee: 100_000_000, blockTimeMilliseconds: 12_000)
        case .smartChain: .init(minPriorityFee: 50_000_000, blockTimeMilliseconds: 1_000)
        case .polygon: .init(minPriorityFee: 30_000_000_000, blockTimeMilliseconds: 3_000)
        case .arbitrum: .init(minPriorityFee: 10_000_000, blockTimeMilliseconds: 1_000)
        case .optimism: .init(minPriorityFee: 1_000_000, blockTimeMilliseconds: 2_000, isOpStack: true)
        case .base: .init(minPriorityFee: 5_000_000, blockTimeMilliseconds: 2_000, isOpStack: true)
        case .avalancheC: .init(minPriorityFee: 25_000_000_000, blockTimeMilliseconds: 2_000)
        case .opBNB: .init(minPriorityFee: 1_000_000, blockTimeMilliseconds: 1_000, isOpStack: true)
        case .fantom: .init(minPriorityFee: 3_500_000_000, blockTimeMilliseconds: 1_000)
        case .gnosis: .init(minPriorityFee: 3_000_000_000, blockTimeMilliseconds: 5_000)
        case .seiEvm: .init(minPriorityFee: 1_000_000_000, blockTimeMilliseconds: 400)
        case .manta: .init(minPriorityFee: 10_000_000, blockTimeMilliseconds: 2_000)
        case .blast: .init(minPriorityFee: 200_000_000, blockTimeMilliseconds: 2_000)
        case .zkSync: .init(minPriorityFee: 20_000_000, blockTimeMilliseconds: 1_000)
        case .linea: .init(minPriorityFee: 50_000_000, blockTimeMilliseconds: 1_000)
        case .mantle: .init(minPriorityFee: 10_000_000, blockTimeMilliseconds: 1_000)
        case .celo: .init(minPriorityFee: 10_000_000, blockTimeMilliseconds: 1_000, isOpStack: true)
        case .world: .init(minPriorityFee: 1_000_000, blockTimeMilliseconds: 2_000, isOpStack: true)
        case .sonic: .init(minPriorityFee: 10_000_000, blockTimeMilliseconds: 500)
        case .plasma: .init(minPriorityFee: 100_000, blockTimeMilliseconds: 2_000)
        case .abstract: .init(minPriorityFee: 1_000_000, blockTimeMilliseconds: 1_000)
        case .berachain: .init(minPriorityFee: 1_000_000_000, blockTimeMilliseconds: 2_000)
        case .ink: .init(minPriorityFee: 1_000_000, blockTimeMilliseconds: 1_000, isOpStack: true)
        case .unichain: .init(minPriorityFee: 1_000_000, blockTimeMilliseconds: 1_000, isOpStack: true)
        case .hyperliquid: .init(minPriorityFee: 1_000_000_000, blockTimeMilliseconds: 2_000)
        case .monad: .init(minPriorityFee: 1_000_000_000, blockTimeMilliseconds: 500)
        case .xLayer: .init(minPriorityFee: 1_000_000_000, blockTimeMilliseconds: 2_000)
        case .stable: .init(minPriorityFee: 1_000_000, blockTimeMilliseconds: 1_000)
        case .bitcoin, .bitcoinCash, .litecoin, .doge, .zcash, .solana, .thorchain, .cosmos, .osmosis, .ton, .tron, .aptos,
             .sui, .xrp, .celestia, .injective, .sei, .noble, .near, .stellar, .algorand, .polkadot, .cardano, .hyperCore:
            nil
        }
    }
}
