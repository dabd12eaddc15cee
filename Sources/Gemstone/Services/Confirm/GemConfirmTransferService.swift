import Blockchain
import Primitives
import Synchronization

/// The confirmation of a send and its submit (spec `GemConfirmTransferService`, "A staged load names what each
/// stage waits for"):
///
///             ┌─ preload ────┐
///     start ──┼─ fee rates ──┼──▶ preload/fee-rate failures ──▶ scan verdict ──▶ fee by priority ──▶ transaction load
///             ├─ scan ───────┤
///             └─ simulate ───┘
///
/// - The four openers (and the asset's metadata) run together, and every one is awaited before the first gate.
/// - Then, in order: a transport failure of the preload, then of the fee rates; the scan verdict (only an explicit
///   malicious verdict or an unmet memo requirement stops the send; a scanner outage fails open); the transaction
///   load, which the chain is asked for only after the verdict let the send through. The simulation fails open.
/// - An unaffordable transfer is not an error of `load`: its `GemConfirmLoad` shows the fee, the priorities and the
///   simulation, and the amount is `GemTransferAmountResult.error` with the shortfall.
/// - The loaded transfer is held per request: another priority re-runs nothing (every priority's fee is in the
///   load); `refresh` runs the stages again. `submit` signs the load the user saw (the one the scan and fee saw).
/// - `submit` reads the keystore password once, signs inside the core, broadcasts, then stores the pending
///   transaction and asks the host's status port to schedule its tracking. A node's refusal is
///   `broadcastRejected`; a broadcast whose answer was lost is `broadcastUnknown` (never "not sent"); once the node
///   has the transaction, a cancellation no longer stops the store write.
public final class GemConfirmTransferService: Sendable {
    private let wallets: GemWalletSessionService
    private let assets: GemAssetsService
    private let transfers: any GemChainTransfers
    private let scanner: GemScanService?
    private let simulator: GemSimulationService?
    private let keys: GemSigningKeys
    private let transactions: GemTransactionsService
    private let status: any GemTransactionStatusService
    private let now: @Sendable () -> Int64
    private let held = Mutex<[GemTransferRequest: Loaded]>([:])

    /// The service over the wallet service's keystore; `scanner` and `simulator` nil: no verdict, no prediction.
    /// `now` is the Unix time in seconds a stored transaction is created at.
    public convenience init(wallets: GemWalletService, assets: GemAssetsService, transfers: any GemChainTransfers,
                            scanner: GemScanService?, simulator: GemSimulationService?, transactions: GemTransactionsService,
                            status: any GemTransactionStatusService, now: @escaping @Sendable () -> Int64) {
        self.init(session: wallets.session, keys: GemSigningKeys(wallets: wallets), assets: assets, transfers: transfers,
                  scanner: scanner, simulator: simulator, transactions: transactions, status: status, now: now)
    }

    package init(session: GemWalletSessionService, keys: GemSigningKeys, assets: GemAssetsService, transfers: any GemChainTransfers,
                 scanner: GemScanService?, simulator: GemSimulationService?, transactions: GemTransactionsService,
                 status: any GemTransactionStatusService, now: @escaping @Sendable () -> Int64) {
        self.wallets = session
        self.keys = keys
        self.assets = assets
        self.transfers = transfers
        self.scanner = scanner
        self.simulator = simulator
        self.transactions = transactions
        self.status = status
        self.now = now
    }

    /// What the stages loaded for one request: everything the confirmation shows and `submit` signs.
    struct Loaded: Sendable {
        var transfer: any ChainTransfer
        var load: TransferLoad
        var sender: Account
        var asset: Asset
        var feeAsset: Asset
        var simulation: GemConfirmSimulation
    }

    // MARK: load

    /// The confirmation of `request` at `priority`: the stages on the first call (or with `refresh`), then the held
    /// load projected at the priority asked.
    public func load(_ request: GemTransferRequest, priority: GemFeePriority, refresh: Bool = false) async throws(GemConfirmError) -> GemConfirmLoad {
        let loaded: Loaded
        if !refresh, let held = held.withLock({ $0[request] }) {
            loaded = held
        } else {
            loaded = try await stages(request)
            held.withLock { $0[request] = loaded }
        }
        return try Self.confirmation(loaded, priority: priority)
    }

    static func confirmation(_ loaded: Loaded, priority: GemFeePriority) throws(GemConfirmError) -> GemConfirmLoad {
        GemConfirmLoad(sender: loaded.sender, asset: loaded.asset, recipient: loaded.load.input.recipient, memo: loaded.load.input.memo,
                       feeAsset: loaded.feeAsset, simulation: loaded.simulation,
                       fee: try ConfirmRules.fee(loaded.load, priority: priority, asset: loaded.asset, feeAsset: loaded.feeAsset))
    }

