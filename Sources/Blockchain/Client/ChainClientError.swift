/// Why a client call failed. Each case names what a service and its screen treat differently; texts quote at most
/// a short prefix of what the node sent.
public enum ChainClientError: Error, Equatable, Sendable {
    /// The transport could not reach the node (no network, DNS, TLS).
    case offline(String)
    /// The node did not answer in time.
    case timeout(String)
    /// The node answered an HTTP error status (`body` is at most the first 200 characters).
    case http(status: Int, body: String)
    /// A JSON-RPC error object, or a REST API's own error shape.
    case rpc(code: Int64, message: String)
    /// The answer is not the documented shape (`reason` names the field).
    case malformed(String)
    /// The node does not know the transaction, account or object asked for (where that is an error, not a state:
    /// a transaction not yet seen is `pending`, see each family's status mapper).
    case notFound(String)
    /// The node refused a broadcast (its reason, shortened).
    case rejected(String)
    /// The chain's client does not answer this question (token balances on a chain without tokens).
    case unsupported(String)

    /// The same error read as a broadcast's answer: a node's error answer (an RPC error, or a REST error body the
    /// mapper read as not-found) is the node refusing the transaction; transport and shape failures stay as they are.
    public var asBroadcastRefusal: ChainClientError {
        switch self {
        case let .rpc(_, message), let .notFound(message): .rejected(message)
        default: self
        }
    }

    /// At most `limit` characters of `text`, for error texts that quote what a node sent.
    public static func prefix(_ text: String, _ limit: Int = 200) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}
