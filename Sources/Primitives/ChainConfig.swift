/// Everything that differs between chains, as data. Chains of one family differ only here.
///
/// Sources (see /work/shared/reference/chains.md, which cites them by file and commit):
/// ids, `ChainType`, network ids, slip44 and denoms from the specification's `chain_config.rs`; native asset
/// names, symbols and decimals from its `asset.rs`; curves, default derivation paths and address formats from
/// Trust Wallet Core 4.3.22 registry.json, which the specification's apps derive with (Solana: the apps'
/// `solanaSolana` derivation, m/44'/501'/0'/0').
public struct ChainConfig: Sendable, Hashable, Codable {
    public let chain: Chain
    public let type: ChainType
    /// The specification's `network_id`: the EVM chain id in decimal for EVM chains, otherwise the chain's
    /// genesis hash, chain id or network name (empty for XRP).
    public let networkId: String
    /// The specification's `slip44`. Not always the path's coin type (smartchain 9006 and avalanchec 9005
    /// derive with coin type 60).
    public let slip44: UInt32
    /// The native denomination on Cosmos chains, Aptos and Sui.
    public let denom: String?
    public let nativeAsset: NativeAsset
    /// The name of the block explorer the wallet links to by default (the specification's app: the first of
    /// `get_block_explorers(chain)` in gemwalletcom/core `crates/primitives/src/block_explorer.rs`).
    public let explorerName: String
    public let curve: Curve
    /// The path the wallet derives the chain's default account with (`m/44'/60'/0'/0/0`; `'` marks hardened
    /// levels). GemCrypto's `DerivationPath` parses it.
    public let derivationPath: String
    public let addressFormat: AddressFormat

    /// The EIP-155 chain id, for EVM chains only.
    public var evmChainId: UInt64? {
        type == .ethereum ? UInt64(networkId) : nil
    }
}

/// A chain's native coin as the wallet lists it.
public struct NativeAsset: Sendable, Hashable, Codable {
    public let name: String
    public let symbol: String
    public let decimals: Int32
}

