import Blockchain
import Primitives

/// Gives a service the client of a chain, over the node that chain uses now.
public protocol GemChainClients: Sendable {
    func client(for chain: Chain) async throws(GemServiceError) -> any ChainClient
    /// Loads what `client(for:)` needs ahead of a burst of calls (a refresh of every chain); errors are left for
    /// `client(for:)` to report.
    func prepare() async
}

extension GemChainClients {
    public func prepare() async {}
}

/// Which node each chain is reached through (spec "Node selection illustrates this boundary"): the one owner of
/// the added nodes and the per-chain selection, and the chain clients every other service talks through.
///
/// - A chain offers its built-in nodes (the core's list, or the host's configuration in its place) and the nodes
///   the user added. A node URL is https, or http only to a loopback host.
/// - The stored selection is always a node the chain offers: `selectedURL` resolves it against the chain's nodes
///   (the specification's `select_node`) and falls back to the first built-in node; `resolveSelections`, run at
///   start, replaces every stored selection the chain no longer offers, through the same command lane as `select`,
///   so a selection the user changed meanwhile is never overwritten.
/// - `check` asks a node for its network id, latest block and sync state and answers rows, never a throw for an
///   unreachable node.
///
/// Added nodes and selections are read from the store once and kept; every write goes through this service.
public final class GemNodeService: GemChainClients {
    private let store: any GemNodeStore
    private let http: any GemHTTPTransport
    private let builtinNodes: @Sendable (Chain) -> [String]
    private let now: @Sendable () -> ContinuousClock.Instant
    private let makeClient: @Sendable (Chain, any ChainTransport) -> any ChainClient
    private let lane = CommandLane()
    private let cache = NodeCache()

    /// `builtin` gives each chain's built-in nodes (the first is the default); `overrides` replaces the list of the
    /// chains it names (a host that ships its own nodes, or tests on local chains). Every URL is checked. `now` is
    /// the clock a check's latency is read from; `makeClient` builds a chain's client over a node's transport.
    public init(store: any GemNodeStore, http: any GemHTTPTransport, builtin: @escaping @Sendable (Chain) -> [String],
                overrides: [Chain: [String]] = [:],
                now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
                makeClient: @escaping @Sendable (Chain, any ChainTransport) -> any ChainClient = { ChainClients.client(for: $0, transport: $1) })
        throws(GemServiceError) {
        var checked: [Chain: [String]] = [:]
        for (chain, urls) in overrides {
            guard !urls.isEmpty else { throw .invalidInput(message: "the built-in nodes of \(chain.id) are empty") }
            var list: [String] = []
            for url in urls {
                let url = try BaseURL.validated(url, name: "the node URL")
                if !list.contains(url) { list.append(url) }
            }
            checked[chain] = list
        }
        let fixed = checked
        self.store = store
        self.http = http
        self.builtinNodes = { chain in fixed[chain] ?? builtin(chain) }
        self.now = now
        self.makeClient = makeClient
    }

    // MARK: reads

    /// The chain's nodes and the one in use.
    public func nodes(chain: Chain) async throws(GemServiceError) -> GemChainNodes {
        let state = try await snapshot()
        return NodeRules.chainNodes(chain: chain, builtin: builtinNodes(chain), custom: state.custom(chain), selection: state.selections[chain])
    }

    /// The base URL requests to `chain` go to now.
    public func selectedURL(chain: Chain) async throws(GemServiceError) -> String {
        let state = try await snapshot()
        guard let url = NodeRules.selectedURL(builtin: builtinNodes(chain), custom: state.custom(chain), selection: state.selections[chain]) else {
            throw .notFound(message: "\(chain.id) has no node")
        }
        return url
    }

    public func prepare() async {
        _ = try? await snapshot()
    }

    /// The transport to the node `chain` uses now (what its client and its transfer stages send through).
    public func transport(for chain: Chain) async throws(GemServiceError) -> any ChainTransport {
        NodeTransport(baseURL: try await selectedURL(chain: chain), http: http)
    }

