import GemCrypto
import Primitives

/// A Shelley-era ADA transfer, signed with the sender's BIP32-Ed25519 payment key (CIP-1852 m/1852'/1815'/0'/0/0).
///
/// The transaction (Conway CDDL, the pre-Babbage forms every era since still accepts):
/// - body: {0: inputs [[tx id, index], …] sorted by (tx id, index), 1: outputs [[address bytes, coin], …]
///   (recipient first, then the change back to the sender), 2: fee, 3: ttl}
/// - witness set: {0: [[vkey, ed25519 signature of the tx id]]}
/// - transaction: [body, witness set, true (valid), null (no auxiliary data)]
/// The tx id is blake2b-256 of the body bytes. `encoded` is the transaction's CBOR in hex (what the submit
/// endpoints take as bytes: cardano-graphql `submitTransaction`, Ogmios, `/tx/submit`); `hash` the tx id in hex.
///
/// Rules (pure, deterministic):
/// - Fee: min fee = minFeeA · size + minFeeB over the signed transaction's size, reached as a fixed point from
///   fee 0 (each step re-sizes the transaction with the previous step's fee) and stopping at the first fee that
///   covers the size it gives.
/// - Minimum ada: an output must hold (160 + size of its post-Alonzo map form {0: address, 1: coin}) ·
///   coinsPerUTxOByte (Babbage `getMinCoinTxOut`; the map form is 2 bytes longer than the array form written,
///   so the bound errs on the safe side, as pycardano's `min_lovelace_post_alonzo` does). A recipient amount
///   below it is refused.
/// - Coin selection: UTxOs without tokens, largest first (ties by tx id, then index), added one at a time until
///   they pay amount + fee with change of at least the minimum ada. When every UTxO is in and the change would
///   still be below the minimum, the leftover is folded into the fee (as cardano-serialization-lib's
///   `add_change_if_needed` does): it cannot be an output, and spending less is not possible. Exact amounts
///   (leftover 0) take no change output.
public enum CardanoSigner {
    static let constantOverhead: UInt64 = 160
    static let maxFeeSteps = 16

    public static func sign(_ input: CardanoSignerInput, key: CardanoHDKey) throws(SignerError) -> SignedTransaction {
        let selection = try select(input, publicKey: key.publicKey)
        return try selection.builder.signed(fee: selection.fee, change: selection.change, key: key)
    }

    /// What `sign` will build for `input` and the key whose public key this is, without signing: the UTxOs it
    /// spends, the fee and the change (for the confirm screen). Throws exactly what `sign` throws.
    public static func plan(_ input: CardanoSignerInput, publicKey: Ed25519PublicKey) throws(SignerError) -> CardanoTransactionPlan {
        plan(try select(input, publicKey: publicKey))
    }

    /// `plan` before the key is known (the load): the same selection and fee for a sender whose payment key is
    /// its address's key hash, because the transaction's size does not depend on the key's bytes (a witness is
    /// always a 32-byte key and a 64-byte signature). Checks everything `plan` checks except that the key is the
    /// sender's.
    public static func quote(_ input: CardanoSignerInput) throws(SignerError) -> CardanoTransactionPlan {
        try plan(select(input, vkey: sizingKey, checkSender: false))
    }

    /// A max send: every UTxO the selection may spend, to the recipient alone (no change output), the amount the
    /// total less the fee of that transaction, at the fee's fixed point (the amount's CBOR size feeds the fee).
    /// `input.amount` is ignored. A total that does not cover the fee and one lovelace more is
    /// `insufficientBalance`; the minimum-ada rule is the caller's to check (`minimumAda`), as `sign` refuses it.
    public static func maxSend(_ input: CardanoSignerInput) throws(SignerError) -> (amount: BigUInt, fee: BigUInt) {
        let parameters = input.parameters
        let sender = try addressBytes(input.sender, field: "sender")
        let recipient = try addressBytes(input.recipient, field: "recipient")
        guard let ttl = input.ttl else { throw .missingField("ttl") }
        let candidates = try spendable(input.utxos)
        var total: UInt64 = 0
        for utxo in candidates {
            let (sum, overflow) = total.addingReportingOverflow(utxo.lovelace)
            guard !overflow else { throw .amountOutOfRange("utxos") }
            total = sum
        }
        var fee: UInt64 = 0
        for _ in 0..<maxFeeSteps {
            guard total > fee else { break }
            var builder = Builder(vkey: sizingKey, ttl: ttl, recipient: recipient, amount: total - fee, sender: sender, parameters: parameters)
            builder.inputs = candidates
            guard builder.size(fee: fee, change: nil) <= parameters.maxTxSize else {
                throw .invalidField("utxos", reason: "the transaction would exceed \(parameters.maxTxSize) bytes")
            }
            let needed = builder.minFee(change: nil, fee: fee)
            if needed <= fee { return (BigUInt(total - fee), BigUInt(fee)) }
            fee = needed
        }
        throw .insufficientBalance(required: BigUInt(fee) + BigUInt(1), available: BigUInt(total))
    }

