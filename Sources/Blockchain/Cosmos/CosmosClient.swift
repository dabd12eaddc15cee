import Primitives

/// What a Cosmos signer needs from the node before it signs (the app's `TransactionLoadMetadata::Cosmos` plus the
/// fixed transfer fee its load step picks): account number, sequence, chain id, fee and gas limit.
public struct CosmosPreload: Sendable, Equatable {
    public let account: CosmosAccount
    /// The chain's static `network_id` (cosmoshub-4, osmosis-1, …), as the app uses it.
    public let chainId: String
    /// The transfer fee in the native denom (`CosmosMapper.transferFee`).
    public let fee: BigUInt
    public let gasLimit: UInt64

    public init(account: CosmosAccount, chainId: String, fee: BigUInt, gasLimit: UInt64) {
        self.account = account
        self.chainId = chainId
        self.fee = fee
        self.gasLimit = gasLimit
    }
}

/// The Cosmos family's chain client (Cosmos Hub, Osmosis, Celestia, Thorchain, Injective, Sei, Noble) over a
/// Cosmos SDK REST/LCD node (chain-apis.md § 4): `CosmosAPI` requests through the transport, `CosmosMapper` over
/// the answers. The app does not simulate: fee and gas limit are fixed per chain and operation.
public struct CosmosClient: Sendable {
    public let chain: Chain
    let transport: any ChainTransport

    /// nil unless `chain` is of the Cosmos family.
    public init?(chain: Chain, transport: any ChainTransport) {
        guard chain.type == .cosmos else { return nil }
        self.chain = chain
        self.transport = transport
    }

    func get(_ target: CosmosAPI) async throws(ChainClientError) -> JSON {
        try CosmosMapper.json(try await transport.send(target.request))
    }

    /// The native balance of `address`.
    public func balance(address: String) async throws(ChainClientError) -> ChainBalance {
        try CosmosMapper.nativeBalance(try await get(.balances(address: address)), chain: chain)
    }

    /// The balances of `denoms` held by `address` (one request).
    public func tokenBalances(address: String, denoms: [String]) async throws(ChainClientError) -> [ChainBalance] {
        try CosmosMapper.tokenBalances(try await get(.balances(address: address)), chain: chain, denoms: denoms)
    }

    /// The stake of `address` in the native denom (three requests: delegations, unbonding, rewards); nil, with no
    /// request, on chains without staking (Thorchain, Noble).
    public func staking(address: String) async throws(ChainClientError) -> CosmosStaking? {
        guard CosmosMapper.hasStaking(chain) else { return nil }
        let delegations = try await get(.delegations(address: address))
        let unbonding = try await get(.unbondingDelegations(address: address))
        let rewards = try await get(.rewards(address: address))
        return try CosmosMapper.staking(delegations: delegations, unbonding: unbonding, rewards: rewards, chain: chain)
    }

    /// The fee rates the app offers (no request).
    public func feeRates() -> FeeRates {
        CosmosMapper.feeRates(chain)
    }

    /// Account number and sequence of `address`. An account the chain has never seen (it never received funds)
    /// is `.notFound`.
    public func account(address: String) async throws(ChainClientError) -> CosmosAccount {
        do {
            return try CosmosMapper.account(try await get(.account(address: address)))
        } catch {
            if case let .rpc(code, message) = error, code == 5 || message.lowercased().contains("not found") {
                throw .notFound(message)
            }
            throw error
        }
    }

    /// The transfer preload: the account state, the chain id and the app's fixed transfer fee and gas limit.
    public func preload(address: String) async throws(ChainClientError) -> CosmosPreload {
        CosmosPreload(account: try await account(address: address), chainId: chain.config.networkId,
                      fee: CosmosMapper.transferFee(chain), gasLimit: CosmosMapper.transferGasLimit)
    }

    /// Broadcasts the signer's output (`{"tx_bytes": base64, "mode": …}`, `SignedTransaction.encoded`), sent on as
    /// the app does (`{"mode", "tx_bytes"}`); answers the tx hash.
    public func broadcast(encoded: String) async throws(ChainClientError) -> String {
        guard let body = try? JSONParser.parse(encoded), let txBytes = body["tx_bytes"]?.stringValue, !txBytes.isEmpty,
              let mode = body["mode"]?.stringValue, !mode.isEmpty else {
            throw .rejected("the signed transaction is not {tx_bytes, mode}")
        }
        return try CosmosMapper.broadcast(try await transport.send(CosmosAPI.broadcast(txBytes: txBytes, mode: mode).request))
    }

    /// Where transaction `hash` is: pending (not yet indexed), confirmed or reverted with its block and fee.
    public func status(hash: String) async throws(ChainClientError) -> ChainTransactionStatus {
        try CosmosMapper.transactionStatus(try await transport.send(CosmosAPI.transaction(hash: hash).request), chain: chain)
    }

    /// The latest block height.
    public func latestBlock() async throws(ChainClientError) -> UInt64 {
        try CosmosMapper.latestBlock(try await get(.latestBlock))
    }

    /// The node's chain id (`default_node_info.network`), compared with `chain.config.networkId` by node checks.
    public func networkId() async throws(ChainClientError) -> String {
        try CosmosMapper.networkId(try await get(.nodeInfo))
    }
}
