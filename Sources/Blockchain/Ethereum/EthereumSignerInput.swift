import Primitives

/// What an EVM transaction signer needs: the operation, and the chain metadata a preload returns (nonce, gas
/// limit, fee fields, the sender's balances). Metadata fields are optional so that a preload that failed to
/// provide one is refused by name (`SignerError.missingField("nonce")`) instead of being signed with a default.
///
/// Amounts are wei (native) or the token's smallest unit; every one must fit the EVM's 256-bit words.
public struct EthereumSignerInput: Sendable, Equatable {
    /// What the transaction does.
    public enum Operation: Sendable, Equatable {
        /// Sends `value` wei of the chain's native coin to `to`.
        case transfer(to: String, value: BigUInt)
        /// ERC-20 `transfer(to, amount)` call to the `token` contract.
        case tokenTransfer(token: String, to: String, amount: BigUInt)
        /// ERC-20 `approve(spender, amount)` call to the `token` contract.
        case tokenApprove(token: String, spender: String, amount: BigUInt)
        /// A call of contract `to` with call data `data` (ABI-encoded by the caller) and `value` wei attached.
        case contractCall(to: String, value: BigUInt, data: [UInt8])
    }

    /// The transaction envelope.
    public enum TransactionType: String, Sendable, Equatable {
        /// EIP-1559 (type 2): max fee and max priority fee per gas, empty access list.
        case eip1559
        /// Legacy with EIP-155 replay protection: gas price, v = chainId * 2 + 35 + recovery id.
        case legacy
    }

    /// The EVM chain; its chain id comes from `chain.config.evmChainId`.
    public var chain: Chain?
    public var type: TransactionType
    public var operation: Operation
    /// The sender's next nonce (EIP-2681 bounds nonces to 64 bits).
    public var nonce: UInt64?
    /// Gas limit; at least the 21000 intrinsic gas of any transaction.
    public var gasLimit: UInt64?
    /// EIP-1559 only: the most the sender pays per gas (base fee + tip), wei.
    public var maxFeePerGas: BigUInt?
    /// EIP-1559 only: the tip per gas, wei; at most `maxFeePerGas`.
    public var maxPriorityFeePerGas: BigUInt?
    /// Legacy only: the price per gas, wei.
    public var gasPrice: BigUInt?
    /// The sender's native balance, wei: it must cover value + gasLimit * (max fee or gas price).
    public var balance: BigUInt?
    /// The sender's balance of the token (token transfers only): it must cover the amount.
    public var tokenBalance: BigUInt?

    public init(
        chain: Chain?, type: TransactionType, operation: Operation, nonce: UInt64?, gasLimit: UInt64?,
        maxFeePerGas: BigUInt? = nil, maxPriorityFeePerGas: BigUInt? = nil, gasPrice: BigUInt? = nil,
        balance: BigUInt?, tokenBalance: BigUInt? = nil
    ) {
        self.chain = chain
        self.type = type
        self.operation = operation
        self.nonce = nonce
        self.gasLimit = gasLimit
        self.maxFeePerGas = maxFeePerGas
        self.maxPriorityFeePerGas = maxPriorityFeePerGas
        self.gasPrice = gasPrice
        self.balance = balance
        self.tokenBalance = tokenBalance
    }
}
