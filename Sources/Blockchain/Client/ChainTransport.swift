/// How a family's client reaches its node: the core's adapter over the host's HTTP transport (the specification's
/// `AlienProvider`) in production, a recording testkit transport in tests. The node's base URL is the adapter's
/// concern (the node service chooses it); a request carries only its path.
public protocol ChainTransport: Sendable {
    func send(_ request: ChainRequest) async throws(ChainClientError) -> ChainResponse
}
