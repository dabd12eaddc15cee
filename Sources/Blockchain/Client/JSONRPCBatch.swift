import Primitives

/// JSON-RPC 2.0 batches (chain-apis.md § 0.3: a JSON array of envelopes with ids 1…n, one answer per call).
extension JSONRPC {
    /// `[{"jsonrpc":"2.0","id":1,"method":…,"params":…}, …]` POSTed to the node's base URL; ids count from 1.
    public static func batch(_ calls: [(method: String, params: JSON)]) -> ChainRequest {
        var envelopes: [JSON] = []
        envelopes.reserveCapacity(calls.count)
        for (index, call) in calls.enumerated() {
            envelopes.append(.object([("jsonrpc", .string("2.0")), ("id", .int(Int64(index) + 1)), ("method", .string(call.method)),
                                      ("params", call.params)]))
        }
        return .json(.array(envelopes))
    }

    /// The `result` of every call of a batch of `count`, in call order. Answers are matched by id (JSON-RPC 2.0
    /// lets a server answer a batch in any order), so each id 1…count must appear exactly once. The first call
    /// (in call order) that answered an `error` object is thrown as `.rpc`, its message prefixed
    /// `batch request [i]: ` (i counted from 0), as the specification's `take_all` does.
    public static func results(_ response: ChainResponse, count: Int) throws(ChainClientError) -> [JSON] {
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
        // A server that refuses the whole batch answers one error object instead of an array.
        if let error = json["error"], !error.isNull {
            throw .rpc(code: error["code"]?.int64Value ?? 0, message: ChainClientError.prefix(error["message"]?.stringValue ?? ""))
        }
        guard let answers = json.arrayValue else { throw .malformed("the batch answer is not an array") }
        guard answers.count == count else {
            throw .malformed("the batch answer has \(answers.count) entries for \(count) calls")
        }
        var slots = [JSON?](repeating: nil, count: count)
        for answer in answers {
            guard let id = answer["id"]?.int64Value, id >= 1, id <= Int64(count) else {
                throw .malformed("a batch answer has no id in 1…\(count)")
            }
            let slot = Int(id) - 1
            guard slots[slot] == nil else { throw .malformed("the batch answer repeats id \(id)") }
            slots[slot] = answer
        }
        var results: [JSON] = []
        results.reserveCapacity(count)
        for (index, slot) in slots.enumerated() {
            guard let answer = slot else { throw .malformed("the batch answer lacks id \(index + 1)") }
            if let error = answer["error"], !error.isNull {
                let message = error["message"]?.stringValue ?? ""
                throw .rpc(code: error["code"]?.int64Value ?? 0, message: ChainClientError.prefix("batch request [\(index)]: \(message)"))
            }
            guard let result = answer["result"] else { throw .malformed("batch answer \(index + 1) has no result") }
            results.append(result)
        }
        return results
    }
}
