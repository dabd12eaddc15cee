import Primitives

/// Polkadot Asset Hub over Substrate API Sidecar (chain-apis.md § 13): `GET /accounts/{a}/balance-info` for DOT
/// (`reserved` beside the free balance), `GET /blocks/head/header`, `GET /node/version`. Asset Hub assets and
/// staking are not read (the specification's app reads neither): tokens are `unsupported`, the stake nil.
extension PolkadotClient: ChainClient {
    public var chain: Chain { .polkadot }

    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        try await balance(address: address).coinOnly
    }

    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        guard !tokenIds.isEmpty else { return [] }
        throw ChainClientSupport.unsupported(chain, "Asset Hub assets are not read")
    }

    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        nil
    }

    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        throw ChainClientSupport.unsupported(chain, "Asset Hub assets are not read")
    }
}
