import Primitives

/// What `TonSignerInput` needs from the node for one transfer (chain-apis.md § 5 preload: `Ton{sequence,
/// sender_token_address, recipient_token_address}`).
public struct TonPreload: Sendable, Equatable {
    /// A jetton transfer's part: the sender's and recipient's jetton wallets of the master, as listed.
    public struct Jetton: Sendable, Equatable {
        /// The jetton master's token id (user-friendly form).
        public var tokenId: String
        /// The sender's jetton wallet, nil when it holds none of the jetton.
        public var senderJettonWallet: String?
        /// The sender jetton wallet's balance (0 when there is none).
        public var jettonBalance: BigUInt
        /// The recipient's jetton wallet, nil when it does not exist yet.
        public var recipientJettonWallet: String?

        public init(tokenId: String, senderJettonWallet: String?, jettonBalance: BigUInt, recipientJettonWallet: String?) {
            self.tokenId = tokenId
            self.senderJettonWallet = senderJettonWallet
            self.jettonBalance = jettonBalance
            self.recipientJettonWallet = recipientJettonWallet
        }

        /// The TON attached to a jetton transfer (`calculate_transaction_fee`'s token account creation option):
        /// 0.1 TON when the recipient's jetton wallet exists (0.06 TON with a comment), 0.2 TON when it does not.
        public func attachedAmount(hasComment: Bool) -> BigUInt {
            guard recipientJettonWallet != nil else { return BigUInt(200_000_000) }
            return hasComment ? BigUInt(60_000_000) : BigUInt(100_000_000)
        }
    }

    public var wallet: TonWalletInformation
    public var jetton: Jetton?

    public init(wallet: TonWalletInformation, jetton: Jetton?) {
        self.wallet = wallet
        self.jetton = jetton
    }

    /// The signer's input for sending `amount` to `destination` (the recipient's own wallet for a jetton),
    /// valid until `validUntil` (UNIX seconds, the host's clock). A jetton the sender holds none of is `notFound`.
    public func signerInput(destination: String, amount: BigUInt, comment: String? = nil, validUntil: UInt32) throws(ChainClientError)
        -> TonSignerInput {
        let asset: TonSignerInput.Asset
        if let jetton {
            guard let senderWallet = jetton.senderJettonWallet else { throw .notFound("the sender has no jetton wallet of \(jetton.tokenId)") }
            asset = .jetton(TonSignerInput.JettonTransfer(senderJettonWallet: senderWallet, attachedAmount: jetton.attachedAmount(hasComment: comment != nil),
                                                          jettonBalance: jetton.jettonBalance))
        } else {
            asset = .native
        }
        return TonSignerInput(destination: destination, asset: asset, amount: amount, comment: comment, seqno: wallet.seqno,
                              deployed: wallet.deployed, validUntil: validUntil, balance: wallet.balance)
    }
}

/// The TON chain client: the toncenter calls of chain-apis.md § 5 through a `ChainTransport`, each request from
/// `TonRequest`, each answer through `TonMapper`. Requests are made one after another, in the order documented on
/// each method.
public struct TonClient: Sendable {
    public let transport: any ChainTransport
    /// UNIX seconds: the clock a transfer's load reads its message's `valid_until` from.
    public let now: @Sendable () -> UInt64

    public init(transport: any ChainTransport, now: @escaping @Sendable () -> UInt64 = TonClient.systemClock) {
        self.transport = transport
        self.now = now
    }

    func v2(_ request: TonRequest) async throws(ChainClientError) -> JSON {
        try TonMapper.v2Result(try await transport.send(request.request))
    }

    func v3(_ request: TonRequest) async throws(ChainClientError) -> JSON {
        try TonMapper.v3Body(try await transport.send(request.request))
    }

    /// TON balance: `getAddressBalance`.
    public func balance(address: String) async throws(ChainClientError) -> ChainBalance {
        try TonMapper.balance(try await v2(.addressBalance(address: address)))
    }

    /// The owner's balance of each jetton (token id = the master's user-friendly address), in the order asked
    /// (0 where it holds none): one `jetton/wallets` request; none when `tokenIds` is empty.
    public func tokenBalances(owner: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        guard !tokenIds.isEmpty else { return [] }
        return try TonMapper.tokenBalances(try TonMapper.jettonWallets(try await v3(.jettonWallets(owner: owner))), tokenIds: tokenIds)
    }

    /// TON fees: no request (a single normal rate of 0.01 TON).
    public func feeRates() -> FeeRates {
        TonMapper.feeRates()
    }

    /// What the signer needs: `getWalletInformation` (sender); for a jetton also `jetton/wallets` of the sender,
    /// then of the recipient. A token id that is not a TON address is `malformed` before any request.
    public func preload(sender: String, recipient: String, tokenId: String? = nil) async throws(ChainClientError) -> TonPreload {
        let master = try tokenId.map { (id: String) throws(ChainClientError) -> String in try TonMapper.raw(id, "token id") }
        let wallet = try TonMapper.walletInformation(try await v2(.walletInformation(address: sender)))
        guard let tokenId, let master else { return TonPreload(wallet: wallet, jetton: nil) }
        let senderWallet = TonMapper.wallet(try TonMapper.jettonWallets(try await v3(.jettonWallets(owner: sender))), master: master)
        let recipientWallet = TonMapper.wallet(try TonMapper.jettonWallets(try await v3(.jettonWallets(owner: recipient))), master: master)
        return TonPreload(wallet: wallet, jetton: TonPreload.Jetton(
            tokenId: tokenId, senderJettonWallet: senderWallet?.address, jettonBalance: senderWallet?.balance ?? .zero,
            recipientJettonWallet: recipientWallet?.address))
    }

    /// `sendBocReturnHash` of the signer's transaction (`encoded`: base64 BOC) → the message hash in hex; a
    /// node's refusal is `rejected`.
    public func broadcast(_ transaction: SignedTransaction) async throws(ChainClientError) -> String {
        try TonMapper.broadcast(try await transport.send(TonRequest.sendBocReturnHash(boc: transaction.encoded).request))
    }

    /// `transactionsByMessage` of the broadcast's hash: not yet indexed → pending.
    public func status(hash: String) async throws(ChainClientError) -> ChainTransactionStatus {
        try TonMapper.transactionStatus(try await v3(.transactionsByMessage(hash: hash)))
    }

    /// The latest masterchain block: `masterchainInfo` → `last.seqno`.
    public func latestBlock() async throws(ChainClientError) -> UInt64 {
        try TonMapper.latestBlock(try await v3(.masterchainInfo))
    }

    /// The network id: `masterchainInfo` → `first.root_hash`.
    public func networkId() async throws(ChainClientError) -> String {
        try TonMapper.networkId(try await v3(.masterchainInfo))
    }
}
