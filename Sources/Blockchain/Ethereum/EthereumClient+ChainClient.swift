import Primitives

/// Every EVM chain's answers (chain-apis.md § 1): `eth_getBalance`, batched ERC-20 `balanceOf` / `name` /
/// `symbol` / `decimals` calls, `eth_blockNumber`, `eth_chainId`. Staking is not read: the app reads it only on
/// Ethereum (Everstake via Multicall3), SmartChain (StakeHub) and Monad (its lens contract), none of which this
/// client calls yet, so `stakeBalance` is nil.
extension EthereumClient: ChainClient {
    public func coinBalance(address: String) async throws(ChainClientError) -> ChainBalance {
        try await balance(address: address).coinOnly
    }

    public func tokenBalances(address: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        try await tokenBalances(address: address, tokens: ChainClientSupport.bounded(tokenIds, chain))
    }

    public func stakeBalance(address: String) async throws(ChainClientError) -> ChainBalance? {
        nil
    }

    /// One batch of `name()`, `symbol()`, `decimals()`; the type is the chain's token standard (BEP-20 on
    /// SmartChain and opBNB, ERC-20 elsewhere, as the specification's `default_asset_type`).
    public func tokenMetadata(tokenId: String) async throws(ChainClientError) -> ChainTokenMetadata {
        let metadata = try await tokenMetadata(contract: tokenId)
        return ChainTokenMetadata(name: metadata.name, symbol: metadata.symbol, decimals: Int32(metadata.decimals),
                                  type: EthereumClient.tokenType(chain))
    }

    /// The token standard of `chain` (the specification's `chain_config.rs` `default_asset_type`).
    static func tokenType(_ chain: Chain) -> AssetType {
        switch chain {
        case .smartChain, .opBNB: .bep20
        default: .erc20
        }
    }
}
