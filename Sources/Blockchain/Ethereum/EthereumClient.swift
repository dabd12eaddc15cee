import Primitives

/// What an EVM transaction needs from the chain before it is signed: the specification's preload (nonce; the
/// chain id from the chain's static `network_id`, not fetched), its fee rates, and its load step's gas limit.
public struct EthereumPreload: Sendable, Equatable {
    public var chainId: UInt64
    /// The sender's next nonce.
    public var nonce: UInt64
    /// The node's `eth_estimateGas` answer.
    public var gasEstimate: UInt64
    /// The limit to sign with: the estimate plus 50%, or exactly 21000 for a plain transfer
    /// (`EthereumMappers.gasLimit`).
    public var gasLimit: UInt64
    /// Priority fees by priority; `baseFee` is the next block's base fee.
    public var fees: FeeRates

    public init(chainId: UInt64, nonce: UInt64, gasEstimate: UInt64, gasLimit: UInt64, fees: FeeRates) {
        self.chainId = chainId
        self.nonce = nonce
        self.gasEstimate = gasEstimate
        self.gasLimit = gasLimit
        self.fees = fees
    }

    /// The tip per gas of `priority`.
    public func maxPriorityFeePerGas(_ priority: FeePriority) -> BigUInt? {
        fees.rate(priority)
    }

    /// The most paid per gas at `priority`: base fee + tip (the specification's `GasPriceType::total_fee`).
    public func maxFeePerGas(_ priority: FeePriority) -> BigUInt? {
        guard let tip = fees.rate(priority) else { return nil }
        return (fees.baseFee ?? .zero) + tip
    }

    /// The network fee shown before signing: max fee per gas × gas limit (OP-stack L1 data fees not included).
    public func fee(_ priority: FeePriority) -> BigUInt? {
        maxFeePerGas(priority).map { $0 * BigUInt(gasLimit) }
    }

    /// The EIP-1559 signer input of `operation` at `priority`.
    public func signerInput(chain: Chain, operation: EthereumSignerInput.Operation, priority: FeePriority, balance: BigUInt?,
                            tokenBalance: BigUInt? = nil) -> EthereumSignerInput {
        EthereumSignerInput(chain: chain, type: .eip1559, operation: operation, nonce: nonce, gasLimit: gasLimit,
                            maxFeePerGas: maxFeePerGas(priority), maxPriorityFeePerGas: maxPriorityFeePerGas(priority),
                            balance: balance, tokenBalance: tokenBalance)
    }
}

/// The client of every EVM chain (chain-apis.md § 1): `EthereumRPC` requests through a `ChainTransport`, answers
/// read by `EthereumMappers`. One request per call except where named (token balances and metadata are one
/// JSON-RPC batch; the preload is three calls in turn).
public struct EthereumClient: Sendable {
    public let chain: Chain
    /// The EIP-155 chain id, from the chain's configuration.
    public let chainId: UInt64
    public let fees: EthereumChainFees
    /// The most calls one JSON-RPC batch carries (public nodes cap batch sizes); longer token lists are sent as
    /// several batches in turn.
    public let batchLimit: Int
    let transport: any ChainTransport

    /// A client of `chain`; nil when `chain` is not an EVM chain.
    public init?(chain: Chain, transport: any ChainTransport, batchLimit: Int = 50) {
        guard let chainId = chain.config.evmChainId, let fees = EthereumChainFees.of(chain) else { return nil }
        self.chain = chain
        self.chainId = chainId
        self.fees = fees
        self.batchLimit = max(1, batchLimit)
        self.transport = transport
    }

    /// The native balance (`eth_getBalance` at `latest`).
    public func balance(address: String) async throws(ChainClientError) -> ChainBalance {
        try EthereumMappers.balance(try await call(.balance(address: address, block: .latest)), chain: chain)
    }

    /// ERC-20 balances of `tokens` (contract addresses), in their order: batches of `balanceOf` calls (at most
    /// `batchLimit` each), none when `tokens` is empty. A token whose call fails fails the whole answer (the
    /// specification's `take_all`).
    public func tokenBalances(address: String, tokens: [String]) async throws(ChainClientError) -> [ChainBalance] {
        guard !tokens.isEmpty else { return [] }
        let data = ERC20Call.balanceOf(try account(address))
        var results: [JSON] = []
        results.reserveCapacity(tokens.count)
        var start = 0
        while start < tokens.count {
            let end = min(start + batchLimit, tokens.count)
            results += try await batch(tokens[start..<end].map { .call(to: $0, data: data, block: .latest) })
            start = end
        }
        return try EthereumMappers.tokenBalances(results, tokens: tokens, chain: chain)
    }

