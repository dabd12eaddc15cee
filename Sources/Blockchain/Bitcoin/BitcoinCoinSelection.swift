import Primitives

/// How an input of the sender is spent, for its size.
public enum BitcoinInputKind: Sendable, Equatable {
    case p2pkh
    case p2wpkh
    /// Taproot key path (one 64-byte Schnorr signature, SIGHASH_DEFAULT).
    case p2tr

    /// Weight units of one input, with a signature of the largest size the signer can make: a DER ECDSA signature
    /// of at most 71 bytes plus the hash-type byte (72; libsecp256k1 RFC 6979 without low-R grinding, low S), a
    /// 33-byte compressed key, a 64-byte Schnorr signature.
    var weight: Int {
        let outpointSequenceLength = 32 + 4 + 4
        switch self {
        // scriptSig: push(72) sig, push(33) key = 107 bytes, CompactSize 1.
        case .p2pkh: return 4 * (outpointSequenceLength + 1 + 107)
        // Empty scriptSig; witness: 2 items (1) + push 72 (1 + 72) + push 33 (1 + 33) = 108 weight units.
        case .p2wpkh: return 4 * (outpointSequenceLength + 1) + 108
        // Witness: 1 item (1) + push 64 (1 + 64) = 66 weight units.
        case .p2tr: return 4 * (outpointSequenceLength + 1) + 66
        }
    }

    var hasWitness: Bool { self != .p2pkh }
}

/// How a chain prices a transaction.
public enum BitcoinFeeModel: Sendable, Equatable {
    /// `rate` satoshis per virtual byte (ceil(weight / 4)); bytes on chains without witness.
    case perVirtualByte(UInt64)
    /// ZIP-317 conventional fee: marginal fee × max(grace actions 2, logical actions), the transparent logical
    /// actions being max(ceil(inputs bytes / 150), ceil(outputs bytes / 34)).
    case zip317(marginalFee: UInt64)
}

/// The coin selection rule: which UTXOs a transfer spends, what the recipient gets, whether a change output is
/// made, and the fee. A pure function of its arguments.
///
/// - UTXOs are taken largest first (ties: txid, then vout, ascending), so the same input always selects the same
///   coins; inputs are signed in that order, the recipient output first and change second.
/// - A change output is made only when the change is not dust for its script (`BitcoinDustRule`); a change that
///   would be dust is left to the fee.
/// - `.max` spends every UTXO to the recipient alone and takes the fee from the amount.
/// - Sizes are estimated with the largest signature the signer can make, so the fee paid is never below the rate.
public enum BitcoinCoinSelection {
    public struct Plan: Sendable, Equatable {
        /// The UTXOs spent, in input order.
        public let inputs: [BitcoinUTXO]
        /// What the recipient output receives.
        public let amount: UInt64
        /// The change output's value, nil when no change output is made.
        public let change: UInt64?
        public let fee: UInt64
    }

    /// The largest value an amount field holds: outputs are signed 64-bit on every chain of the family (Dogecoin
    /// has no supply cap, so no chain's MAX_MONEY is used here; nodes refuse more than their own).
    static let maxValue: UInt64 = UInt64(Int64.max)

    /// The largest standard transaction: MAX_STANDARD_TX_WEIGHT 400,000 (Bitcoin Core, Litecoin Core and Dogecoin
    /// Core src/policy/policy.h), which is also the 100,000 bytes Bitcoin Cash Node and zcashd relay
    /// (MAX_STANDARD_TX_SIZE) for transactions without witness. Nodes do not relay a larger one.
    public static let maxStandardWeight = 400_000

    /// Plans the transfer. Throws `.insufficientBalance(required:available:)` when the UTXOs do not cover the amount
    /// and fee, `.invalidField("amount", …)` for an amount the chain would refuse as dust, `.invalidField("utxos", …)`
    /// when the inputs needed make a transaction larger than nodes relay,
    /// `.invalidField("utxos", …)` for a duplicate outpoint, `.amountOutOfRange` for sums past 2^63.
    public static func select(utxos: [BitcoinUTXO], amount: BitcoinSendAmount, inputKind: BitcoinInputKind,
                              recipient: BitcoinScript, change: BitcoinScript, fee model: BitcoinFeeModel,
                              dust: BitcoinDustRule) throws(SignerError) -> Plan {
        let sorted = try ordered(utxos)
        let recipientDust = dust.threshold(for: recipient)
        let recipientLength = recipient.bytes.count
        let changeLength = change.bytes.count
        switch amount {
        case .max:
            var total: UInt64 = 0
            for utxo in sorted { total = try add(total, utxo.value, "utxos") }
            try checkStandard(inputs: sorted.count, kind: inputKind, outputs: [recipientLength])
            let fee = try self.fee(inputs: sorted.count, kind: inputKind, outputs: [recipientLength], model: model)
            guard total >= fee, total - fee >= recipientDust else {
                throw .insufficientBalance(required: BigUInt(fee) + BigUInt(recipientDust), available: BigUInt(total))
            }
            return Plan(inputs: sorted, amount: total - fee, change: nil, fee: fee)
        case let .exact(value):
            guard let amount = value.uint64, amount <= maxValue else { throw .amountOutOfRange("amount") }
            guard amount >= recipientDust, amount > 0 else {
                throw .invalidField("amount", reason: "below the dust threshold of \(recipientDust)")
            }
            var selected: [BitcoinUTXO] = []
            var total: UInt64 = 0
            for utxo in sorted {
                selected.append(utxo)
                total = try add(total, utxo.value, "utxos")
                try checkStandard(inputs: selected.count, kind: inputKind, outputs: [recipientLength])
                let feeAlone = try fee(inputs: selected.count, kind: inputKind, outputs: [recipientLength], model: model)
                let needed = try add(amount, feeAlone, "amount")
                guard total >= needed else { continue }
                let feeWithChange = try fee(inputs: selected.count, kind: inputKind,
                                            outputs: [recipientLength, changeLength], model: model)
                let neededWithChange = try add(amount, feeWithChange, "amount")
                if total >= neededWithChange, total - neededWithChange >= dust.threshold(for: change) {
                    try checkStandard(inputs: selected.count, kind: inputKind, outputs: [recipientLength, changeLength])
                    return Plan(inputs: selected, amount: amount, change: total - neededWithChange, fee: feeWithChange)
                }
                return Plan(inputs: selected, amount: amount, change: nil, fee: total - amount)
            }
            let feeAll = try fee(inputs: sorted.count, kind: inputKind, outputs: [recipientLength], model: model)
            throw .insufficientBalance(required: BigUInt(amount) + BigUInt(feeAll), available: BigUInt(total))
        }
    }

