import GemCrypto
import Primitives

/// Cardano transfers of ADA (native tokens are not sent here yet: `unsupported`), a Shelley payment signed by
/// `CardanoSigner` with the sender's CIP-1852 payment key (`TransferKey.ed25519Extended`), valid until the tip's
/// slot + 7,200 (`CardanoPreload.signerInput`).
///
/// - preload: `UtxoSetForAddress` of the sender, then `{ cardano { tip { number slotNo } } }`
///   (`CardanoClient.preload(sender:)`). The balance is the sum of the UTxOs without native tokens: the signer
///   never spends the others (their tokens would need a multi-asset change output), so they cannot pay.
/// - fee rates: no request (`CardanoClient.feeRates()`, the app's placeholder at every priority). The ledger has
///   no fee market: it takes the linear minimum fee, whatever the priority.
/// - load: no request. The fee of every priority is the one `CardanoSigner` pays: its largest-first coin selection
///   over the preload's UTxOs (change back to the sender when it meets the minimum-ada rule, else folded into the
///   fee once every UTxO is in) and min fee = minFeeA · size + minFeeB over the signed transaction, with the
///   protocol parameters `CardanoProtocolParameters.mainnet` (minFeeA 44, minFeeB 155,381, utxoCostPerByte
///   4,310, maxTxSize 16,384; their sources are named there). A max send spends every such UTxO to the recipient
///   alone, the fee kept back (`CardanoSigner.maxSend`). When the UTxOs do not cover the amount, the fee shown is
///   that of spending them all (`TransferLoad.check` reports the shortfall). The recipient's output must hold the
///   minimum ada (`TransferLoad.recipientMinimum`, about 1 ADA).
/// - sign: the same selection with the key; a fee other than the load's is refused (`invalidField("fee")`).
/// - The memo is not sent (no auxiliary data).
/// - broadcast: `SubmitTransaction` of the CBOR hex; the answered hash must be the signed one (blake2b-256 of the
///   body). status: `GetTransaction` (not in a block yet: pending).
extension CardanoClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .ed25519Extended }

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        guard input.isNative else { throw .unsupported("Cardano native-token transfers are not built yet") }
        do { _ = try CardanoAddress.validate(input.recipient, hrp: "addr", network: 1) } catch {
            throw .malformed("recipient: not a Cardano mainnet payment address")
        }
        let preload = try await preload(sender: input.sender)
        let spendable = preload.utxos.filter { !$0.hasTokens }.reduce(BigUInt.zero) { $0 + $1.lovelace }
        return TransferPreload(balance: spendable, feeBalance: spendable, chain: .cardano(preload))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return try await feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .cardano(cardano) = preload.chain else { throw .unsupported("a Cardano load needs a Cardano preload") }
        let quote: Quote
        do {
            quote = try Self.quote(input, cardano)
        } catch {
            throw .malformed("\(error)")
        }
        let fees = rates.rates.map { TransferFee(priority: $0.priority, fee: quote.fee, amount: quote.amount) }
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, recipientMinimum: quote.recipientMinimum, chain: .cardano(cardano))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .ed25519Extended(paymentKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .cardano(preload) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority) else { throw .missingField("fee_rate") }
        let input = preload.signerInput(sender: load.input.sender, recipient: load.input.recipient, amount: fee.amount)
        let plan = try CardanoSigner.plan(input, publicKey: paymentKey.publicKey)
        guard plan.fee == fee.fee else {
            throw .invalidField("fee", reason: "the transaction pays \(plan.fee) lovelace, the load showed \(fee.fee)")
        }
        return try CardanoSigner.sign(input, key: paymentKey)
    }

    // broadcast(_:) is `CardanoClient.broadcast`: `SubmitTransaction`, a refusal `rejected`, the signed hash.

    public func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        try await status(hash: hash)
    }

    /// What the load shows: the fee the signer pays, the amount sent, and the least the recipient's output holds.
    struct Quote {
        let fee: BigUInt
        let amount: BigUInt
        let recipientMinimum: BigUInt
    }

    /// The signer's fee for `input` over the preload's UTxOs. A shortfall is not thrown: the fee is then that of
    /// spending every UTxO. An amount below the recipient's minimum ada is priced at that minimum.
    static func quote(_ input: TransferInput, _ preload: CardanoPreload) throws(SignerError) -> Quote {
        var amount = input.amount
        if input.isMax {
            do {
                amount = try CardanoSigner.maxSend(preload.signerInput(sender: input.sender, recipient: input.recipient, amount: .zero)).amount
            } catch .insufficientBalance(let required, _) {
                // Nothing is left after the fee (required is the fee and one lovelace).
                let minimum = try CardanoSigner.minimumAda(address: input.recipient, coin: .zero)
                return Quote(fee: required.subtracting(BigUInt(1)) ?? .zero, amount: .zero, recipientMinimum: minimum)
            }
        }
        let minimum = try CardanoSigner.minimumAda(address: input.recipient, coin: amount)
        let priced = amount < minimum ? minimum : amount
        do {
            let plan = try CardanoSigner.quote(preload.signerInput(sender: input.sender, recipient: input.recipient, amount: priced))
            return Quote(fee: plan.fee, amount: amount, recipientMinimum: minimum)
        } catch .insufficientBalance(let required, _) {
            return Quote(fee: required.subtracting(priced) ?? .zero, amount: amount, recipientMinimum: minimum)
        }
    }
}