    public func client(for chain: Chain) async throws(GemServiceError) -> any ChainClient {
        client(chain: chain, url: try await selectedURL(chain: chain))
    }

    // MARK: commands

    /// Adds a node to `node.chain`'s list (a URL already in it is left as it is) and answers the list.
    public func add(_ node: GemChainNode) async throws(GemServiceError) -> GemChainNodes {
        let url = try BaseURL.validated(node.url, name: "the node URL")
        let node = GemChainNode(chain: node.chain, url: url)
        try await lane.run { () async throws(GemServiceError) in
            let state = try await snapshot()
            let custom = state.custom(node.chain)
            guard !builtinNodes(node.chain).contains(url), !custom.contains(url) else { return }
            guard custom.count < NodeRules.maxCustomNodes else {
                throw .invalidInput(message: "\(node.chain.id) already has \(NodeRules.maxCustomNodes) added nodes")
            }
            try await store.updateNodes(add: [node], delete: [])
            await cache.update { $0.customNodes.append(node) }
        }
        return try await nodes(chain: node.chain)
    }

    /// Removes an added node; when it was selected the chain falls back to its default. A built-in node cannot be
    /// removed (`invalid_input`); a node not in the list is `not_found`.
    public func remove(_ node: GemChainNode) async throws(GemServiceError) -> GemChainNodes {
        try await lane.run { () async throws(GemServiceError) in
            let state = try await snapshot()
            guard let stored = state.customNodes.first(where: { $0.chain == node.chain && Self.sameURL($0.url, node.url) }) else {
                if builtinNodes(node.chain).contains(where: { Self.sameURL($0, node.url) }) {
                    throw .invalidInput(message: "a built-in node cannot be removed: \(JSONCodec.excerpt(node.url))")
                }
                throw .notFound(message: "\(node.chain.id) has no added node \(JSONCodec.excerpt(node.url))")
            }
            if state.selections[node.chain] == stored.url {
                try await store.setSelection(chain: node.chain, url: nil)
                await cache.update { $0.selections[node.chain] = nil }
            }
            try await store.updateNodes(add: [], delete: [stored])
            await cache.update { $0.customNodes.removeAll { $0 == stored } }
        }
        return try await nodes(chain: node.chain)
    }

    /// Makes requests to `node.chain` use `node.url`, which must be one of the chain's nodes (`not_found` otherwise).
    public func select(_ node: GemChainNode) async throws(GemServiceError) -> GemChainNodes {
        try await lane.run { () async throws(GemServiceError) in
            let state = try await snapshot()
            let offered = builtinNodes(node.chain) + state.custom(node.chain)
            guard let url = offered.first(where: { Self.sameURL($0, node.url) }) else {
                throw .notFound(message: "\(node.chain.id) has no node \(JSONCodec.excerpt(node.url))")
            }
            guard state.selections[node.chain] != url else { return }
            try await store.setSelection(chain: node.chain, url: url)
            await cache.update { $0.selections[node.chain] = url }
        }
        return try await nodes(chain: node.chain)
    }

    /// Re-resolves every stored selection (run at start, before any network step): a selection naming a node its
    /// chain no longer offers is cleared, so the chain uses its default. Answers the selections replaced.
    @discardableResult
    public func resolveSelections() async throws(GemServiceError) -> [GemChainNode] {
        try await lane.run { () async throws(GemServiceError) -> [GemChainNode] in
            let state = try await snapshot()
            let selections = state.selections.map { GemChainNode(chain: $0.key, url: $0.value) }.sorted { $0.chain.id < $1.chain.id }
            let stale = NodeRules.staleSelections(selections, builtin: builtinNodes, custom: state.customNodes)
            for selection in stale {
                try await store.setSelection(chain: selection.chain, url: nil)
                await cache.update { $0.selections[selection.chain] = nil }
            }
            return stale
        }
    }

