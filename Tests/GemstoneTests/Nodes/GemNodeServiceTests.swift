import Blockchain
import Primitives
import Synchronization
import Testing
@testable import Gemstone

/// A clock that moves `step` forward every time it is read.
final class SteppingClock: Sendable {
    private let base = ContinuousClock.now
    private let reads = Mutex(0)
    let step: Duration

    init(step: Duration) { self.step = step }

    func now() -> ContinuousClock.Instant {
        let count = reads.withLock { value -> Int in
            defer { value += 1 }
            return value
        }
        return base.advanced(by: step * count)
    }
}

@Suite struct GemNodeServiceTests {
    static let builtin: @Sendable (Chain) -> [String] = { chain in
        chain == .ethereum ? ["https://eth.example", "https://eth2.example"] : ["https://\(chain.id).example"]
    }

    func harness(nodes: [GemChainNode] = [], selections: [Chain: String] = [:], overrides: [Chain: [String]] = [:],
                 client: ScriptedChainClient? = nil) throws -> (GemNodeService, MemoryNodeStore) {
        let store = MemoryNodeStore(nodes: nodes, selections: selections)
        let clock = SteppingClock(step: .milliseconds(25))
        let service = try GemNodeService(store: store, http: TestHTTPTransport(), builtin: Self.builtin, overrides: overrides,
                                         now: { clock.now() },
                                         makeClient: { chain, _ in client ?? ScriptedChainClient(chain: chain) })
        return (service, store)
    }

