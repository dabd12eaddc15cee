import Blockchain
import Primitives

/// The node rules, pure: which URL a chain uses, what its node list shows, what a node check reads.
enum NodeRules {
    /// The most nodes a user may add to one chain.
    static let maxCustomNodes = 32

    /// The node `chain` uses: its stored selection when the chain still offers it (built in or added), else its
    /// first built-in node (the specification's `select_node`).
    static func selectedURL(builtin: [String], custom: [String], selection: String?) -> String? {
        if let selection, builtin.contains(selection) || custom.contains(selection) { return selection }
        return builtin.first ?? custom.first
    }

    /// A chain's list: built-in nodes in their order, then the added ones, the selected one marked.
    static func chainNodes(chain: Chain, builtin: [String], custom: [String], selection: String?) -> GemChainNodes {
        let selected = selectedURL(builtin: builtin, custom: custom, selection: selection) ?? ""
        let items = builtin.map { GemNodeItem(url: $0, kind: .builtin, selected: $0 == selected) }
            + custom.filter { !builtin.contains($0) }.map { GemNodeItem(url: $0, kind: .custom, selected: $0 == selected) }
        return GemChainNodes(chain: chain, selectedUrl: selected, nodes: items)
    }

    /// The stored selections a start must replace: those naming a node the chain no longer offers (an update
    /// removed a built-in node, or the added node is gone).
    static func staleSelections(_ selections: [GemChainNode], builtin: (Chain) -> [String], custom: [GemChainNode]) -> [GemChainNode] {
        selections.filter { selection in
            !builtin(selection.chain).contains(selection.url) && !custom.contains(selection)
        }
    }

    /// A node check's verdict and rows from what the node answered: its network id (or the failure that stopped
    /// the check), the time to that answer, its latest block, and its sync state when the chain's API says.
    static func check(node: GemChainNode, networkId: Result<String, GemServiceError>, latency: Duration,
                      latestBlock: Result<UInt64, GemServiceError>?, sync: ChainSyncState?) -> GemNodeCheck {
        let actual: String
        switch networkId {
        case let .failure(error):
            return GemNodeCheck(chain: node.chain, url: node.url, status: .unreachable(error: error), rows: [])
        case let .success(id):
            actual = id
        }
        var rows: [GemNodeCheckRow] = [.chainId(value: actual.isEmpty ? "—" : JSONCodec.excerpt(actual))]
        let state: GemNodeSyncState = switch sync {
        case .inSync: .inSync
        case .syncing: .syncing
        case nil: .unknown
        }
        rows.append(.inSync(state: state))
        var status: GemNodeCheckStatus = actual == node.chain.config.networkId
            ? .ok
            : .wrongNetwork(expected: node.chain.config.networkId, actual: JSONCodec.excerpt(actual))
        switch latestBlock {
        case let .success(block):
            rows.append(.latestBlock(value: .count(Int(clamping: block))))
        case let .failure(error):
            if case .ok = status { status = .unreachable(error: error) }
        case nil:
            break
        }
        rows.append(.latency(milliseconds: milliseconds(latency)))
        return GemNodeCheck(chain: node.chain, url: node.url, status: status, rows: rows)
    }

    /// A duration in whole milliseconds, clamped to `UInt32`.
    static func milliseconds(_ duration: Duration) -> UInt32 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let millis = seconds.multipliedReportingOverflow(by: 1_000)
        guard !millis.overflow else { return UInt32.max }
        return UInt32(clamping: millis.partialValue + attoseconds / 1_000_000_000_000_000)
    }
}
