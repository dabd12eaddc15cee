import GemCrypto
import Primitives

/// Solana over JSON-RPC (chain-apis.md § 3): `getBalance`, `getTokenAccountsByOwner` under SPL Token and
/// Token-2022, `getProgramAccounts` of the Stake program for the stake, `getAccountInfo` of a mint (and of its
/// Metaplex metadata account) for token metadata, `getSlot`, `getGenesisHash`.
extension SolanaClient: ChainClient {
    public var chain: Chain { .solana }

    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        try await balance(address: address).coinOnly
    }

    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        try await tokenBalances(owner: address, mints: ChainClientSupport.bounded(tokenIds, chain))
    }

    /// The lamports of every stake account whose staker authority is `address` (`getProgramAccounts` of the
    /// Stake program, memcmp at offset 12, as gemwalletcom/core `get_staking_balance`): all staked, as the
    /// specification's `map_balance_staking` reports them (it does not split deactivating stake out).
    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        let result = try JSONRPC.result(try await transport.send(SolanaChainClientRPC.stakeAccounts(staker: address)))
        return .stake(.solana, staked: try SolanaChainClientMapper.stakeLamports(result), pending: .zero)
    }

    /// The mint (`getAccountInfo`, jsonParsed): decimals and program; the name and symbol from its Token-2022
    /// `tokenMetadata` extension, or else from its Metaplex metadata account (`getAccountInfo`, base64), as the
    /// specification's `get_token_data`.
    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        let mintInfo = try await call(.accountInfo(address: tokenId))
        let mint = try SolanaMapper.tokenMetadata(mintInfo, mint: tokenId)
        let type: AssetType = mint.program == .token2022 ? .spl2022 : .spl
        if let embedded = try SolanaChainClientMapper.tokenMetadataExtension(mintInfo) {
            return ChainTokenMetadata(name: embedded.name, symbol: embedded.symbol, decimals: Int32(mint.decimals), type: type)
        }
        let mintKey: [UInt8]
        do { mintKey = try SolanaAddress.decode(tokenId) } catch { throw .malformed("mint: not a Solana address") }
        guard let metadataAccount = SolanaChainClientMapper.metaplexMetadataAddress(mint: mintKey) else {
            throw .malformed("metadata account: no bump is off the curve")
        }
        let result = try JSONRPC.result(try await transport.send(SolanaChainClientRPC.base64AccountInfo(Base58.encode(metadataAccount))))
        let named = try SolanaChainClientMapper.metaplexNameSymbol(result)
        return ChainTokenMetadata(name: named.name, symbol: named.symbol, decimals: Int32(mint.decimals), type: type)
    }
}

/// The two Solana requests only the `ChainClient` conformance makes.
enum SolanaChainClientRPC {
    /// Stake11111111111111111111111111111111111111.
    static let stakeProgram = "Stake11111111111111111111111111111111111111"

    /// `getProgramAccounts [Stake program, {encoding:"jsonParsed", filters:[{memcmp:{offset:12, bytes: staker}}]}]`.
    static func stakeAccounts(staker: String) -> ChainRequest {
        JSONRPC.request("getProgramAccounts", .array([
            .string(stakeProgram),
            .object([("encoding", .string("jsonParsed")),
                     ("filters", .array([.object([("memcmp", .object([("offset", .int(12)), ("bytes", .string(staker))]))])]))]),
        ]))
    }

    /// `getAccountInfo [address, {encoding:"base64"}]`.
    static func base64AccountInfo(_ address: String) -> ChainRequest {
        JSONRPC.request("getAccountInfo", .array([.string(address), .object([("encoding", .string("base64"))])]))
    }
}

/// Pure readers of those answers.
enum SolanaChainClientMapper {
    /// The most stake accounts one answer may list.
    static let maxStakeAccounts = 10_000
    /// metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s, the Metaplex Token Metadata program.
    static let metaplexProgram = (try? Base58.decode("metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s")) ?? []

