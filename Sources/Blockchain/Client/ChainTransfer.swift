import GemCrypto
import Primitives

/// One transfer of one asset, as the confirm service hands it to a chain: the asset (the chain's native coin, or a
/// token by its `AssetId.tokenId`), who sends, who receives, how much in the asset's base units, whether it is a
/// max send (everything the sender holds; on a native asset, less the fee), and an optional memo (where the
/// family has one: Solana's memo program; ignored on EVM and the Bitcoin family).
public struct TransferInput: Sendable, Equatable {
    public var assetId: AssetId
    public var sender: String
    public var recipient: String
    /// Base units (wei, lamports, satoshis, the token's smallest unit). Ignored by a max send's load, which
    /// sends the balance (less the fee on a native asset).
    public var amount: BigUInt
    public var isMax: Bool
    public var memo: String?

    public init(assetId: AssetId, sender: String, recipient: String, amount: BigUInt, isMax: Bool = false, memo: String? = nil) {
        self.assetId = assetId
        self.sender = sender
        self.recipient = recipient
        self.amount = amount
        self.isMax = isMax
        self.memo = memo
    }

    public var chain: Chain { assetId.chain }
    public var isNative: Bool { assetId.tokenId == nil }
}

/// A private key of one of the types the signers take. Which one a chain needs is `ChainTransfer.keyType`. Each
/// holds its secret in a `Secret` (wiped when the last copy goes) and prints redacted.
public enum TransferKey: Sendable {
    case secp256k1(Secp256k1PrivateKey)
    case ed25519(Ed25519PrivateKey)
    /// Cardano's BIP32-Ed25519 extended key (kL ‖ kR): the payment key at the account's CIP-1852 path.
    case ed25519Extended(CardanoHDKey)

    public var type: KeyType {
        switch self {
        case .secp256k1: .secp256k1
        case .ed25519: .ed25519
        case .ed25519Extended: .ed25519Extended
        }
    }

    public enum KeyType: String, Sendable, Equatable {
        case secp256k1, ed25519
        case ed25519Extended = "extended ed25519 (BIP32-Ed25519)"
    }
}

/// What the preload stage read: the sender's balance of the asset sent and of the fee asset (the chain's native
/// coin; the same number for a native transfer), and the chain state signing needs.
public struct TransferPreload: Sendable, Equatable {
    /// The family's part: the EVM nonce, a Solana blockhash and token accounts, the Bitcoin family's UTXOs.
    public enum Chain: Sendable, Equatable {
        case ethereum(nonce: UInt64)
        /// `recipientLamports`: a SOL transfer's recipient balance (zero for an account that does not exist).
        case solana(blockhash: SolanaBlockhash, token: SolanaPreload.Token?, recipientLamports: BigUInt?)
        case bitcoin(utxos: [BitcoinUTXO])
        /// Zcash's UTXOs and what a v5 transaction signs besides them: the consensus branch id the node reports for
        /// the next block and the expiry height counted from its latest block (`BitcoinClient.zcashExpiryDelta`).
        case zcash(utxos: [BitcoinUTXO], consensusBranchId: UInt32, expiryHeight: UInt32)
        /// The sender's `Sequence` and the ledger it was read at; whether the recipient account exists and requires
        /// a destination tag.
        case xrp(sequence: UInt32, currentLedger: UInt32, destinationExists: Bool, destinationRequiresTag: Bool)
        /// The sender's sequence as Horizon answered it; whether the recipient account exists; for an issued asset,
        /// whether the recipient holds a trustline for it (nil for XLM).
        case stellar(sequence: Int64, destinationExists: Bool, destinationTrustline: Bool?)
        /// The suggested parameters (rounds, genesis) and the recipient's microAlgos (0: an empty account).
        case algorand(params: AlgorandTransactionParams, recipientAmount: UInt64)
        /// The access key's next nonce and the final block's hash.
        case near(nonce: UInt64, blockHash: [UInt8])
        /// The sender's account number and sequence; nil for an account the chain has never seen.
        case cosmos(account: CosmosAccount?)
        /// The sender's sequence number, the chain id, and when the transaction expires (from the ledger's time).
        case aptos(sequenceNumber: UInt64, chainId: UInt8, expirationTimestampSecs: UInt64)
        /// The sender's SUI coins (gas) and, for a token, its coins of the token (first pages).
        case sui(gasCoins: [SuiSignerInput.Coin], tokenCoins: [SuiSignerInput.Coin]?)
        /// The reference block, the fee priced from the chain parameters and the sender's resources, and the balances.
        case tron(TronPreload)
        /// The sender wallet's seqno, state and balance; for a jetton, the sender's and the recipient's jetton wallets.
        case ton(TonPreload)
        /// The block material and the sender's nonce and balances.
        case polkadot(PolkadotPreload)
        /// The action a HyperCore transfer signs (a spotSend of HYPE or of a spot token) and the amount's decimals.
        case hyperCore(action: HyperCoreSignerInput.Action, decimals: Int)
        /// The sender's UTxOs and the tip's slot (the ttl counts from it).
        case cardano(CardanoPreload)
    }

