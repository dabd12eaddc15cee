import Blockchain
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Primitives
import Testing

/// Every chain's `ChainClient` against the local chains of `tests/chains/all_chains.py`, over real HTTP. Runs when
/// `GEM_LOCAL_CHAINS` names the launcher's tokens file (`--tokens-file`, which also names each chain's server and
/// scope) and `GEM_LOCAL_CHAIN_URLS` its map (`--ready-file`):
///
///     python3 tests/chains/all_chains.py --ready-file /tmp/urls.json --tokens-file /tmp/tokens.json &
///     GEM_LOCAL_CHAIN_URLS=/tmp/urls.json GEM_LOCAL_CHAINS=/tmp/tokens.json swift test --filter ChainClientLocalChainsTests
@Suite(.enabled(if: ProcessInfo.processInfo.environment["GEM_LOCAL_CHAINS"] != nil))
struct ChainClientLocalChainsTests {
    /// A `ChainTransport` over URLSession to one base URL (tests only: the core has no Foundation).
    struct HTTPTransport: ChainTransport {
        let base: String

        func send(_ request: ChainRequest) async throws(ChainClientError) -> ChainResponse {
            guard let url = URL(string: request.url(base: base)) else { throw .offline("bad URL") }
            var urlRequest = URLRequest(url: url)
            urlRequest.httpMethod = request.method.rawValue
            for header in request.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }
            urlRequest.httpBody = request.body.map { Data($0) }
            do {
                let (data, response) = try await URLSession.shared.data(for: urlRequest)
                return ChainResponse(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: Array(data))
            } catch {
                throw .offline(String(describing: error))
            }
        }
    }

    /// A valid address of each chain that is not EVM (the local servers answer any; the clients check the form).
    static let addresses: [String: String] = [
        "bitcoin": "bc1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysn4v0345", "litecoin": "ltc1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysn3s44dy",
        "doge": "D597kHXGdkwkryF9oGhz9Bp1ypTpD1u99Z", "bitcoincash": "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a",
        "zcash": "t1Rv4exT7bqhZqi2j7xz8bUHDMxwosrjADU", "solana": "F25s3DdjXdCxYBhh2z8FBusVEMT4b9bGNFVKJi3wFoF4",
        "cosmos": "cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02", "osmosis": "osmo1hsk6jryyqjfhp5dhc55tc9jtckygx0eplp7aec",
        "celestia": "celestia1hsk6jryyqjfhp5dhc55tc9jtckygx0epxsua48", "thorchain": "thor1hsk6jryyqjfhp5dhc55tc9jtckygx0ep3a5k64",
        "injective": "inj1hsk6jryyqjfhp5dhc55tc9jtckygx0epan6faj", "sei": "sei1hsk6jryyqjfhp5dhc55tc9jtckygx0ep6kumft",
        "noble": "noble1hsk6jryyqjfhp5dhc55tc9jtckygx0eplec9hy",
        "ton": "UQDjfUSwZ0BnHE9rLi47i9pfM9aXAth_iJQWScZ5UK43Ku0h", "tron": "TX1tPQnZSmUGcGcJL3E5yiD7mp9wce2cMD",
        "aptos": "0x" + String(repeating: "a1", count: 32), "sui": "0x" + String(repeating: "a1", count: 32),
        "xrp": "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn", "near": String(repeating: "9d3f1c2a", count: 8),
        "stellar": "GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR",
        "algorand": "RFQN2EJP6PFQRRYJT3KRABFGKNHQS5VYBHOJQ75RHNKJZ7NPXOQPHBJRIM",
        "polkadot": "15U5XsYmgMLfTXsSSbuj8BwK3XXLzSVkGe97NZHvfJRii1TK",
        "cardano": "addr1v9nh8jpxefcraqjq5d3unlhnxmtds20kftzu2zsg8587c2gua8s80",
        "hypercore": "0xb0bba4dec4b021e2b5e9bc0066e45262bd317a9b",
    ]
    /// evm_node.py's funded test account.
    static let evmAddress = "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"

    static func load(_ variable: String) -> [String: Any] {
        guard let path = ProcessInfo.processInfo.environment[variable], let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        return object
    }

    @Test(arguments: Chain.allCases)
    func everyChainAnswersItsClient(chain: Chain) async throws {
        let urls = Self.load("GEM_LOCAL_CHAIN_URLS")
        let tokens = Self.load("GEM_LOCAL_CHAINS")
        let base = try #require(urls[chain.id] as? String, "no local URL for \(chain.id)")
        let token = (tokens[chain.id] as? [String: Any])?["token"] as? String
        let address = chain.type == .ethereum ? Self.evmAddress : try #require(Self.addresses[chain.id])
        let client = ChainClients.client(for: chain, transport: HTTPTransport(base: base))

        #expect(try await client.networkId() == chain.config.networkId)
        #expect(try await client.latestBlock() > 0)
        let coin = try await client.coinBalance(address: address)
        #expect(coin.assetId == chain.assetId && coin.staked == nil && coin.pending == nil)
        if let token {
            let balances = try await client.tokenBalances(address: address, tokenIds: [token])
            #expect(balances.map(\.assetId.tokenId) == [token])
        }
        if let stake = try await client.stakeBalance(address: address) {
            #expect(stake.available == .zero && stake.staked != nil)
        }
    }
}
