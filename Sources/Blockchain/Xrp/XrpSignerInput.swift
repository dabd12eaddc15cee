import Primitives

/// An XRP Ledger Payment, with the account state the preload returned (`account_info`: Sequence,
/// `ledger_current_index` for LastLedgerSequence) and the balances the wallet knows.
public struct XrpSignerInput: Sendable, Equatable {
    public enum Amount: Sendable, Equatable {
        /// XRP, in drops (1 XRP = 10^6 drops).
        case xrp(drops: BigUInt)
        /// An issued currency (IOU): `currency` is a 3-character standard code or 40 hex digits (160-bit code),
        /// `issuer` the issuing account, `value` a positive decimal ("12.5", "1e-3") the XRPL IOU format can hold
        /// exactly (at most 16 significant digits, exponent within -96...80 once normalized).
        case issued(currency: String, issuer: String, value: String)
    }

    /// One entry of the Payment's Memos array (each part optional; MemoType and MemoFormat are URL characters).
    public struct Memo: Sendable, Equatable {
        public var type: [UInt8]
        public var data: [UInt8]
        public var format: [UInt8]

        public init(type: [UInt8] = [], data: [UInt8] = [], format: [UInt8] = []) {
            self.type = type
            self.data = data
            self.format = format
        }
    }

    public var amount: Amount
    /// The classic address ("r…") receiving the payment.
    public var destination: String
    public var destinationTag: UInt32?
    public var memos: [Memo]
    /// `Fee` in drops.
    public var fee: BigUInt
    /// `Sequence`: the account's next sequence number (`account_data.Sequence`).
    public var sequence: UInt32?
    /// `LastLedgerSequence`: the last ledger the transaction may be included in (the current ledger index plus
    /// a margin), so a transaction that did not make it expires instead of lingering.
    public var lastLedgerSequence: UInt32?
    /// `Flags`: 0 or tfFullyCanonicalSig (0x80000000); other Payment flags (partial payments, path flags) are
    /// refused.
    public var flags: UInt32
    /// The XRP the sender can spend, in drops: `Balance` minus the reserve it must keep.
    public var balance: BigUInt
    /// The sender's balance of the issued currency (decimal, as `account_lines` reports it), for an IOU payment.
    public var tokenBalance: String?

    public init(
        amount: Amount, destination: String, destinationTag: UInt32? = nil, memos: [Memo] = [], fee: BigUInt,
        sequence: UInt32?, lastLedgerSequence: UInt32?, flags: UInt32 = 0, balance: BigUInt, tokenBalance: String? = nil
    ) {
        self.amount = amount
        self.destination = destination
        self.destinationTag = destinationTag
        self.memos = memos
        self.fee = fee
        self.sequence = sequence
        self.lastLedgerSequence = lastLedgerSequence
        self.flags = flags
        self.balance = balance
        self.tokenBalance = tokenBalance
    }
}
