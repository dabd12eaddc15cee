import Primitives

/// What the Stellar signer needs: the payment and the chain metadata the preload returns (the sender's current
/// sequence number, whether the destination account exists, the fee). Amounts are stroops (10^-7 of a unit).
public struct StellarSignerInput: Sendable, Equatable {
    public enum Asset: Sendable, Equatable {
        /// XLM (lumens).
        case native
        /// An issued asset: `code` of 1–4 characters is `credit_alphanum4`, 5–12 is `credit_alphanum12`
        /// (letters and digits); `issuer` is the issuing account (G…).
        case credit(code: String, issuer: String)
    }

    public enum Memo: Sendable, Equatable {
        case none
        /// MEMO_TEXT: at most 28 bytes of UTF-8.
        case text(String)
        /// MEMO_ID: an unsigned 64-bit id (exchanges' deposit ids).
        case id(UInt64)
    }

    /// The receiving account (G…, 56 characters).
    public var destination: String
    public var asset: Asset
    /// The amount in stroops; an int64 above 0 on chain.
    public var amount: BigUInt
    /// The total fee in stroops (base fee × 1 operation); at least the network's minimum base fee, 100.
    public var fee: UInt32?
    /// The sender's current sequence number (Horizon `GET /accounts/{id}` → `sequence`); the transaction carries
    /// this + 1.
    public var accountSequence: Int64?
    /// Whether the destination account exists (Horizon answered 200). When it does not, XLM is sent with
    /// `CreateAccount` (which needs at least 1 XLM) and any other asset is refused. Required: the signer never
    /// guesses it.
    public var destinationExists: Bool?
    public var memo: Memo
    /// Time bounds (UNIX seconds): not valid before `validAfter` (0: no lower bound) nor after `validUntil`
    /// (0: no upper bound, as Stellar reads it). `validUntil` is required.
    public var validAfter: UInt64
    public var validUntil: UInt64?
    /// The sender's spendable XLM in stroops as the preload read it (balance less reserves): when given, the fee
    /// plus an XLM amount must not exceed it.
    public var balance: BigUInt?
    /// The network passphrase the signature commits to.
    public var networkPassphrase: String

    public static let publicNetworkPassphrase = "Public Global Stellar Network ; September 2015"

    public init(
        destination: String, asset: Asset, amount: BigUInt, fee: UInt32?, accountSequence: Int64?,
        destinationExists: Bool?, memo: Memo = .none, validAfter: UInt64 = 0, validUntil: UInt64?,
        balance: BigUInt? = nil, networkPassphrase: String = StellarSignerInput.publicNetworkPassphrase
    ) {
        self.destination = destination
        self.asset = asset
        self.amount = amount
        self.fee = fee
        self.accountSequence = accountSequence
        self.destinationExists = destinationExists
        self.memo = memo
        self.validAfter = validAfter
        self.validUntil = validUntil
        self.balance = balance
        self.networkPassphrase = networkPassphrase
    }
}