    /// The sender's available balance of the asset sent, base units.
    public var balance: BigUInt
    /// The sender's available balance of the fee asset, base units.
    public var feeBalance: BigUInt
    public var chain: Chain

    public init(balance: BigUInt, feeBalance: BigUInt, chain: Chain) {
        self.balance = balance
        self.feeBalance = feeBalance
        self.chain = chain
    }
}

/// The fee of one priority and what the transfer moves at it.
public struct TransferFee: Sendable, Equatable {
    public var priority: FeePriority
    /// The network fee, in the fee asset's base units: the most the transaction can cost at this priority (EVM:
    /// max fee per gas × gas limit, plus an OP-stack chain's L1 data fee; Solana: the signature fee, the priority
    /// fee and a created token account's rent; Bitcoin: the coin selection's fee).
    public var fee: BigUInt
    /// What the recipient receives at this priority: the input's amount, or on a max send the balance (less this
    /// fee on a native asset, zero when the fee is more than the balance).
    public var amount: BigUInt

    public init(priority: FeePriority, fee: BigUInt, amount: BigUInt) {
        self.priority = priority
        self.fee = fee
        self.amount = amount
    }
}

/// Whether the sender can pay a priority's transfer, as `TransferLoad.check` reads the preload's balances. The
/// load itself never throws for a shortfall: the service shows the fee either way and decides.
public enum TransferBalanceCheck: Sendable, Equatable {
    case sufficient
    /// The asset sent does not cover the amount (plus the fee, on a native asset).
    case insufficientBalance(required: BigUInt, available: BigUInt)
    /// A token transfer whose sender cannot pay the fee in the native coin.
    case insufficientFeeBalance(required: BigUInt, available: BigUInt)
    /// The recipient would be left below the least an account of the chain may hold (a new Solana account's
    /// rent-exempt minimum): the chain refuses the transaction.
    case belowRecipientMinimum(minimum: BigUInt)
}

