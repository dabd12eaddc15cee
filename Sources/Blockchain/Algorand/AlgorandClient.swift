import Primitives

/// What `AlgorandSignerInput` needs from algod for one transfer.
public struct AlgorandPreload: Sendable, Equatable {
    public var params: AlgorandTransactionParams
    /// The sender's spendable microAlgos (amount less min-balance).
    public var balance: BigUInt
    /// The sender's balance of the ASA sent, nil for ALGO.
    public var assetBalance: BigUInt?

    public init(params: AlgorandTransactionParams, balance: BigUInt, assetBalance: BigUInt?) {
        self.params = params
        self.balance = balance
        self.assetBalance = assetBalance
    }

    /// The first valid round (`last-round`).
    public var firstValid: UInt64 { params.lastRound }
    /// The last valid round: first valid + 1000, the protocol's longest life (saturating).
    public var lastValid: UInt64 { params.lastRound.addingReportingOverflow(1_000).overflow ? UInt64.max : params.lastRound + 1_000 }

    /// The signer's input: fee = `min-fee` (at least the protocol's 1000), first/last valid, genesis id and hash.
    public func signerInput(receiver: String, asset: AlgorandSignerInput.Asset, amount: BigUInt, note: [UInt8] = []) -> AlgorandSignerInput {
        AlgorandSignerInput(receiver: receiver, asset: asset, amount: amount, fee: max(params.minFee, 1_000), firstValid: firstValid,
                            lastValid: lastValid, genesisId: params.genesisId, genesisHash: params.genesisHash, note: note,
                            balance: balance, assetBalance: asset == .native ? nil : assetBalance)
    }
}

/// The Algorand chain client: chain-apis.md § 12 through a `ChainTransport` (requests from `AlgodAPI`, answers
/// through `AlgodMapper`), one request after another. Addresses are validated before they enter a path.
public struct AlgorandClient: Sendable {
    public let transport: any ChainTransport

    public init(transport: any ChainTransport) {
        self.transport = transport
    }

    public func call(_ api: AlgodAPI) async throws(ChainClientError) -> JSON {
        try AlgodMapper.json(try await transport.send(api.request))
    }

    public func account(address: String) async throws(ChainClientError) -> AlgorandAccount {
        let address = try valid(address, "address")
        return try AlgodMapper.account(try await call(.account(address: address)))
    }

    /// ALGO: `GET /v2/accounts/{address}`.
    public func balance(address: String) async throws(ChainClientError) -> ChainBalance {
        AlgodMapper.balance(try await account(address: address))
    }

    /// Each ASA's balance in the order asked (token ids are decimal asset ids), from the one account call.
    public func tokenBalances(owner: String, tokens: [String]) async throws(ChainClientError) -> [ChainBalance] {
        let parsed = try tokens.map { token throws(ChainClientError) in try AlgorandClient.asset(token) }
        return AlgodMapper.tokenBalances(try await account(address: owner), tokens: parsed)
    }

    /// `GET /v2/transactions/params` → `min-fee` at every priority.
    public func feeRates() async throws(ChainClientError) -> FeeRates {
        AlgodMapper.feeRates(try await transactionParams())
    }

    public func transactionParams() async throws(ChainClientError) -> AlgorandTransactionParams {
        try AlgodMapper.transactionParams(try await call(.transactionParams))
    }

    /// `GET /v2/transactions/params`, then `GET /v2/accounts/{sender}` (the ALGO balance and, when `assetId` is
    /// given, that ASA's).
    public func preload(sender: String, assetId: UInt64? = nil) async throws(ChainClientError) -> AlgorandPreload {
        let params = try await transactionParams()
        let account = try await account(address: sender)
        return AlgorandPreload(params: params, balance: AlgodMapper.balance(account).available,
                               assetBalance: assetId.map { BigUInt(account.assets[$0] ?? 0) })
    }

    /// `POST /v2/transactions` of the signer's msgpack bytes → the txid; a refusal is `rejected`. algod's txId must be
    /// the transaction's own (`signed.hash`: base32 of SHA-512/256 of "TX" ‖ the transaction), or the answer is
    /// refused as malformed.
    public func broadcast(_ signed: SignedTransaction) async throws(ChainClientError) -> String {
        let txid = try AlgodMapper.broadcast(try await transport.send(AlgodAPI.submit(signedTransaction: signed.bytes).request))
        guard signed.hash.isEmpty || txid == signed.hash else {
            throw .malformed("the node answered txId \(ChainClientError.prefix(txid, 52)) for transaction \(signed.hash)")
        }
        return txid
    }

    /// `GET /v2/transactions/pending/{txid}`; a txid algod does not know (404) is pending.
    public func status(id: String) async throws(ChainClientError) -> ChainTransactionStatus {
        let id = try AlgodMapper.transactionId(.string(id), "id")
        do {
            return try AlgodMapper.transactionStatus(try await call(.pendingTransaction(id: id)))
        } catch {
            if case .notFound = error { return ChainTransactionStatus(state: .pending) }
            throw error
        }
    }

    /// `GET /v2/transactions/params` `last-round`.
    public func latestBlock() async throws(ChainClientError) -> UInt64 {
        try await transactionParams().lastRound
    }

    /// `GET /v2/transactions/params` `genesis-id` ("mainnet-v1.0").
    public func networkId() async throws(ChainClientError) -> String {
        try await transactionParams().genesisId
    }

    static func asset(_ token: String) throws(ChainClientError) -> (assetId: AssetId, id: UInt64) {
        guard token.utf8.count <= 20, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let id = UInt64(token),
              let assetId = try? AssetId(chain: .algorand, tokenId: token) else {
            throw .malformed("token: not an asset id (\(ChainClientError.prefix(token, 80)))")
        }
        return (assetId, id)
    }

    private func valid(_ address: String, _ name: String) throws(ChainClientError) -> String {
        do { return try AlgorandAddress.validate(address) } catch { throw .malformed("\(name): not an Algorand address") }
    }
}
