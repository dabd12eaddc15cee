import GemCrypto
import Primitives

/// Signs Solana transfers (SOL, SPL Token and Token-2022 `TransferChecked`, creating the recipient's
/// associated token account when it has none), with optional compute-budget instructions and memo, as legacy or
/// v0 messages; and off-chain messages the way wallets' `signMessage` does.
///
/// Instruction order: SetComputeUnitLimit, SetComputeUnitPrice, [ATA CreateIdempotent], the transfer, [memo].
/// The fee the balance check counts: 5,000 lamports for the one signature plus the priority fee
/// ceil(price × limit / 1,000,000) (solana-fee-calculator / ComputeBudget docs). The sender must keep either
/// nothing or at least the rent-exempt minimum of a plain account (890,880 lamports), or the runtime rejects
/// the transaction (`InsufficientFundsForRent`).
public enum SolanaSigner {
    /// Lamports per signature (the base fee).
    static let lamportsPerSignature: UInt64 = 5_000
    /// Rent-exempt minimum of a 0-byte system account: (0 + 128) bytes × 3,480 lamports/byte-year × 2 years.
    static let rentExemptMinimum: UInt64 = 890_880
    /// ComputeBudget's MAX_COMPUTE_UNIT_LIMIT.
    static let maxComputeUnitLimit: UInt32 = 1_400_000
    /// The largest serialized transaction a packet carries (PACKET_DATA_SIZE = 1280 − 48 bytes of headers).
    static let maxTransactionSize = 1_232

    public static func sign(_ input: SolanaSignerInput, key: Ed25519PrivateKey) throws(SignerError) -> SignedTransaction {
        let message = try message(input, sender: key.publicKey.bytes)
        let signature = key.sign(message)
        var wire: [UInt8] = []
        wire.reserveCapacity(1 + 64 + message.count)
        wire.append(1)  // compact-u16 count of signatures
        wire += signature
        wire += message
        guard wire.count <= maxTransactionSize else {
            let over = wire.count - maxTransactionSize
            if let memo = input.memo, !memo.isEmpty {
                throw .memoTooLong(maxBytes: max(0, memo.utf8.count - over))
            }
            throw .invalidField("transaction", reason: "\(wire.count) bytes, above the \(maxTransactionSize)-byte packet limit")
        }
        return SignedTransaction(bytes: wire, encoded: Base64.encode(wire), hash: Base58.encode(signature))
    }

    /// `signMessage`: the plain ed25519 signature of the message bytes, base58 (as Phantom / Wallet Standard
    /// `solana:signMessage` return it).
    ///
    /// Bytes that parse as a legacy or v0 transaction message are refused: their signature would make a
    /// transaction a site could broadcast (the reason Solana's off-chain message format exists).
    public static func signMessage(_ message: [UInt8], key: Ed25519PrivateKey) throws(SignerError) -> SignedMessage {
        guard !message.isEmpty else { throw .missingField("message") }
        if SolanaMessage.isTransactionMessage(message) {
            throw .invalidField("message", reason: "is a Solana transaction message")
        }
        let signature = key.sign(message)
        return SignedMessage(signature: signature, encoded: Base58.encode(signature))
    }

