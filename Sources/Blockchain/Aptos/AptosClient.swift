import Primitives

/// What `AptosSignerInput` needs from the node for one transfer.
public struct AptosPreload: Sendable, Equatable {
    public var sequenceNumber: UInt64
    public var chainId: UInt8
    /// The gas unit price by priority (octas per gas unit).
    public var fees: FeeRates
    /// The sender's APT balance in octas (pays the gas).
    public var balance: BigUInt
    /// The sender's balance of the token sent, nil for APT.
    public var tokenBalance: BigUInt?

    public init(sequenceNumber: UInt64, chainId: UInt8, fees: FeeRates, balance: BigUInt, tokenBalance: BigUInt?) {
        self.sequenceNumber = sequenceNumber
        self.chainId = chainId
        self.fees = fees
        self.balance = balance
        self.tokenBalance = tokenBalance
    }

    /// The signer's input. The gas limit (the app simulates for it; 1,500 is its generic limit) and the
    /// expiration time are the caller's: this record holds no clock.
    public func signerInput(asset: AptosSignerInput.Asset, recipient: String, amount: BigUInt, priority: FeePriority = .normal,
                            maxGasAmount: UInt64 = 1_500, expirationTimestampSecs: UInt64) -> AptosSignerInput {
        AptosSignerInput(asset: asset, recipient: recipient, amount: amount, balance: balance, sequenceNumber: sequenceNumber,
                         maxGasAmount: maxGasAmount, gasUnitPrice: fees.rate(priority)?.uint64 ?? 0,
                         expirationTimestampSecs: expirationTimestampSecs, chainId: chainId)
    }
}

/// The Aptos chain client: chain-apis.md § 7 through a `ChainTransport` (requests from `AptosAPI`, answers
/// through `AptosMapper`), one request after another. Addresses are validated before they enter a path.
public struct AptosClient: Sendable {
    public let transport: any ChainTransport

    public init(transport: any ChainTransport) {
        self.transport = transport
    }

    public func call(_ api: AptosAPI) async throws(ChainClientError) -> JSON {
        try AptosMapper.json(try await transport.send(api.request))
    }

    /// APT balance: `GET …/balance/0x1::aptos_coin::AptosCoin`.
    public func balance(address: String) async throws(ChainClientError) -> ChainBalance {
        let address = try valid(address, "address")
        return try AptosMapper.balance(try await transport.send(AptosAPI.balance(address: address, asset: AptosAPI.aptCoinType).request),
                                       assetId: AssetId(chain: .aptos))
    }

    /// Each token's balance, in the order asked: one `GET …/balance/{token}` per token (coin type or fungible
    /// asset metadata address).
    public func tokenBalances(owner: String, tokens: [String]) async throws(ChainClientError) -> [ChainBalance] {
        let owner = try valid(owner, "owner")
        var balances: [ChainBalance] = []
        for token in tokens {
            let assetId: AssetId
            do { assetId = try AssetId(chain: .aptos, tokenId: token) } catch { throw .malformed("token: not a token id (\(ChainClientError.prefix(token, 80)))") }
            balances.append(try AptosMapper.balance(try await transport.send(AptosAPI.balance(address: owner, asset: token).request), assetId: assetId))
        }
        return balances
    }

    /// The gas unit price by priority: `GET /v1/estimate_gas_price`.
    public func feeRates() async throws(ChainClientError) -> FeeRates {
        try AptosMapper.feeRates(try await call(.estimateGasPrice))
    }

    /// The account's sequence number: `GET /v1/accounts/{address}`. An account the node has no resource for
    /// (`account_not_found`) is at sequence 0, the number its first transaction signs with.
    public func sequenceNumber(address: String) async throws(ChainClientError) -> UInt64 {
        let address = try valid(address, "address")
        do {
            return try AptosMapper.sequenceNumber(try await call(.account(address: address)))
        } catch {
            if case .notFound = error { return 0 }
            throw error
        }
    }

    /// `GET /v1/accounts/{sender}`, `GET /v1/`, `GET /v1/estimate_gas_price`, the APT balance, and the token's
    /// balance when `token` is given.
    public func preload(sender: String, token: String? = nil) async throws(ChainClientError) -> AptosPreload {
        let sequence = try await sequenceNumber(address: sender)
        let ledger = try AptosMapper.ledger(try await call(.ledger))
        let fees = try await feeRates()
        let balance = try await balance(address: sender).available
        var tokenBalance: BigUInt?
        if let token { tokenBalance = try await tokenBalances(owner: sender, tokens: [token]).first?.available }
        return AptosPreload(sequenceNumber: sequence, chainId: ledger.chainId, fees: fees, balance: balance, tokenBalance: tokenBalance)
    }

    /// `POST /v1/transactions` of the BCS signed transaction → its hash; a refusal is `rejected`.
    public func broadcast(_ signedTransaction: [UInt8]) async throws(ChainClientError) -> String {
        try AptosMapper.broadcast(try await transport.send(AptosAPI.submit(signedTransaction: signedTransaction).request))
    }

    /// `GET /v1/transactions/by_hash/{hash}`; a hash the node does not know yet is pending.
    public func status(hash: String) async throws(ChainClientError) -> ChainTransactionStatus {
        let hash = try AptosMapper.hash(.string(hash), "hash")
        do {
            return try AptosMapper.transactionStatus(try await call(.transaction(hash: hash)))
        } catch {
            if case .notFound = error { return ChainTransactionStatus(state: .pending) }
            throw error
        }
    }

    /// The block height: `GET /v1/` `block_height`.
    public func latestBlock() async throws(ChainClientError) -> UInt64 {
        try AptosMapper.ledger(try await call(.ledger)).blockHeight
    }

    /// The chain id: `GET /v1/` `chain_id` (1 mainnet, 2 testnet).
    public func chainId() async throws(ChainClientError) -> UInt8 {
        try AptosMapper.ledger(try await call(.ledger)).chainId
    }

    private func valid(_ address: String, _ name: String) throws(ChainClientError) -> String {
        do { return try AptosAddress.validate(address) } catch { throw .malformed("\(name): not an Aptos address") }
    }
}
