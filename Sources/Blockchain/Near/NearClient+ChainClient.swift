import GemCrypto
import Primitives

/// NEAR over JSON-RPC (chain-apis.md § 10): `query view_account` for the coin, NEP-141 view calls (`query
/// call_function` `ft_balance_of` / `ft_metadata`) for fungible tokens, `block {finality:"final"}`, `status`.
/// Staking is not read (the specification's app reads none on NEAR): `stakeBalance` is nil.
extension NearClient: ChainClient {
    public var chain: Chain { .near }

    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        try await balance(address: address).coinOnly
    }

    /// One `ft_balance_of {account_id}` view call per token contract, in order (the specification's app reads no
    /// NEAR tokens; NEP-141 is the standard every NEAR fungible token implements).
    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        var balances: [ChainBalance] = []
        let arguments = JSONWriter.bytes(.object([("account_id", .string(address))]))
        for token in try ChainClientSupport.bounded(tokenIds, chain) {
            let assetId = try ChainClientSupport.tokenAssetId(.near, token)
            let result = try JSONRPC.result(try await transport.send(NearChainClientRPC.view(contract: token, method: "ft_balance_of", arguments: arguments)))
            let value = try NearMapper.viewResult(result)
            balances.append(ChainBalance(assetId: assetId, available: try NodeAnswer.decimal(value, "ft_balance_of", bits: 128)))
        }
        return balances
    }

    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        nil
    }

    /// `ft_metadata {}` → `{name, symbol, decimals}` (NEP-148); a NEAR token is `token`.
    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        let result = try JSONRPC.result(try await transport.send(NearChainClientRPC.view(contract: tokenId, method: "ft_metadata", arguments: Array("{}".utf8))))
        let metadata = try NearMapper.viewResult(result)
        let decimals = try NodeAnswer.u64Number(metadata["decimals"], "ft_metadata.decimals")
        guard decimals <= 255 else { throw .malformed("ft_metadata.decimals: above 255") }
        return ChainTokenMetadata(name: try NodeAnswer.string(metadata["name"], "ft_metadata.name"),
                                  symbol: try NodeAnswer.string(metadata["symbol"], "ft_metadata.symbol"), decimals: Int32(decimals), type: .token)
    }
}

/// The NEAR request only the `ChainClient` conformance makes.
enum NearChainClientRPC {
    /// `query {request_type:"call_function", finality:"final", account_id: contract, method_name, args_base64}`.
    static func view(contract: String, method: String, arguments: [UInt8]) -> ChainRequest {
        JSONRPC.request("query", .object([
            ("request_type", .string("call_function")), ("finality", .string("final")), ("account_id", .string(contract)),
            ("method_name", .string(method)), ("args_base64", .string(Base64.encode(arguments))),
        ]))
    }
}

extension NearMapper {
    /// The most bytes a view call's result may hold.
    static let maxViewBytes = 64 * 1024

    /// A `call_function` result: `result` is the returned bytes as an array of numbers, here JSON text, parsed.
    static func viewResult(_ result: JSON) throws(ChainClientError) -> JSON {
        let numbers = try NodeAnswer.array(result["result"], "result.result")
        guard numbers.count <= maxViewBytes else { throw .malformed("result.result: more than \(maxViewBytes) bytes") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(numbers.count)
        for number in numbers {
            guard let value = number.int64Value, (0...255).contains(value) else { throw .malformed("result.result: not bytes") }
            bytes.append(UInt8(value))
        }
        do { return try JSONParser.parse(bytes) } catch { throw .malformed("result.result: not JSON") }
    }
}
