import Blockchain
import GemCrypto
import Primitives
import Testing
@testable import Gemstone

/// The staged load's order (spec "A staged load names what each stage waits for"), the amount as a value, priorities
/// without re-running, and submit's outcomes, over scripted doubles.
struct GemConfirmTransferServiceTests {
    static let normalFee = BigUInt(2_000_000_000) * BigUInt(21_000)
    static let fastFee = BigUInt(3_000_000_000) * BigUInt(21_000)

    // MARK: the load order

    @Test func aMaliciousVerdictLeavesTheChainUnaskedForTheTransactionLoad() async throws {
        let h = try await ConfirmHarness()
        await h.verdict(malicious: true)
        await #expect(throws: GemConfirmError.scanMalicious(address: ConfirmHarness.recipient)) {
            try await h.service.load(h.request(), priority: .normal)
        }
        #expect(await h.transfer.count(.load) == 0)
        #expect(await h.transfer.count(.preload) == 1)
    }

    @Test func aCleanVerdictLetsTheLoadThrough() async throws {
        let h = try await ConfirmHarness()
        await h.verdict()
        _ = try await h.service.load(h.request(), priority: .normal)
        #expect(await h.transfer.count(.load) == 1)
    }

    static let outages: [Result<GemHTTPResponse, GemServiceError>] = [
        .status(500, #"{"error":{"message":"down"}}"#), .failure(.offline(message: "no route")), .status(200, "not json"),
        .failure(.timeout(message: "scanner")),
    ]

    @Test(arguments: outages)
    func aScannerOutageLetsTheSendThrough(_ outage: Result<GemHTTPResponse, GemServiceError>) async throws {
        let h = try await ConfirmHarness()
        await h.scan.enqueue(outage)
        await h.simulate.enqueue(outage)
        let load = try await h.service.load(h.request(), priority: .normal)
        #expect(await h.transfer.count(.load) == 1)
        #expect(load.simulation == GemConfirmSimulation(warnings: [], changes: []))
        #expect(load.fee.amount == .amount(amount: GemTransferAmount(value: BigUInt(1_000_000_000_000_000), fee: Self.normalFee, isMax: false)))
    }

    @Test(arguments: [ScriptedChainTransfer.Stage.preload, .feeRates])
    func aPreloadOrFeeRateFailureIsReportedBeforeAMaliciousVerdict(_ stage: ScriptedChainTransfer.Stage) async throws {
        let h = try await ConfirmHarness()
        await h.transfer.fail(stage, with: .offline("connection refused"))
        await h.verdict(malicious: true)
        await #expect(throws: GemConfirmError.offline(message: "ethereum: connection refused")) {
            try await h.service.load(h.request(), priority: .normal)
        }
        #expect(await h.transfer.count(.load) == 0)
        // The scanner was asked all the same: the openers run together.
        #expect(await h.scan.requests.count == 1)
    }

    @Test func aMissingMemoStopsTheSendOnlyWhenTheRecipientRequiresOne() async throws {
        let h = try await ConfirmHarness()
        await h.verdict(memoRequired: true)
        await #expect(throws: GemConfirmError.scanMemoRequired(symbol: "ETH")) {
            try await h.service.load(h.request(), priority: .normal)
        }
        #expect(await h.transfer.count(.load) == 0)
        await h.verdict(memoRequired: true)
        let load = try await h.service.load(h.request(memo: "deposit 42"), priority: .normal)
        #expect(load.memo == "deposit 42")
    }

    @Test func theOpenersRunTogether() async throws {
        let h = try await ConfirmHarness()
        let gate = Gate()
        await h.transfer.hold(.preload, on: gate)
        let load = Task { try await h.service.load(h.request(), priority: .normal) }
        // While the preload is held, the fee rates, the scan and the simulation have all been asked.
        await h.scan.waitForRequests(1)
        await h.simulate.waitForRequests(1)
        while await h.transfer.count(.feeRates) == 0 { await Task.yield() }
        #expect(await h.transfer.count(.load) == 0)
        await gate.open()
        _ = try await load.value
        #expect(await h.transfer.count(.load) == 1)
    }

    @Test func anInvalidRecipientAsksNothing() async throws {
        let h = try await ConfirmHarness()
        await #expect(throws: GemConfirmError.self) { try await h.service.load(h.request(to: "0x1234"), priority: .normal) }
        do {
            _ = try await h.service.load(h.request(to: "0x1234"), priority: .normal)
        } catch {
            guard case .invalidRecipient = error else { Issue.record("got \(error)"); return }
        }
        #expect(await h.transfer.calls.isEmpty)
        #expect(await h.scan.requests.isEmpty)
    }

    @Test func theSimulationIsShown() async throws {
        let h = try await ConfirmHarness()
        await h.simulate.enqueue(.status(200, #"{"warnings":["new_recipient"],"changes":[{"asset_id":"ethereum","value":"-1042000000000000"}]}"#))
        let load = try await h.service.load(h.request(), priority: .normal)
        #expect(load.simulation.warnings == ["new_recipient"])
        #expect(load.simulation.changes == [GemSimulationChange(assetId: ConfirmHarness.eth, value: BigInt(-1_042_000_000_000_000))])
    }

    // MARK: the amount

    @Test func anUnaffordableTransferStillShowsItsFeeRatesAndSimulation() async throws {
        let h = try await ConfirmHarness()
        await h.transfer.setBalances(BigUInt(500_000_000_000_000))
        let load = try await h.service.load(h.request(), priority: .normal)
        #expect(load.fee.value == Self.normalFee)
        #expect(load.fee.options.map(\.priority) == [.slow, .normal, .fast])
        let required = BigUInt(1_000_000_000_000_000) + Self.normalFee
        let requirement = GemBalanceRequirement(required: required, available: BigUInt(500_000_000_000_000),
                                                shortfall: required.subtracting(BigUInt(500_000_000_000_000)) ?? .zero)
        #expect(load.fee.amount == .error(error: .insufficientBalance(asset: ConfirmHarness.ethAsset, requirement: requirement)))
        #expect(requirement.shortfall == BigUInt(542_000_000_000_000))
    }

    @Test func aTokenSendShortOfTheFeeNamesTheFeeAsset() async throws {
        let h = try await ConfirmHarness()
        await h.transfer.setBalances(BigUInt(5_000_000), fee: BigUInt(1_000))
        let load = try await h.service.load(h.request(1_000_000, asset: ConfirmHarness.usdt), priority: .normal)
        #expect(load.asset == ConfirmHarness.usdtAsset)
        #expect(load.feeAsset == ConfirmHarness.ethAsset)
        #expect(load.fee.amount == .error(error: .insufficientNetworkFee(asset: ConfirmHarness.ethAsset,
                                                                           requirement: GemBalanceRequirement(required: Self.normalFee, available: BigUInt(1_000)))))
    }

    @Test func aMaxSendKeepsTheFeeBackAtEachPriority() async throws {
        let h = try await ConfirmHarness()
        let balance = BigUInt(1_000_000_000_000_000_000)
        let normal = try await h.service.load(h.request(0, max: true), priority: .normal)
        #expect(normal.fee.amount == .amount(amount: GemTransferAmount(value: balance.subtracting(Self.normalFee) ?? .zero, fee: Self.normalFee, isMax: true)))
        let fast = try await h.service.load(h.request(0, max: true), priority: .fast)
        #expect(fast.fee.amount == .amount(amount: GemTransferAmount(value: balance.subtracting(Self.fastFee) ?? .zero, fee: Self.fastFee, isMax: true)))
    }

    @Test func anotherPriorityReRunsNothingAndARefreshReRunsEverything() async throws {
        let h = try await ConfirmHarness()
        let normal = try await h.service.load(h.request(), priority: .normal)
        let fast = try await h.service.load(h.request(), priority: .fast)
        #expect(normal.fee.value == Self.normalFee)
        #expect(fast.fee.value == Self.fastFee)
        #expect(fast.fee.selectedPriority == .fast)
        let calls = await h.transfer.calls
        #expect(calls.count == 3 && Set(calls.prefix(2)) == [.preload, .feeRates] && calls.last == .load)
        #expect(await h.scan.requests.count == 1)
        _ = try await h.service.load(h.request(), priority: .fast, refresh: true)
        #expect(await h.transfer.count(.load) == 2)
        #expect(await h.scan.requests.count == 2)
    }

    // MARK: submit

    /// The status port timing out (its store_timeout_ms passed, gemstone.h "Store timeouts") or refusing does not fail
    /// a submit that has broadcast: the answer names the hash and the transaction stays stored as pending, where the
    /// state service finds it again.
    @Test(arguments: [GemServiceError.timeout(message: "the host did not answer within 0.2 seconds"), .store(message: "busy")])
    func aStatusPortThatTimesOutLeavesTheSubmitAnsweredAndTheTransactionPending(_ failure: GemServiceError) async throws {
        let h = try await ConfirmHarness()
        await h.status.refuse(failure)
        let result = try await h.service.submit(h.request(), priority: .fast)
        let id = "ethereum_\(ScriptedChainTransfer.hash)"
        #expect(result == GemConfirmSubmit(hashes: [ScriptedChainTransfer.hash], transactionIds: [id]))
        #expect(try #require(await h.store.rows[id]).state == .pending)
        #expect(await h.status.scheduled.isEmpty)
    }

    @Test func submitSignsBroadcastsStoresAndSchedulesAfterOnePasswordRead() async throws {
        let h = try await ConfirmHarness()
        _ = try await h.service.load(h.request(), priority: .fast)
        let asks = await h.wallets.password.asks
        let result = try await h.service.submit(h.request(), priority: .fast)
        let id = "ethereum_\(ScriptedChainTransfer.hash)"
        #expect(result == GemConfirmSubmit(hashes: [ScriptedChainTransfer.hash], transactionIds: [id]))
        #expect(await h.wallets.password.asks == asks + 1)
        #expect(h.transfer.signs.withLock { $0 } == [.secp256k1])
        let stored = try #require(await h.store.rows[id])
        #expect(stored.state == .pending)
        #expect(stored.value == BigUInt(1_000_000_000_000_000))
        #expect(stored.fee == Self.fastFee)
        #expect(stored.from == "0x9858EfFD232B4033E47d90003D41EC34EcaEda94")
        #expect(stored.to == ConfirmHarness.recipient)
        #expect(stored.direction == .outgoing)
        #expect(stored.createdAt == 1_700_000_000)
        let scheduled = await h.status.scheduled
        #expect(scheduled.count == 1 && scheduled.first?.0 == h.walletId && scheduled.first?.1 == [id])
        // The load was used, not re-run.
        #expect(await h.transfer.count(.load) == 1)
    }

    @Test func aRefusedBroadcastIsTypedAndStoresNothing() async throws {
        let h = try await ConfirmHarness()
        await h.transfer.fail(.broadcast, with: .rejected("nonce too low"))
        await #expect(throws: GemConfirmError.broadcastRejected(chain: .ethereum, message: "nonce too low")) {
            try await h.service.submit(h.request(), priority: .normal)
        }
        #expect(await h.store.rows.isEmpty)
        #expect(await h.status.scheduled.isEmpty)
    }

    @Test(arguments: [ChainClientError.timeout("no answer"), .offline("connection reset")])
    func aLostBroadcastAnswerIsNeverNotSent(_ error: ChainClientError) async throws {
        let h = try await ConfirmHarness()
        await h.transfer.fail(.broadcast, with: error)
        do {
            _ = try await h.service.submit(h.request(), priority: .normal)
            Issue.record("the submit succeeded")
        } catch {
            guard case .broadcastUnknown(.ethereum, _) = error else { Issue.record("got \(error)"); return }
            #expect(error.display() != .none)
        }
        #expect(await h.store.rows.isEmpty)
    }

    @Test func aWrongPasswordSignsAndSendsNothing() async throws {
        let h = try await ConfirmHarness()
        let other = try await ConfirmHarness.withPassword("not the password", sharing: h)
        await #expect(throws: GemConfirmError.wrongPassword) {
            try await other.submit(h.request(), priority: .normal)
        }
        #expect(await h.transfer.count(.broadcast) == 0)
        #expect(h.transfer.signs.withLock { $0 }.isEmpty)
    }

    @Test func aWatchOnlyWalletCannotSubmit() async throws {
        let h = try await ConfirmHarness()
        let watch = try await h.wallets.service.importWallet(.view(address: "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23", chain: .ethereum,
                                                                   name: nil)).wallet.id
        var request = h.request(to: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94")
        request = GemTransferRequest(walletId: watch, assetId: request.assetId, to: request.to, amount: request.amount)
        await #expect(throws: GemConfirmError.watchOnly) { try await h.service.submit(request, priority: .normal) }
        #expect(await h.transfer.count(.broadcast) == 0)
    }

    @Test func anUnaffordableSubmitIsRefusedBeforeThePassword() async throws {
        let h = try await ConfirmHarness()
        await h.transfer.setBalances(BigUInt(1_000))
        let asks = await h.wallets.password.asks
        do {
            _ = try await h.service.submit(h.request(), priority: .normal)
            Issue.record("the submit succeeded")
        } catch {
            guard case .insufficientBalance = error else { Issue.record("got \(error)"); return }
        }
        #expect(await h.wallets.password.asks == asks)
        #expect(await h.transfer.count(.broadcast) == 0)
    }

    @Test func aStoreFailureAfterBroadcastNamesTheHash() async throws {
        let h = try await ConfirmHarness()
        await h.store.failWrites()
        await #expect(throws: GemConfirmError.notStored(chain: .ethereum, hash: ScriptedChainTransfer.hash,
                                                        message: "scripted transaction store failure")) {
            try await h.service.submit(h.request(), priority: .normal)
        }
    }

    @Test func aCancellationAfterBroadcastStillStoresTheTransaction() async throws {
        let h = try await ConfirmHarness()
        let gate = Gate()
        await h.transfer.hold(.broadcast, on: gate)
        let submit = Task { try await h.service.submit(h.request(), priority: .normal) }
        while await h.transfer.count(.broadcast) == 0 { await Task.yield() }
        submit.cancel()
        await gate.open()
        let result = try await submit.value
        #expect(result.hashes == [ScriptedChainTransfer.hash])
        #expect(await h.store.rows.count == 1)
    }

    @Test func aCancellationBeforeBroadcastSendsNothing() async throws {
        let h = try await ConfirmHarness()
        let gate = Gate()
        await h.transfer.hold(.load, on: gate)
        let submit = Task { try await h.service.submit(h.request(), priority: .normal) }
        while await h.transfer.count(.load) == 0 { await Task.yield() }
        submit.cancel()
        await gate.open()
        await #expect(throws: GemConfirmError.cancelled) { try await submit.value }
        #expect(await h.transfer.count(.broadcast) == 0)
        #expect(await h.store.rows.isEmpty)
    }

    // MARK: errors

    @Test(arguments: [
        (GemServiceError.cancelled, GemConfirmError.cancelled),
        (.offline(message: "x"), .offline(message: "x")),
        (.timeout(message: "t"), .offline(message: "t")),
        (.store(message: "s"), .load(message: "s")),
        (.api(status: 500, message: "a"), .load(message: "a")),
    ])
    func theServiceErrorConvertsOnce(_ error: GemServiceError, _ expected: GemConfirmError) {
        #expect(GemConfirmError(error) == expected)
    }

    @Test func theDisplayCollapsesWhatTheScreenDoesNotTellApart() {
        let requirement = GemBalanceRequirement(required: BigUInt(10), available: BigUInt(4))
        #expect(requirement.shortfall == BigUInt(6))
        let eth = ConfirmHarness.ethAsset
        #expect(GemConfirmError.insufficientNetworkFee(asset: eth, requirement: requirement).display() == .networkFeeRequired(asset: eth, requirement: requirement))
        #expect(GemConfirmError.insufficientNetworkFee(asset: eth, requirement: nil).display() == .networkFeeMissing(asset: eth))
        #expect(GemConfirmError.cancelled.display() == GemConfirmErrorDisplay.none)
        #expect(GemConfirmError.scanMalicious(address: "a").display() == .maliciousRecipient)
        #expect(GemConfirmError.load(message: "m").display() == .failed(message: "m"))
        #expect(GemConfirmError.sign(chain: .ethereum, message: "m").display() == .failed(message: "m"))
        #expect(GemConfirmError.offline(message: "m").display() == .offline)
    }
}

extension ConfirmHarness {
    /// A confirm service over `h`'s stores and transfer whose keystore password port answers `password`.
    static func withPassword(_ password: String, sharing h: ConfirmHarness) async throws -> GemConfirmTransferService {
        let keystore = GemKeystore(secureStore: h.wallets.secureStore, password: TestKeystorePassword(password), parameters: .minimum)
        let assets = GemAssetsService(store: MemoryAssetStore(), wallets: h.wallets.session,
                                      clients: ScriptedChainClients([ScriptedChainClient(chain: .ethereum)]))
        return GemConfirmTransferService(session: h.wallets.session, keys: GemSigningKeys(session: h.wallets.session, keystore: keystore),
                                         assets: assets, transfers: ScriptedChainTransfers(transfer: h.transfer), scanner: nil, simulator: nil,
                                         transactions: h.transactions, status: h.status, now: { 0 })
    }
}
