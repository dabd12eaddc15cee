import Primitives

/// What `XrpSignerInput` needs from the node for one payment.
public struct XrpPreload: Sendable, Equatable {
    /// The sender's `account_data.Sequence`.
    public var sequence: UInt32
    /// `ledger_current_index` when the sender was read; `LastLedgerSequence` is this plus a margin.
    public var currentLedger: UInt32
    public var fees: FeeRates
    /// The sender's XRP as the app reports it (available = Balance − reserve).
    public var balance: ChainBalance
    /// Whether the destination account exists (a payment of less than the reserve to a new account fails).
    public var destinationExists: Bool
    /// Whether the destination sets lsfRequireDestTag.
    public var destinationRequiresTag: Bool
    /// The sender's trust-line balance (decimal text) of the issued currency sent, nil for XRP.
    public var tokenBalance: String?

    public init(sequence: UInt32, currentLedger: UInt32, fees: FeeRates, balance: ChainBalance, destinationExists: Bool,
                destinationRequiresTag: Bool, tokenBalance: String?) {
        self.sequence = sequence
        self.currentLedger = currentLedger
        self.fees = fees
        self.balance = balance
        self.destinationExists = destinationExists
        self.destinationRequiresTag = destinationRequiresTag
        self.tokenBalance = tokenBalance
    }

    /// The signer's input: the fee of `priority`, `LastLedgerSequence` = current ledger + `ledgerMargin`.
    public func signerInput(amount: XrpSignerInput.Amount, destination: String, destinationTag: UInt32? = nil,
                            memos: [XrpSignerInput.Memo] = [], priority: FeePriority = .normal, ledgerMargin: UInt32 = 20)
        -> XrpSignerInput {
        let (last, overflow) = currentLedger.addingReportingOverflow(ledgerMargin)
        return XrpSignerInput(amount: amount, destination: destination, destinationTag: destinationTag, memos: memos,
                              fee: fees.rate(priority) ?? BigUInt(0), sequence: sequence, lastLedgerSequence: overflow ? UInt32.max : last,
                              balance: balance.available, tokenBalance: tokenBalance)
    }
}

/// The Xrp chain client: chain-apis.md § 9 through a `ChainTransport` (requests from `XrpRPC`, answers through
/// `XrpMapper`), one request after another. Accounts are validated (classic "r…" addresses) before a request.
public struct XrpClient: Sendable {
    public let transport: any ChainTransport

    public init(transport: any ChainTransport) {
        self.transport = transport
    }

    public func call(_ rpc: XrpRPC) async throws(ChainClientError) -> JSON {
        try JSONRPC.result(try await transport.send(rpc.request))
    }

    /// The account's state, nil for an account the ledger does not hold (actNotFound).
    public func account(_ address: String) async throws(ChainClientError) -> XrpAccount? {
        let address = try valid(address, "address")
        do { return try XrpMapper.account(try await call(.accountInfo(account: address))) } catch {
            if case .notFound = error { return nil }
            throw error
        }
    }

    /// XRP balance: `account_info`; available = Balance − 1 XRP, the reserve as `reserved`; unfunded → 0.
    public func balance(address: String) async throws(ChainClientError) -> ChainBalance {
        XrpMapper.balance(try await account(address))
    }

    /// Issued-currency balances by issuer, in the order asked: one `account_objects` call.
    public func tokenBalances(owner: String, tokens: [String]) async throws(ChainClientError) -> [ChainBalance] {
        let owner = try valid(owner, "owner")
        for token in tokens { _ = try valid(token, "token") }
        return try XrpMapper.tokenBalances(try await trustLines(owner), tokens: tokens)
    }

    /// `fee`: slow, normal, fast in drops.
    public func feeRates() async throws(ChainClientError) -> FeeRates {
        try XrpMapper.feeRates(try await call(.fee))
    }

    /// `account_info` of the sender (not found → `notFound`, as the app's "Account not found"), `fee`,
    /// `account_info` of the destination, and for an issued currency the sender's trust lines.
    public func preload(sender: String, destination: String, amount: XrpSignerInput.Amount) async throws(ChainClientError) -> XrpPreload {
        let sender = try valid(sender, "sender")
        let destination = try valid(destination, "destination")
        guard let account = try await account(sender) else { throw .notFound("sender: account not found") }
        let fees = try await feeRates()
        let target = try await self.account(destination)
        var tokenBalance: String?
        if case let .issued(currency, issuer, _) = amount {
            let lines = try await trustLines(sender)
            tokenBalance = lines.first { $0.issuer == issuer && $0.currency.uppercased() == currency.uppercased() }?.value ?? "0"
        }
        return XrpPreload(sequence: account.sequence, currentLedger: account.currentLedger, fees: fees, balance: XrpMapper.balance(account),
                          destinationExists: target != nil, destinationRequiresTag: target?.requiresDestinationTag ?? false,
                          tokenBalance: tokenBalance)
    }

    /// `submit` of the signer's `tx_blob` (`SignedTransaction.encoded`) → the hash; a refusal is `rejected`. The
    /// node's hash must be the transaction's own (`signed.hash`: SHA-512Half of "TXN\0" ‖ blob, hex), or the answer
    /// is refused as malformed.
    public func broadcast(_ signed: SignedTransaction) async throws(ChainClientError) -> String {
        let hash = try XrpMapper.broadcast(try await call(.submit(txBlob: signed.encoded)))
        guard signed.hash.isEmpty || hash.uppercased() == signed.hash.uppercased() else {
            throw .malformed("the node answered hash \(ChainClientError.prefix(hash, 64)) for transaction \(signed.hash)")
        }
        return hash
    }

    /// `tx`; a hash the node does not know yet (txnNotFound) is pending.
    public func status(hash: String) async throws(ChainClientError) -> ChainTransactionStatus {
        let hash = try XrpMapper.hash(.string(hash), "hash")
        do { return try XrpMapper.transactionStatus(try await call(.transaction(hash: hash))) } catch {
            if case .notFound = error { return ChainTransactionStatus(state: .pending) }
            throw error
        }
    }

    /// `ledger_current` `ledger_current_index`.
    public func latestBlock() async throws(ChainClientError) -> UInt64 {
        try XrpMapper.ledgerIndex(try await call(.ledgerCurrent))
    }

    /// As the app (`provider/state.rs`): no request, the empty string.
    public func networkId() -> String {
        ""
    }

    private func trustLines(_ owner: String) async throws(ChainClientError) -> [XrpTrustLine] {
        do { return try XrpMapper.trustLines(try await call(.accountObjects(account: owner)), owner: owner) } catch {
            if case .notFound = error { return [] }
            throw error
        }
    }

    private func valid(_ address: String, _ name: String) throws(ChainClientError) -> String {
        do { return try XrpAddress.validate(address) } catch { throw .malformed("\(name): not an XRP address") }
    }
}
