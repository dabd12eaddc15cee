import Primitives
import Testing

/// Chain ids, families, native assets, network ids, curves and paths against the table of chains.md
/// (ChainReferenceTable.swift, generated from it by tests/oracles/chains_reference.py).
struct ChainTests {
    /// chains.md names curves as Trust Wallet Core's registry.json does.
    private let referenceCurves: [String: Curve] = [
        "secp256k1": .secp256k1, "ed25519": .ed25519, "ed25519ExtendedCardano": .ed25519ExtendedCardano,
    ]

    @Test func everyReferenceChainExistsInOrder() {
        #expect(Chain.allCases.map(\.rawValue) == chainReferenceTable.map(\.id))
        #expect(Chain.allCases.count == 52)
    }

    @Test(arguments: chainReferenceTable)
    func chainMatchesReference(_ row: ChainReferenceRow) throws {
        let chain = try #require(Chain(id: row.id))
        let config = chain.config
        #expect(chain.id == row.id)
        #expect(config.chain == chain)
        #expect(chain.type.rawValue == row.type)
        #expect(chain.asset.symbol == row.symbol)
        #expect(chain.asset.decimals == row.decimals)
        #expect(chain.asset.type == .native)
        #expect(chain.asset.id == AssetId(chain: chain))
        #expect(config.networkId == row.networkId)
        #expect(config.curve == referenceCurves[row.curve])
        #expect(config.derivationPath == row.path)
        #expect(config.slip44 == row.slip44)
    }

    @Test(arguments: chainReferenceTable)
    func addressPrefixMatchesReference(_ row: ChainReferenceRow) throws {
        let chain = try #require(Chain(id: row.id))
        let prefix: String =
            switch chain.config.addressFormat {
            case .utxo(let network, _): network.segwitHrp ?? network.cashAddrPrefix ?? ""
            case .cosmos(let hrp, _): hrp
            case .cardanoShelleyBase(let hrp, _): hrp
            default: ""
            }
        #expect(prefix == row.prefix)
    }

    @Test func idsAreExactAndLowercase() {
        #expect(Chain(id: "smartchain") == .smartChain)
        #expect(Chain(id: "SmartChain") == nil)
        #expect(Chain(id: "ethereum ") == nil)
        #expect(Chain(id: "") == nil)
    }

    @Test func familyTypesAreTheSpecificationsFifteen() {
        #expect(ChainType.allCases.map(\.rawValue) == [
            "ethereum", "bitcoin", "solana", "cosmos", "ton", "tron", "aptos", "sui", "xrp", "near", "stellar",
            "algorand", "polkadot", "cardano", "hypercore",
        ])
        for type in ChainType.allCases {
            #expect(!type.chains.isEmpty, "\(type) has no chain")
        }
        #expect(ChainType.ethereum.chains.count == 28)
        #expect(ChainType.hyperCore.chains == [.hyperCore])
    }

    /// EVM chains share one family, one path and one address format; only chain id and native asset differ.
    @Test func evmChainsDifferOnlyByConfiguration() throws {
        let evm = ChainType.ethereum.chains
        for chain in evm {
            let config = chain.config
            let chainId = try #require(config.evmChainId, "\(chain)")
            #expect(String(chainId) == config.networkId)
            #expect(config.addressFormat == .eip55)
            #expect(config.curve == .secp256k1)
            #expect(config.derivationPath == "m/44'/60'/0'/0/0")
        }
        #expect(Set(evm.compactMap(\.config.evmChainId)).count == evm.count)
        #expect(Chain.smartChain.config.evmChainId == 56)
        #expect(Chain.hyperliquid.config.evmChainId == 999)
        for chain in Chain.allCases where chain.type != .ethereum {
            #expect(chain.config.evmChainId == nil, "\(chain)")
        }
    }

    @Test func addressFormatsByFamily() {
        #expect(Chain.hyperCore.config.addressFormat == .eip55)
        #expect(Chain.injective.config.addressFormat == .cosmos(hrp: "inj", hashing: .keccak256))
        #expect(Chain.cosmos.config.addressFormat == .cosmos(hrp: "cosmos", hashing: .sha256Ripemd160))
        #expect(Chain.ton.config.addressFormat == .tonWallet(version: .v4R2, workchain: 0, bounceable: false))
        #expect(Chain.polkadot.config.addressFormat == .ss58(network: 0))
        #expect(Chain.cardano.config.addressFormat == .cardanoShelleyBase(hrp: "addr", network: 1))
        guard case .utxo(let doge, .p2pkh) = Chain.doge.config.addressFormat,
              case .utxo(let zcash, .p2pkh) = Chain.zcash.config.addressFormat,
              case .utxo(let bitcoin, .p2wpkh) = Chain.bitcoin.config.addressFormat,
              case .utxo(let litecoin, .p2wpkh) = Chain.litecoin.config.addressFormat,
              case .utxo(let bch, .cashAddrP2PKH) = Chain.bitcoinCash.config.addressFormat
        else {
            Issue.record("unexpected Bitcoin-family address kinds")
            return
        }
        // Version bytes from chains.md's table (Bitcoin 0/5, Litecoin 48/50, Dogecoin 30/22, Zcash 1CB8/1CBD).
        #expect(bitcoin.p2pkhPrefix == [0] && bitcoin.p2shPrefix == [5] && bitcoin.extendedPublicKey == .zpub)
        #expect(litecoin.p2pkhPrefix == [48] && litecoin.p2shPrefix == [50] && litecoin.extendedPublicKey == .zpub)
        #expect(doge.p2pkhPrefix == [30] && doge.p2shPrefix == [22] && doge.extendedPublicKey == .dgub)
        #expect(zcash.p2pkhPrefix == [0x1C, 0xB8] && zcash.p2shPrefix == [0x1C, 0xBD])
        #expect(bch.cashAddrPrefix == "bitcoincash" && bch.extendedPublicKey == .xpub)
        #expect(ExtendedKeyFormat.xpub.version == 0x0488_B21E)
        #expect(ExtendedKeyFormat.zpub.version == 0x04B2_4746)
        #expect(ExtendedKeyFormat.dgub.version == 0x02FA_CAFD)
    }

    /// Native asset names from the specification's asset.rs (`Asset::from_chain`).
    @Test(arguments: [
        (Chain.bitcoin, "Bitcoin"), (.smartChain, "BNB Chain"), (.arbitrum, "Arbitrum ETH"), (.gnosis, "Gnosis Chain"),
        (.hyperliquid, "HyperEVM"), (.hyperCore, "Hyperliquid"), (.xLayer, "X Layer"), (.tron, "TRON"),
        (.seiEvm, "Sei EVM"), (.zkSync, "zkSync ETH"),
    ])
    func nativeAssetNames(_ chain: Chain, _ name: String) {
        #expect(chain.asset.name == name)
    }

    @Test func curvesByFamily() {
        let ed25519: Set<ChainType> = [.solana, .ton, .aptos, .sui, .near, .stellar, .algorand, .polkadot]
        for chain in Chain.allCases {
            let expected: Curve =
                chain.type == .cardano ? .ed25519ExtendedCardano : ed25519.contains(chain.type) ? .ed25519 : .secp256k1
            #expect(chain.config.curve == expected, "\(chain)")
            if chain.config.curve == .ed25519 {
                let levels = chain.config.derivationPath.split(separator: "/").dropFirst()
                #expect(levels.allSatisfy { $0.hasSuffix("'") }, "SLIP-10 ed25519 needs hardened levels: \(chain)")
            }
        }
    }
}