extension ChainConfig {
    /// The configuration of `chain`. The switch is exhaustive, so a new chain cannot lack one.
    static func of(_ chain: Chain) -> ChainConfig {
        switch chain {
        case .bitcoin:
            utxo(chain, "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f", 0, "Bitcoin", "BTC",
                 explorer: "Blockchair", path: "m/84'/0'/0'/0/0", kind: .p2wpkh,
                 network: UTXONetwork(segwitHrp: "bc", cashAddrPrefix: nil, p2pkhPrefix: [0x00], p2shPrefix: [0x05],
                                      extendedPublicKey: .zpub))
        case .bitcoinCash:
            utxo(chain, "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f", 145, "Bitcoin Cash", "BCH",
                 explorer: "Blockchair", path: "m/44'/145'/0'/0/0", kind: .cashAddrP2PKH,
                 network: UTXONetwork(segwitHrp: nil, cashAddrPrefix: "bitcoincash", p2pkhPrefix: [0x00],
                                      p2shPrefix: [0x05], extendedPublicKey: .xpub))
        case .litecoin:
            utxo(chain, "12a765e31ffd4059bada1e25190f6e98c99d9714d334efa41a195a7e7e04bfe2", 2, "Litecoin", "LTC",
                 explorer: "Blockchair", path: "m/84'/2'/0'/0/0", kind: .p2wpkh,
                 network: UTXONetwork(segwitHrp: "ltc", cashAddrPrefix: nil, p2pkhPrefix: [0x30], p2shPrefix: [0x32],
                                      extendedPublicKey: .zpub))
        case .doge:
            utxo(chain, "1a91e3dace36e2be3bf030a65679fe821aa1d6ef92e7c9902eb318182c355691", 3, "Dogecoin", "DOGE",
                 explorer: "Blockchair", path: "m/44'/3'/0'/0/0", kind: .p2pkh,
                 network: UTXONetwork(segwitHrp: nil, cashAddrPrefix: nil, p2pkhPrefix: [0x1E], p2shPrefix: [0x16],
                                      extendedPublicKey: .dgub))
        case .zcash:
            utxo(chain, "00040fe8ec8471911baa1db1266ea15dd06b4a8a5c453883c000b031973dce08", 133, "Zcash", "ZEC",
                 explorer: "Blockchair", path: "m/44'/133'/0'/0/0", kind: .p2pkh,
                 network: UTXONetwork(segwitHrp: nil, cashAddrPrefix: nil, p2pkhPrefix: [0x1C, 0xB8],
                                      p2shPrefix: [0x1C, 0xBD], extendedPublicKey: .xpub, texHrp: "tex"))

        case .ethereum: evm(chain, 1, slip44: 60, "Ethereum", "ETH", explorer: "Etherscan")
        case .smartChain: evm(chain, 56, slip44: 9006, "BNB Chain", "BNB", explorer: "BscScan")
        case .polygon: evm(chain, 137, "Polygon", "POL", explorer: "PolygonScan")
        case .arbitrum: evm(chain, 42161, "Arbitrum ETH", "ETH", explorer: "ArbiScan")
        case .optimism: evm(chain, 10, "Optimism ETH", "ETH", explorer: "Etherscan")
        case .base: evm(chain, 8453, "Base ETH", "ETH", explorer: "BaseScan")
        case .avalancheC: evm(chain, 43114, slip44: 9005, "Avalanche", "AVAX", explorer: "SnowScan")
        case .opBNB: evm(chain, 204, "opBNB", "BNB", explorer: "opBNBScan")
        case .fantom: evm(chain, 250, "Fantom", "FTM", explorer: "FTMScan")
        case .gnosis: evm(chain, 100, "Gnosis Chain", "xDai", explorer: "GnosisScan")
        case .seiEvm: evm(chain, 1329, "Sei EVM", "SEI", explorer: "Seiscan")
        case .manta: evm(chain, 169, "Manta ETH", "ETH", explorer: "Pacific Explorer")
        case .blast: evm(chain, 81457, "Blast ETH", "ETH", explorer: "BlastScan")
        case .zkSync: evm(chain, 324, "zkSync ETH", "ETH", explorer: "zkSync.io")
        case .linea: evm(chain, 59144, "Linea ETH", "ETH", explorer: "LineaScan")
        case .mantle: evm(chain, 5000, "Mantle", "MNT", explorer: "Mantle Explorer")
        case .celo: evm(chain, 42220, "Celo", "CELO", explorer: "BlockScout")
        case .world: evm(chain, 480, "World ETH", "ETH", explorer: "WorldScan")
        case .sonic: evm(chain, 146, "Sonic", "S", explorer: "SonicScan")
        case .plasma: evm(chain, 9745, "Plasma", "XPL", explorer: "PlasmaScan")
        case .abstract: evm(chain, 2741, "Abstract", "ETH", explorer: "Abscan")
        case .berachain: evm(chain, 80094, "Berachain", "BERA", explorer: "Berascan")
        case .ink: evm(chain, 57073, "Ink ETH", "ETH", explorer: "RouteScan")
        case .unichain: evm(chain, 130, "Unichain ETH", "ETH", explorer: "Uniscan")
        case .hyperliquid: evm(chain, 999, "HyperEVM", "HYPE", explorer: "HyperEvmScan")
        case .monad: evm(chain, 143, "Monad", "MON", explorer: "Monadscan")
        case .xLayer: evm(chain, 196, "X Layer", "OKB", explorer: "OKX Explorer")
        case .stable: evm(chain, 988, "Stable", "gUSDT", explorer: "Stablescan")

        case .hyperCore:
            ChainConfig(chain: chain, type: .hyperCore, networkId: "1337", slip44: 60, denom: nil,
                        nativeAsset: NativeAsset(name: "Hyperliquid", symbol: "HYPE", decimals: 8),
                        explorerName: "Hyperliquid", curve: .secp256k1, derivationPath: evmPath, addressFormat: .eip55)

        case .cosmos:
            cosmos(chain, "cosmoshub-4", 118, "uatom", "Cosmos", "ATOM", 6, hrp: "cosmos", explorer: "Mintscan")
        case .osmosis: cosmos(chain, "osmosis-1", 118, "uosmo", "Osmosis", "OSMO", 6, hrp: "osmo", explorer: "Mintscan")
        case .celestia:
            cosmos(chain, "celestia", 118, "utia", "Celestia", "TIA", 6, hrp: "celestia", explorer: "Mintscan")
        case .sei: cosmos(chain, "pacific-1", 118, "usei", "Sei", "SEI", 6, hrp: "sei", explorer: "Mintscan")
        case .noble: cosmos(chain, "noble-1", 118, "uusdc", "Noble", "USDC", 6, hrp: "noble", explorer: "Mintscan")
        case .thorchain:
            cosmos(chain, "thorchain-1", 931, "rune", "Thorchain", "RUNE", 8, hrp: "thor", explorer: "RuneScan")
        case .injective:
            cosmos(chain, "injective-1", 60, "inj", "Injective", "INJ", 18, hrp: "inj", explorer: "Mintscan",
                   hashing: .keccak256)

        case .solana:
            ChainConfig(chain: chain, type: .solana, networkId: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d",
                        slip44: 501, denom: nil, nativeAsset: NativeAsset(name: "Solana", symbol: "SOL", decimals: 9),
                        explorerName: "Solscan", curve: .ed25519, derivationPath: "m/44'/501'/0'/0'",
                        addressFormat: .base58PublicKey)
        case .ton:
            ChainConfig(chain: chain, type: .ton, networkId: "F6OpKZKqvqeFp6CQmFomXNMfMj2EnaUSOXN+Mh+wVWk=",
                        slip44: 607, denom: nil, nativeAsset: NativeAsset(name: "TON", symbol: "TON", decimals: 9),
                        explorerName: "TonViewer", curve: .ed25519, derivationPath: "m/44'/607'/0'",
                        addressFormat: .tonWallet(version: .v4R2, workchain: 0, bounceable: false))
        case .tron:
            ChainConfig(chain: chain, type: .tron, networkId: "0x2b6653dc", slip44: 195, denom: nil,
                        nativeAsset: NativeAsset(name: "TRON", symbol: "TRX", decimals: 6), explorerName: "TRONSCAN",
                        curve: .secp256k1, derivationPath: "m/44'/195'/0'/0/0", addressFormat: .tron)
        case .aptos:
            ChainConfig(chain: chain, type: .aptos, networkId: "1", slip44: 637, denom: "0x1::aptos_coin::AptosCoin",
                        nativeAsset: NativeAsset(name: "Aptos", symbol: "APT", decimals: 8), explorerName: "AptosScan",
                        curve: .ed25519, derivationPath: "m/44'/637'/0'/0'/0'", addressFormat: .aptos)
        case .sui:
            ChainConfig(chain: chain, type: .sui, networkId: "35834a8a", slip44: 784, denom: "0x2::sui::SUI",
                        nativeAsset: NativeAsset(name: "Sui", symbol: "SUI", decimals: 9), explorerName: "SuiScan",
                        curve: .ed25519, derivationPath: "m/44'/784'/0'/0'/0'", addressFormat: .sui)
        case .xrp:
            ChainConfig(chain: chain, type: .xrp, networkId: "", slip44: 144, denom: nil,
                        nativeAsset: NativeAsset(name: "XRP", symbol: "XRP", decimals: 6), explorerName: "XrpScan",
                        curve: .secp256k1, derivationPath: "m/44'/144'/0'/0/0", addressFormat: .xrp)
        case .near:
            ChainConfig(chain: chain, type: .near, networkId: "mainnet", slip44: 397, denom: nil,
                        nativeAsset: NativeAsset(name: "Near", symbol: "NEAR", decimals: 24), explorerName: "Near",
                        curve: .ed25519, derivationPath: "m/44'/397'/0'", addressFormat: .nearImplicit)
        case .stellar:
            ChainConfig(chain: chain, type: .stellar, networkId: "Public Global Stellar Network ; September 2015",
                        slip44: 148, denom: nil, nativeAsset: NativeAsset(name: "Stellar", symbol: "XLM", decimals: 7),
                        explorerName: "StellarExpert", curve: .ed25519, derivationPath: "m/44'/148'/0'",
                        addressFormat: .stellar)
        case .algorand:
            ChainConfig(chain: chain, type: .algorand, networkId: "mainnet-v1.0", slip44: 283, denom: nil,
                        nativeAsset: NativeAsset(name: "Algorand", symbol: "ALGO", decimals: 6), explorerName: "Allo",
                        curve: .ed25519, derivationPath: "m/44'/283'/0'/0'/0'", addressFormat: .algorand)
        case .polkadot:
            ChainConfig(chain: chain, type: .polkadot, networkId: "Polkadot Asset Hub", slip44: 354, denom: nil,
                        nativeAsset: NativeAsset(name: "Polkadot", symbol: "DOT", decimals: 10),
                        explorerName: "SubScan", curve: .ed25519, derivationPath: "m/44'/354'/0'/0'/0'",
                        addressFormat: .ss58(network: 0))
        case .cardano:
            ChainConfig(chain: chain, type: .cardano, networkId: "764824073", slip44: 1815, denom: nil,
                        nativeAsset: NativeAsset(name: "Cardano", symbol: "ADA", decimals: 6),
                        explorerName: "CardanoScan", curve: .ed25519ExtendedCardano,
                        derivationPath: "m/1852'/1815'/0'/0/0",
                        addressFormat: .cardanoShelleyBase(hrp: "addr", network: 1))
        }
    }