    /// The fee of a transaction with `inputs` inputs of `kind` and outputs with scripts of the given lengths.
    public static func fee(inputs: Int, kind: BitcoinInputKind, outputs: [Int], model: BitcoinFeeModel)
        throws(SignerError) -> UInt64
    {
        let outputBytes = outputs.reduce(0) { $0 + BitcoinTransaction.outputSize(scriptLength: $1) }
        switch model {
        case let .perVirtualByte(rate):
            let size = virtualSize(inputs: inputs, kind: kind, outputs: outputs)
            let (fee, overflow) = UInt64(size).multipliedReportingOverflow(by: rate)
            guard !overflow, fee <= maxValue else { throw .amountOutOfRange("fee_rate") }
            return fee
        case let .zip317(marginalFee):
            // ZIP-317: p2pkh_standard_input_size 150, p2pkh_standard_output_size 34, grace_actions 2.
            let inputBytes = inputs * (kind.weight / 4)
            let actions = max(2, (inputBytes + 149) / 150, (outputBytes + 33) / 34)
            let (fee, overflow) = UInt64(actions).multipliedReportingOverflow(by: marginalFee)
            guard !overflow, fee <= maxValue else { throw .amountOutOfRange("fee_rate") }
            return fee
        }
    }

    static func checkStandard(inputs: Int, kind: BitcoinInputKind, outputs: [Int]) throws(SignerError) {
        guard weight(inputs: inputs, kind: kind, outputs: outputs) <= maxStandardWeight else {
            throw .invalidField("utxos", reason: "\(inputs) inputs make a transaction over the standard \(maxStandardWeight) weight units")
        }
    }

    /// Weight (BIP-141) of such a transaction, with the largest signatures.
    public static func weight(inputs: Int, kind: BitcoinInputKind, outputs: [Int]) -> Int {
        let outputBytes = outputs.reduce(0) { $0 + BitcoinTransaction.outputSize(scriptLength: $1) }
        let base = 4 + 4 + BitcoinWriter.compactSizeLength(inputs) + BitcoinWriter.compactSizeLength(outputs.count)
        return 4 * (base + outputBytes) + inputs * kind.weight + (kind.hasWitness ? 2 : 0)
    }

    /// Virtual size (BIP-141: ceil(weight / 4)) of such a transaction: version and lock time, CompactSize counts,
    /// the segwit marker and flag when the inputs have witnesses.
    public static func virtualSize(inputs: Int, kind: BitcoinInputKind, outputs: [Int]) -> Int {
        (weight(inputs: inputs, kind: kind, outputs: outputs) + 3) / 4
    }

    /// Largest value first; ties by txid then vout. A repeated outpoint is refused.
    static func ordered(_ utxos: [BitcoinUTXO]) throws(SignerError) -> [BitcoinUTXO] {
        // Each txid lower-cased once, not once per comparison.
        let keyed = utxos.map { (utxo: $0, txid: $0.txid.lowercased()) }
        let sorted = keyed.sorted { a, b in
            if a.utxo.value != b.utxo.value { return a.utxo.value > b.utxo.value }
            if a.txid != b.txid { return a.txid < b.txid }
            return a.utxo.vout < b.utxo.vout
        }
        var seen = Set<String>()
        seen.reserveCapacity(sorted.count)
        for entry in sorted where !seen.insert("\(entry.txid):\(entry.utxo.vout)").inserted {
            throw .invalidField("utxos", reason: "outpoint \(entry.utxo.txid):\(entry.utxo.vout) listed twice")
        }
        return sorted.map(\.utxo)
    }

    private static func add(_ a: UInt64, _ b: UInt64, _ field: String) throws(SignerError) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard !overflow, sum <= maxValue else { throw .amountOutOfRange(field) }
        return sum
    }
}
