import GemCrypto
import Primitives

/// What `SolanaSignerInput` needs from the node for one transfer.
public struct SolanaPreload: Sendable, Equatable {
    /// A token transfer's part: the sender's token account and balance, the recipient's associated token
    /// account and whether it exists, the rent of creating it.
    public struct Token: Sendable, Equatable {
        public var metadata: SolanaTokenMetadata
        /// The sender's token account of the mint (its associated one when it has several), nil when it has none.
        public var senderTokenAccount: String?
        /// The balance of `senderTokenAccount` (0 when there is none).
        public var tokenBalance: BigUInt
        /// The recipient's associated token account for the mint.
        public var recipientTokenAccount: String
        public var recipientAccountExists: Bool
        /// `getMinimumBalanceForRentExemption(metadata.accountSize)` when the account must be created, nil otherwise.
        public var accountCreationLamports: BigUInt?

        public init(metadata: SolanaTokenMetadata, senderTokenAccount: String?, tokenBalance: BigUInt, recipientTokenAccount: String,
                    recipientAccountExists: Bool, accountCreationLamports: BigUInt?) {
            self.metadata = metadata
            self.senderTokenAccount = senderTokenAccount
            self.tokenBalance = tokenBalance
            self.recipientTokenAccount = recipientTokenAccount
            self.recipientAccountExists = recipientAccountExists
            self.accountCreationLamports = accountCreationLamports
        }
    }

    /// The recent blockhash, and the block height after which a transaction on it is no longer accepted.
    public var blockhash: SolanaBlockhash
    /// The sender's SOL balance in lamports.
    public var balance: BigUInt
    /// The compute-unit price by priority (micro-lamports per compute unit).
    public var fees: FeeRates
    public var token: Token?

    public init(blockhash: SolanaBlockhash, balance: BigUInt, fees: FeeRates, token: Token?) {
        self.blockhash = blockhash
        self.balance = balance
        self.fees = fees
        self.token = token
    }

    /// The compute-unit limit the specification's app signs a transfer with (`get_gas_limit`: 100,000).
    public static let transferComputeUnitLimit: UInt32 = 100_000

    /// The signer's input for sending `amount` to `recipient` at `priority`.
    public func signerInput(recipient: String, amount: BigUInt, priority: FeePriority = .normal, memo: String? = nil,
                            computeUnitLimit: UInt32 = SolanaPreload.transferComputeUnitLimit) -> SolanaSignerInput {
        let asset: SolanaSignerInput.Asset
        if let token {
            asset = .token(SolanaSignerInput.TokenTransfer(
                mint: token.metadata.mint, program: token.metadata.program, decimals: token.metadata.decimals,
                tokenBalance: token.tokenBalance, senderTokenAccount: token.senderTokenAccount,
                recipientTokenAccount: token.recipientAccountExists ? token.recipientTokenAccount : nil,
                createRecipientAccount: !token.recipientAccountExists, accountCreationLamports: token.accountCreationLamports))
        } else {
            asset = .native
        }
        return SolanaSignerInput(asset: asset, recipient: recipient, amount: amount, balance: balance, recentBlockhash: blockhash.blockhash,
                                 computeUnitLimit: computeUnitLimit, computeUnitPrice: fees.rate(priority)?.uint64, memo: memo)
    }
}

/// The Solana chain client: the calls of chain-apis.md § 3 through a `ChainTransport`, each request from
/// `SolanaRPC`, each answer through `SolanaMapper`. Requests are made one after another, in the order documented
/// on each method.
public struct SolanaClient: Sendable {
    public let transport: any ChainTransport

    public init(transport: any ChainTransport) {
        self.transport = transport
    }

    /// The result of one call (HTTP errors, JSON-RPC errors and non-JSON answers thrown as `JSONRPC.result` does).
    public func call(_ rpc: SolanaRPC) async throws(ChainClientError) -> JSON {
        try JSONRPC.result(try await transport.send(rpc.request))
    }

    /// SOL balance: `getBalance`.
    public func balance(address: String) async throws(ChainClientError) -> ChainBalance {
        try SolanaMapper.balance(try await call(.balance(address: address)))
    }

    /// The owner's balance of each mint, in the order asked (0 where it holds none): `getTokenAccountsByOwner`
    /// under SPL Token, then under Token-2022 — two requests however many mints; none when `mints` is empty.
    public func tokenBalances(owner: String, mints: [String]) async throws(ChainClientError) -> [ChainBalance] {
        guard !mints.isEmpty else { return [] }
        var accounts = try SolanaMapper.tokenAccounts(try await call(.tokenAccountsByProgram(owner: owner, program: .token)))
        accounts += try SolanaMapper.tokenAccounts(try await call(.tokenAccountsByProgram(owner: owner, program: .token2022)))
        return try SolanaMapper.tokenBalances(accounts, mints: mints)
    }

    /// A mint's decimals, program and token-account size: `getAccountInfo` (jsonParsed).
    public func tokenMetadata(mint: String) async throws(ChainClientError) -> SolanaTokenMetadata {
        try SolanaMapper.tokenMetadata(try await call(.accountInfo(address: mint)), mint: mint)
    }