    @Test func aChainListsItsBuiltInThenAddedNodesAndUsesTheFirstByDefault() async throws {
        let (service, _) = try harness(nodes: [GemChainNode(chain: .ethereum, url: "https://mine.example"),
                                               GemChainNode(chain: .solana, url: "https://sol.mine")])
        let nodes = try await service.nodes(chain: .ethereum)
        #expect(nodes == GemChainNodes(chain: .ethereum, selectedUrl: "https://eth.example", nodes: [
            GemNodeItem(url: "https://eth.example", kind: .builtin, selected: true),
            GemNodeItem(url: "https://eth2.example", kind: .builtin, selected: false),
            GemNodeItem(url: "https://mine.example", kind: .custom, selected: false),
        ]))
    }

    @Test func theStoreIsReadOnce() async throws {
        let (service, store) = try harness()
        _ = try await service.nodes(chain: .ethereum)
        _ = try await service.selectedURL(chain: .solana)
        _ = try await service.add(GemChainNode(chain: .ethereum, url: "https://mine.example"))
        _ = try await service.nodes(chain: .ethereum)
        #expect(await store.reads == 2)  // getNodes + getSelections, once
    }

    @Test func concurrentFirstReadsShareOneLoad() async throws {
        let (service, store) = try harness()
        try await withThrowingTaskGroup(of: String.self) { group in
            for chain in Chain.allCases { group.addTask { try await service.selectedURL(chain: chain) } }
            for try await _ in group {}
        }
        #expect(await store.reads == 2)  // one getNodes and one getSelections for all 52 chains
    }

    @Test func aStoredSelectionTheChainNoLongerOffersFallsBackToTheDefault() async throws {
        let (service, _) = try harness(selections: [.ethereum: "https://removed.example"])
        #expect(try await service.selectedURL(chain: .ethereum) == "https://eth.example")
    }

    @Test func selectingUsesTheNodeAndStoresIt() async throws {
        let (service, store) = try harness()
        let nodes = try await service.select(GemChainNode(chain: .ethereum, url: "https://eth2.example/"))
        #expect(nodes.selectedUrl == "https://eth2.example")
        #expect(await store.selections[.ethereum] == "https://eth2.example")
        #expect(try await service.selectedURL(chain: .ethereum) == "https://eth2.example")
    }

    @Test func selectingANodeTheChainDoesNotOfferIsNotFound() async throws {
        let (service, store) = try harness()
        await #expect(throws: GemServiceError.self) { try await service.select(GemChainNode(chain: .ethereum, url: "https://other.example")) }
        #expect(await store.writes == 0)
    }

    @Test(arguments: ["http://node.example", "ftp://node.example", "https://", "https://a b", "https://x?y=1",
                      "https://" + String(repeating: "a", count: 2_100)])
    func anAddedNodeIsHttpsOrLoopback(url: String) async throws {
        let (service, store) = try harness()
        await #expect(throws: GemServiceError.self) { try await service.add(GemChainNode(chain: .ethereum, url: url)) }
        #expect(await store.writes == 0)
    }

    @Test(arguments: ["http://127.0.0.1:8545", "http://localhost:1/ethereum", "https://node.example/rpc/"])
    func loopbackHttpAndHttpsAreAdded(url: String) async throws {
        let (service, store) = try harness()
        let nodes = try await service.add(GemChainNode(chain: .ethereum, url: url))
        #expect(nodes.nodes.last?.kind == .custom)
        #expect(await store.nodes.count == 1)
        // Adding it again writes nothing.
        _ = try await service.add(GemChainNode(chain: .ethereum, url: url))
        #expect(await store.writes == 1)
    }

    @Test func aChainTakesAtMost32AddedNodes() async throws {
        let nodes = (0..<32).map { GemChainNode(chain: .ethereum, url: "https://n\($0).example") }
        let (service, store) = try harness(nodes: nodes)
        await #expect(throws: GemServiceError.self) { try await service.add(GemChainNode(chain: .ethereum, url: "https://n99.example")) }
        #expect(await store.writes == 0)
    }

    @Test func removingTheSelectedNodeGoesBackToTheDefault() async throws {
        let mine = GemChainNode(chain: .ethereum, url: "https://mine.example")
        let (service, store) = try harness(nodes: [mine], selections: [.ethereum: mine.url])
        let nodes = try await service.remove(mine)
        #expect(nodes.selectedUrl == "https://eth.example")
        #expect(await store.nodes.isEmpty)
        #expect(await store.selections[.ethereum] == nil)
    }

    @Test func aBuiltInNodeCannotBeRemoved() async throws {
        let (service, _) = try harness()
        await #expect(throws: GemServiceError.invalidInput(message: "a built-in node cannot be removed: https://eth.example")) {
            try await service.remove(GemChainNode(chain: .ethereum, url: "https://eth.example"))
        }
    }

    @Test func resolvingAtStartClearsOnlySelectionsTheChainNoLongerOffers() async throws {
        let mine = GemChainNode(chain: .solana, url: "https://sol.mine")
        let (service, store) = try harness(nodes: [mine], selections: [.ethereum: "https://gone.example", .solana: mine.url,
                                                                      .bitcoin: "https://bitcoin.example"])
        let cleared = try await service.resolveSelections()
        #expect(cleared == [GemChainNode(chain: .ethereum, url: "https://gone.example")])
        #expect(await store.selections == [.solana: mine.url, .bitcoin: "https://bitcoin.example"])
    }

    @Test func configuredNodesReplaceTheBuiltInOnes() async throws {
        let (service, _) = try harness(overrides: [.ethereum: ["http://127.0.0.1:8545/"]])
        #expect(try await service.selectedURL(chain: .ethereum) == "http://127.0.0.1:8545")
        #expect(try await service.selectedURL(chain: .solana) == "https://solana.example")
        #expect(throws: GemServiceError.self) { try harness(overrides: [.ethereum: ["http://10.0.0.1"]]) }
        #expect(throws: GemServiceError.self) { try harness(overrides: [.ethereum: []]) }
    }

    // MARK: checks

    @Test func aNodeOfTheChainsNetworkPasses() async throws {
        let client = ScriptedChainClient(chain: .ethereum)
        await client.script(network: .success("1"), block: .success(21_000_000))
        let (service, _) = try harness(client: client)
        let check = try await service.check(GemChainNode(chain: .ethereum, url: "https://eth.example"))
        #expect(check == GemNodeCheck(chain: .ethereum, url: "https://eth.example", status: .ok, rows: [
            .chainId(value: "1"), .inSync(state: .unknown), .latestBlock(value: .count(21_000_000)), .latency(milliseconds: 25),
        ]))
    }

    @Test func aNodeOfAnotherNetworkIsNamed() async throws {
        let client = ScriptedChainClient(chain: .ethereum)
        await client.script(network: .success("137"), block: .success(5))
        let (service, _) = try harness(client: client)
        let check = try await service.check(GemChainNode(chain: .ethereum, url: "http://127.0.0.1:9"))
        #expect(check.status == .wrongNetwork(expected: "1", actual: "137"))
        #expect(check.rows.first == .chainId(value: "137"))
    }

    @Test func anUnreachableNodeIsAVerdictNotAnError() async throws {
        let client = ScriptedChainClient(chain: .ethereum)
        await client.script(network: .failure(.offline("connection refused")), block: .success(5))
        let (service, _) = try harness(client: client)
        let check = try await service.check(GemChainNode(chain: .ethereum, url: "http://127.0.0.1:9"))
        #expect(check.status == .unreachable(error: .offline(message: "ethereum: connection refused")))
        #expect(check.rows.isEmpty)
        #expect(await client.count(.latestBlock) == 0)
    }

    @Test func aNodeThatAnswersItsIdButNotItsBlockIsUnreachable() async throws {
        let client = ScriptedChainClient(chain: .ethereum)
        await client.script(network: .success("1"), block: .failure(.http(status: 502, body: "bad gateway")))
        let (service, _) = try harness(client: client)
        let check = try await service.check(GemChainNode(chain: .ethereum, url: "https://eth.example"))
        #expect(check.status == .unreachable(error: .api(status: 502, message: "ethereum: HTTP 502: bad gateway")))
        #expect(check.rows == [.chainId(value: "1"), .inSync(state: .unknown), .latency(milliseconds: 25)])
    }

    @Test func checkingAMalformedURLThrows() async throws {
        let (service, _) = try harness()
        await #expect(throws: GemServiceError.self) { try await service.check(GemChainNode(chain: .ethereum, url: "http://example.com")) }
    }

    @Test func latencyIsWholeMilliseconds() {
        #expect(NodeRules.milliseconds(.milliseconds(1_234)) == 1_234)
        #expect(NodeRules.milliseconds(.microseconds(1_999)) == 1)
        #expect(NodeRules.milliseconds(.seconds(-1)) == 0)
        #expect(NodeRules.milliseconds(.seconds(Int64.max)) == UInt32.max)
    }
}
