import GemCrypto
import Primitives

/// Solana transfers of SOL and of SPL Token / Token-2022 tokens (`TransferChecked`), creating the recipient's
/// associated token account when it has none, with the memo program for a memo.
///
/// - preload: `getLatestBlockhash`, `getBalance` (sender); for SOL `getBalance` (recipient: a new account must
///   receive at least the rent-exempt minimum, `TransferLoad.recipientMinimum`); for a token also `getAccountInfo` (the mint: decimals,
///   program, account size) and `SolanaClient.tokenPreload`'s calls (sender token accounts, the recipient's
///   associated token account, the rent of creating it); in that order.
/// - fee rates: `getRecentPrioritizationFees`, rounded for a native or a token transfer (`SolanaFeeKind`).
/// - load: no request. A priority's fee is the signature fee (5,000 lamports), the priority fee
///   ceil(price × 100,000 compute units / 10^6), and the rent of a recipient token account the transfer creates,
///   all paid in SOL by the sender (`SolanaSigner`'s balance check counts the same).
extension SolanaClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .ed25519 }

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        let blockhash = try SolanaMapper.latestBlockhash(try await call(.latestBlockhash))
        let lamports = try SolanaMapper.balance(try await call(.balance(address: input.sender))).available
        guard let mint = input.assetId.tokenId else {
            let recipient = try SolanaMapper.balance(try await call(.balance(address: input.recipient))).available
            return TransferPreload(balance: lamports, feeBalance: lamports, chain: .solana(blockhash: blockhash, token: nil, recipientLamports: recipient))
        }
        let metadata = try await tokenMetadata(mint: mint)
        let token = try await tokenPreload(sender: input.sender, recipient: input.recipient, token: metadata)
        return TransferPreload(balance: token.tokenBalance, feeBalance: lamports, chain: .solana(blockhash: blockhash, token: token, recipientLamports: nil))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return try await feeRates(kind: input.isNative ? .nativeTransfer : .tokenTransfer)
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .solana(blockhash, token, recipientLamports) = preload.chain else { throw .unsupported("a Solana load needs a Solana preload") }
        let limit = SolanaPreload.transferComputeUnitLimit
        let rent = token.flatMap { $0.recipientAccountExists ? nil : $0.accountCreationLamports } ?? .zero
        let fees = rates.rates.map { rate in
            let fee = BigUInt(SolanaSigner.lamportsPerSignature) + Self.priorityFee(price: rate.value, limit: limit) + rent
            return TransferFee(priority: rate.priority, fee: fee, amount: TransferLoad.amount(input, balance: preload.balance, fee: fee))
        }
        let signing = SolanaPreload(blockhash: blockhash, balance: preload.feeBalance, fees: rates, token: token)
        // A SOL transfer that creates its recipient must leave it rent-exempt (the runtime's InsufficientFundsForRent).
        let minimum = recipientLamports.flatMap { $0.isZero ? BigUInt(SolanaSigner.rentExemptMinimum) : nil }
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, recipientMinimum: minimum, chain: .solana(signing, computeUnitLimit: limit))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .ed25519(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .solana(preload, limit) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority) else { throw .missingField("fee_rate") }
        let input = preload.signerInput(recipient: load.input.recipient, amount: fee.amount, priority: priority, memo: load.input.memo,
                                        computeUnitLimit: limit)
        return try SolanaSigner.sign(input, key: privateKey)
    }

    public func broadcast(_ signed: SignedTransaction) async throws(ChainClientError) -> String {
        let signature = try await broadcast(signed.encoded)
        guard signed.hash.isEmpty || signature == signed.hash else {
            throw .malformed("the node answered signature \(ChainClientError.prefix(signature, 90)) for transaction \(signed.hash)")
        }
        return signature
    }

    public func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        try await status(signature: hash)
    }

    /// ceil(price micro-lamports × limit / 10^6) lamports.
    static func priorityFee(price: BigUInt, limit: UInt32) -> BigUInt {
        let micro = price * BigUInt(UInt64(limit)) + BigUInt(999_999)
        return micro.quotientAndRemainder(dividingBySmall: 1_000_000)?.quotient ?? .zero
    }
}
