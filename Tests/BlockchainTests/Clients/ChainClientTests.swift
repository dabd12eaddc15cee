import Blockchain
import Foundation
import Primitives
import Testing

/// A node answer body from Vectors/clients/<folder> (each folder's README.md names its sources; `chainclient`
/// holds the answers only the `ChainClient` conformances ask for).
private func fixture(_ folder: String, _ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/\(folder)"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(folder)/\(name)" }
    return String(decoding: data, as: UTF8.self)
}

private func amount(_ text: String) -> BigUInt { BigUInt(text) ?? .zero }

/// A client of `chain` whose transport answers `answers` in turn.
private func client(_ chain: Chain, _ answers: [String]) async -> (any ChainClient, RecordingChainTransport) {
    let transport = RecordingChainTransport()
    for answer in answers { await transport.answer(answer) }
    return (ChainClients.client(for: chain, transport: transport), transport)
}

/// The JSON-RPC method of request `index`.
private func rpcMethod(_ transport: RecordingChainTransport, _ index: Int) async -> String? {
    let body = await transport.body(index)
    return (try? JSONParser.parse(Array(body.utf8)))?["method"]?.stringValue
}

private func outcome<T>(_ body: () async throws(ChainClientError) -> T) async -> Result<T, ChainClientError> {
    do { return .success(try await body()) } catch { return .failure(error) }
}

private func token(_ chain: Chain, _ id: String) -> AssetId {
    (try? AssetId(chain: chain, tokenId: id)) ?? AssetId(chain: chain)
}

@Suite struct ChainClientsTests {
    @Test(arguments: Chain.allCases)
    func everyChainHasItsFamilysClient(chain: Chain) {
        let client = ChainClients.client(for: chain, transport: RecordingChainTransport())
        #expect(client.chain == chain)
        let family: Bool = switch chain.type {
        case .ethereum: client is EthereumClient
        case .bitcoin: client is BitcoinClient
        case .cosmos: client is CosmosClient
        case .solana: client is SolanaClient
        case .ton: client is TonClient
        case .tron: client is TronClient
        case .aptos: client is AptosClient
        case .sui: client is SuiClient
        case .xrp: client is XrpClient
        case .near: client is NearClient
        case .stellar: client is StellarClient
        case .algorand: client is AlgorandClient
        case .polkadot: client is PolkadotClient
        case .cardano: client is CardanoClient
        case .hyperCore: client is HyperCoreClient
        }
        #expect(family, "\(chain.id) is not served by its family's client")
    }

    @Test func everyChainIsCovered() {
        #expect(Chain.allCases.count == 52)
    }

    /// No token ids: no request and no balance, on every chain (those without tokens too).
    @Test(arguments: Chain.allCases)
    func noTokensAskedIsNoRequest(chain: Chain) async throws {
        let (client, transport) = await client(chain, [])
        #expect(try await client.tokenBalances(address: "any", tokenIds: []) == [])
        #expect(await transport.requests.isEmpty)
    }
}

@Suite struct ChainNodesTests {
    @Test(arguments: Chain.allCases)
    func everyChainHasHttpsNodes(chain: Chain) throws {
        let nodes = ChainNodes.builtin(chain)
        #expect(!nodes.isEmpty)
        #expect(Set(nodes).count == nodes.count, "\(chain.id) lists a node twice")
        for node in nodes {
            let url = try #require(URL(string: node), "\(node) does not parse")
            #expect(url.scheme == "https" && !(url.host ?? "").isEmpty, "\(node)")
            #expect(!node.hasSuffix("/"), "\(node) ends with /")
        }
    }

    @Test func theAppsGemnodesHostIsListedLastOnEveryChain() {
        for chain in Chain.allCases {
            #expect(ChainNodes.builtin(chain).suffix(3) == ["https://gemnodes.com/\(chain.id)", "https://eu.gemnodes.com/\(chain.id)",
                                                          "https://asia.gemnodes.com/\(chain.id)"])
        }
        #expect(ChainNodes.builtin(.ethereum).first == "https://ethereum.publicnode.com")
        #expect(ChainNodes.builtin(.polkadot).first == "https://polkadot-asset-hub-public-sidecar.parity-chains.parity.io")
        #expect(ChainNodes.builtin(.cardano).first == "https://gemnodes.com/cardano")
    }
}

@Suite struct ChainClientFamilyTests {
    // MARK: EVM

    @Test func evmAnswersThroughJSONRPC() async throws {
        let usdt = "0xdAC17F958D2ee523a2206206994597C13D831ec7"
        let holder = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
        let (client, transport) = await client(.polygon, [
            fixture("ethereum", "balance"), fixture("ethereum", "block_number"), #"{"jsonrpc":"2.0","id":1,"result":"0x89"}"#,
            fixture("ethereum", "token_metadata_abi_string"),
        ])
        let coin = try await client.coinBalance(address: holder)
        #expect(coin == ChainBalance(assetId: AssetId(chain: .polygon), available: amount("2000000000000000000")))
        #expect(try await client.latestBlock() == 0x1540b3d)
        #expect(try await client.networkId() == Chain.polygon.config.networkId)
        let metadata = try await client.tokenMetadata(tokenId: usdt)
        #expect(metadata.type == .erc20 && !metadata.name.isEmpty && !metadata.symbol.isEmpty)
        #expect(try await client.stakeBalance(address: holder) == nil)
        var methods: [String?] = []
        for index in 0..<3 { methods.append(await rpcMethod(transport, index)) }
        #expect(methods == ["eth_getBalance", "eth_blockNumber", "eth_chainId"])
        #expect(await transport.body(0).contains(#""params":["\#(holder)","latest"]"#))
        #expect(await transport.requests.count == 4)
    }

