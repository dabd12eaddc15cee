import GemCrypto
import Primitives

/// Bitcoin-family transfers (Bitcoin, Litecoin, Dogecoin, Bitcoin Cash; Zcash is not built here yet: its preload
/// needs the node's branch id and height) from one address of the key: P2WPKH, P2TR key path or P2PKH inputs.
///
/// - preload: `GET /api/v2/utxo/<sender>` (mempool outputs included); the balance is their sum.
/// - fee rates: the three estimate-fee calls (`feeRates()`).
/// - load: no request. Each priority's fee is `BitcoinCoinSelection`'s for that rate, the same selection the
///   signer makes, so the fee shown is the fee signed; when the outputs do not cover the amount, the fee of
///   spending them all to the recipient and a change output (the balance check then reports the shortfall).
/// - The memo is not sent.
extension BitcoinClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .secp256k1 }

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        guard input.isNative else { throw .unsupported("\(chain.id) has no tokens") }
        guard chain != .zcash else { throw .unsupported("zcash transfers are not built yet") }
        let utxos = try await self.utxos(address: input.sender).map(\.utxo)
        let total = utxos.reduce(BigUInt.zero) { $0 + BigUInt($1.value) }
        return TransferPreload(balance: total, feeBalance: total, chain: .bitcoin(utxos: utxos))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return try await feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .bitcoin(utxos) = preload.chain else { throw .unsupported("a Bitcoin load needs a Bitcoin preload") }
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
            guard let perByte = rate.value.uint64, perByte > 0 else { throw .malformed("fee rate \(rate.priority.rawValue) is not a positive u64") }
            let amount: BitcoinSendAmount = input.isMax ? .max : .exact(input.amount)
            do {
                let plan = try BitcoinCoinSelection.select(utxos: utxos, amount: amount, inputKind: kind, recipient: recipient, change: sender,
                                                           fee: .perVirtualByte(perByte), dust: dust)
                fees.append(TransferFee(priority: rate.priority, fee: BigUInt(plan.fee), amount: BigUInt(plan.amount)))
            } catch .insufficientBalance {
                // Every output spent, to the recipient and a change output: the fee the send would take if it were
                // affordable, shown beside the shortfall.
                let outputs = input.isMax ? [recipient.bytes.count] : [recipient.bytes.count, sender.bytes.count]
                let fee = (try? BitcoinCoinSelection.fee(inputs: max(utxos.count, 1), kind: kind, outputs: outputs, model: .perVirtualByte(perByte)))
                    ?? 0
                // A max send the outputs cannot pay (or that leaves the recipient dust) moves nothing.
                fees.append(TransferFee(priority: rate.priority, fee: BigUInt(fee), amount: input.isMax ? .zero : input.amount))
            } catch {
                throw .malformed("\(error)")
            }
        }
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, chain: .bitcoin(utxos: utxos))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .secp256k1(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .bitcoin(utxos) = load.chain else { throw Self.mismatchedLoad() }
        guard let rate = load.rates.rate(priority) else { throw .missingField("fee_rate") }
        let input = BitcoinSignerInput(chain: chain, senderAddress: load.input.sender, destinationAddress: load.input.recipient,
                                       amount: load.input.isMax ? .max : .exact(load.input.amount), feeRate: rate, utxos: utxos)
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
