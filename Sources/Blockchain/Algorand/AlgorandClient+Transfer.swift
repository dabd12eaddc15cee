import GemCrypto
import Primitives

/// Algorand transfers of ALGO (ASAs are not sent here yet: `unsupported`): one `pay` transaction signed by
/// `AlgorandSigner`, valid from the params' `last-round` for 1,000 rounds.
///
/// - preload: `GET /v2/transactions/params` (rounds, genesis id and hash), `GET /v2/accounts/{sender}` (available:
///   `amount` less `min-balance`, `AlgodMapper.balance`), `GET /v2/accounts/{recipient}` (an empty account, amount
///   0, must receive at least the 0.1 ALGO minimum balance: `TransferLoad.recipientMinimum`).
/// - fee rates: `GET /v2/transactions/params` (`min-fee` at every priority, `AlgorandClient.feeRates()`).
/// - load: no request. A priority's fee is its rate, at least the protocol's 1,000 microAlgos: the transaction's flat
///   `fee`, what it pays. A max send keeps it back from the available balance.
/// - The memo is the transaction's `note` (UTF-8, at most 1,024 bytes, else `malformed` before any request).
/// - broadcast: `POST /v2/transactions` (`AlgorandClient.broadcast`; the answered txid must be the signed one); status:
///   `GET /v2/transactions/pending/{txid}` (404: pending).
extension AlgorandClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .ed25519 }

    /// The least balance of an account (protocol MinBalance, 0.1 ALGO): a payment to an empty account must bring it.
    static let accountMinimum = BigUInt(100_000)
    /// The protocol's minimum transaction fee, microAlgos.
    static let minimumFee: UInt64 = 1_000
    static let maxNoteBytes = 1_024

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        guard input.isNative else { throw .unsupported("Algorand ASA transfers are not built yet") }
        _ = try Self.note(input.memo)
        let params = try await transactionParams()
        let sender = try await account(address: input.sender)
        let recipient = try await account(address: input.recipient)
        let available = AlgodMapper.balance(sender).available
        return TransferPreload(balance: available, feeBalance: available, chain: .algorand(params: params, recipientAmount: recipient.amount))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return try await feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .algorand(params, recipientAmount) = preload.chain else { throw .unsupported("an Algorand load needs an Algorand preload") }
        let note = try Self.note(input.memo)
        let fees = rates.rates.map { rate in
            let fee = BigUInt(max(rate.value.uint64 ?? UInt64.max, Self.minimumFee))
            return TransferFee(priority: rate.priority, fee: fee, amount: TransferLoad.amount(input, balance: preload.balance, fee: fee))
        }
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, recipientMinimum: recipientAmount == 0 ? Self.accountMinimum : nil,
                            chain: .algorand(params: params, note: note))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .ed25519(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .algorand(params, note) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority), let microAlgos = fee.fee.uint64 else { throw .missingField("fee_rate") }
        let preload = AlgorandPreload(params: params, balance: load.balance, assetBalance: nil)
        let input = AlgorandSignerInput(receiver: load.input.recipient, asset: .native, amount: fee.amount, fee: microAlgos,
                                        firstValid: preload.firstValid, lastValid: preload.lastValid, genesisId: params.genesisId,
                                        genesisHash: params.genesisHash, note: note, balance: load.balance)
        return try AlgorandSigner.sign(input, key: privateKey)
    }

    // broadcast(_:) is `AlgorandClient.broadcast`: `POST /v2/transactions`, a refusal `rejected`, the answered txid.

    public func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        try await status(id: hash)
    }

    /// The memo as the note's bytes: at most 1,024.
    static func note(_ memo: String?) throws(ChainClientError) -> [UInt8] {
        let bytes = Array((memo ?? "").utf8)
        guard bytes.count <= maxNoteBytes else { throw .malformed("memo: an Algorand note is at most 1024 bytes") }
        return bytes
    }
}