    /// The message the sender signs (checked first: every refusal happens here).
    static func message(_ input: SolanaSignerInput, sender: [UInt8]) throws(SignerError) -> [UInt8] {
        let recipient = try account(input.recipient, field: "recipient")
        // 32 bytes are at most 44 base58 digits: longer text is refused before the (quadratic) decode.
        guard input.recentBlockhash.utf8.count <= 44, let blockhash = try? Base58.decode(input.recentBlockhash), blockhash.count == 32 else {
            throw .invalidField("recent_blockhash", reason: "not 32 bytes of base58")
        }
        guard let amount = input.amount.uint64 else { throw .amountOutOfRange("amount") }
        guard amount > 0 else { throw .invalidField("amount", reason: "must be greater than zero") }
        guard let balance = input.balance.uint64 else { throw .amountOutOfRange("balance") }

        var instructions: [SolanaMessage.Instruction] = []
        var fee = lamportsPerSignature
        if let limit = input.computeUnitLimit {
            guard limit >= 1, limit <= maxComputeUnitLimit else {
                throw .invalidField("compute_unit_limit", reason: "must be 1...\(maxComputeUnitLimit)")
            }
            instructions.append(.init(program: SolanaPrograms.computeBudget, accounts: [], data: [2] + le(limit)))
        }
        if let price = input.computeUnitPrice {
            guard let limit = input.computeUnitLimit else { throw .missingField("compute_unit_limit") }
            // ceil(price × limit / 10^6) in 128 bits: price is u64, limit ≤ 1.4M.
            let product = price.multipliedFullWidth(by: UInt64(limit))
            guard product.high < 1_000_000 else { throw .amountOutOfRange("compute_unit_price") }
            let (quotient, remainder) = UInt64(1_000_000).dividingFullWidth(product)
            let (priority, overflow) = quotient.addingReportingOverflow(remainder > 0 ? 1 : 0)
            guard !overflow else { throw .amountOutOfRange("compute_unit_price") }
            let (total, feeOverflow) = fee.addingReportingOverflow(priority)
            guard !feeOverflow else { throw .amountOutOfRange("compute_unit_price") }
            fee = total
            instructions.append(.init(program: SolanaPrograms.computeBudget, accounts: [], data: [3] + le(price)))
        }

        var lamportsOut = fee
        switch input.asset {
        case .native:
            let (total, overflow) = fee.addingReportingOverflow(amount)
            guard !overflow else { throw .amountOutOfRange("amount") }
            lamportsOut = total
            instructions.append(.init(
                program: SolanaPrograms.system,
                accounts: [.init(key: sender, isSigner: true, isWritable: true), .init(key: recipient, isSigner: false, isWritable: true)],
                data: le(UInt32(2)) + le(amount)
            ))
        case .token(let token):
            let mint = try account(token.mint, field: "mint")
            let program = token.program == .token ? SolanaPrograms.token : SolanaPrograms.token2022
            guard let tokenBalance = token.tokenBalance.uint64 else { throw .amountOutOfRange("token_balance") }
            guard amount <= tokenBalance else { throw .insufficientBalance(required: input.amount, available: token.tokenBalance) }
            let source: [UInt8]
            if let given = token.senderTokenAccount {
                source = try account(given, field: "sender_token_account")
            } else {
                source = try associated(owner: sender, mint: mint, program: program, field: "sender_token_account")
            }
            let destination: [UInt8]
            if token.createRecipientAccount {
                destination = try associated(owner: recipient, mint: mint, program: program, field: "recipient_token_account")
                if let given = token.recipientTokenAccount, try account(given, field: "recipient_token_account") != destination {
                    throw .invalidField("recipient_token_account", reason: "not the recipient's associated token account, which is created")
                }
                guard let rent = token.accountCreationLamports else { throw .missingField("account_creation_lamports") }
                guard let rentLamports = rent.uint64 else { throw .amountOutOfRange("account_creation_lamports") }
                let (total, overflow) = lamportsOut.addingReportingOverflow(rentLamports)
                guard !overflow else { throw .amountOutOfRange("account_creation_lamports") }
                lamportsOut = total
                instructions.append(.init(
                    program: SolanaPrograms.associatedToken,
                    accounts: [
                        .init(key: sender, isSigner: true, isWritable: true),
                        .init(key: destination, isSigner: false, isWritable: true),
                        .init(key: recipient, isSigner: false, isWritable: false),
                        .init(key: mint, isSigner: false, isWritable: false),
                        .init(key: SolanaPrograms.system, isSigner: false, isWritable: false),
                        .init(key: program, isSigner: false, isWritable: false),
                    ],
                    data: [1]  // CreateIdempotent
                ))
            } else if let given = token.recipientTokenAccount {
                destination = try account(given, field: "recipient_token_account")
            } else {
                destination = try associated(owner: recipient, mint: mint, program: program, field: "recipient_token_account")
            }
            guard source != destination else {
                throw .invalidField("recipient_token_account", reason: "same as the sender's token account")
            }
            instructions.append(.init(
                program: program,
                accounts: [
                    .init(key: source, isSigner: false, isWritable: true),
                    .init(key: mint, isSigner: false, isWritable: false),
                    .init(key: destination, isSigner: false, isWritable: true),
                    .init(key: sender, isSigner: true, isWritable: false),
                ],
                data: [12] + le(amount) + [token.decimals]  // TransferChecked
            ))
        }
        if lamportsOut > balance {
            throw .insufficientBalance(required: BigUInt(lamportsOut), available: input.balance)
        }
        let remaining = balance - lamportsOut
        if remaining > 0, remaining < rentExemptMinimum {
            throw .insufficientBalance(required: BigUInt(lamportsOut + rentExemptMinimum), available: input.balance)
        }
        if let memo = input.memo, !memo.isEmpty {
            instructions.append(.init(program: SolanaPrograms.memo, accounts: [], data: Array(memo.utf8)))
        }
        guard let message = SolanaMessage.compile(
            payer: sender, instructions: instructions, recentBlockhash: blockhash, version: input.version
        ) else { throw .invalidField("transaction", reason: "more accounts than a message holds") }
        return message
    }

    private static func account(_ text: String, field: String) throws(SignerError) -> [UInt8] {
        guard !text.isEmpty else { throw .missingField(field) }
        guard text.utf8.count <= 44, let bytes = try? SolanaAddress.decode(text) else { throw .invalidAddress(field) }
        return bytes
    }

    private static func associated(owner: [UInt8], mint: [UInt8], program: [UInt8], field: String) throws(SignerError) -> [UInt8] {
        guard let address = SolanaProgramAddress.associatedTokenAccount(owner: owner, mint: mint, tokenProgram: program) else {
            throw .invalidField(field, reason: "no associated token account address (no bump is off the curve)")
        }
        return address
    }

    private static func le<T: FixedWidthInteger & UnsignedInteger>(_ value: T) -> [UInt8] {
        (0..<(T.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