    @Test func smartChainTokensAreBEP20() async throws {
        let (client, _) = await client(.smartChain, [fixture("ethereum", "token_metadata_abi_string")])
        #expect(try await client.tokenMetadata(tokenId: "0x55d398326f99059fF775485246999027B3197955").type == .bep20)
    }

    @Test func evmTokenBalancesAreOneBatch() async throws {
        let (client, transport) = await client(.ethereum, [fixture("ethereum", "token_balances")])
        let tokens = ["0xdAC17F958D2ee523a2206206994597C13D831ec7", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"]
        let balances = try await client.tokenBalances(address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", tokenIds: tokens)
        #expect(balances.map(\.assetId) == tokens.map { token(.ethereum, $0) })
        #expect(balances.allSatisfy { $0.staked == nil && $0.pending == nil })
        #expect(await transport.requests.count == 1)
        #expect(await transport.body(0).hasPrefix("[{"))
    }

    /// ABI words as `0x` + 64 hex digits each.
    private func abi(_ words: [UInt64]) -> String {
        "0x" + words.map { String(repeating: "0", count: 64 - String($0, radix: 16).count) + String($0, radix: 16) }.joined()
    }

    @Test func smartChainStakeIsTheHubReadersDelegationsAndUndelegations() async throws {
        let holder = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
        // Delegation {delegator, validator, amount, shares} × 2; Undelegation {…, amount, shares, unlockTime} × 1.
        let delegations = abi([32, 2, 1, 2, 1_000, 990, 1, 3, 500, 495])
        let undelegations = abi([32, 1, 1, 2, 300, 297, 1_735_000_000])
        let (client, transport) = await client(.smartChain, [
            #"[{"jsonrpc":"2.0","id":2,"result":"\#(undelegations)"},{"jsonrpc":"2.0","id":1,"result":"\#(delegations)"}]"#,
        ])
        #expect(try await client.stakeBalance(address: holder)
            == ChainBalance(assetId: AssetId(chain: .smartChain), available: .zero, staked: BigUInt(1_500), pending: BigUInt(300)))
        let body = await transport.body(0)
        let account = "0000000000000000000000005aaeb6053f3e94c9b9a09f33669435e7ef1beaed"
        #expect(body.contains(#""to":"0x830295c0abe7358f7e24bc38408095621474280b","data":"0xced0e70e\#(account)\#(String(repeating: "0", count: 64))\#(String(repeating: "0", count: 62))80""#))
        #expect(body.contains("0xd9d4c020\(account)"))
        #expect(await transport.requests.count == 1)
    }

    @Test func monadStakeIsTheLensBalance() async throws {
        let (client, transport) = await client(.monad, [#"{"jsonrpc":"2.0","id":1,"result":"\#(abi([7_000, 250, 12]))"}"#])
        #expect(try await client.stakeBalance(address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
            == ChainBalance(assetId: AssetId(chain: .monad), available: .zero, staked: BigUInt(7_000), pending: BigUInt(250)))
        #expect(await transport.body(0).contains(#""to":"0xe754Ad5e300c81B02dC6583E1612025507ef90F7","data":"0xf8b2cb4f000000000000000000000000"#))
    }

    @Test func aTruncatedStakeAnswerIsMalformed() async throws {
        let (client, _) = await client(.smartChain, [
            #"[{"jsonrpc":"2.0","id":1,"result":"\#(abi([32, 3, 1, 2]))"},{"jsonrpc":"2.0","id":2,"result":"\#(abi([32, 0]))"}]"#,
        ])
        let stake = await outcome { () async throws(ChainClientError) in try await client.stakeBalance(address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed") }
        #expect(stake == .failure(.malformed("getDelegations: the array length is out of the answer")))
    }

    /// The call data and the answer are eth_abi's encodings (eth-abi in .venvs/evm) of the five Everstake reads
    /// and of `(bool,bytes)[]` results: 32 ETH deposited, 1 pending, pendingDeposited reverted, a withdraw request
    /// of 3 (1 ready), 0.5 restaked reward.
    @Test func ethereumStakeIsEverstakeThroughMulticall3() async throws {
        let (client, transport) = await client(.ethereum, [#"{"jsonrpc":"2.0","id":1,"result":"\#(everstakeAnswer)"}"#])
        let eth = BigUInt(1_000_000_000_000_000_000)
        #expect(try await client.stakeBalance(address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
            == ChainBalance(assetId: AssetId(chain: .ethereum), available: .zero, staked: eth * BigUInt(32), pending: eth * BigUInt(4)))
        #expect(await transport.body(0).contains(#""to":"0xcA11bde05977b3631167028862bE2a173976CA11","data":"\#(everstakeCall)"}"#))
    }

    @Test func aWithdrawRequestThatRevertsFailsTheEthereumStake() async throws {
        // The same answer with the fourth result's success word cleared.
        let (client, _) = await client(.ethereum, [#"{"jsonrpc":"2.0","id":1,"result":"\#(everstakeAnswerWithdrawReverted)"}"#])
        let stake = await outcome { () async throws(ChainClientError) in try await client.stakeBalance(address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed") }
        #expect(stake == .failure(.rpc(code: 0, message: "withdrawRequest reverted")))
    }

    @Test func otherEVMChainsStakeNothingWithoutARequest() async throws {
        for chain in [Chain.base, .hyperliquid, .polygon] {
            let (client, transport) = await client(chain, [])
            #expect(try await client.stakeBalance(address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed") == nil)
            #expect(await transport.requests.isEmpty)
        }
    }

    // MARK: Bitcoin family

    @Test func bitcoinCoinHasNoPendingAndNoTokens() async throws {
        let (client, transport) = await client(.bitcoin, [fixture("bitcoin", "address"), fixture("bitcoin", "status_btc"), fixture("bitcoin", "block_1")])
        let coin = try await client.coinBalance(address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")
        #expect(coin == ChainBalance(assetId: AssetId(chain: .bitcoin), available: BigUInt(129_000)))
        #expect(try await client.latestBlock() == 871_236)
        #expect(try await client.networkId() == Chain.bitcoin.config.networkId)
        #expect(await transport.requests.map(\.path) == ["/api/v2/address/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "/api/", "/api/v2/block/1"])
        #expect(try await client.stakeBalance(address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq") == nil)
        let tokens = await outcome { () async throws(ChainClientError) in try await client.tokenBalances(address: "bc1q", tokenIds: ["x"]) }
        #expect(tokens == .failure(.unsupported("bitcoin: the Bitcoin family has no tokens")))
        let metadata = await outcome { () async throws(ChainClientError) in try await client.tokenMetadata(tokenId: "x") }
        #expect(metadata == .failure(.unsupported("bitcoin: the Bitcoin family has no tokens")))
        #expect(await transport.requests.count == 3)
    }

    // MARK: Cosmos

    @Test func cosmosStakeIsDelegationsAndUnbonding() async throws {
        let address = "cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02"
        let ibc = "ibc/0025F8A87464A471E66B234C4F93AEC5B4DA3D42D7986451A059273426290DD5"
        let (client, transport) = await client(.cosmos, [
            fixture("cosmos", "balances"), fixture("cosmos", "balances"),
            fixture("cosmos", "delegations"), fixture("cosmos", "unbonding_delegations"), fixture("cosmos", "rewards"),
            fixture("cosmos", "block_latest"), fixture("cosmos", "node_info"),
        ])
        #expect(try await client.coinBalance(address: address) == ChainBalance(assetId: AssetId(chain: .cosmos), available: BigUInt(4_213_370)))
        #expect(try await client.tokenBalances(address: address, tokenIds: [ibc]) == [ChainBalance(assetId: token(.cosmos, ibc), available: BigUInt(1_500_000))])
        let stake = try #require(try await client.stakeBalance(address: address))
        #expect(stake.available == .zero && stake.staked == BigUInt(1_250_000) && stake.pending == BigUInt(319_000))
        #expect(stake.locked == nil && stake.reserved == nil)
        #expect(try await client.latestBlock() == 23_012_400)
        #expect(try await client.networkId() == "cosmoshub-4")
        #expect(await transport.requests.map(\.path) == [
            "/cosmos/bank/v1beta1/balances/\(address)", "/cosmos/bank/v1beta1/balances/\(address)",
            "/cosmos/staking/v1beta1/delegations/\(address)", "/cosmos/staking/v1beta1/delegators/\(address)/unbonding_delegations",
            "/cosmos/distribution/v1beta1/delegators/\(address)/rewards",
            "/cosmos/base/tendermint/v1beta1/blocks/latest", "/cosmos/base/tendermint/v1beta1/node_info",
        ])
    }

    @Test func aPagedBankListAsksForTheMissingDenomAlone() async throws {
        let address = "osmo1hsk6jryyqjfhp5dhc55tc9jtckygx0eplp7aec"
        let (client, transport) = await client(.osmosis, [
            fixture("cosmos", "balances_paged"), #"{"balance":{"denom":"uosmo","amount":"777"}}"#,
            fixture("cosmos", "balances_paged"), #"{"balance":{"denom":"ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2","amount":"0"}}"#,
        ])
        #expect(try await client.coinBalance(address: address) == ChainBalance(assetId: AssetId(chain: .osmosis), available: BigUInt(777)))
        let ibc = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2"
        #expect(try await client.tokenBalances(address: address, tokenIds: ["factory/osmo1abc/alpha", ibc]) == [
            ChainBalance(assetId: token(.osmosis, "factory/osmo1abc/alpha"), available: BigUInt(1)), ChainBalance(assetId: token(.osmosis, ibc), available: .zero),
        ])
        let requests = await transport.requests
        #expect(requests.map(\.path) == ["/cosmos/bank/v1beta1/balances/\(address)", "/cosmos/bank/v1beta1/balances/\(address)/by_denom",
                                          "/cosmos/bank/v1beta1/balances/\(address)", "/cosmos/bank/v1beta1/balances/\(address)/by_denom"])
        #expect(requests[1].query == [ChainHeader(name: "denom", value: "uosmo")] && requests[3].query == [ChainHeader(name: "denom", value: ibc)])
        #expect(requests[3].url(base: "https://n") == "https://n/cosmos/bank/v1beta1/balances/\(address)/by_denom?denom=ibc%2F27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2")
    }

    @Test func thorchainAndNobleStakeNothingWithoutARequest() async throws {
        for chain in [Chain.thorchain, .noble] {
            let (client, transport) = await client(chain, [])
            #expect(try await client.stakeBalance(address: "thor1x") == nil)
            let metadata = await outcome { () async throws(ChainClientError) in try await client.tokenMetadata(tokenId: "ibc/X") }
            #expect(metadata == .failure(.unsupported("\(chain.id): denom metadata is not read from the chain")))
            #expect(await transport.requests.isEmpty)
        }
    }

    // MARK: Solana

    @Test func solanaStakeIsTheStakeAccountsLamports() async throws {
        let owner = "F25s3DdjXdCxYBhh2z8FBusVEMT4b9bGNFVKJi3wFoF4"
        let (client, transport) = await client(.solana, [
            fixture("solana", "getBalance"), fixture("chainclient", "solana.getProgramAccounts.stake"),
            fixture("solana", "getSlot"), fixture("solana", "getGenesisHash"),
        ])
        #expect(try await client.coinBalance(address: owner) == ChainBalance(assetId: AssetId(chain: .solana), available: BigUInt(2_039_280)))
        let stake = try #require(try await client.stakeBalance(address: owner))
        #expect(stake == ChainBalance(assetId: AssetId(chain: .solana), available: .zero, staked: BigUInt(363_542_610 + 2_282_880), pending: .zero))
        #expect(try await client.latestBlock() == 1234)
        #expect(try await client.networkId() == Chain.solana.config.networkId)
        #expect(await rpcMethod(transport, 1) == "getProgramAccounts")
        #expect(await transport.body(1).contains(
            #""params":["Stake11111111111111111111111111111111111111",{"encoding":"jsonParsed","filters":[{"memcmp":{"offset":12,"bytes":"\#(owner)"}}]}]"#))
    }

    @Test func solanaTokenBalancesReadBothTokenPrograms() async throws {
        let usdc = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
        let pyusd = "2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo"
        let (client, transport) = await client(.solana, [
            fixture("solana", "getTokenAccountsByOwner.spl"), fixture("solana", "getTokenAccountsByOwner.token2022"),
        ])
        let balances = try await client.tokenBalances(address: "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd", tokenIds: [usdc, pyusd])
        #expect(balances == [ChainBalance(assetId: token(.solana, usdc), available: BigUInt(1_750_000)),
                             ChainBalance(assetId: token(.solana, pyusd), available: amount("18446744073709551615"))])
        #expect(await transport.requests.count == 2)
    }

    @Test func solanaMetadataFromTheToken2022ExtensionOrMetaplex() async throws {
        let (embedded, one) = await client(.solana, [fixture("chainclient", "solana.getAccountInfo.token2022Metadata")])
        #expect(try await embedded.tokenMetadata(tokenId: "2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo")
            == ChainTokenMetadata(name: "PayPal USD", symbol: "PYUSD", decimals: 6, type: .spl2022))
        #expect(await one.requests.count == 1)

        let usdc = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
        let (metaplex, two) = await client(.solana, [fixture("solana", "getAccountInfo.usdcMint"), fixture("chainclient", "solana.getAccountInfo.metaplex")])
        #expect(try await metaplex.tokenMetadata(tokenId: usdc) == ChainTokenMetadata(name: "USD Coin", symbol: "USDC", decimals: 6, type: .spl))
        // USDC's Metaplex metadata account (the program address of "metadata", the program id, the mint).
        #expect(await two.body(1).contains(#""params":["5x38Kp4hvdomTCnCrAny4UtMUt5rQBdB6px2K1Ui45Wq",{"encoding":"base64"}]"#))
    }

    // MARK: Tron

    @Test func tronFrozenIsStakeNotCoin() async throws {
        let sender = "TX1tPQnZSmUGcGcJL3E5yiD7mp9wce2cMD"
        let (client, transport) = await client(.tron, [fixture("tron", "getaccount"), fixture("tron", "getaccount"), fixture("tron", "getaccount_new")])
        #expect(try await client.coinBalance(address: sender) == ChainBalance(assetId: AssetId(chain: .tron), available: BigUInt(25_000_000)))
        #expect(try await client.stakeBalance(address: sender)
            == ChainBalance(assetId: AssetId(chain: .tron), available: .zero, staked: BigUInt(150_000_000), pending: BigUInt(10_000_000)))
        #expect(try await client.stakeBalance(address: "TE5oyqhEV9ofLrTXkLpT4Z1GupykgnbozX")
            == ChainBalance(assetId: AssetId(chain: .tron), available: .zero, staked: .zero, pending: .zero))
        #expect(await transport.requests.map(\.path) == ["/wallet/getaccount", "/wallet/getaccount", "/wallet/getaccount"])
    }

    @Test func tronMetadataIsThreeConstantCalls() async throws {
        let usdt = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
        let (client, transport) = await client(.tron, [
            fixture("chainclient", "tron.triggerconstantcontract.name"), fixture("chainclient", "tron.triggerconstantcontract.symbol"),
            fixture("chainclient", "tron.triggerconstantcontract.decimals"),
        ])
        #expect(try await client.tokenMetadata(tokenId: usdt) == ChainTokenMetadata(name: "Tether USD", symbol: "USDT", decimals: 6, type: .trc20))
        #expect(await transport.requests.map(\.path) == Array(repeating: "/wallet/triggerconstantcontract", count: 3))
        #expect(await transport.body(0) == #"{"owner_address":"T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb","contract_address":"\#(usdt)","function_selector":"name()","parameter":"","visible":true}"#)
        #expect(await transport.body(2).contains(#""function_selector":"decimals()""#))
    }

    // MARK: Sui

    @Test func suiStakesAndCoinMetadata() async throws {
        let owner = "0x" + String(repeating: "a1", count: 32)
        let usdc = "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC"
        let (client, transport) = await client(.sui, [
            fixture("sui", "suix_getBalance"), fixture("sui", "suix_getAllBalances"), fixture("chainclient", "sui.suix_getStakes"),
            fixture("chainclient", "sui.suix_getCoinMetadata"), fixture("chainclient", "sui.suix_getCoinMetadata.null"),
            fixture("sui", "sui_getLatestCheckpointSequenceNumber"), fixture("sui", "sui_getChainIdentifier"),
        ])
        #expect(try await client.coinBalance(address: owner) == ChainBalance(assetId: AssetId(chain: .sui), available: BigUInt(3_000_000_000)))
        #expect(try await client.tokenBalances(address: owner, tokenIds: [usdc])
            == [ChainBalance(assetId: token(.sui, usdc), available: amount("340282366920938463463374607431768211455"))])
        #expect(try await client.stakeBalance(address: owner)
            == ChainBalance(assetId: AssetId(chain: .sui), available: .zero, staked: BigUInt(1_525_000_000), pending: .zero))
        #expect(try await client.tokenMetadata(tokenId: usdc) == ChainTokenMetadata(name: "USDC", symbol: "USDC", decimals: 6, type: .token))
        let missing = await outcome { () async throws(ChainClientError) in try await client.tokenMetadata(tokenId: "0x1::x::Y") }
        #expect(missing == .failure(.notFound("coin type 0x1::x::Y has no metadata")))
        #expect(try await client.latestBlock() == 150_000_000)
        #expect(try await client.networkId() == "35834a8a")
        var methods: [String?] = []
        for index in 0..<7 { methods.append(await rpcMethod(transport, index)) }
        #expect(methods == ["suix_getBalance", "suix_getAllBalances", "suix_getStakes", "suix_getCoinMetadata", "suix_getCoinMetadata",
                            "sui_getLatestCheckpointSequenceNumber", "sui_getChainIdentifier"])
        #expect(await transport.body(3).contains(#""params":["\#(usdc)"]"#))
    }

    // MARK: Aptos

    @Test func aptosStakeIsTheDelegationPoolsView() async throws {
        let sender = "0x" + String(repeating: "a1", count: 32)
        let (client, transport) = await client(.aptos, [
            fixture("aptos", "balance"), fixture("chainclient", "aptos.view.get_stake"), fixture("aptos", "ledger"), fixture("aptos", "ledger"),
        ])
        #expect(try await client.coinBalance(address: sender) == ChainBalance(assetId: AssetId(chain: .aptos), available: BigUInt(100_000_000)))
        #expect(try await client.stakeBalance(address: sender)
            == ChainBalance(assetId: AssetId(chain: .aptos), available: .zero, staked: BigUInt(1_500_000_000), pending: BigUInt(50_000_000)))
        #expect(try await client.latestBlock() == 336_918_394)
        #expect(try await client.networkId() == Chain.aptos.config.networkId)
        let requests = await transport.requests
        #expect(requests.map(\.path) == ["/v1/accounts/\(sender)/balance/0x1::aptos_coin::AptosCoin", "/v1/view", "/v1/", "/v1/"])
        #expect(requests[1].method == .post)
        #expect(await transport.body(1) == #"{"function":"0x1::delegation_pool::get_stake","type_arguments":[],"arguments":["\#(AptosClient.stakePool)","\#(sender)"]}"#)
    }

    @Test func aptosMetadataOfAFungibleAssetOrACoinType() async throws {
        let usdt = "0x357b0b74bc833e95a115ad22604854d6b0fca151cecd94111770e5d6ffc9dc2b"
        let coin = "0xf22bede237a07e121b56d91a491eb7bcdfd1f5907926a9e58338f964a01b17fa::asset::USDC"
        let (client, transport) = await client(.aptos, [
            fixture("chainclient", "aptos.resource.fungible_asset_metadata"), fixture("chainclient", "aptos.resource.coin_info"),
        ])
        #expect(try await client.tokenMetadata(tokenId: usdt) == ChainTokenMetadata(name: "Tether USD", symbol: "USDt", decimals: 6, type: .token))
        #expect(try await client.tokenMetadata(tokenId: coin) == ChainTokenMetadata(name: "USD Coin", symbol: "USDC", decimals: 6, type: .token))
        #expect(await transport.requests.map(\.path) == [
            "/v1/accounts/\(usdt)/resource/0x1::fungible_asset::Metadata",
            "/v1/accounts/0xf22bede237a07e121b56d91a491eb7bcdfd1f5907926a9e58338f964a01b17fa/resource/0x1::coin::CoinInfo%3C\(coin)%3E",
        ])
    }

    // MARK: XRP

    @Test func xrpReserveIsReservedAndTheIssuerNamesItsCurrency() async throws {
        let owner = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn"
        let (client, transport) = await client(.xrp, [fixture("xrp", "account_info"), fixture("xrp", "account_objects"), fixture("xrp", "ledger_current")])
        let coin = try await client.coinBalance(address: owner)
        #expect(coin == ChainBalance(assetId: AssetId(chain: .xrp), available: BigUInt(999_998_999_960), reserved: BigUInt(1_000_000)))
        #expect(try await client.tokenMetadata(tokenId: "rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De")
            == ChainTokenMetadata(name: "RLUSD", symbol: "RLUSD", decimals: 15, type: .token))
        #expect(try await client.latestBlock() == 26_575_101)
        #expect(try await client.networkId() == "")
        #expect(try await client.stakeBalance(address: owner) == nil)
        var methods: [String?] = []
        for index in 0..<3 { methods.append(await rpcMethod(transport, index)) }
        #expect(methods == ["account_info", "account_objects", "ledger_current"])
    }

    // MARK: NEAR

    @Test func nearFungibleTokensAreViewCalls() async throws {
        let sender = "9d3f1c2a9d3f1c2a9d3f1c2a9d3f1c2a9d3f1c2a9d3f1c2a9d3f1c2a9d3f1c2a"
        let usdc = "17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1"
        let (client, transport) = await client(.near, [
            fixture("near", "view_account"), fixture("chainclient", "near.call_function.ft_balance_of"),
            fixture("chainclient", "near.call_function.ft_metadata"), fixture("near", "block"), fixture("near", "status"),
        ])
        #expect(try await client.coinBalance(address: sender).available == amount("399992611103597728750000000"))
        #expect(try await client.tokenBalances(address: sender, tokenIds: [usdc]) == [ChainBalance(assetId: token(.near, usdc), available: BigUInt(25_000_000))])
        #expect(try await client.tokenMetadata(tokenId: usdc) == ChainTokenMetadata(name: "USDC", symbol: "USDC", decimals: 6, type: .token))
        #expect(try await client.latestBlock() == 150_000_000)
        #expect(try await client.networkId() == "mainnet")
        #expect(try await client.stakeBalance(address: sender) == nil)
        // args_base64 of {"account_id":"<sender>"}.
        let args = Data(#"{"account_id":"\#(sender)"}"#.utf8).base64EncodedString()
        #expect(await transport.body(1).contains(
            #""params":{"request_type":"call_function","finality":"final","account_id":"\#(usdc)","method_name":"ft_balance_of","args_base64":"\#(args)"}"#))
        #expect(await transport.body(2).contains(#""method_name":"ft_metadata","args_base64":"e30=""#))
        #expect(await transport.requests.count == 5)
    }

    // MARK: Stellar

    @Test func stellarAssetsAndReserve() async throws {
        let sender = "GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR"
        let usdc = "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN::USDC"
        let (client, transport) = await client(.stellar, [
            fixture("stellar", "account"), fixture("stellar", "account"), fixture("chainclient", "stellar.assets"),
            fixture("chainclient", "stellar.assets.empty"), fixture("stellar", "root"), fixture("stellar", "root"),
        ])
        let coin = try await client.coinBalance(address: sender)
        #expect(coin.reserved == BigUInt(10_000_000) && coin.available == BigUInt(245_000_000) && coin.staked == nil)
        #expect(try await client.tokenBalances(address: sender, tokenIds: [usdc]) == [ChainBalance(assetId: token(.stellar, usdc), available: BigUInt(1_000_000_000))])
        #expect(try await client.tokenMetadata(tokenId: usdc) == ChainTokenMetadata(name: "USDC", symbol: "USDC", decimals: 7, type: .token))
        let missing = await outcome { () async throws(ChainClientError) in try await client.tokenMetadata(tokenId: usdc) }
        #expect(missing == .failure(.notFound("asset \(usdc)")))
        #expect(try await client.latestBlock() == 54_000_001)
        #expect(try await client.networkId() == Chain.stellar.config.networkId)
        let requests = await transport.requests
        #expect(requests[2].path == "/assets" && requests[2].query == [
            ChainHeader(name: "asset_issuer", value: "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN"), ChainHeader(name: "asset_code", value: "USDC"),
        ])
        let malformed = await outcome { () async throws(ChainClientError) in try await client.tokenMetadata(tokenId: "GA5Z") }
        #expect(malformed == .failure(.malformed("token id: not issuer::code")))
        #expect(await transport.requests.count == 6)
    }

    // MARK: Algorand

    @Test func algorandAssetMetadata() async throws {
        let sender = "RFQN2EJP6PFQRRYJT3KRABFGKNHQS5VYBHOJQ75RHNKJZ7NPXOQPHBJRIM"
        let (client, transport) = await client(.algorand, [
            fixture("algorand", "account"), fixture("algorand", "account"), fixture("chainclient", "algorand.asset"),
            fixture("algorand", "params"), fixture("algorand", "params"),
        ])
        #expect(try await client.coinBalance(address: sender)
            == ChainBalance(assetId: AssetId(chain: .algorand), available: BigUInt(4_800_000), reserved: BigUInt(200_000)))
        #expect(try await client.tokenBalances(address: sender, tokenIds: ["31566704"]) == [ChainBalance(assetId: token(.algorand, "31566704"), available: BigUInt(2_500_000))])
        #expect(try await client.tokenMetadata(tokenId: "31566704") == ChainTokenMetadata(name: "USDC", symbol: "USDC", decimals: 6, type: .asa))
        #expect(try await client.latestBlock() == 45_000_000)
        #expect(try await client.networkId() == "mainnet-v1.0")
        #expect(await transport.requests.map(\.path) == ["/v2/accounts/\(sender)", "/v2/accounts/\(sender)", "/v2/assets/31566704",
                                                          "/v2/transactions/params", "/v2/transactions/params"])
        let bad = await outcome { () async throws(ChainClientError) in try await client.tokenMetadata(tokenId: "0x1") }
        #expect(bad == .failure(.malformed("token id: not a decimal asset id")))
    }

    // MARK: Polkadot

    @Test func polkadotReservedAndNoAssets() async throws {
        let sender = "15U5XsYmgMLfTXsSSbuj8BwK3XXLzSVkGe97NZHvfJRii1TK"
        let (client, transport) = await client(.polkadot, [fixture("polkadot", "balance_info"), fixture("polkadot", "head_header"), fixture("polkadot", "node_version")])
        #expect(try await client.coinBalance(address: sender)
            == ChainBalance(assetId: AssetId(chain: .polkadot), available: BigUInt(24_000_000_000), reserved: BigUInt(1_000_000_000)))
        #expect(try await client.latestBlock() == 9_000_010)
        #expect(try await client.networkId() == Chain.polkadot.config.networkId)
        #expect(await transport.requests.map(\.path) == ["/accounts/\(sender)/balance-info", "/blocks/head/header", "/node/version"])
        let tokens = await outcome { () async throws(ChainClientError) in try await client.tokenBalances(address: sender, tokenIds: ["1984"]) }
        #expect(tokens == .failure(.unsupported("polkadot: Asset Hub assets are not read")))
        #expect(try await client.stakeBalance(address: sender) == nil)
        #expect(await transport.requests.count == 3)
    }

    // MARK: Cardano

    @Test func cardanoTokensAreSummedOverTheUTxOs() async throws {
        let address = "addr1v9nh8jpxefcraqjq5d3unlhnxmtds20kftzu2zsg8587c2gua8s80"
        let unit = "823412d1eacb67956220e532959f0104603057c88704863ca38e7cd14d494e"
        let (client, transport) = await client(.cardano, [
            fixture("cardano", "GetBalance"), fixture("cardano", "UtxoSetForAddress"), fixture("cardano", "tip"), fixture("cardano", "GetNetworkMagic"),
        ])
        #expect(try await client.coinBalance(address: address) == ChainBalance(assetId: AssetId(chain: .cardano), available: BigUInt(4_500_000)))
        #expect(try await client.tokenBalances(address: address, tokenIds: [unit, "asset1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq", "ab"]) == [
            ChainBalance(assetId: token(.cardano, unit), available: BigUInt(100)),
            ChainBalance(assetId: token(.cardano, "asset1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq"), available: BigUInt(100)),
            ChainBalance(assetId: token(.cardano, "ab"), available: .zero),
        ])
        #expect(try await client.latestBlock() == 12_000_000)
        #expect(try await client.networkId() == "764824073")
        #expect(await transport.body(1).contains(#""operationName":"UtxoSetForAddress""#))
        #expect(await transport.requests.count == 4)
    }

    // MARK: HyperCore

    @Test func hyperCoreCoinAndStakeAreSeparateAnswers() async throws {
        let user = "0xb0bba4dec4b021e2b5e9bc0066e45262bd317a9b"
        let (client, transport) = await client(.hyperCore, [
            fixture("hypercore", "spotClearinghouseState"), fixture("hypercore", "delegatorSummary"), fixture("hypercore", "spotMeta"),
        ])
        #expect(try await client.coinBalance(address: user) == ChainBalance(assetId: AssetId(chain: .hyperCore), available: BigUInt(1_250_000_000)))
        #expect(try await client.stakeBalance(address: user)
            == ChainBalance(assetId: AssetId(chain: .hyperCore), available: .zero, staked: BigUInt(10_000_000_000), pending: BigUInt(500_000_000)))
        #expect(try await client.tokenMetadata(tokenId: "PURR::0xc4bf3f870c0e9465323c0b6ed28096c2::1")
            == ChainTokenMetadata(name: "PURR", symbol: "PURR", decimals: 5, type: .token))
        #expect(try await client.latestBlock() == 1)
        #expect(try await client.networkId() == Chain.hyperCore.config.networkId)
        #expect(await transport.body(0) == #"{"type":"spotClearinghouseState","user":"\#(user)"}"#)
        #expect(await transport.body(1) == #"{"type":"delegatorSummary","user":"\#(user)"}"#)
        #expect(await transport.requests.count == 3)
    }

    // MARK: TON

    @Test func tonJettonMetadata() async throws {
        let owner = "UQDjfUSwZ0BnHE9rLi47i9pfM9aXAth_iJQWScZ5UK43Ku0h"
        let usdt = "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs"
        let (client, transport) = await client(.ton, [
            fixture("ton", "getAddressBalance"), fixture("ton", "jetton_wallets"), fixture("chainclient", "ton.getTokenData"),
            fixture("chainclient", "ton.getTokenData.offchain"),
        ])
        #expect(try await client.coinBalance(address: owner) == ChainBalance(assetId: AssetId(chain: .ton), available: BigUInt(1_500_000_000)))
        #expect(try await client.tokenBalances(address: owner, tokenIds: [usdt]) == [ChainBalance(assetId: token(.ton, usdt), available: BigUInt(25_000_000))])
        #expect(try await client.tokenMetadata(tokenId: usdt) == ChainTokenMetadata(name: "Tether USD", symbol: "USD₮", decimals: 6, type: .jetton))
        let offchain = await outcome { () async throws(ChainClientError) in try await client.tokenMetadata(tokenId: usdt) }
        #expect(offchain == .failure(.unsupported("ton: the jetton's name and symbol are off chain (jetton_content.data.uri)")))
        let requests = await transport.requests
        #expect(requests[2].path == "/api/v2/getTokenData" && requests[2].query == [ChainHeader(name: "address", value: usdt)])
        #expect(try await client.stakeBalance(address: owner) == nil)
        #expect(await transport.requests.count == 4)
    }

    // MARK: The split every family keeps

    /// A coin answer never carries `staked` or `pending`, whatever the family's own balance record holds.
    @Test func aCoinAnswerNeverCarriesStakeOrPending() async throws {
        let cases: [(Chain, String, String)] = [
            (.bitcoin, "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", fixture("bitcoin", "address")),
            (.hyperCore, "0xb0bba4dec4b021e2b5e9bc0066e45262bd317a9b", fixture("hypercore", "spotClearinghouseState")),
            (.tron, "TX1tPQnZSmUGcGcJL3E5yiD7mp9wce2cMD", fixture("tron", "getaccount")),
        ]
        for (chain, address, answer) in cases {
            let (client, _) = await client(chain, [answer])
            let coin = try await client.coinBalance(address: address)
            #expect(coin.staked == nil && coin.pending == nil, "\(chain.id)")
        }
    }
}