    /// Checks a node (one of the chain's or not): its network id against the chain's, its latest block and sync
    /// state, and the time to its first answer. An unreachable node is a verdict, not an error; only a URL that
    /// is not a node URL throws.
    public func check(_ node: GemChainNode) async throws(GemServiceError) -> GemNodeCheck {
        let url = try BaseURL.validated(node.url, name: "the node URL")
        let node = GemChainNode(chain: node.chain, url: url)
        let client = client(chain: node.chain, url: url)
        let start = now()
        let networkId: Result<String, GemServiceError>
        do {
            networkId = .success(try await client.networkId())
        } catch {
            networkId = .failure(error.serviceError(chain: node.chain))
        }
        let latency = now() - start
        guard case .success = networkId else {
            return NodeRules.check(node: node, networkId: networkId, latency: latency, latestBlock: nil, sync: nil)
        }
        async let block = Self.latestBlock(client)
        async let sync = Self.syncState(client)
        return NodeRules.check(node: node, networkId: networkId, latency: latency, latestBlock: await block, sync: await sync)
    }

    // MARK: private

    private func client(chain: Chain, url: String) -> any ChainClient {
        makeClient(chain, NodeTransport(baseURL: url, http: http))
    }

    private func snapshot() async throws(GemServiceError) -> NodeCache.State {
        try await cache.state { [store] () async throws(GemServiceError) -> NodeCache.State in
            let custom = try await store.getNodes()
            var selections: [Chain: String] = [:]
            for selection in try await store.getSelections() { selections[selection.chain] = selection.url }
            return NodeCache.State(customNodes: custom, selections: selections)
        }
    }

    private static func latestBlock(_ client: any ChainClient) async -> Result<UInt64, GemServiceError> {
        do {
            return .success(try await client.latestBlock())
        } catch {
            return .failure(error.serviceError(chain: client.chain))
        }
    }

    private static func syncState(_ client: any ChainClient) async -> ChainSyncState? {
        guard let reporting = client as? any ChainSyncReporting else { return nil }
        return try? await reporting.syncState()
    }

    /// URLs compare without their trailing `/`.
    private static func sameURL(_ a: String, _ b: String) -> Bool {
        var a = Substring(a), b = Substring(b)
        while a.hasSuffix("/") { a = a.dropLast() }
        while b.hasSuffix("/") { b = b.dropLast() }
        return a == b
    }
}

/// The added nodes and selections, read from the store once and then kept in step with every write.
actor NodeCache {
    struct State: Sendable {
        var customNodes: [GemChainNode]
        var selections: [Chain: String]

        func custom(_ chain: Chain) -> [String] {
            customNodes.filter { $0.chain == chain }.map(\.url)
        }
    }

    private var loaded: State?
    private var loading: Task<Result<State, GemServiceError>, Never>?

    /// The kept state, loading it with `load` the first time. Callers that arrive while the load runs wait for
    /// that one load (a refresh of 52 chains asks for the state 52 times at once); a failed load is retried by the
    /// next call.
    func state(_ load: @escaping @Sendable () async throws(GemServiceError) -> State) async throws(GemServiceError) -> State {
        if let loaded { return loaded }
        let task: Task<Result<State, GemServiceError>, Never>
        if let loading {
            task = loading
        } else {
            task = Task { () async -> Result<State, GemServiceError> in
                do throws(GemServiceError) {
                    return .success(try await load())
                } catch {
                    return .failure(error)
                }
            }
            loading = task
        }
        let result = await task.value
        loading = nil
        switch result {
        case let .success(state):
            if loaded == nil { loaded = state }
            return loaded ?? state
        case let .failure(error):
            throw error
        }
    }

    /// Applies a write that already reached the store.
    func update(_ change: (inout State) -> Void) {
        guard var state = loaded else { return }
        change(&state)
        loaded = state
    }
}
