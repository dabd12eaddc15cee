import GemCrypto
import Primitives

/// XRP Ledger Payments in XRP or an issued currency, signed with a secp256k1 key.
///
/// Signing (https://xrpl.org/docs/concepts/transactions/cryptographic-keys, rippled STTx::sign): the fields
/// with SigningPubKey and without TxnSignature, in canonical order, prefixed with 0x53545800 ("STX\0"), hashed
/// with SHA-512Half (the first 32 bytes of SHA-512); the DER ECDSA signature (low S, fully canonical) becomes
/// TxnSignature. The transaction id is SHA-512Half of 0x54584E00 ("TXN\0") ‖ the signed blob.
public enum XrpSigner {
    /// rippled `isMemoOkay`: the serialized Memos array may not exceed 1 KB.
    public static let maxMemosBytes = 1024
    /// The most XRP there is, in drops (10^17): rippled's STAmount cMaxNativeN bound.
    static let maxDrops = BigUInt.powerOfTen(17)
    static let tfFullyCanonicalSig: UInt32 = 0x8000_0000
    static let paymentType: UInt16 = 0
    static let signingPrefix: [UInt8] = [0x53, 0x54, 0x58, 0x00]
    static let transactionIdPrefix: [UInt8] = [0x54, 0x58, 0x4E, 0x00]

    /// Signs `input` with `key`. `encoded` is the upper-case hex `tx_blob` rippled's `submit` takes, `hash` the
    /// transaction id in upper-case hex, as explorers print it.
    public static func sign(_ input: XrpSignerInput, key: Secp256k1PrivateKey) throws(SignerError) -> SignedTransaction {
        guard let sequence = input.sequence else { throw .missingField("sequence") }
        guard let lastLedgerSequence = input.lastLedgerSequence else { throw .missingField("last_ledger_sequence") }
        guard input.flags & ~tfFullyCanonicalSig == 0 else {
            throw .invalidField("flags", reason: "only tfFullyCanonicalSig (0x80000000) is signed")
        }
        guard input.fee <= maxDrops, let fee = input.fee.uint64 else { throw .amountOutOfRange("fee") }
        let destination = try accountId(input.destination, field: "destination")
        let publicKey = key.publicKey.compressed
        let account = Hash.hash160(publicKey)
        guard destination != account else { throw .invalidField("destination", reason: "is the sender") }

        let amount: [UInt8]
        switch input.amount {
        case .xrp(let drops):
            guard !drops.isZero else { throw .invalidField("amount", reason: "must be positive") }
            guard drops <= maxDrops, let value = drops.uint64 else { throw .amountOutOfRange("amount") }
            let required = drops + input.fee
            guard required <= input.balance else { throw .insufficientBalance(required: required, available: input.balance) }
            // bit 63 clear (XRP), bit 62 set (positive), 62 bits of drops
            amount = (0..<8).map { UInt8(truncatingIfNeeded: (value | 1 << 62) >> (56 - 8 * $0)) }
        case .issued(let currency, let issuerText, let valueText):
            let code = try currencyCode(currency)
            let issuer = try accountId(issuerText, field: "issuer")
            let value = try iouValue(valueText, field: "value")
            guard let balanceText = input.tokenBalance else { throw .missingField("token_balance") }
            if let balance = try iouBalance(balanceText) {
                let (required, available) = XrpIouValue.commonScale(value, balance)
                guard required <= available else { throw .insufficientBalance(required: required, available: available) }
            } else {
                let (required, _) = XrpIouValue.commonScale(value, value)
                throw .insufficientBalance(required: required, available: .zero)
            }
            guard input.fee <= input.balance else { throw .insufficientBalance(required: input.fee, available: input.balance) }
            amount = value.encoded + code + issuer
        }

        var memoObjects: [XrpFields] = []
        for memo in input.memos {
            guard isURLText(memo.type) else { throw .invalidField("memos", reason: "MemoType must be URL characters") }
            guard isURLText(memo.format) else { throw .invalidField("memos", reason: "MemoFormat must be URL characters") }
            guard !(memo.type.isEmpty && memo.data.isEmpty && memo.format.isEmpty) else {
                throw .invalidField("memos", reason: "a memo needs a type, data or format")
            }
            var object = XrpFields()
            if !memo.type.isEmpty { object.blob(12, memo.type) }
            if !memo.data.isEmpty { object.blob(13, memo.data) }
            if !memo.format.isEmpty { object.blob(14, memo.format) }
            memoObjects.append(object)
        }
        guard XrpFields.arrayContents(objectField: 10, memoObjects).count <= maxMemosBytes else {
            throw .memoTooLong(maxBytes: maxMemosBytes)
        }

        var fields = XrpFields()
        fields.uint16(2, paymentType)                    // TransactionType
        fields.uint32(2, input.flags)                    // Flags
        fields.uint32(4, sequence)                       // Sequence
        if let tag = input.destinationTag { fields.uint32(14, tag) }   // DestinationTag
        fields.uint32(27, lastLedgerSequence)            // LastLedgerSequence
        fields.amount(1, amount)                         // Amount
        fields.amount(8, (0..<8).map { UInt8(truncatingIfNeeded: (fee | 1 << 62) >> (56 - 8 * $0)) })   // Fee
        fields.blob(3, publicKey)                        // SigningPubKey
        fields.account(1, account)                       // Account
        fields.account(3, destination)                   // Destination
        if !memoObjects.isEmpty { fields.array(9, objectField: 10, memoObjects) }   // Memos of Memo

        let digest = Array(Hash.sha512(signingPrefix + fields.bytes).prefix(32))
        let signature: [UInt8]
        do {
            signature = try key.sign(digest: digest).der
        } catch {
            throw .invalidPrivateKey
        }
        fields.blob(4, signature)                        // TxnSignature
        let blob = fields.bytes
        let id = Array(Hash.sha512(transactionIdPrefix + blob).prefix(32))
        return SignedTransaction(bytes: blob, encoded: Hex.encode(blob).uppercased(), hash: Hex.encode(id).uppercased())
    }