private let everstakeCall = "0x82ad56cb0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000500000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000160000000000000000000000000000000000000000000000000000000000000022000000000000000000000000000000000000000000000000000000000000002e000000000000000000000000000000000000000000000000000000000000003a00000000000000000000000007a7f0b3c23c23a31cfcb0c44709be70d4d545c6e00000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000060000000000000000000000000000000000000000000000000000000000000002468b482540000000000000000000000005aaeb6053f3e94c9b9a09f33669435e7ef1beaed000000000000000000000000000000000000000000000000000000000000000000000000000000007a7f0b3c23c23a31cfcb0c44709be70d4d545c6e00000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000060000000000000000000000000000000000000000000000000000000000000002459b8c7630000000000000000000000005aaeb6053f3e94c9b9a09f33669435e7ef1beaed000000000000000000000000000000000000000000000000000000000000000000000000000000007a7f0b3c23c23a31cfcb0c44709be70d4d545c6e00000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000060000000000000000000000000000000000000000000000000000000000000002480f14ecc0000000000000000000000005aaeb6053f3e94c9b9a09f33669435e7ef1beaed000000000000000000000000000000000000000000000000000000000000000000000000000000007a7f0b3c23c23a31cfcb0c44709be70d4d545c6e00000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000060000000000000000000000000000000000000000000000000000000000000002414cbc46a0000000000000000000000005aaeb6053f3e94c9b9a09f33669435e7ef1beaed000000000000000000000000000000000000000000000000000000000000000000000000000000007a7f0b3c23c23a31cfcb0c44709be70d4d545c6e0000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000240c98929a0000000000000000000000005aaeb6053f3e94c9b9a09f33669435e7ef1beaed00000000000000000000000000000000000000000000000000000000"
private let everstakeAnswer = "0x0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000500000000000000000000000000000000000000000000000000000000000000a0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000001a0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000002a0000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000001bc16d674ec8000000000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000de0b6b3a764000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000040000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000040000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000029a2241af62c00000000000000000000000000000000000000000000000000000de0b6b3a764000000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000040000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000006f05b59d3b20000"
private let everstakeAnswerWithdrawReverted = "0x0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000500000000000000000000000000000000000000000000000000000000000000a0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000001a0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000002a0000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000001bc16d674ec8000000000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000de0b6b3a764000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000040000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000040000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000029a2241af62c00000000000000000000000000000000000000000000000000000de0b6b3a764000000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000040000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000006f05b59d3b20000"
