import Primitives

/// The JSON-RPC 2.0 envelope the EVM, Solana, Sui, Xrp and Near nodes speak (chain-apis.md § 0.3).
public enum JSONRPC {
    /// `{"jsonrpc":"2.0","id":id,"method":method,"params":params}` POSTed to the node's base URL.
    public static func request(_ method: String, _ params: JSON, id: Int64 = 1) -> ChainRequest {
        .json(.object([("jsonrpc", .string("2.0")), ("id", .int(id)), ("method", .string(method)), ("params", params)]))
    }

    /// The `result` of an answer: an HTTP error status, an `error` object, or a body that is not JSON-RPC is thrown.
    public static func result(_ response: ChainResponse) throws(ChainClientError) -> JSON {
        let text = String(decoding: response.body, as: UTF8.self)
        guard (200..<300).contains(response.status) else {
            throw .http(status: response.status, body: ChainClientError.prefix(text))
        }
        let json: JSON
        do {
            json = try JSONParser.parse(response.body)
        } catch {
            throw .malformed("the answer is not JSON: \(ChainClientError.prefix(text, 80))")
        }
        if let error = json["error"], !error.isNull {
            let code = error["code"]?.int64Value ?? 0
            let message = error["message"]?.stringValue ?? ""
            throw .rpc(code: code, message: ChainClientError.prefix(message))
        }
        guard let result = json["result"] else { throw .malformed("the answer has no result") }
        return result
    }
}
