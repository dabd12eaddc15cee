import GemCrypto
import Primitives

/// XRP over rippled JSON-RPC (chain-apis.md § 9): `account_info` for the coin (the 1 XRP reserve as
/// `reserved`), `account_objects` for trust-line tokens and, of the issuer, for a token's currency code,
/// `ledger_current` for the latest ledger. XRP has no staking. The network id is the configured empty string
/// without a request, as the specification's app answers it.
extension XrpClient: ChainClient {
    public var chain: Chain { .xrp }

    /// The decimals the specification's app gives every issued currency (`XRP_DEFAULT_ASSET_DECIMALS`): amounts
    /// are scaled by 10^15.
    public static let tokenDecimals: Int32 = 15

    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        try await balance(address: address).coinOnly
    }

    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        guard !tokenIds.isEmpty else { return [] }
        return try await tokenBalances(owner: address, tokens: ChainClientSupport.bounded(tokenIds, chain))
    }

    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        nil
    }

    /// `account_objects` of the issuer (the token id): the first trust line's `LowLimit.currency` (a 40-digit hex
    /// code decoded to text, or a three-letter code as it is) is the name and symbol, as the specification's
    /// `get_token_data`; an issuer without lines is `notFound`.
    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        do { _ = try XrpAddress.validate(tokenId) } catch { throw .malformed("token: not a classic XRP address") }
        let result = try XrpMapper.checked(try await call(.accountObjects(account: tokenId)))
        let symbol = try XrpMapper.issuerCurrency(result)
        return ChainTokenMetadata(name: symbol, symbol: symbol, decimals: XrpClient.tokenDecimals, type: .token)
    }
}

extension XrpMapper {
    /// The first `account_objects[]` entry's `LowLimit.currency` as text.
    static func issuerCurrency(_ result: JSON) throws(ChainClientError) -> String {
        let objects = try NodeAnswer.array(result["account_objects"], "account_objects")
        guard let first = objects.first else { throw .notFound("the issuer has no trust lines") }
        let code = try NodeAnswer.string(first["LowLimit"]?["currency"], "account_objects[0].LowLimit.currency")
        return try currencySymbol(code)
    }

    /// A currency code: 40 hex digits are the code's bytes (trailing zero bytes and NULs dropped, UTF-8); any other
    /// code (three letters) is itself.
    static func currencySymbol(_ code: String) throws(ChainClientError) -> String {
        guard code.utf8.count == 40 else {
            guard code.utf8.count <= 40 else { throw .malformed("currency: longer than 40 characters") }
            return code
        }
        let bytes: [UInt8]
        do { bytes = try Hex.decode(code) } catch { throw .malformed("currency: not hex") }
        let text = String(decoding: bytes.filter { $0 != 0 }, as: UTF8.self)
        guard !text.isEmpty else { throw .malformed("currency: empty") }
        return text
    }
}
