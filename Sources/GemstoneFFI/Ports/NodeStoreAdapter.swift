import CGemstone
import Gemstone
import Primitives

/// GemNodeStore over a host's gem_node_store table; nodes and selections cross as GemChainNode records.
final class NodeStoreAdapter: GemNodeStore {
    private let getNodesMethod: PortMethod
    private let updateNodesMethod: PortMethod
    private let getSelectionsMethod: PortMethod
    private let setSelectionMethod: PortMethod
    private let release: TableRelease
    private let lifetime: Lifetime
    /// How long one call may wait for the host before it fails with `timeout` (GemStoreTimeout).
    private let timeout: Duration

    init(_ pointer: UnsafePointer<gem_node_store>?, lifetime: Lifetime, timeout: Duration, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "store")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        getNodesMethod = try requireMethod(table.get_nodes, "store.get_nodes", release)
        updateNodesMethod = try requireMethod(table.update_nodes, "store.update_nodes", release)
        getSelectionsMethod = try requireMethod(table.get_selections, "store.get_selections", release)
        setSelectionMethod = try requireMethod(table.set_selection, "store.set_selection", release)
        self.lifetime = lifetime
        self.timeout = timeout
    }

    func getNodes() async throws(GemServiceError) -> [GemChainNode] {
        try decodeAnswer([GemChainNode].self, try await getNodesMethod.call(Array("{}".utf8), lifetime: lifetime, timeout: timeout), "store.get_nodes")
    }

    func updateNodes(add: [GemChainNode], delete: [GemChainNode]) async throws(GemServiceError) {
        let args = try portArgs(GemNodesUpdate(add: add, delete: delete))
        _ = try await updateNodesMethod.call(args, lifetime: lifetime, timeout: timeout)
    }

    func getSelections() async throws(GemServiceError) -> [GemChainNode] {
        try decodeAnswer([GemChainNode].self, try await getSelectionsMethod.call(Array("{}".utf8), lifetime: lifetime, timeout: timeout), "store.get_selections")
    }

    func setSelection(chain: Chain, url: String?) async throws(GemServiceError) {
        let args = JSONWriter.bytes(.object([("chain", .string(chain.id)), ("url", url.map(JSON.string) ?? .null)]))
        _ = try await setSelectionMethod.call(args, lifetime: lifetime, timeout: timeout)
    }
}

/// A port method's arguments: the JSON of their schema record (GemNodesUpdate, GemWalletRef, …).
func portArgs(_ record: some Encodable) throws(GemServiceError) -> [UInt8] {
    JSONWriter.bytes(try encodeArgValue(record))
}

/// A record as a JSON value inside a port method's arguments.
func encodeArgValue(_ value: some Encodable) throws(GemServiceError) -> JSON {
    do {
        return try JSONCodec.encodeValue(value)
    } catch {
        throw .internal(message: error.description)
    }
}
