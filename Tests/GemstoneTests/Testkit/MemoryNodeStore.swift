import Primitives
@testable import Gemstone

/// `GemNodeStore` in memory; reads and writes are counted.
actor MemoryNodeStore: GemNodeStore {
    private(set) var nodes: [GemChainNode]
    private(set) var selections: [Chain: String]
    private(set) var reads = 0
    private(set) var writes = 0

    init(nodes: [GemChainNode] = [], selections: [Chain: String] = [:]) {
        self.nodes = nodes
        self.selections = selections
    }

    func getNodes() async throws(GemServiceError) -> [GemChainNode] {
        reads += 1
        return nodes
    }

    func updateNodes(add: [GemChainNode], delete: [GemChainNode]) async throws(GemServiceError) {
        writes += 1
        for node in add where !nodes.contains(node) { nodes.append(node) }
        nodes.removeAll { delete.contains($0) }
    }

    func getSelections() async throws(GemServiceError) -> [GemChainNode] {
        reads += 1
        return selections.map { GemChainNode(chain: $0.key, url: $0.value) }
    }

    func setSelection(chain: Chain, url: String?) async throws(GemServiceError) {
        writes += 1
        selections[chain] = url
    }
}