/// The load stage's answer: the fee per priority and everything `sign` needs.
public struct TransferLoad: Sendable, Equatable {
    /// The family's signing data the load added to the preload.
    public enum Chain: Sendable, Equatable {
        /// The gas limit signed with (the node's estimate, `EthereumMappers.gasLimit`), the estimate, and the L1
        /// data fee of an OP-stack chain (zero elsewhere), in wei.
        case ethereum(nonce: UInt64, gasLimit: UInt64, gasEstimate: UInt64, l1Fee: BigUInt)
        /// The preload the Solana signer input is made from (its fees are the fee-rate stage's).
        case solana(SolanaPreload, computeUnitLimit: UInt32)
        case bitcoin(utxos: [BitcoinUTXO])
        /// The preload's UTXOs, consensus branch id and expiry height.
        case zcash(utxos: [BitcoinUTXO], consensusBranchId: UInt32, expiryHeight: UInt32)
        /// The payment's `Sequence`, `LastLedgerSequence` and `DestinationTag` (the memo).
        case xrp(sequence: UInt32, lastLedgerSequence: UInt32, destinationTag: UInt32?)
        /// The sender's sequence (the transaction signs this + 1), Payment or CreateAccount, and the memo.
        case stellar(sequence: Int64, destinationExists: Bool, memo: StellarSignerInput.Memo)
        /// The suggested parameters and the note (the memo's bytes).
        case algorand(params: AlgorandTransactionParams, note: [UInt8])
        case near(nonce: UInt64, blockHash: [UInt8])
        /// The preload's account and the gas limit signed with.
        case cosmos(account: CosmosAccount?, gasLimit: UInt64)
        /// The preload's sequence number, chain id and expiration, and the gas limit signed with.
        case aptos(sequenceNumber: UInt64, chainId: UInt8, maxGasAmount: UInt64, expirationTimestampSecs: UInt64)
        /// The preload's coins and the gas budget signed with.
        case sui(gasCoins: [SuiSignerInput.Coin], tokenCoins: [SuiSignerInput.Coin]?, gasBudget: UInt64)
        /// The preload the Tron signer input is made from.
        case tron(TronPreload)
        /// The preload and the UNIX time the message is valid until (the load's clock plus the message lifetime).
        case ton(TonPreload, validUntil: UInt32)
        /// The preload the signer input is made from (the fee is the load's estimate).
        case polkadot(PolkadotPreload)
        /// The action, the amount's decimals and the action's time in milliseconds (also its nonce).
        case hyperCore(action: HyperCoreSignerInput.Action, decimals: Int, timeMillis: UInt64)
        /// The preload the signer input is made from (UTxOs, tip slot); the fee is the coin selection's.
        case cardano(CardanoPreload)
    }

    public var input: TransferInput
    /// The asset fees are paid in: the chain's native coin.
    public var feeAssetId: AssetId
    public var balance: BigUInt
    public var feeBalance: BigUInt
    public var rates: FeeRates
    /// One per priority of `rates`, slow to fast.
    public var fees: [TransferFee]
    /// The least the recipient must receive, where the chain has one for this transfer (a Solana account that
    /// does not exist yet must receive its rent-exempt minimum); nil otherwise.
    public var recipientMinimum: BigUInt?
    public var chain: Chain

    public init(input: TransferInput, feeAssetId: AssetId, balance: BigUInt, feeBalance: BigUInt, rates: FeeRates, fees: [TransferFee],
                recipientMinimum: BigUInt? = nil, chain: Chain) {
        self.input = input
        self.feeAssetId = feeAssetId
        self.balance = balance
        self.feeBalance = feeBalance
        self.rates = rates
        self.fees = fees
        self.recipientMinimum = recipientMinimum
        self.chain = chain
    }

    public func fee(_ priority: FeePriority) -> TransferFee? {
        fees.first { $0.priority == priority }
    }

    /// Whether the preload's balances pay the transfer at `priority` (nil when the load has no such priority).
    public func check(_ priority: FeePriority) -> TransferBalanceCheck? {
        guard let fee = fee(priority) else { return nil }
        if input.isNative {
            let required = fee.amount + fee.fee
            // A max send that would move nothing: the balance does not cover the fee and one base unit more.
            if input.isMax, fee.amount.isZero { return .insufficientBalance(required: fee.fee + BigUInt(1), available: balance) }
            if balance < required { return .insufficientBalance(required: required, available: balance) }
            if let minimum = recipientMinimum, fee.amount < minimum { return .belowRecipientMinimum(minimum: minimum) }
            return .sufficient
        }
        // A max token send that would move nothing: there is none of the token to send.
        if input.isMax, fee.amount.isZero { return .insufficientBalance(required: BigUInt(1), available: balance) }
        if balance < fee.amount { return .insufficientBalance(required: fee.amount, available: balance) }
        if feeBalance < fee.fee { return .insufficientFeeBalance(required: fee.fee, available: feeBalance) }
        return .sufficient
    }