    private static func accountId(_ address: String, field: String) throws(SignerError) -> [UInt8] {
        do {
            _ = try XrpAddress.validate(address)
            return Array(try Base58.decodeCheck(address, alphabet: .ripple).dropFirst())
        } catch {
            throw .invalidAddress(field)
        }
    }

    /// A currency code (https://xrpl.org/docs/references/protocol/data-types/currency-formats): 3 characters
    /// from the standard set become 12 zero bytes ‖ ASCII ‖ 5 zero bytes; 40 hex digits are the 160-bit code.
    /// "XRP" is not an issued currency.
    static func currencyCode(_ text: String) throws(SignerError) -> [UInt8] {
        let bytes = Array(text.utf8)
        if bytes.count == 3 {
            let allowed = Array("?!@#$%^&*<>(){}[]|".utf8)
            guard bytes.allSatisfy({ isAlphanumeric($0) || allowed.contains($0) }) else {
                throw .invalidField("currency", reason: "not a standard currency code")
            }
            guard text != "XRP" else { throw .invalidField("currency", reason: "XRP is not an issued currency") }
            return [UInt8](repeating: 0, count: 12) + bytes + [UInt8](repeating: 0, count: 5)
        }
        guard bytes.count == 40, let code = try? Hex.decode(text) else {
            throw .invalidField("currency", reason: "a currency is 3 characters or 40 hex digits")
        }
        // A code whose first byte is 0x00 is in the standard format, which 3 characters must express.
        guard code.first != 0 else { throw .invalidField("currency", reason: "a 160-bit code may not start with 0x00") }
        return code
    }

    private static func iouValue(_ text: String, field: String) throws(SignerError) -> XrpIouValue {
        do {
            return try XrpIouValue(text)
        } catch {
            switch error {
            case .malformed: throw .invalidField(field, reason: "not a decimal number")
            case .notPositive: throw .invalidField(field, reason: "must be positive")
            case .tooPrecise: throw .invalidField(field, reason: "more than 16 significant digits")
            case .outOfRange: throw .amountOutOfRange(field)
            }
        }
    }

    /// The token balance; nil when it is zero.
    private static func iouBalance(_ text: String) throws(SignerError) -> XrpIouValue? {
        do {
            return try XrpIouValue(text)
        } catch .notPositive where !text.hasPrefix("-") {
            return nil
        } catch {
            throw .invalidField("token_balance", reason: "not a positive XRPL value")
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// rippled `isMemoOkay`: MemoType and MemoFormat hold only the characters RFC 3986 allows in URLs.
    private static func isURLText(_ bytes: [UInt8]) -> Bool {
        let allowed = Array("-._~:/?#[]@!$&'()*+,;=%".utf8)
        return bytes.allSatisfy { isAlphanumeric($0) || allowed.contains($0) }
    }
}