    /// The least lovelace an output of `coin` to `address` may hold (the minimum-ada rule above).
    public static func minimumAda(address: String, coin: BigUInt, parameters: CardanoProtocolParameters = .mainnet) throws(SignerError) -> BigUInt {
        guard let coin = coin.uint64 else { throw .amountOutOfRange("amount") }
        return BigUInt(minimumAda(address: try addressBytes(address, field: "recipient"), coin: coin, parameters))
    }

    /// The stand-in key `quote` and `maxSend` size a transaction with.
    static let sizingKey = [UInt8](repeating: 0, count: 32)

    static func plan(_ selection: Selection) -> CardanoTransactionPlan {
        CardanoTransactionPlan(
            inputs: selection.builder.inputs.map {
                CardanoTransactionPlan.Outpoint(transactionId: $0.transactionId, index: UInt32(truncatingIfNeeded: $0.index))
            },
            fee: BigUInt(selection.fee), change: selection.change.map { BigUInt($0) }
        )
    }

    struct Selection {
        let builder: Builder
        let fee: UInt64
        let change: UInt64?
    }

    /// The coin selection and fee of the rule above, checked against the size limit (the size does not depend
    /// on the signature's bytes, so it holds for the signed transaction).
    static func select(_ input: CardanoSignerInput, publicKey: Ed25519PublicKey) throws(SignerError) -> Selection {
        try select(input, vkey: publicKey.bytes, checkSender: true)
    }

    /// `checkSender` false: only that the sender's payment credential is a key hash (`quote`).
    static func select(_ input: CardanoSignerInput, vkey: [UInt8], checkSender: Bool) throws(SignerError) -> Selection {
        let parameters = input.parameters
        let sender = try addressBytes(input.sender, field: "sender")
        // Header types 0, 2, 4, 6 have a key-hash payment credential (CIP-19); it is bytes 1..<29.
        let ownsSender = checkSender ? Array(sender[1..<29]) == (try hash(vkey, length: 28)) : true
        guard (sender[0] >> 4) & 1 == 0, ownsSender else {
            throw .invalidField("sender", reason: "is not an address of the signing key")
        }
        let recipient = try addressBytes(input.recipient, field: "recipient")
        guard let amount = input.amount.uint64 else { throw .amountOutOfRange("amount") }
        guard amount > 0 else { throw .invalidField("amount", reason: "must be above zero") }
        guard let ttl = input.ttl else { throw .missingField("ttl") }
        guard !input.utxos.isEmpty else { throw .missingField("utxos") }
        let minimum = minimumAda(address: recipient, coin: amount, parameters)
        guard amount >= minimum else {
            throw .invalidField("amount", reason: "is below the minimum ada of \(minimum) lovelace for its output")
        }
        let candidates = try spendable(input.utxos)

        var builder = Builder(vkey: vkey, ttl: ttl, recipient: recipient, amount: amount, sender: sender, parameters: parameters)
        var total: UInt64 = 0
        for (position, utxo) in candidates.enumerated() {
            builder.inputs.append(utxo)
            let (sum, overflow) = total.addingReportingOverflow(utxo.lovelace)
            guard !overflow else { throw .amountOutOfRange("utxos") }
            total = sum
            // Largest-first needs the fewest inputs, so once they alone overflow the size limit no transaction
            // can pay; this also bounds the work at a few hundred inputs, however many UTxOs are offered.
            guard builder.size(fee: 0, change: nil) <= parameters.maxTxSize else {
                throw .invalidField("utxos", reason: "the transaction would exceed \(parameters.maxTxSize) bytes")
            }
            if let (fee, change) = builder.feeWithChange(total: total),
               change >= minimumAda(address: sender, coin: change, parameters) {
                return try builder.checked(fee: fee, change: change)
            }
            guard let fee = builder.fee(change: nil), let leftover = total.subtractingIfCovers(amount, fee) else { continue }
            if leftover == 0 { return try builder.checked(fee: fee, change: nil) }
            if position == candidates.count - 1 {
                let folded = fee + leftover
                guard builder.minFee(change: nil, fee: folded) <= folded else { continue }
                return try builder.checked(fee: folded, change: nil)
            }
        }
        builder.inputs = candidates
        let fee = builder.fee(change: nil) ?? 0
        throw .insufficientBalance(required: BigUInt(amount) + BigUInt(fee), available: BigUInt(total))
    }