    /// `getProgramAccounts`: `[{pubkey, account: {lamports, …}}]` → Σ lamports.
    static func stakeLamports(_ result: JSON) throws(ChainClientError) -> BigUInt {
        let accounts = try NodeAnswer.array(result, "result")
        guard accounts.count <= maxStakeAccounts else { throw .malformed("result: more than \(maxStakeAccounts) stake accounts") }
        var total = BigUInt.zero
        for (index, entry) in accounts.enumerated() {
            let account = try NodeAnswer.member(entry, "account", "result[\(index)].account")
            total = total + BigUInt(try NodeAnswer.u64Number(account["lamports"], "result[\(index)].account.lamports"))
        }
        return total
    }

    /// A jsonParsed mint's Token-2022 `tokenMetadata` extension (`{extension:"tokenMetadata", state:{name,
    /// symbol, …}}`), nil when it has none.
    static func tokenMetadataExtension(_ result: JSON) throws(ChainClientError) -> (name: String, symbol: String)? {
        let extensions = result["value"]?["data"]?["parsed"]?["info"]?["extensions"]?.arrayValue ?? []
        for (index, ext) in extensions.enumerated() where ext["extension"]?.stringValue == "tokenMetadata" {
            let state = try NodeAnswer.member(ext, "state", "extensions[\(index)].state")
            return (try NodeAnswer.string(state["name"], "extensions[\(index)].state.name"),
                    try NodeAnswer.string(state["symbol"], "extensions[\(index)].state.symbol"))
        }
        return nil
    }

    /// The Metaplex metadata account of `mint`: the program address of seeds "metadata", the program id, the mint.
    static func metaplexMetadataAddress(mint: [UInt8]) -> [UInt8]? {
        SolanaProgramAddress.find(seeds: [Array("metadata".utf8), metaplexProgram, mint], program: metaplexProgram)
    }

    /// A Metaplex metadata account (`getAccountInfo`, base64): borsh `key: u8, update_authority: [32], mint: [32],
    /// name: string, symbol: string, …` (a string is a u32 little-endian length, then UTF-8), the NUL padding
    /// trimmed. A null value is `notFound`.
    static func metaplexNameSymbol(_ result: JSON) throws(ChainClientError) -> (name: String, symbol: String) {
        let value = try NodeAnswer.member(result, "value", "value")
        if value.isNull { throw .notFound("the mint has no Metaplex metadata account") }
        let data = try NodeAnswer.array(value["data"], "value.data")
        guard let text = data.first?.stringValue, text.utf8.count <= 16_384 else { throw .malformed("value.data[0]: not base64 of at most 12 KiB") }
        let bytes: [UInt8]
        do { bytes = try Base64.decode(text) } catch { throw .malformed("value.data[0]: not base64") }
        var position = 1 + 32 + 32
        let name = try borshString(bytes, &position, "name")
        let symbol = try borshString(bytes, &position, "symbol")
        return (name, symbol)
    }

    private static func borshString(_ bytes: [UInt8], _ position: inout Int, _ field: String) throws(ChainClientError) -> String {
        guard position >= 0, bytes.count - position >= 4 else { throw .malformed("metadata \(field): cut short") }
        var length = 0
        for offset in 0..<4 { length |= Int(bytes[position + offset]) << (8 * offset) }
        position += 4
        guard length <= bytes.count - position, length <= 200 else { throw .malformed("metadata \(field): length beyond the account") }
        let raw = bytes[position..<(position + length)]
        position += length
        let trimmed = raw.reversed().drop { $0 == 0 }.reversed()
        return String(decoding: trimmed, as: UTF8.self).trimmingSpaces
    }
}

extension String {
    /// Without leading and trailing spaces (metadata strings are often space-padded too).
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }), let last = scalars.lastIndex(where: { $0 != " " }) else { return "" }
        return String(scalars[first...last])
    }
}
