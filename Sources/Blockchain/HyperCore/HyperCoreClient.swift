import Primitives

/// The HyperCore chain client: the Hyperliquid calls of chain-apis.md § 15 through a `ChainTransport`, each
/// request from `HyperCoreRequest`, each answer through `HyperCoreMapper`, one after another in the order
/// documented.
public struct HyperCoreClient: Sendable {
    public let transport: any ChainTransport

    /// The network id and latest block (constants: no request; the info API has neither). The specification's
    /// app reports the network id "1"; this reports the chain's configured `networkId` ("1337", the L1 chain id
    /// HyperCore actions are signed under) so that a node check compares like with like.
    public static let networkId = Chain.hyperCore.config.networkId
    public static let latestBlock: UInt64 = 1

    /// UNIX milliseconds: the clock a transfer's load reads the action's `time` (its nonce) from.
    public let now: @Sendable () -> UInt64

    public init(transport: any ChainTransport, now: @escaping @Sendable () -> UInt64 = HyperCoreClient.systemClockMillis) {
        self.transport = transport
        self.now = now
    }

    func info(_ request: HyperCoreRequest) async throws(ChainClientError) -> JSON {
        try HyperCoreMapper.body(try await transport.send(request.request))
    }

    /// HYPE: `spotClearinghouseState`, then `delegatorSummary` (staked and pending withdrawal).
    public func balance(address: String) async throws(ChainClientError) -> ChainBalance {
        let state = try await info(.spotClearinghouseState(user: address))
        return try HyperCoreMapper.balance(state: state, delegator: try await info(.delegatorSummary(user: address)))
    }

    /// Spot token balances: `spotClearinghouseState`, then `spotMeta`; none when `tokenIds` is empty.
    public func tokenBalances(owner: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        guard !tokenIds.isEmpty else { return [] }
        let state = try await info(.spotClearinghouseState(user: owner))
        let tokens = try HyperCoreMapper.spotTokens(try await info(.spotMeta))
        return try HyperCoreMapper.tokenBalances(state: state, tokens: tokens, tokenIds: tokenIds)
    }

    public func feeRates() -> FeeRates {
        HyperCoreMapper.feeRates()
    }

    /// The signer's input: no request (the specification's preload is empty); the action's `time`, which is also
    /// the exchange nonce, is the host's clock in milliseconds, and `balance` the sender's balance of the asset the
    /// caller already holds (for `spotSend`, `tokenBalances`; for `usdSend`, the perp balance).
    public func preload(action: HyperCoreSignerInput.Action, destination: String, amount: BigUInt, decimals: Int, timeMillis: UInt64,
                        balance: BigUInt) -> HyperCoreSignerInput {
        HyperCoreSignerInput(action: action, destination: destination, amount: amount, decimals: decimals, time: timeMillis, balance: balance)
    }

    /// `/exchange` with the signer's body → `action:<nonce>`; a refusal is `rejected`.
    public func broadcast(_ transaction: SignedTransaction) async throws(ChainClientError) -> String {
        guard let json = try? JSONParser.parse(transaction.bytes), let nonceValue = json["nonce"] else {
            throw .malformed("the signed body has no nonce")
        }
        let nonce = try NodeAnswer.u64Number(nonceValue, "nonce")
        return try HyperCoreMapper.broadcast(try await transport.send(HyperCoreRequest.exchange(body: transaction.bytes).request), nonce: nonce)
    }

    /// An `action:<nonce>` broadcast of `sender`: `userNonFundingLedgerUpdates`; not listed yet → pending.
    public func status(id: String, sender: String) async throws(ChainClientError) -> ChainTransactionStatus {
        let nonce = try HyperCoreMapper.actionNonce(id)
        return try HyperCoreMapper.actionStatus(try await info(.userNonFundingLedgerUpdates(user: sender)), nonce: nonce)
    }

    public func latestBlock() -> UInt64 { HyperCoreClient.latestBlock }
    public func networkId() -> String { HyperCoreClient.networkId }
}
