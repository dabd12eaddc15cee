import Primitives

/// What the Solana signer needs: the transfer, and the chain metadata the preload returns (a recent blockhash,
/// the sender's balances, the recipient's token account state, the fee settings). Amounts are integers in base
/// units (lamports; the token's smallest unit); the signer checks they fit the chain's u64 fields.
public struct SolanaSignerInput: Sendable, Equatable {
    /// The message format: legacy, or v0 (version prefix 0x80; this signer writes no address lookup tables).
    public enum MessageVersion: String, Sendable, Equatable {
        case legacy
        case v0
    }

    /// The token program that owns the mint: SPL Token or Token-2022 (Token Extensions).
    public enum TokenProgram: String, Sendable, Equatable {
        case token
        case token2022
    }

    /// An SPL Token / Token-2022 transfer, signed as `TransferChecked` (amount and decimals checked on chain).
    public struct TokenTransfer: Sendable, Equatable {
        /// The mint's address (base58).
        public var mint: String
        public var program: TokenProgram
        /// The mint's decimals, as `TransferChecked` asserts them.
        public var decimals: UInt8
        /// The sender's token balance in base units, as the preload read it.
        public var tokenBalance: BigUInt
        /// The sender's token account; nil for the sender's associated token account.
        public var senderTokenAccount: String?
        /// The recipient's existing token account; nil for the recipient's associated token account.
        public var recipientTokenAccount: String?
        /// The recipient has no token account: create its associated token account in the same transaction
        /// (ATA program `CreateIdempotent`, paid by the sender).
        public var createRecipientAccount: Bool
        /// The lamports the created account's rent exemption takes from the sender (its size depends on the
        /// mint's extensions under Token-2022, so the preload says it: `getMinimumBalanceForRentExemption`).
        /// Required when `createRecipientAccount`, ignored otherwise.
        public var accountCreationLamports: BigUInt?

        public init(
            mint: String, program: TokenProgram, decimals: UInt8, tokenBalance: BigUInt,
            senderTokenAccount: String? = nil, recipientTokenAccount: String? = nil,
            createRecipientAccount: Bool = false, accountCreationLamports: BigUInt? = nil
        ) {
            self.mint = mint
            self.program = program
            self.decimals = decimals
            self.tokenBalance = tokenBalance
            self.senderTokenAccount = senderTokenAccount
            self.recipientTokenAccount = recipientTokenAccount
            self.createRecipientAccount = createRecipientAccount
            self.accountCreationLamports = accountCreationLamports
        }
    }

    public enum Asset: Sendable, Equatable {
        /// SOL, moved with the System program's `Transfer`.
        case native
        case token(TokenTransfer)
    }

    public var asset: Asset
    /// The recipient's wallet address (base58); for a token, the owner of the receiving token account.
    public var recipient: String
    /// Lamports for SOL, base units of the token otherwise.
    public var amount: BigUInt
    /// The sender's SOL balance in lamports (pays the fee, and the rent of an account created).
    public var balance: BigUInt
    /// The recent blockhash (base58, 32 bytes) from `getLatestBlockhash`.
    public var recentBlockhash: String
    /// `SetComputeUnitLimit` (ComputeBudget program), 1...1,400,000; required with a compute-unit price.
    public var computeUnitLimit: UInt32?
    /// `SetComputeUnitPrice` in micro-lamports per compute unit (the priority fee).
    public var computeUnitPrice: UInt64?
    /// A memo (SPL Memo program v2); nil or empty for none.
    public var memo: String?
    public var version: MessageVersion

    public init(
        asset: Asset, recipient: String, amount: BigUInt, balance: BigUInt, recentBlockhash: String,
        computeUnitLimit: UInt32? = nil, computeUnitPrice: UInt64? = nil, memo: String? = nil,
        version: MessageVersion = .v0
    ) {
        self.asset = asset
        self.recipient = recipient
        self.amount = amount
        self.balance = balance
        self.recentBlockhash = recentBlockhash
        self.computeUnitLimit = computeUnitLimit
        self.computeUnitPrice = computeUnitPrice
        self.memo = memo
        self.version = version
    }
}
