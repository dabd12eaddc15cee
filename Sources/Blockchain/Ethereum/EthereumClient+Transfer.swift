import GemCrypto
import Primitives

/// EVM transfers of the native coin and of ERC-20 tokens, EIP-1559.
///
/// - preload: `eth_getTransactionCount` at `pending`, `eth_getBalance`, and for a token its `balanceOf` (a batch of
///   one); in that order.
/// - fee rates: `eth_feeHistory` (`feeRates()`).
/// - load: `eth_estimateGas` of the transaction, its value (or token amount) capped at the sender's balance so that
///   an unaffordable amount still gets its estimate (`nativeEstimate` for a node that refuses an estimate the
///   balance cannot pay at its own gas price); on an OP-stack chain also `getL1Fee` of the unsigned
///   transaction at the normal priority (the L1 fee depends on the bytes, not on who can pay them). The fee of a
///   priority is (base fee + tip) × gas limit + L1 fee; a max native send moves the balance less that fee.
/// - The memo is not sent (an EVM transfer has no memo field).
extension EthereumClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .secp256k1 }

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        let nonce = try EthereumMappers.nonce(try await call(.transactionCount(address: input.sender, block: .pending)))
        let native = try await balance(address: input.sender).available
        guard let token = input.assetId.tokenId else {
            return TransferPreload(balance: native, feeBalance: native, chain: .ethereum(nonce: nonce))
        }
        let tokenBalance = try await tokenBalances(address: input.sender, tokens: [token]).first?.available ?? .zero
        return TransferPreload(balance: tokenBalance, feeBalance: native, chain: .ethereum(nonce: nonce))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return try await feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .ethereum(nonce) = preload.chain else { throw .unsupported("an EVM load needs an EVM preload") }
        let sendable = input.isMax ? preload.balance : min(input.amount, preload.balance)
        let estimate: UInt64
        let operation: EthereumSignerInput.Operation
        if let token = input.assetId.tokenId {
            operation = .tokenTransfer(token: token, to: input.recipient, amount: sendable)
            let data = EthereumSigner.erc20Call(EthereumSigner.transferSelector, try recipientAccount(input.recipient), sendable)
            estimate = try EthereumMappers.gasEstimate(try await call(.estimateGas(from: input.sender, to: token, value: .zero, data: data)))
        } else {
            operation = .transfer(to: input.recipient, value: sendable)
            estimate = try await nativeEstimate(input, value: sendable, balance: preload.balance, rates: rates)
        }
        let gasLimit = EthereumMappers.gasLimit(estimate: estimate)
        let l1Fee = try await l1Fee(operation: operation, nonce: nonce, gasLimit: gasLimit, rates: rates)
        let fees = rates.rates.map { rate in
            let fee = ((rates.baseFee ?? .zero) + rate.value) * BigUInt(gasLimit) + l1Fee
            return TransferFee(priority: rate.priority, fee: fee, amount: TransferLoad.amount(input, balance: preload.balance, fee: fee))
        }
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, chain: .ethereum(nonce: nonce, gasLimit: gasLimit, gasEstimate: estimate, l1Fee: l1Fee))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .secp256k1(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .ethereum(nonce, gasLimit, _, _) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority), let tip = load.rates.rate(priority) else { throw .missingField("fee_rate") }
        let operation: EthereumSignerInput.Operation = if let token = load.input.assetId.tokenId {
            .tokenTransfer(token: token, to: load.input.recipient, amount: fee.amount)
        } else {
            .transfer(to: load.input.recipient, value: fee.amount)
        }
        return try EthereumSigner.sign(Self.signerInput(chain: chain, operation: operation, nonce: nonce, gasLimit: gasLimit, rates: load.rates,
                                                        tip: tip, balance: load.feeBalance,
                                                        tokenBalance: load.input.isNative ? nil : load.balance),
                                       key: privateKey)
    }

    public func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        try await status(hash: hash)
    }

    static func signerInput(chain: Chain, operation: EthereumSignerInput.Operation, nonce: UInt64, gasLimit: UInt64, rates: FeeRates,
                            tip: BigUInt, balance: BigUInt?, tokenBalance: BigUInt?) -> EthereumSignerInput {
        EthereumSignerInput(chain: chain, type: .eip1559, operation: operation, nonce: nonce, gasLimit: gasLimit,
                            maxFeePerGas: (rates.baseFee ?? .zero) + tip, maxPriorityFeePerGas: tip, balance: balance, tokenBalance: tokenBalance)
    }

    /// `eth_estimateGas` of a native transfer of `value`. Some nodes (eth-tester among them) refuse an estimate
    /// whose value and gas at their own default price exceed the balance, which a max send or an unaffordable amount
    /// always asks; geth does not (no price, no charge). Then, once, the estimate is asked with value zero and
    /// kept only if it is the 21,000 of a plain transfer: no code ran at the recipient, so the value cannot change
    /// the gas. Any other answer is the first refusal.
    private func nativeEstimate(_ input: TransferInput, value: BigUInt, balance: BigUInt, rates: FeeRates) async throws(ChainClientError) -> UInt64 {
        let first: ChainClientError
        do {
            return try EthereumMappers.gasEstimate(try await call(.estimateGas(from: input.sender, to: input.recipient, value: value, data: [])))
        } catch {
            first = error
        }
        let fastest = rates.rates.map(\.value).max() ?? .zero
        let plainFee = ((rates.baseFee ?? .zero) + fastest) * BigUInt(EthereumSigner.intrinsicGas)
        let nearBalance = input.isMax || balance < input.amount + plainFee
        let refused: Bool = switch first {
        case .rpc, .http: true
        default: false
        }
        guard nearBalance, refused, !value.isZero else { throw first }
        let retry = try? EthereumMappers.gasEstimate(try await call(.estimateGas(from: input.sender, to: input.recipient, value: .zero, data: [])))
        guard let retry, retry == EthereumSigner.intrinsicGas else { throw first }
        return retry
    }

    /// The OP-stack L1 data fee of the transaction at the normal priority (zero, without a request, elsewhere). The
    /// unsigned bytes are made with a balance that passes the signer's check: only their length and content count.
    private func l1Fee(operation: EthereumSignerInput.Operation, nonce: UInt64, gasLimit: UInt64, rates: FeeRates)
        async throws(ChainClientError) -> BigUInt
    {
        guard fees.isOpStack else { return .zero }
        let tip = rates.rate(.normal) ?? rates.rates.first?.value ?? .zero
        let unlimited = BigUInt(1) << 255
        let input = Self.signerInput(chain: chain, operation: operation, nonce: nonce, gasLimit: gasLimit, rates: rates, tip: tip,
                                     balance: unlimited, tokenBalance: unlimited)
        let unsigned: [UInt8]
        do {
            unsigned = try EthereumSigner.unsignedTransaction(input)
        } catch {
            throw .malformed("the transaction cannot be serialized for its L1 fee: \(error)")
        }
        return try await l1Fee(unsignedTransaction: unsigned)
    }

    private func recipientAccount(_ address: String) throws(ChainClientError) -> [UInt8] {
        do {
            return try EthereumAddress.decode(address)
        } catch {
            throw .malformed("not an EVM address: \(ChainClientError.prefix(address, 44))")
        }
    }
}
