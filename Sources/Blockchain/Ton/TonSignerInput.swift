import Primitives

/// What the TON signer needs: the transfer and the chain metadata the preload returns (`getWalletInformation`
/// → `seqno`, missing for a wallet that is not deployed; for a jetton, the sender's jetton wallet). The sender is
/// the v4R2 wallet of the signing key. Amounts are nanotons, or the jetton's base units.
public struct TonSignerInput: Sendable, Equatable {
    /// A TEP-74 jetton transfer: an internal message to the sender's jetton wallet carrying `transfer`.
    public struct JettonTransfer: Sendable, Equatable {
        /// The sender's jetton wallet for the token (the preload's `sender_token_address`).
        public var senderJettonWallet: String
        /// The TON attached to the jetton wallet to pay for the transfer; what is left comes back to the sender
        /// (response destination). Must exceed `forwardAmount`.
        public var attachedAmount: BigUInt
        /// The TON forwarded to the recipient with `transfer_notification` (1 nanoton: the notification, with
        /// the comment, reaches the recipient's wallet).
        public var forwardAmount: BigUInt
        public var queryId: UInt64
        /// The sender's jetton balance as the preload read it: when given, the amount must not exceed it.
        public var jettonBalance: BigUInt?

        public init(
            senderJettonWallet: String, attachedAmount: BigUInt, forwardAmount: BigUInt = BigUInt(1),
            queryId: UInt64 = 0, jettonBalance: BigUInt? = nil
        ) {
            self.senderJettonWallet = senderJettonWallet
            self.attachedAmount = attachedAmount
            self.forwardAmount = forwardAmount
            self.queryId = queryId
            self.jettonBalance = jettonBalance
        }
    }

    public enum Asset: Sendable, Equatable {
        case native
        case jetton(JettonTransfer)
    }

    /// The recipient (for a jetton, the recipient's own wallet address, not its jetton wallet): user-friendly
    /// (EQ…/UQ…, which says whether the message bounces) or raw `0:<hex>` (sent bounceable).
    public var destination: String
    public var asset: Asset
    /// Nanotons for TON, the jetton's base units for a jetton; a `VarUInteger 16` (below 2^120) on chain.
    public var amount: BigUInt
    /// The text comment (op 0 + UTF-8, in snake cells); at most `TonSigner.maxCommentBytes` bytes.
    public var comment: String?
    /// The wallet's seqno (`getWalletInformation` → `seqno`; 0 for a wallet that is not deployed).
    public var seqno: UInt32?
    /// Whether the wallet contract is deployed (`account_state` "active"). With seqno 0 or `false`, the message
    /// carries the wallet's StateInit and deploys it.
    public var deployed: Bool?
    /// The message expires at this UNIX time (the wallet refuses it after); the signer has no clock.
    public var validUntil: UInt32?
    /// The sender's TON balance in nanotons as the preload read it: when given, the TON the message sends
    /// (the amount, or the jetton transfer's attached amount) must not exceed it.
    public var balance: BigUInt?
    /// The sender wallet's workchain (0, the basechain, for the wallets this app derives).
    public var workchain: Int8

    public init(
        destination: String, asset: Asset, amount: BigUInt, comment: String? = nil, seqno: UInt32?,
        deployed: Bool? = nil, validUntil: UInt32?, balance: BigUInt? = nil, workchain: Int8 = 0
    ) {
        self.destination = destination
        self.asset = asset
        self.amount = amount
        self.comment = comment
        self.seqno = seqno
        self.deployed = deployed
        self.validUntil = validUntil
        self.balance = balance
        self.workchain = workchain
    }
}

/// A TON Connect `ton_proof` request: the app's domain, the time of the proof and the app's payload.
public struct TonProofInput: Sendable, Equatable {
    /// The app's domain (`manifest` host), as bytes of UTF-8.
    public var domain: String
    /// UNIX seconds of the proof (the host's clock; the signer has none).
    public var timestamp: UInt64
    /// The app's challenge payload.
    public var payload: String
    /// The wallet's workchain.
    public var workchain: Int8

    public init(domain: String, timestamp: UInt64, payload: String, workchain: Int8 = 0) {
        self.domain = domain
        self.timestamp = timestamp
        self.payload = payload
        self.workchain = workchain
    }
}
