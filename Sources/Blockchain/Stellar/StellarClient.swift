import Primitives

/// What `StellarSignerInput` needs from Horizon for one payment.
public struct StellarPreload: Sendable, Equatable {
    /// The sender's `sequence` exactly as Horizon answered it; the signer signs with this + 1.
    public var sequence: Int64
    /// Whether `GET /accounts/{destination}` answered the account (200) rather than 404.
    public var destinationExists: Bool
    /// Stroops per operation by priority (`GET /fee_stats`).
    public var fees: FeeRates
    /// The sender's spendable XLM in stroops (balance less the 1 XLM the app reserves).
    public var balance: BigUInt

    public init(sequence: Int64, destinationExists: Bool, fees: FeeRates, balance: BigUInt) {
        self.sequence = sequence
        self.destinationExists = destinationExists
        self.fees = fees
        self.balance = balance
    }

    /// The signer's input for one payment of one operation (fee = the priority's rate, at least the network's
    /// 100-stroop minimum). The time bounds are the caller's: this record holds no clock.
    public func signerInput(destination: String, asset: StellarSignerInput.Asset, amount: BigUInt, priority: FeePriority = .normal,
                            memo: StellarSignerInput.Memo = .none, validUntil: UInt64,
                            networkPassphrase: String = StellarSignerInput.publicNetworkPassphrase) -> StellarSignerInput {
        let rate = fees.rate(priority).flatMap(\.uint64) ?? 0
        let fee = UInt32(clamping: max(rate, 100))
        return StellarSignerInput(destination: destination, asset: asset, amount: amount, fee: fee, accountSequence: sequence,
                                  destinationExists: destinationExists, memo: memo, validUntil: validUntil, balance: balance,
                                  networkPassphrase: networkPassphrase)
    }
}

/// The Stellar chain client: chain-apis.md § 11 through a `ChainTransport` (requests from `HorizonAPI`, answers
/// through `HorizonMapper`), one request after another. Account ids are validated before they enter a path.
public struct StellarClient: Sendable {
    public let transport: any ChainTransport

    public init(transport: any ChainTransport) {
        self.transport = transport
    }

    public func call(_ api: HorizonAPI) async throws(ChainClientError) -> JSON {
        try HorizonMapper.json(try await transport.send(api.request))
    }

    /// The account, or nil when Horizon answers 404 (never funded).
    public func account(id: String) async throws(ChainClientError) -> StellarAccount? {
        let id = try valid(id, "address")
        do {
            return try HorizonMapper.account(try await call(.account(id: id)))
        } catch {
            if case .notFound = error { return nil }
            throw error
        }
    }

    /// XLM: `GET /accounts/{id}`; an account that does not exist is 0 with nothing reserved.
    public func balance(address: String) async throws(ChainClientError) -> ChainBalance {
        guard let account = try await account(id: address) else {
            return ChainBalance(assetId: AssetId(chain: .stellar), available: .zero, reserved: .zero)
        }
        return HorizonMapper.balance(account)
    }

    /// Each issued asset's balance in the order asked (token ids `issuer::code`), from the one account call.
    public func tokenBalances(owner: String, tokens: [String]) async throws(ChainClientError) -> [ChainBalance] {
        var assets: [AssetId] = []
        for token in tokens {
            do { assets.append(try AssetId(chain: .stellar, tokenId: token)) } catch {
                throw .malformed("token: not a token id (\(ChainClientError.prefix(token, 80)))")
            }
        }
        let account = try await account(id: owner) ?? StellarAccount(sequence: 0, nativeBalance: .zero, tokens: [:])
        return HorizonMapper.tokenBalances(account, tokens: assets)
    }

    /// `GET /fee_stats`.
    public func feeRates() async throws(ChainClientError) -> FeeRates {
        try HorizonMapper.feeRates(try await call(.feeStats))
    }

    /// `GET /accounts/{sender}`, `GET /accounts/{destination}`, `GET /fee_stats`. A sender Horizon does not know is
    /// `notFound` (it cannot sign a sequence it does not have).
    public func preload(sender: String, destination: String) async throws(ChainClientError) -> StellarPreload {
        guard let account = try await account(id: sender) else { throw .notFound("sender: the account does not exist") }
        let destinationExists = try await self.account(id: destination) != nil
        let fees = try await feeRates()
        return StellarPreload(sequence: account.sequence, destinationExists: destinationExists, fees: fees,
                              balance: HorizonMapper.balance(account).available)
    }

    /// `POST /transactions_async` of the signer's base64 envelope (`SignedTransaction.encoded`) → the hash; a
    /// refusal is `rejected`. Horizon's hash must be the transaction's own (`signed.hash`: SHA-256 of the network id ‖
    /// envelope type ‖ transaction, hex), or the answer is refused as malformed.
    public func broadcast(_ signed: SignedTransaction) async throws(ChainClientError) -> String {
        let hash = try HorizonMapper.broadcast(try await transport.send(HorizonAPI.submitAsync(envelopeBase64: signed.encoded).request))
        guard signed.hash.isEmpty || hash.lowercased() == signed.hash.lowercased() else {
            throw .malformed("the node answered hash \(ChainClientError.prefix(hash, 64)) for transaction \(signed.hash)")
        }
        return hash
    }

    /// `GET /transactions/{hash}`; a hash Horizon has not ingested yet (404) is pending.
    public func status(hash: String) async throws(ChainClientError) -> ChainTransactionStatus {
        let hash = try HorizonMapper.hash(.string(hash), "hash")
        do {
            return try HorizonMapper.transactionStatus(try await call(.transaction(hash: hash)))
        } catch {
            if case .notFound = error { return ChainTransactionStatus(state: .pending) }
            throw error
        }
    }

    /// `GET /` `ingest_latest_ledger`.
    public func latestBlock() async throws(ChainClientError) -> UInt64 {
        try HorizonMapper.root(try await call(.root)).latestLedger
    }

    /// `GET /` `network_passphrase` (the chain's network id).
    public func networkId() async throws(ChainClientError) -> String {
        try HorizonMapper.root(try await call(.root)).networkPassphrase
    }

    private func valid(_ address: String, _ name: String) throws(ChainClientError) -> String {
        do { return try StellarAddress.validate(address) } catch { throw .malformed("\(name): not a Stellar account id") }
    }
}