    /// The staged load (see the type's graph).
    func stages(_ request: GemTransferRequest) async throws(GemConfirmError) -> Loaded {
        let chain = request.assetId.chain
        let wallet: Wallet
        do {
            wallet = try await wallets.requireWallet(walletId: request.walletId)
        } catch {
            throw GemConfirmError(error)
        }
        guard let sender = wallet.account(for: chain) else {
            throw .unsupported(message: "the wallet has no \(chain.id) account")
        }
        let recipient: String
        do {
            recipient = try chain.validateAddress(request.to)
        } catch {
            throw .invalidRecipient(message: "not a \(chain.id) address: \(error)")
        }
        let transfer: any ChainTransfer
        do {
            transfer = try await transfers.transfer(for: chain)
        } catch {
            if case let .invalidInput(message) = error { throw .unsupported(message: message) }
            throw GemConfirmError(error)
        }
        let memo = request.memo.flatMap { $0.isEmpty ? nil : $0 }
        let input = TransferInput(assetId: request.assetId, sender: sender.address, recipient: recipient, amount: request.amount,
                                  isMax: request.isMax, memo: memo)
        let api = ConfirmAPIRequest(chain: chain, from: sender.address, to: recipient, assetId: request.assetId,
                                    value: request.amount, memo: memo)

        // The openers, together; each awaited before the first gate.
        async let preload = Self.capture { () async throws(ChainClientError) in try await transfer.preload(input) }
        async let rates = Self.capture { () async throws(ChainClientError) in try await transfer.feeRates(input) }
        async let verdict = scanner?.scan(api)
        async let simulation = simulator?.simulate(api)
        async let asset = Self.captureService { () async throws(GemServiceError) in try await assets.asset(request.assetId) }
        let (preloaded, rated, scanned, simulated, described) = await (preload, rates, verdict, simulation, asset)

        // Policy: the preload's and the fee rates' failures first, then the verdict, then the load.
        let preloadValue: TransferPreload
        let ratesValue: FeeRates
        let assetValue: Asset
        switch preloaded {
        case .success(let value): preloadValue = value
        case .failure(let error): throw GemConfirmError(error, chain: chain)
        }
        switch rated {
        case .success(let value): ratesValue = value
        case .failure(let error): throw GemConfirmError(error, chain: chain)
        }
        switch described {
        case .success(let value): assetValue = value
        case .failure(let error): throw GemConfirmError(error)
        }
        try ConfirmRules.gate(scanned, recipient: recipient, memo: memo, symbol: assetValue.symbol)
        let load: TransferLoad
        do {
            load = try await transfer.load(input, preload: preloadValue, rates: ratesValue)
        } catch {
            throw GemConfirmError(error, chain: chain)
        }
        return Loaded(transfer: transfer, load: load, sender: sender, asset: assetValue, feeAsset: AssetRules.native(chain),
                      simulation: simulated ?? GemConfirmSimulation(warnings: [], changes: []))
    }

    private static func capture<T: Sendable>(_ body: () async throws(ChainClientError) -> T) async -> Result<T, ChainClientError> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }

    private static func captureService<T: Sendable>(_ body: () async throws(GemServiceError) -> T) async -> Result<T, GemServiceError> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }

    // MARK: submit

    /// Signs the held load of `request` at `priority` (loading it first when none is held), broadcasts it, stores the
    /// pending transaction and schedules its tracking; answers the hashes. An unaffordable transfer is refused with
    /// its amount error before the password is asked.
    public func submit(_ request: GemTransferRequest, priority: GemFeePriority) async throws(GemConfirmError) -> GemConfirmSubmit {
        let loaded: Loaded
        if let held = held.withLock({ $0[request] }) {
            loaded = held
        } else {
            loaded = try await stages(request)
        }
        let chain = request.assetId.chain
        guard let fee = ConfirmRules.selectedFee(loaded.load, priority) else { throw .load(message: "\(chain.id): the load has no fee") }
        if case let .error(error) = ConfirmRules.amount(loaded.load, fee: fee, asset: loaded.asset, feeAsset: loaded.feeAsset) {
            throw error
        }
        let signed: SignedTransaction
        do {
            let keys = try await keys.keys(walletId: request.walletId, chains: [chain])
            guard let key = keys.key(for: chain) else { throw GemSigningError.noAccount(chain) }
            signed = try loaded.transfer.sign(loaded.load, priority: fee.priority, key: key)
        } catch let error as GemSigningError {
            throw GemConfirmError(error, chain: chain)
        } catch {
            throw .sign(chain: chain, message: "\(error)")
        }
        // The last point at which nothing irreversible has happened.
        if Task.isCancelled { throw .cancelled }
        let hash: String
        do {
            hash = try await loaded.transfer.broadcast(signed)
        } catch {
            if case let .rejected(message) = error { throw .broadcastRejected(chain: chain, message: message) }
            throw .broadcastUnknown(chain: chain, message: error.serviceError(chain: chain).message)
        }
        // The node has it: what follows runs in its own task, so a cancellation of the caller does not stop the
        // store write (spec: a cancellation after broadcast never claims the transaction did not happen).
        let transaction = ConfirmRules.pending(loaded.load, fee: fee, hash: hash, walletId: request.walletId, createdAt: now())
        let transactions = self.transactions
        let status = self.status
        let stored = await Task { () -> GemServiceError? in
            do throws(GemServiceError) {
                try await transactions.save([transaction])
            } catch {
                return error
            }
            // Tracking is the host's to schedule; a refusal leaves the transaction stored as pending, where the
            // state service finds it again (`GemTransactionStateService.trackPending`).
            try? await status.schedule(walletId: request.walletId, transactionIds: [transaction.id])
            return nil
        }.value
        held.withLock { _ = $0.removeValue(forKey: request) }
        if let failure = stored { throw .notStored(chain: chain, hash: hash, message: failure.message) }
        return GemConfirmSubmit(hashes: [hash], transactionIds: [transaction.id])
    }
}