    /// m/44'/60'/0'/0/0: every EVM chain, HyperCore and Injective.
    private static let evmPath = "m/44'/60'/0'/0/0"

    private static func evm(_ chain: Chain, _ chainId: UInt64, slip44: UInt32 = 60, _ name: String,
                            _ symbol: String, explorer: String) -> ChainConfig {
        ChainConfig(chain: chain, type: .ethereum, networkId: String(chainId), slip44: slip44, denom: nil,
                    nativeAsset: NativeAsset(name: name, symbol: symbol, decimals: 18), explorerName: explorer,
                    curve: .secp256k1,
                    derivationPath: evmPath, addressFormat: .eip55)
    }

    private static func utxo(_ chain: Chain, _ networkId: String, _ slip44: UInt32, _ name: String, _ symbol: String,
                             explorer: String, path: String, kind: UTXOAddressKind,
                             network: UTXONetwork) -> ChainConfig {
        ChainConfig(chain: chain, type: .bitcoin, networkId: networkId, slip44: slip44, denom: nil,
                    nativeAsset: NativeAsset(name: name, symbol: symbol, decimals: 8), explorerName: explorer,
                    curve: .secp256k1,
                    derivationPath: path, addressFormat: .utxo(network: network, kind: kind))
    }

    private static func cosmos(_ chain: Chain, _ networkId: String, _ slip44: UInt32, _ denom: String,
                               _ name: String, _ symbol: String, _ decimals: Int32, hrp: String,
                               explorer: String, hashing: CosmosAddressHashing = .sha256Ripemd160) -> ChainConfig {
        ChainConfig(chain: chain, type: .cosmos, networkId: networkId, slip44: slip44, denom: denom,
                    nativeAsset: NativeAsset(name: name, symbol: symbol, decimals: decimals), explorerName: explorer,
                    curve: .secp256k1,
                    derivationPath: "m/44'/\(slip44)'/0'/0/0",
                    addressFormat: .cosmos(hrp: hrp, hashing: hashing))
    }
}
