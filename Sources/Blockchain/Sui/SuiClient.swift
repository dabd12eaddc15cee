import Primitives

/// What `SuiSignerInput` needs from the node for one transfer (first page of coins, as the specification's app).
public struct SuiPreload: Sendable, Equatable {
    /// The gas price by priority (MIST per gas unit).
    public var fees: FeeRates
    /// The sender's SUI coins (they pay the gas, and the amount of a SUI transfer).
    public var gasCoins: [SuiSignerInput.Coin]
    /// The sender's coins of the token sent, nil for SUI.
    public var tokenCoins: [SuiSignerInput.Coin]?

    public init(fees: FeeRates, gasCoins: [SuiSignerInput.Coin], tokenCoins: [SuiSignerInput.Coin]?) {
        self.fees = fees
        self.gasCoins = gasCoins
        self.tokenCoins = tokenCoins
    }

    /// The gas budget the specification's app signs a transfer with before its dry run (`GAS_BUDGET`).
    public static let transferGasBudget: UInt64 = 25_000_000

    public func signerInput(recipient: String, amount: BigUInt, priority: FeePriority = .normal,
                            gasBudget: UInt64 = SuiPreload.transferGasBudget) -> SuiSignerInput {
        SuiSignerInput(asset: tokenCoins.map { .coin(coins: $0) } ?? .sui, recipient: recipient, amount: amount, gasCoins: gasCoins,
                       gasPrice: fees.rate(priority)?.uint64 ?? 0, gasBudget: gasBudget)
    }
}

/// The Sui chain client: chain-apis.md § 8 through a `ChainTransport` (requests from `SuiRPC`, answers through
/// `SuiMapper`), one request after another.
public struct SuiClient: Sendable {
    public let transport: any ChainTransport

    public init(transport: any ChainTransport) {
        self.transport = transport
    }

    public func call(_ rpc: SuiRPC) async throws(ChainClientError) -> JSON {
        try JSONRPC.result(try await transport.send(rpc.request))
    }

    /// SUI balance: `suix_getBalance [owner]`.
    public func balance(address: String) async throws(ChainClientError) -> ChainBalance {
        try SuiMapper.balance(try await call(.balance(owner: address, coinType: nil)))
    }

    /// Each coin type's balance, in the order asked: one `suix_getAllBalances`; none when `coinTypes` is empty.
    public func tokenBalances(owner: String, coinTypes: [String]) async throws(ChainClientError) -> [ChainBalance] {
        guard !coinTypes.isEmpty else { return [] }
        return try SuiMapper.tokenBalances(try await call(.allBalances(owner: owner)), coinTypes: coinTypes)
    }

    /// One page of the owner's coins of a type: `suix_getCoins`.
    public func coins(owner: String, coinType: String, cursor: String? = nil) async throws(ChainClientError) -> SuiCoinPage {
        try SuiMapper.coins(try await call(.coins(owner: owner, coinType: coinType, cursor: cursor)))
    }

    /// The gas price by priority: `suix_getReferenceGasPrice`.
    public func feeRates() async throws(ChainClientError) -> FeeRates {
        try SuiMapper.feeRates(try await call(.referenceGasPrice))
    }

    /// `suix_getReferenceGasPrice`, then `suix_getCoins` of SUI, then of `coinType` when it is a token.
    public func preload(sender: String, coinType: String? = nil) async throws(ChainClientError) -> SuiPreload {
        let fees = try await feeRates()
        let gas = try await coins(owner: sender, coinType: SuiMapper.suiCoinType).coins
        guard let coinType, SuiMapper.normalizedCoinType(coinType) != SuiMapper.normalizedCoinType(SuiMapper.suiCoinType) else {
            return SuiPreload(fees: fees, gasCoins: gas, tokenCoins: nil)
        }
        return SuiPreload(fees: fees, gasCoins: gas, tokenCoins: try await coins(owner: sender, coinType: coinType).coins)
    }

    /// `sui_executeTransactionBlock` → the digest; a node's refusal is `rejected`.
    public func broadcast(txBytes: String, signatures: [String]) async throws(ChainClientError) -> String {
        try SuiMapper.broadcast(try await transport.send(SuiRPC.executeTransactionBlock(txBytes: txBytes, signatures: signatures).request))
    }

    /// Broadcasts `SuiSigner`'s output (its `encoded` is `{"tx_bytes", "signatures"}`). The node's digest must be the
    /// transaction's own (`signed.hash`: Base58 of BLAKE2b-256 over the intent-prefixed transaction data, as
    /// `SuiSigner` computes it), or the answer is refused as malformed.
    public func broadcast(_ signed: SignedTransaction) async throws(ChainClientError) -> String {
        guard let json = try? JSONParser.parse(signed.encoded), let txBytes = json["tx_bytes"]?.stringValue,
              let signatures = json["signatures"]?.arrayValue?.compactMap(\.stringValue), !signatures.isEmpty
        else { throw .malformed("signed transaction: not SuiSigner's {tx_bytes, signatures}") }
        let digest = try await broadcast(txBytes: txBytes, signatures: signatures)
        guard signed.hash.isEmpty || digest == signed.hash else {
            throw .malformed("the node answered digest \(ChainClientError.prefix(digest, 64)) for transaction \(signed.hash)")
        }
        return digest
    }

    /// `sui_getTransactionBlock`; the node's "Could not find the referenced transaction" error is pending.
    public func status(digest: String) async throws(ChainClientError) -> ChainTransactionStatus {
        do {
            return try SuiMapper.transactionStatus(try await call(.transactionBlock(digest: digest)))
        } catch {
            if SuiMapper.isNotFound(error) { return ChainTransactionStatus(state: .pending) }
            throw error
        }
    }

    /// `sui_getLatestCheckpointSequenceNumber`.
    public func latestBlock() async throws(ChainClientError) -> UInt64 {
        try SuiMapper.checkpoint(try await call(.latestCheckpoint))
    }

    /// `sui_getChainIdentifier`.
    public func networkId() async throws(ChainClientError) -> String {
        try SuiMapper.chainIdentifier(try await call(.chainIdentifier))
    }
}