    /// A token's name, symbol and decimals: one batch of three `eth_call`s.
    public func tokenMetadata(contract: String) async throws(ChainClientError) -> EthereumTokenMetadata {
        let calls = [ERC20Call.name, ERC20Call.symbol, ERC20Call.decimals].map { EthereumRPC.call(to: contract, data: $0, block: .latest) }
        let results = try await batch(calls)
        guard results.count == 3 else { throw .malformed("token metadata needs three answers") }
        return try EthereumMappers.tokenMetadata(name: results[0], symbol: results[1], decimals: results[2])
    }

    /// Slow, normal and fast priority fees and the next base fee (`eth_feeHistory`).
    public func feeRates() async throws(ChainClientError) -> FeeRates {
        let result = try await call(.feeHistory(blockCount: fees.feeHistoryBlocks, rewardPercentiles: EthereumMappers.rewardPercentiles))
        return try EthereumMappers.feeRates(result, minPriorityFee: BigUInt(fees.minPriorityFee))
    }

    /// Everything the signer needs for a transaction `from` → `to` carrying `value` wei and call `data`:
    /// `eth_getTransactionCount` at `pending` (so a second send before the first is mined takes the next nonce),
    /// `eth_feeHistory`, then `eth_estimateGas`.
    public func preload(from: String, to: String, value: BigUInt, data: [UInt8]) async throws(ChainClientError) -> EthereumPreload {
        let nonce = try EthereumMappers.nonce(try await call(.transactionCount(address: from, block: .pending)))
        let rates = try await feeRates()
        let estimate = try EthereumMappers.gasEstimate(try await call(.estimateGas(from: from, to: to, value: value, data: data)))
        return EthereumPreload(chainId: chainId, nonce: nonce, gasEstimate: estimate, gasLimit: EthereumMappers.gasLimit(estimate: estimate),
                               fees: rates)
    }

    /// The L1 data fee, wei, an OP-stack chain charges for `unsignedTransaction` (its unsigned serialized form):
    /// `getL1Fee(bytes)` on the gas price oracle, added to the L2 fee as the specification's load step does. Zero,
    /// with no request, on every other chain.
    public func l1Fee(unsignedTransaction: [UInt8]) async throws(ChainClientError) -> BigUInt {
        guard fees.isOpStack else { return .zero }
        let result = try await call(.call(to: OPStackGasPriceOracle.oracle, data: OPStackGasPriceOracle.getL1Fee(unsignedTransaction), block: .latest))
        return try EthereumMappers.abiUInt(try EthereumMappers.data(result, field: "getL1Fee"), field: "getL1Fee")
    }

    /// Broadcasts a signed transaction (`eth_sendRawTransaction`); a node's refusal is `rejected` with its message.
    /// The node's hash must be the transaction's own (`signed.hash`), or the answer is refused as malformed.
    public func broadcast(_ signed: SignedTransaction) async throws(ChainClientError) -> String {
        let response = try await transport.send(EthereumRPC.sendRawTransaction(signed.encoded).request())
        let hash = try EthereumMappers.broadcastHash(response)
        guard signed.hash.isEmpty || hash == signed.hash.lowercased() else {
            throw .malformed("the node answered hash \(hash) for transaction \(ChainClientError.prefix(signed.hash, 66))")
        }
        return hash
    }

    /// Where transaction `hash` is (`eth_getTransactionReceipt`): no receipt yet is pending.
    public func status(hash: String) async throws(ChainClientError) -> ChainTransactionStatus {
        try EthereumMappers.transactionStatus(try await call(.transactionReceipt(hash: hash)))
    }

    /// The latest block number (`eth_blockNumber`).
    public func latestBlock() async throws(ChainClientError) -> UInt64 {
        try EthereumMappers.blockNumber(try await call(.blockNumber))
    }

    /// The node's chain id in decimal (`eth_chainId`), to compare with `chain.config.networkId`.
    public func networkId() async throws(ChainClientError) -> String {
        try EthereumMappers.networkId(try await call(.chainId))
    }

    // MARK: - Transport

    func call(_ rpc: EthereumRPC) async throws(ChainClientError) -> JSON {
        try JSONRPC.result(try await transport.send(rpc.request()))
    }

    private func batch(_ calls: [EthereumRPC]) async throws(ChainClientError) -> [JSON] {
        try JSONRPC.results(try await transport.send(EthereumRPC.batch(calls)), count: calls.count)
    }

    /// The 20 account bytes of an address the request must encode (a `balanceOf` argument).
    private func account(_ address: String) throws(ChainClientError) -> [UInt8] {
        do {
            return try EthereumAddress.decode(address)
        } catch {
            throw .malformed("not an EVM address: \(ChainClientError.prefix(address, 44))")
        }
    }
}
