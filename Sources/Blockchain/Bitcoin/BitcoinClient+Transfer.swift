import GemCrypto
import Primitives

/// Bitcoin-family transfers (Bitcoin, Litecoin, Dogecoin, Bitcoin Cash, Zcash transparent) from one address of the
/// key: P2WPKH, P2TR key path or P2PKH inputs (Zcash: P2PKH in a v5 transaction, ZIP-244).
///
/// - preload: `GET /api/v2/utxo/<sender>` (mempool outputs included); the balance is their sum. Zcash then reads
///   `GET /api/` for the consensus branch id of the next block (`backend.consensus.nextblock`, else `chaintip`, as
///   gemwalletcom/core's `map_transaction_preload_zcash` reads it) and the latest block, from which the expiry height
///   is counted (`zcashExpiryDelta`).
/// - fee rates: the three estimate-fee calls (`feeRates()`); none on Zcash, whose rate is ZIP-317's marginal fee.
/// - load: no request. Each priority's fee is `BitcoinCoinSelection`'s for that rate (per virtual byte; on Zcash
///   the ZIP-317 conventional fee, marginal fee × max(2, logical actions)), the same selection the signer makes, so
///   the fee shown is the fee signed; when the outputs do not cover the amount, the fee of spending them all to the
///   recipient and a change output (the balance check then reports the shortfall).
/// - broadcast: `POST /api/v2/sendtx/`; the node's txid must be the signed transaction's (ZIP-244 on Zcash).
/// - The memo is not sent.
extension BitcoinClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .secp256k1 }

    /// Blocks after the next one until a Zcash transaction expires: librustzcash's
    /// `BLOSSOM_DEFAULT_TX_EXPIRY_DELTA` (40, ZIP 203, for transactions targeting heights from Blossom until NU7), the
    /// delta zcashd's wallet uses too. A transaction not mined by then is dropped by every node, so a stuck send ends.
    public static let zcashExpiryDelta: UInt32 = 40

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        guard input.isNative else { throw .unsupported("\(chain.id) has no tokens") }
        let utxos = try await self.utxos(address: input.sender).map(\.utxo)
        let total = utxos.reduce(BigUInt.zero) { $0 + BigUInt($1.value) }
        guard chain == .zcash else { return TransferPreload(balance: total, feeBalance: total, chain: .bitcoin(utxos: utxos)) }
        let status = try await nodeStatus()
        guard let branchId = status.consensusBranchId else { throw .malformed("the Zcash node reports no consensus branch id") }
        let expiry = try Self.zcashExpiryHeight(latestBlock: status.bestHeight)
        return TransferPreload(balance: total, feeBalance: total,
                               chain: .zcash(utxos: utxos, consensusBranchId: branchId, expiryHeight: expiry))
    }

    /// The expiry height of a transaction for the block after `latestBlock`: that block plus `zcashExpiryDelta`.
    /// Past the consensus limit (ZIP-203: below 500,000,000) the node's height is not believed.
    static func zcashExpiryHeight(latestBlock: UInt64) throws(ChainClientError) -> UInt32 {
        let expiry = latestBlock.addingReportingOverflow(1 + UInt64(zcashExpiryDelta))
        guard !expiry.overflow, expiry.partialValue <= UInt64(BitcoinSigner.zcashMaxExpiryHeight) else {
            throw .malformed("the Zcash node's height \(latestBlock) leaves no valid expiry height")
        }
        return UInt32(expiry.partialValue)
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return try await feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        let utxos: [BitcoinUTXO]
        let loaded: TransferLoad.Chain
        switch preload.chain {
        case let .bitcoin(outputs) where chain != .zcash:
            utxos = outputs
            loaded = .bitcoin(utxos: outputs)
        case let .zcash(outputs, branchId, expiry) where chain == .zcash:
            utxos = outputs
            loaded = .zcash(utxos: outputs, consensusBranchId: branchId, expiryHeight: expiry)
        default:
            throw .unsupported("a \(chain.id) load needs a \(chain.id) preload")
        }
        guard case let .utxo(network, _) = chain.config.addressFormat, let dust = BitcoinDustRule.of(chain) else {
            throw .unsupported("\(chain.id) is not a Bitcoin-family chain")
        }
        let sender: BitcoinScript
        let recipient: BitcoinScript
        do {
            sender = try BitcoinScript.from(address: input.sender, network: network, field: "sender")
            recipient = try BitcoinScript.from(address: input.recipient, network: network, field: "recipient")
        } catch {
            throw .malformed("\(error)")
        }
        let kind: BitcoinInputKind
        switch sender {
        case .p2pkh: kind = .p2pkh
        case .p2wpkh: kind = .p2wpkh
        case .p2tr: kind = .p2tr
        case .p2sh, .p2wsh: throw .unsupported("a script-hash sender needs its script to be signed")
        }
        var fees: [TransferFee] = []
        for rate in rates.rates {
            guard let value = rate.value.uint64, value > 0 else { throw .malformed("fee rate \(rate.priority.rawValue) is not a positive u64") }
            let model: BitcoinFeeModel
            if chain == .zcash {
                guard value >= BitcoinSigner.zcashMarginalFee else {
                    throw .malformed("fee rate \(rate.priority.rawValue) is below the ZIP-317 marginal fee of \(BitcoinSigner.zcashMarginalFee) zatoshis")
                }
                model = .zip317(marginalFee: value)
            } else {
                model = .perVirtualByte(value)
            }
            let amount: BitcoinSendAmount = input.isMax ? .max : .exact(input.amount)
            do {
                let plan = try BitcoinCoinSelection.select(utxos: utxos, amount: amount, inputKind: kind, recipient: recipient, change: sender,
                                                           fee: model, dust: dust)
                fees.append(TransferFee(priority: rate.priority, fee: BigUInt(plan.fee), amount: BigUInt(plan.amount)))
            } catch .insufficientBalance {
                // Every output spent, to the recipient and a change output: the fee the send would take if it were
                // affordable, shown beside the shortfall.
                let outputs = input.isMax ? [recipient.bytes.count] : [recipient.bytes.count, sender.bytes.count]
                let fee = (try? BitcoinCoinSelection.fee(inputs: max(utxos.count, 1), kind: kind, outputs: outputs, model: model))
                    ?? 0
                // A max send the outputs cannot pay (or that leaves the recipient dust) moves nothing.
                fees.append(TransferFee(priority: rate.priority, fee: BigUInt(fee), amount: input.isMax ? .zero : input.amount))
            } catch {
                throw .malformed("\(error)")
            }
        }
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, chain: loaded)
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .secp256k1(privateKey) = key else { throw Self.wrongKey(keyType) }
        let utxos: [BitcoinUTXO]
        var branchId: UInt32?
        var expiry: UInt32?
        switch load.chain {
        case let .bitcoin(outputs) where chain != .zcash: utxos = outputs
        case let .zcash(outputs, id, height) where chain == .zcash: (utxos, branchId, expiry) = (outputs, id, height)
        default: throw Self.mismatchedLoad()
        }
        guard let rate = load.rates.rate(priority) else { throw .missingField("fee_rate") }
        let input = BitcoinSignerInput(chain: chain, senderAddress: load.input.sender, destinationAddress: load.input.recipient,
                                       amount: load.input.isMax ? .max : .exact(load.input.amount), feeRate: rate, utxos: utxos,
                                       consensusBranchId: branchId, expiryHeight: expiry)
        return try BitcoinSigner.sign(input, key: privateKey)
    }

    public func broadcast(_ signed: SignedTransaction) async throws(ChainClientError) -> String {
        let txid = try await broadcast(hex: signed.encoded)
        guard signed.hash.isEmpty || txid == signed.hash else {
            throw .malformed("the node answered txid \(ChainClientError.prefix(txid, 64)) for transaction \(signed.hash)")
        }
        return txid
    }

    public func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        try await status(txid: hash)
    }
}