    /// The amount of a max send of a native asset at `fee`: the balance less the fee, never below zero. Any other
    /// send moves `input.amount`, a max token send the whole token balance.
    static func amount(_ input: TransferInput, balance: BigUInt, fee: BigUInt) -> BigUInt {
        guard input.isMax else { return input.amount }
        guard input.isNative else { return balance }
        return balance.subtracting(fee) ?? .zero
    }
}

/// A transfer on one chain, in the stages of the specification's staged confirm load (`GemConfirmService.load`):
/// `preload` and `feeRates` wait for nothing and can run together; `load` waits for both; `sign` is pure (no
/// request); `broadcast` and `status` are the submit and the tracking. Every stage's requests go through the
/// family client's transport. `ChainTransfers.transfer(for:transport:)` gives the one of a chain.
public protocol ChainTransfer: Sendable {
    var chain: Chain { get }
    /// The key type `sign` takes.
    var keyType: TransferKey.KeyType { get }

    /// The sender's chain state (nonce, blockhash, UTXOs) and balances of the asset and the fee asset. Throws
    /// `unsupported` for an asset the family cannot send here, `malformed` for an address it cannot read.
    func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload

    /// The fee rates by priority.
    func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates

    /// The fee of each priority (the gas estimate, or the chain's equivalent) and what signing needs. A balance
    /// short of the amount or of the fee is not an error here: `TransferLoad.check` reports it.
    func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad

    /// Signs the loaded transfer at `priority` (no request). The family signer's checks apply: a balance short of
    /// the amount and fee is `insufficientBalance`, a key of the wrong type `invalidField("key")`.
    func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction

    /// Sends the signed transaction; answers its hash. A node's refusal is `rejected`.
    func broadcast(_ signed: SignedTransaction) async throws(ChainClientError) -> String

    /// Where the broadcast transaction `hash` is.
    func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus
}

extension ChainTransfer {
    func checkChain(_ input: TransferInput) throws(ChainClientError) {
        guard input.chain == chain else { throw .unsupported("a \(input.chain.id) transfer on the \(chain.id) client") }
    }

    static func wrongKey(_ expected: TransferKey.KeyType) -> SignerError {
        .invalidField("key", reason: "this chain signs with a \(expected.rawValue) key")
    }

    static func mismatchedLoad() -> SignerError {
        .invalidField("load", reason: "loaded by another chain family")
    }
}

/// The `ChainTransfer` of a chain: EVM chains, Solana, Bitcoin, Litecoin, Dogecoin, Bitcoin Cash and Zcash
/// (transparent), XRP, Stellar, Algorand, NEAR, the Cosmos family, Aptos, Sui, Tron, TON, Polkadot, HyperCore and
/// Cardano (ADA): every chain.
public enum ChainTransfers {
    public static func transfer(for chain: Chain, transport: any ChainTransport) -> (any ChainTransfer)? {
        switch chain.type {
        case .ethereum: EthereumClient(chain: chain, transport: transport)
        case .solana: SolanaClient(transport: transport)
        case .bitcoin: BitcoinClient(chain: chain, transport: transport)
        case .xrp: XrpClient(transport: transport)
        case .stellar: StellarClient(transport: transport)
        case .algorand: AlgorandClient(transport: transport)
        case .near: NearClient(transport: transport)
        case .cosmos: CosmosClient(chain: chain, transport: transport)
        case .aptos: AptosClient(transport: transport)
        case .sui: SuiClient(transport: transport)
        case .tron: TronClient(transport: transport)
        case .ton: TonClient(transport: transport)
        case .polkadot: PolkadotClient(transport: transport)
        case .hyperCore: HyperCoreClient(transport: transport)
        case .cardano: CardanoClient(transport: transport)
        }
    }
}
