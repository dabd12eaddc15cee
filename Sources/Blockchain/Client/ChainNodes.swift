import Primitives

/// The nodes every chain ships with, the first the default. Sources, each named again on its chain:
/// - "core": gemwalletcom/core `crates/primitives/src/node_config.rs` `get_nodes_for_chain` (at 4e39193, the list
///   gemstone offers the apps; chain-apis.md § 0.6 and the node tables of §§ 1, 4 and 3–15).
/// - "settings": the same repository's `Settings.yaml` `chains.<chain>.url` (the backend's node, used where core's
///   list is empty or its node answers another network).
/// - "gemnodes": the wallet apps' own default, `https://gemnodes.com/<chain id>` and its EU and Asia mirrors
///   (gemwalletcom/wallet `ios/Packages/Primitives/Sources/Constants.swift`, `ProviderFactory.swift`, chain-apis.md
///   § 0.6), listed last on every chain.
public enum ChainNodes {
    /// The built-in node URLs of `chain` (https, no trailing slash), the default first.
    public static func builtin(_ chain: Chain) -> [String] {
        publicNodes(chain) + gemNodes(chain)
    }

    /// gemnodes: the apps' default host and its mirrors (priority US 10, EU 9, Asia 8).
    static func gemNodes(_ chain: Chain) -> [String] {
        ["https://gemnodes.com/\(chain.id)", "https://eu.gemnodes.com/\(chain.id)", "https://asia.gemnodes.com/\(chain.id)"]
    }

    /// The chain's public nodes: core's list, then the settings node when it is another one.
    static func publicNodes(_ chain: Chain) -> [String] {
        switch chain {
        // Bitcoin family: core lists none; settings (Blockbook).
        case .bitcoin: ["https://blockbook.btc.zelcore.io"]
        case .bitcoinCash: ["https://blockbook.bch.zelcore.io"]
        case .litecoin: ["https://blockbook.ltc.zelcore.io"]
        case .doge: ["https://blockbook.doge.zelcore.io"]
        case .zcash: ["https://blockbook.zec.zelcore.io"]

        // EVM: core, then settings.
        case .ethereum: ["https://ethereum.publicnode.com", "https://ethereum-rpc.polkachu.com", "https://eth.merkle.io", "https://eth-pokt.nodies.app"]
        case .smartChain: ["https://bsc.publicnode.com", "https://bsc.merkle.io", "https://bsc-dataseed1.bnbchain.org"]
        case .polygon: ["https://polygon.llamarpc.com", "https://polygon-rpc.com", "https://polygon.publicnode.com"]
        case .arbitrum: ["https://arb1.arbitrum.io/rpc", "https://arbitrum-rpc.polkachu.com", "https://arbitrum-one.publicnode.com"]
        case .optimism: ["https://mainnet.optimism.io", "https://optimism-rpc.polkachu.com"]
        case .base: ["https://mainnet.base.org", "https://base-rpc.polkachu.com", "https://base.merkle.io"]
        case .avalancheC: ["https://avalanche.drpc.org", "https://api.avax.network/ext/bc/C/rpc"]
        case .opBNB: ["https://opbnb.drpc.org", "https://opbnb-mainnet-rpc.bnbchain.org"]
        case .fantom: ["https://fantom.drpc.org", "https://rpc.fantom.network", "https://fantom.publicnode.com"]
        case .gnosis: ["https://gnosis.drpc.org", "https://rpc.gnosischain.com", "https://gnosis.publicnode.com"]
        case .seiEvm: ["https://evm-rpc.sei-apis.com", "https://evm-rpc-sei.stingray.plus", "https://sei-evm-rpc.publicnode.com"]
        case .manta: ["https://pacific-rpc.manta.network/http", "https://manta-pacific.drpc.org"]
        case .blast: ["https://blast-rpc.polkachu.com", "https://rpc.blastblockchain.com"]
        case .zkSync: ["https://zksync.drpc.org", "https://mainnet.era.zksync.io"]
        case .linea: ["https://linea-rpc.polkachu.com", "https://linea.drpc.org"]
        case .mantle: ["https://rpc.mantle.xyz"]
        case .celo: ["https://forno.celo.org"]  // core lists none; settings
        case .world: ["https://worldchain-mainnet.gateway.tenderly.co"]
        case .sonic: ["https://rpc.soniclabs.com"]
        case .plasma: ["https://rpc.plasma.to"]
        case .abstract: ["https://api.mainnet.abs.xyz"]
        case .berachain: ["https://rpc.berachain.com"]
        case .ink: ["https://rpc-qnd.inkonchain.com", "https://rpc-gel.inkonchain.com"]
        case .unichain: ["https://mainnet.unichain.org", "https://unichain-rpc.publicnode.com"]
        case .hyperliquid:
            ["https://rpc.hyperliquid.xyz/evm", "https://rpc.hypurrscan.io", "https://rpc.hyperlend.finance", "https://hyperliquid-json-rpc.stakely.io"]
        case .monad: ["https://rpc.monad.xyz", "https://rpc1.monad.xyz"]
        case .xLayer: ["https://rpc.xlayer.tech", "https://xlayerrpc.okx.com"]
        case .stable: ["https://rpc.stable.xyz"]

        // Cosmos family (REST/LCD): core, then settings.
        case .cosmos: ["https://cosmos-rest.publicnode.com", "https://cosmos-api.polkachu.com", "https://rest.cosmos.directory/cosmoshub"]
        case .osmosis: ["https://osmosis-rest.publicnode.com", "https://osmosis-api.polkachu.com"]
        case .celestia: ["https://celestia-rest.publicnode.com", "https://celestia-api.polkachu.com"]
        case .thorchain: ["https://daemon.thorchain.shapeshift.com/lcd", "https://thornode.ninerealms.com"]
        case .injective: ["https://injective-rest.publicnode.com", "https://injective-api.polkachu.com"]
        case .sei: ["https://rest.sei-apis.com", "https://api-sei.stingray.plus", "https://sei-api.polkachu.com"]
        case .noble: ["https://rest.cosmos.directory/noble", "https://noble-api.polkachu.com"]

        // The other families: core, then settings.
        case .solana: ["https://api.mainnet-beta.solana.com", "https://solana-rpc.publicnode.com"]
        case .ton: ["https://toncenter.com"]
        case .tron: ["https://api.trongrid.io", "https://api.frankfurt.trongrid.io", "https://tron-rpc.publicnode.com"]
        case .aptos: ["https://fullnode.mainnet.aptoslabs.com", "https://aptos-fullnode.polkachu.com"]
        case .sui: ["https://sui-rpc.publicnode.com", "https://rpc-mainnet.suiscan.xyz", "https://suins-rpc.mainnet.sui.io"]
        case .xrp: ["https://s1.ripple.com:51234", "https://s2.ripple.com:51234", "https://xrplcluster.com"]
        case .near: ["https://rpc.mainnet.near.org", "https://rpc.mainnet.fastnear.com"]
        case .stellar: ["https://horizon.stellar.org"]
        case .algorand: ["https://mainnet-api.algonode.cloud"]
        // Settings only: core's `polkadot-public-sidecar` serves the relay chain ("Polkadot"), not Asset Hub, so
        // its network id would not match the chain's "Polkadot Asset Hub".
        case .polkadot: ["https://polkadot-asset-hub-public-sidecar.parity-chains.parity.io"]
        // Core lists none and settings has "": only the apps' gemnodes default.
        case .cardano: []
        case .hyperCore: ["https://api.hyperliquid.xyz"]
        }
    }
}
