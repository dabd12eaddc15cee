import Blockchain
import Primitives
@testable import Gemstone

/// A `ChainClient` whose answers the test scripts per call: each source (coin, tokens, stake) answers its next
/// scripted step, a step may wait on a `Gate` first; an unscripted call fails with `unsupported`. Calls are counted.
actor ScriptedChainClient: ChainClient {
    enum Source: Hashable { case coin, tokens, stake, metadata, networkId, latestBlock }

    struct Step: Sendable {
        var gate: Gate?
        var answer: Result<[ChainBalance], ChainClientError>
    }

    nonisolated let chain: Chain
    private var steps: [Source: [Step]] = [:]
    private(set) var calls: [Source: Int] = [:]
    private var metadata: Result<ChainTokenMetadata, ChainClientError> = .failure(.unsupported("no metadata scripted"))
    private var network: Result<String, ChainClientError>
    private var block: Result<UInt64, ChainClientError> = .success(1)

    init(chain: Chain) {
        self.chain = chain
        network = .success(chain.config.networkId)
    }

    /// The next answer of `source`: balances (a coin or stake answer is the first), or a failure.
    func script(_ source: Source, _ answer: Result<[ChainBalance], ChainClientError>, after gate: Gate? = nil) {
        steps[source, default: []].append(Step(gate: gate, answer: answer))
    }

    func script(metadata: Result<ChainTokenMetadata, ChainClientError>) { self.metadata = metadata }
    func script(network: Result<String, ChainClientError>, block: Result<UInt64, ChainClientError>) {
        self.network = network
        self.block = block
    }

    func count(_ source: Source) -> Int { calls[source] ?? 0 }

    private func next(_ source: Source) async throws(ChainClientError) -> [ChainBalance] {
        calls[source, default: 0] += 1
        guard var queue = steps[source], !queue.isEmpty else { throw .unsupported("nothing scripted for \(source)") }
        let step = queue.removeFirst()
        steps[source] = queue
        if let gate = step.gate { await gate.wait() }
        return try step.answer.get()
    }

    func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        guard let first = try await next(.coin).first else { throw .malformed("empty coin answer") }
        return first
    }

    func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        try await next(.tokens)
    }

    func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        guard steps[.stake] != nil else { return nil }
        return try await next(.stake).first
    }

    func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        calls[.metadata, default: 0] += 1
        return try metadata.get()
    }

    func latestBlock() async throws(ChainClientError) -> UInt64 {
        calls[.latestBlock, default: 0] += 1
        return try block.get()
    }

    func networkId() async throws(ChainClientError) -> String {
        calls[.networkId, default: 0] += 1
        return try network.get()
    }
}

/// `GemChainClients` over scripted clients, one per chain; a chain without one fails as offline.
struct ScriptedChainClients: GemChainClients {
    let clients: [Chain: ScriptedChainClient]

    init(_ clients: [ScriptedChainClient]) {
        self.clients = Dictionary(clients.map { ($0.chain, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func client(for chain: Chain) async throws(GemServiceError) -> any ChainClient {
        guard let client = clients[chain] else { throw .offline(message: "\(chain.id): no node") }
        return client
    }
}