    struct Input: Equatable {
        let transactionId: [UInt8]
        let index: UInt64
        let lovelace: UInt64
    }

    /// The UTxOs the selection may spend, largest first; refuses malformed or repeated ones.
    static func spendable(_ utxos: [CardanoUTXO]) throws(SignerError) -> [Input] {
        var inputs: [Input] = []
        var seen = Set<[UInt8]>()
        for utxo in utxos {
            guard utxo.transactionId.count == 32 else { throw .invalidField("utxos", reason: "a transaction id is not 32 bytes") }
            guard utxo.index <= UInt16.max else { throw .invalidField("utxos", reason: "an output index is above 65535") }
            guard seen.insert(utxo.transactionId + bigEndian(UInt64(utxo.index))).inserted else {
                throw .invalidField("utxos", reason: "lists an output twice")
            }
            guard let lovelace = utxo.lovelace.uint64 else { throw .amountOutOfRange("utxos") }
            guard !utxo.hasTokens, lovelace > 0 else { continue }
            inputs.append(Input(transactionId: utxo.transactionId, index: UInt64(utxo.index), lovelace: lovelace))
        }
        return inputs.sorted { a, b in
            if a.lovelace != b.lovelace { return a.lovelace > b.lovelace }
            if a.transactionId != b.transactionId { return a.transactionId.lexicographicallyPrecedes(b.transactionId) }
            return a.index < b.index
        }
    }

    /// (160 + size of {0: address, 1: coin}) · coinsPerUTxOByte.
    static func minimumAda(address: [UInt8], coin: UInt64, _ parameters: CardanoProtocolParameters) -> UInt64 {
        var output = CBORWriter()
        output.map(count: 2)
        output.unsigned(0)
        output.byteString(address)
        output.unsigned(1)
        output.unsigned(coin)
        return (constantOverhead + UInt64(output.bytes.count)).saturatingMultiplied(by: parameters.coinsPerUTxOByte)
    }

    /// The signed transaction's parts for one selection; sizes it with a zero signature (always 64 bytes).
    struct Builder {
        let vkey: [UInt8]
        let ttl: UInt64
        let recipient: [UInt8]
        let amount: UInt64
        let sender: [UInt8]
        let parameters: CardanoProtocolParameters
        var inputs: [Input] = []

        func body(fee: UInt64, change: UInt64?) -> [UInt8] {
            var cbor = CBORWriter()
            cbor.map(count: 4)
            cbor.unsigned(0)
            let sorted = inputs.sorted { a, b in
                a.transactionId != b.transactionId ? a.transactionId.lexicographicallyPrecedes(b.transactionId) : a.index < b.index
            }
            cbor.array(count: sorted.count)
            for input in sorted {
                cbor.array(count: 2)
                cbor.byteString(input.transactionId)
                cbor.unsigned(input.index)
            }
            cbor.unsigned(1)
            cbor.array(count: change == nil ? 1 : 2)
            cbor.array(count: 2)
            cbor.byteString(recipient)
            cbor.unsigned(amount)
            if let change {
                cbor.array(count: 2)
                cbor.byteString(sender)
                cbor.unsigned(change)
            }
            cbor.unsigned(2)
            cbor.unsigned(fee)
            cbor.unsigned(3)
            cbor.unsigned(ttl)
            return cbor.bytes
        }

