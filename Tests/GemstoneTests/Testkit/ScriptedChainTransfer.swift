import Blockchain
import GemCrypto
import Primitives
import Synchronization
@testable import Gemstone

/// A `ChainTransfer` on Ethereum whose stages the test scripts: the balances the preload reads, a failure per stage,
/// a gate a stage waits on first; every stage call is recorded in order. The load prices each priority at
/// `21,000 × rate` and moves the amount (a max send: the balance, less the fee on the native coin); `sign` answers a
/// fixed transaction and records the key type it was given; `broadcast` answers its hash unless scripted otherwise.
actor ScriptedChainTransfer: ChainTransfer {
    enum Stage: String, Sendable { case preload, feeRates, load, sign, broadcast, status }

    nonisolated let chain: Chain = .ethereum
    nonisolated let keyType: TransferKey.KeyType = .secp256k1

    var balance = BigUInt(1_000_000_000_000_000_000)
    var feeBalance = BigUInt(1_000_000_000_000_000_000)
    var rates: [FeeRate] = [FeeRate(priority: .slow, value: BigUInt(1_000_000_000)), FeeRate(priority: .normal, value: BigUInt(2_000_000_000)),
                            FeeRate(priority: .fast, value: BigUInt(3_000_000_000))]
    private(set) var calls: [Stage] = []
    /// The key type of each `sign` call, in order.
    nonisolated let signs = Mutex<[TransferKey.KeyType]>([])
    private var failures: [Stage: ChainClientError] = [:]
    private var gates: [Stage: Gate] = [:]
    private var statuses: [ChainTransactionStatus] = []
    static let hash = "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060"

    func fail(_ stage: Stage, with error: ChainClientError) { failures[stage] = error }
    func hold(_ stage: Stage, on gate: Gate) { gates[stage] = gate }
    func setBalances(_ balance: BigUInt, fee: BigUInt? = nil) {
        self.balance = balance
        feeBalance = fee ?? balance
    }
    func script(statuses: [ChainTransactionStatus]) { self.statuses = statuses }
    func count(_ stage: Stage) -> Int { calls.filter { $0 == stage }.count }

    private func enter(_ stage: Stage) async throws(ChainClientError) {
        calls.append(stage)
        if let gate = gates[stage] { await gate.wait() }
        if let failure = failures[stage] { throw failure }
    }

    func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try await enter(.preload)
        return TransferPreload(balance: balance, feeBalance: feeBalance, chain: .ethereum(nonce: 7))
    }

    func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try await enter(.feeRates)
        return FeeRates(unit: .weiPerGas, rates: rates)
    }

    func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try await enter(.load)
        let fees = rates.rates.map { rate -> TransferFee in
            let fee = rate.value * BigUInt(21_000)
            let amount: BigUInt = !input.isMax ? input.amount : (input.isNative ? (preload.balance.subtracting(fee) ?? .zero) : preload.balance)
            return TransferFee(priority: rate.priority, fee: fee, amount: amount)
        }
        return TransferLoad(input: input, feeAssetId: AssetId(chain: .ethereum), balance: preload.balance, feeBalance: preload.feeBalance,
                            rates: rates, fees: fees, chain: .ethereum(nonce: 7, gasLimit: 21_000, gasEstimate: 21_000, l1Fee: .zero))
    }

    nonisolated func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        signs.withLock { $0.append(key.type) }
        return SignedTransaction(bytes: [0x02], encoded: "0x02", hash: Self.hash)
    }

    func broadcast(_ signed: SignedTransaction) async throws(ChainClientError) -> String {
        try await enter(.broadcast)
        return signed.hash
    }

    func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        try await enter(.status)
        return statuses.isEmpty ? ChainTransactionStatus(state: .pending) : statuses.removeFirst()
    }
}

/// `GemChainTransfers` answering one scripted transfer for its chain.
struct ScriptedChainTransfers: GemChainTransfers {
    let transfer: ScriptedChainTransfer

    func transfer(for chain: Chain) async throws(GemServiceError) -> any ChainTransfer {
        guard chain == transfer.chain else { throw .invalidInput(message: "\(chain.id): sending is not supported on this chain yet") }
        return transfer
    }
}
