import Primitives

/// What `TronSignerInput` needs from the node for one transfer: the reference block, the fee the load step
/// priced, and the sender's balances.
public struct TronPreload: Sendable, Equatable {
    /// The head block of `getnowblock` (its `id` is the signer's `referenceBlockId`).
    public var block: TronBlock
    public var fee: TronTransferFee
    /// Whether the destination account does not exist yet (TRX transfers only; false for TRC-20).
    public var isNewAccount: Bool
    /// The sender's TRX balance in sun.
    public var balance: BigUInt
    /// The sender's balance of the TRC-20 token sent, nil for TRX.
    public var tokenBalance: BigUInt?

    public init(block: TronBlock, fee: TronTransferFee, isNewAccount: Bool, balance: BigUInt, tokenBalance: BigUInt?) {
        self.block = block
        self.fee = fee
        self.isNewAccount = isNewAccount
        self.balance = balance
        self.tokenBalance = tokenBalance
    }

    /// The signer's input. The transaction's timestamp and expiration are the caller's (this record holds no
    /// clock; the reference block's `timestamp` is a natural choice, with an expiration within 24 hours of it).
    public func signerInput(asset: TronSignerInput.Asset, recipient: String, amount: BigUInt, timestamp: Int64, expiration: Int64,
                            memo: String = "") -> TronSignerInput {
        TronSignerInput(asset: asset, recipient: recipient, amount: amount, referenceBlockId: block.id, timestamp: timestamp,
                        expiration: expiration, feeLimit: fee.feeLimit, memo: memo, fee: fee.fee, balance: balance, tokenBalance: tokenBalance)
    }
}

/// The Tron chain client: chain-apis.md § 6 through a `ChainTransport` (requests from `TronAPI`, answers through
/// `TronMapper`), one request after another. Addresses are validated (base58check, 0x41 prefix) before they
/// enter a body.
public struct TronClient: Sendable {
    public let transport: any ChainTransport

    public init(transport: any ChainTransport) {
        self.transport = transport
    }

    public func call(_ api: TronAPI) async throws(ChainClientError) -> JSON {
        try TronMapper.json(try await transport.send(api.request))
    }

    /// TRX balance in sun: `getaccount` `balance`.
    public func balance(address: String) async throws(ChainClientError) -> ChainBalance {
        try TronMapper.balance(try await call(.account(address: try valid(address, "address"))))
    }

    /// Each TRC-20 token's balance, in the order asked: one `triggerconstantcontract` `balanceOf` per token.
    public func tokenBalances(owner: String, tokens: [String]) async throws(ChainClientError) -> [ChainBalance] {
        let owner = try valid(owner, "owner")
        var balances: [ChainBalance] = []
        for token in tokens {
            let contract = try valid(token, "token")
            let assetId: AssetId
            do { assetId = try AssetId(chain: .tron, tokenId: contract) } catch { throw .malformed("token: not a token id") }
            balances.append(try TronMapper.tokenBalance(try await call(.tokenBalance(owner: owner, contract: contract)), assetId: assetId))
        }
        return balances
    }

    /// As the app: no request, one Normal rate of 1 (Tron prices each transfer in the load step; see `preload`).
    public func feeRates() -> FeeRates {
        FeeRates(unit: .nativeUnit, rates: [FeeRate(priority: .normal, value: BigUInt(1))])
    }

    /// The load step, one request after another: `getnowblock`, `getchainparameters`, `getaccountresource`
    /// (sender); for TRX `getaccount` of the recipient (new or not); for TRC-20 the `transfer` energy estimate;
    /// then the sender's TRX balance and, for TRC-20, its token balance.
    public func preload(sender: String, recipient: String, asset: TronSignerInput.Asset, amount: BigUInt) async throws(ChainClientError)
        -> TronPreload {
        let sender = try valid(sender, "sender")
        let recipient = try valid(recipient, "recipient")
        let block = try TronMapper.block(try await call(.nowBlock))
        let parameters = try TronMapper.chainParameters(try await call(.chainParameters))
        let usage = try TronMapper.accountUsage(try await call(.accountResource(address: sender)))
        var isNew = false
        var estimate: UInt64?
        var tokenBalance: BigUInt?
        switch asset {
        case .trx:
            isNew = TronMapper.isNewAccount(try await call(.account(address: recipient)))
        case let .trc20(contract):
            let contract = try valid(contract, "contract")
            guard amount.bitLength <= 256 else { throw .malformed("amount: above u256") }
            estimate = try TronMapper.energyEstimate(try await call(.estimateTransfer(owner: sender, contract: contract, recipient: recipient,
                                                                                       amount: amount)))
        }
        let fee = TronMapper.transferFee(parameters: parameters, usage: usage, isNewAccount: isNew, energyEstimate: estimate)
        let balance = try await balance(address: sender).available
        if case let .trc20(contract) = asset { tokenBalance = try await tokenBalances(owner: sender, tokens: [contract]).first?.available }
        return TronPreload(block: block, fee: fee, isNewAccount: isNew, balance: balance, tokenBalance: tokenBalance)
    }

    /// `broadcasttransaction` of the signer's JSON (`SignedTransaction.encoded`) → the txid; a refusal is `rejected`.
    /// The node's txid must be the transaction's own (`signed.hash`: SHA-256 of `raw_data`, hex), or the answer is
    /// refused as malformed.
    public func broadcast(_ signed: SignedTransaction) async throws(ChainClientError) -> String {
        let txid = try TronMapper.broadcast(try await transport.send(TronAPI.broadcast(transaction: signed.encoded).request))
        guard signed.hash.isEmpty || txid.lowercased() == signed.hash.lowercased() else {
            throw .malformed("the node answered txid \(ChainClientError.prefix(txid, 64)) for transaction \(signed.hash)")
        }
        return txid
    }

    /// `gettransactioninfobyid`; a txid the node has not seen (`{}`) is pending.
    public func status(hash: String) async throws(ChainClientError) -> ChainTransactionStatus {
        let id = try TronMapper.txid(.string(hash), "hash")
        return try TronMapper.transactionStatus(try await call(.transactionInfo(id: id)))
    }

    /// The latest block number: `getblock` `block_header.raw_data.number`.
    public func latestBlock() async throws(ChainClientError) -> UInt64 {
        try TronMapper.blockNumber(try await call(.latestBlock))
    }

    /// The network id in the spelling of `chain.config.networkId` (`0x2b6653dc` on mainnet): `0x` and the last
    /// four bytes of the genesis block's id (`GET /wallet/getblockbynum?num=0` `blockID`), the chain id TRON's
    /// `eth_chainId` reports. The specification's app answers the empty string without a request, which no node
    /// check can compare.
    public func networkId() async throws(ChainClientError) -> String {
        try TronMapper.networkId(try await call(.genesisBlock))
    }

    private func valid(_ address: String, _ name: String) throws(ChainClientError) -> String {
        do { return try TronAddress.validate(address) } catch { throw .malformed("\(name): not a Tron address") }
    }
}
