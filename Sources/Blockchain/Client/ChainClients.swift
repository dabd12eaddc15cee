// PLACEHOLDER on the svc branch only, so it builds before the per-family ChainClient conformances land from the
// `facade` branch; that branch's file of the same path replaces this one on merge. Every chain answers
// `unsupported` here.
import Primitives

public enum ChainClients {
    public static func client(for chain: Chain, transport: any ChainTransport) -> any ChainClient { PendingClient(chain: chain) }
}

struct PendingClient: ChainClient {
    let chain: Chain
    func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance { throw .unsupported("no client yet") }
    func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] { throw .unsupported("no client yet") }
    func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? { nil }
    func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata { throw .unsupported("no client yet") }
    func latestBlock() async throws(ChainClientError) -> UInt64 { throw .unsupported("no client yet") }
    func networkId() async throws(ChainClientError) -> String { throw .unsupported("no client yet") }
}
