import Primitives

/// The nodes the user added and the node selected per chain; owned by `GemNodeService`.
public protocol GemNodeStore: Sendable {
    /// Every node the user added, in the order they were added.
    func getNodes() async throws(GemServiceError) -> [GemChainNode]
    /// Adds `add` (appended in order; one already stored is left where it is) and deletes `delete`, in one
    /// transaction.
    func updateNodes(add: [GemChainNode], delete: [GemChainNode]) async throws(GemServiceError)
    /// The stored selection of every chain that has one.
    func getSelections() async throws(GemServiceError) -> [GemChainNode]
    /// Stores `url` as `chain`'s selection, or clears it when nil.
    func setSelection(chain: Chain, url: String?) async throws(GemServiceError)
}