    /// The compute-unit price by priority: `getRecentPrioritizationFees`.
    public func feeRates(kind: SolanaFeeKind = .nativeTransfer) async throws(ChainClientError) -> FeeRates {
        try SolanaMapper.feeRates(try await call(.recentPrioritizationFees), kind: kind)
    }

    /// What the signer needs: `getLatestBlockhash`, `getRecentPrioritizationFees`, `getBalance` (sender); for a
    /// token also `getTokenAccountsByOwner` (sender, mint), `getAccountInfo` (the recipient's associated token
    /// account) and, when that account is missing, `getMinimumBalanceForRentExemption(accountSize)`.
    /// `token` comes from `tokenMetadata(mint:)` (a token list may hold it already).
    public func preload(sender: String, recipient: String, token: SolanaTokenMetadata? = nil) async throws(ChainClientError) -> SolanaPreload {
        let blockhash = try SolanaMapper.latestBlockhash(try await call(.latestBlockhash))
        let fees = try SolanaMapper.feeRates(try await call(.recentPrioritizationFees), kind: token == nil ? .nativeTransfer : .tokenTransfer)
        let balance = try SolanaMapper.balance(try await call(.balance(address: sender))).available
        guard let token else { return SolanaPreload(blockhash: blockhash, balance: balance, fees: fees, token: nil) }
        return SolanaPreload(blockhash: blockhash, balance: balance, fees: fees,
                             token: try await tokenPreload(sender: sender, recipient: recipient, token: token))
    }

    /// The token part of a preload: `getTokenAccountsByOwner` (sender, mint), `getAccountInfo` (the recipient's
    /// associated token account) and, when that account is missing, `getMinimumBalanceForRentExemption(accountSize)`.
    public func tokenPreload(sender: String, recipient: String, token: SolanaTokenMetadata) async throws(ChainClientError) -> SolanaPreload.Token {
        let mintKey = try key(token.mint, "mint")
        let programKey = try key(SolanaTokenPrograms.id(token.program), "token program")
        guard let senderATA = SolanaProgramAddress.associatedTokenAccount(owner: try key(sender, "sender"), mint: mintKey, tokenProgram: programKey),
              let recipientATA = SolanaProgramAddress.associatedTokenAccount(owner: try key(recipient, "recipient"), mint: mintKey, tokenProgram: programKey)
        else { throw .malformed("associated token account: no bump is off the curve") }
        let senderATAText = Base58.encode(senderATA)
        let recipientATAText = Base58.encode(recipientATA)

        let held = try SolanaMapper.tokenAccounts(try await call(.tokenAccountsByMint(owner: sender, mint: token.mint)))
            .filter { $0.mint == token.mint }
        let source = held.first { $0.address == senderATAText } ?? held.first
        let exists = try SolanaMapper.accountExists(try await call(.accountInfo(address: recipientATAText)))
        let rent = exists ? nil : try SolanaMapper.rent(try await call(.minimumBalanceForRentExemption(size: token.accountSize)))
        return SolanaPreload.Token(
            metadata: token, senderTokenAccount: source?.address, tokenBalance: source?.amount ?? .zero,
            recipientTokenAccount: recipientATAText, recipientAccountExists: exists, accountCreationLamports: rent)
    }

    /// `sendTransaction` of the signer's base64 transaction → its signature; a node's refusal is `rejected`.
    public func broadcast(_ base64Transaction: String, skipPreflight: Bool? = nil) async throws(ChainClientError) -> String {
        try SolanaMapper.broadcast(try await transport.send(SolanaRPC.sendTransaction(base64: base64Transaction, skipPreflight: skipPreflight).request))
    }

    /// `getSignatureStatuses`: not yet seen or only processed → pending; failed or confirmed at its slot. Once
    /// it is failed or confirmed, `getTransaction` adds the fee (the node answers null there until the
    /// transaction is finalized, and the status stays without a fee until then).
    public func status(signature: String) async throws(ChainClientError) -> ChainTransactionStatus {
        var status = try SolanaMapper.signatureStatus(try await call(.signatureStatuses([signature])))
        guard !status.state.isInFlight else { return status }
        let final = try SolanaMapper.transactionStatus(try await call(.transaction(signature: signature)))
        if !final.state.isInFlight {
            status = final
        }
        return status
    }

    /// The latest slot: `getSlot` (what the specification's app reports as the latest block).
    public func latestBlock() async throws(ChainClientError) -> UInt64 {
        try SolanaMapper.block(try await call(.slot))
    }

    /// The block height: `getBlockHeight` (what a blockhash's `lastValidBlockHeight` is compared with).
    public func blockHeight() async throws(ChainClientError) -> UInt64 {
        try SolanaMapper.block(try await call(.blockHeight))
    }

    /// The network id: `getGenesisHash`.
    public func networkId() async throws(ChainClientError) -> String {
        try SolanaMapper.genesisHash(try await call(.genesisHash))
    }

    private func key(_ address: String, _ name: String) throws(ChainClientError) -> [UInt8] {
        do { return try SolanaAddress.decode(address) } catch { throw .malformed("\(name): not a Solana address") }
    }
}