        func transaction(body: [UInt8], signature: [UInt8]) -> [UInt8] {
            var cbor = CBORWriter()
            cbor.array(count: 4)
            cbor.raw(body)
            cbor.map(count: 1)
            cbor.unsigned(0)
            cbor.array(count: 1)
            cbor.array(count: 2)
            cbor.byteString(vkey)
            cbor.byteString(signature)
            cbor.bool(true)
            cbor.null()
            return cbor.bytes
        }

        func size(fee: UInt64, change: UInt64?) -> Int {
            transaction(body: body(fee: fee, change: change), signature: [UInt8](repeating: 0, count: 64)).count
        }

        func minFee(change: UInt64?, fee: UInt64) -> UInt64 {
            parameters.minFeeA.saturatingMultiplied(by: UInt64(size(fee: fee, change: change))).saturatingAdding(parameters.minFeeB)
        }

        /// The fee fixed point of the transaction with a fixed change output (nil: none).
        func fee(change: UInt64?) -> UInt64? {
            var fee: UInt64 = 0
            for _ in 0..<CardanoSigner.maxFeeSteps {
                let needed = minFee(change: change, fee: fee)
                if needed <= fee { return fee }
                fee = needed
            }
            return nil
        }

        /// The fee fixed point with a change output of total − amount − fee, and that change; nil when the total
        /// cannot pay the amount and the fee.
        func feeWithChange(total: UInt64) -> (fee: UInt64, change: UInt64)? {
            var fee: UInt64 = 0
            for _ in 0..<CardanoSigner.maxFeeSteps {
                guard let change = total.subtractingIfCovers(amount, fee) else { return nil }
                let needed = minFee(change: change, fee: fee)
                if needed <= fee { return change > 0 ? (fee, change) : nil }
                fee = needed
            }
            return nil
        }

        func checked(fee: UInt64, change: UInt64?) throws(SignerError) -> Selection {
            guard size(fee: fee, change: change) <= parameters.maxTxSize else {
                throw .invalidField("utxos", reason: "the transaction would exceed \(parameters.maxTxSize) bytes")
            }
            return Selection(builder: self, fee: fee, change: change)
        }

        func signed(fee: UInt64, change: UInt64?, key: CardanoHDKey) throws(SignerError) -> SignedTransaction {
            let body = body(fee: fee, change: change)
            let id = try CardanoSigner.hash(body, length: 32)
            let transaction = transaction(body: body, signature: key.sign(id))
            return SignedTransaction(bytes: transaction, encoded: Hex.encode(transaction), hash: Hex.encode(id))
        }
    }

    /// The raw bytes of a Shelley address (bech32 "addr" on mainnet, network id 1).
    static func addressBytes(_ address: String, field: String) throws(SignerError) -> [UInt8] {
        guard !address.isEmpty else { throw .missingField(field) }
        do {
            let valid = try CardanoAddress.validate(address, hrp: "addr", network: 1)
            let decoded = try Bech32.decode(valid, limit: CardanoAddress.lengthLimit)
            let bytes = try Bech32.convertBits(decoded.data, from: 5, to: 8, pad: false)
            guard bytes.count >= 29 else { throw AddressError.invalidLength }
            return bytes
        } catch {
            throw .invalidAddress(field)
        }
    }

    static func hash(_ bytes: [UInt8], length: Int) throws(SignerError) -> [UInt8] {
        do {
            return try Hash.blake2b(bytes, length: length)
        } catch {
            throw .unsupported("blake2b unavailable")
        }
    }
}

private func bigEndian(_ value: UInt64) -> [UInt8] {
    (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
}

private extension UInt64 {
    /// Protocol parameters are inputs: a product or sum past u64 is "more than any balance", never a wrap.
    func saturatingMultiplied(by other: UInt64) -> UInt64 {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }

    func saturatingAdding(_ other: UInt64) -> UInt64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }

    /// self − a − b, or nil when a + b exceeds self.
    func subtractingIfCovers(_ a: UInt64, _ b: UInt64) -> UInt64? {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard !overflow, sum <= self else { return nil }
        return self - sum
    }
}
