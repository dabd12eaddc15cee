import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

/// Tests/BlockchainTests/Vectors/signing/solana.json, written by tests/signing/solana/make_vectors.py (solders).
private struct SolanaVectors: Decodable {
    struct Token: Decodable {
        let mint: String
        let program: String
        let decimals: UInt8
        let tokenBalance: String
        let senderTokenAccount: String?
        let recipientTokenAccount: String?
        let createRecipientAccount: Bool?
        let accountCreationLamports: String?
    }

    struct Input: Decodable {
        let privateKey: String
        let recipient: String
        let amount: String
        let balance: String
        let recentBlockhash: String
        let computeUnitLimit: UInt32?
        let computeUnitPrice: String?
        let memo: String?
        let version: String?
        let token: Token?
    }

    struct Transaction: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let raw: String
        let encoded: String
        let hash: String
        var description: String { name }
    }

    struct TransactionCase: Decodable {
        let name: String
        let input: Input
        let raw: String
        let encoded: String
        let hash: String
    }

    struct Message: Decodable, Sendable, CustomStringConvertible {
        let privateKey: String
        let message: String
        let signature: String
        let encoded: String
        var description: String { encoded }
    }

    let source: String
    let transactions: [TransactionCase]
    let messages: [Message]

    static let shared: SolanaVectors = {
        guard let url = Bundle.module.url(forResource: "solana", withExtension: "json", subdirectory: "Vectors/signing"),
              let data = try? Data(contentsOf: url),
              let vectors = try? JSONCodec.decode(SolanaVectors.self, from: Array(data))
        else { preconditionFailure("Vectors/signing/solana.json is missing or malformed") }
        return vectors
    }()
}

private func big(_ text: String) throws -> BigUInt {
    try #require(BigUInt(text))
}

private func signerInput(_ input: SolanaVectors.Input) throws -> SolanaSignerInput {
    var asset = SolanaSignerInput.Asset.native
    if let token = input.token {
        asset = .token(.init(
            mint: token.mint, program: try #require(SolanaSignerInput.TokenProgram(rawValue: token.program)),
            decimals: token.decimals, tokenBalance: try big(token.tokenBalance),
            senderTokenAccount: token.senderTokenAccount, recipientTokenAccount: token.recipientTokenAccount,
            createRecipientAccount: token.createRecipientAccount ?? false,
            accountCreationLamports: try token.accountCreationLamports.map(big)
        ))
    }
    return SolanaSignerInput(
        asset: asset, recipient: input.recipient, amount: try big(input.amount), balance: try big(input.balance),
        recentBlockhash: input.recentBlockhash, computeUnitLimit: input.computeUnitLimit,
        computeUnitPrice: try input.computeUnitPrice.map { try #require(UInt64($0)) }, memo: input.memo,
        version: try #require(SolanaSignerInput.MessageVersion(rawValue: input.version ?? "v0"))
    )
}

private let key: Ed25519PrivateKey = {
    guard let key = try? Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32)) else { preconditionFailure("test key") }
    return key
}()
private let recipient = "9hSR6S7WPtxmTojgo6GG3k4yDPecgJY292j7xrsUGWBu"
private let blockhash = "4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM"
private let usdc = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"

private func native(amount: BigUInt = 1_000, balance: BigUInt = 1_000_000_000) -> SolanaSignerInput {
    SolanaSignerInput(asset: .native, recipient: recipient, amount: amount, balance: balance, recentBlockhash: blockhash)
}

private func token(
    amount: BigUInt = 10, balance: BigUInt = 1_000_000_000, _ change: (inout SolanaSignerInput.TokenTransfer) -> Void = { _ in }
) -> SolanaSignerInput {
    var transfer = SolanaSignerInput.TokenTransfer(
        mint: usdc, program: .token, decimals: 6, tokenBalance: 100, createRecipientAccount: true,
        accountCreationLamports: 2_039_280
    )
    change(&transfer)
    return SolanaSignerInput(asset: .token(transfer), recipient: recipient, amount: amount, balance: balance, recentBlockhash: blockhash)
}

private func refusal(_ input: SolanaSignerInput) -> SignerError? {
    do {
        _ = try SolanaSigner.sign(input, key: key)
        return nil
    } catch {
        return error
    }
}

@Suite struct SolanaSignerTests {
    @Test(arguments: SolanaVectors.shared.transactions.indices)
    func signsLikeSolders(index: Int) throws {
        let vector = SolanaVectors.shared.transactions[index]
        let key = try Ed25519PrivateKey(seed: try Hex.decode(vector.input.privateKey))
        let signed = try SolanaSigner.sign(try signerInput(vector.input), key: key)
        #expect(Hex.encode(signed.bytes) == vector.raw, "\(vector.name)")
        #expect(signed.encoded == vector.encoded)
        #expect(signed.hash == vector.hash)
    }

    @Test func vectorsCoverEveryKind() {
        #expect(SolanaVectors.shared.transactions.count >= 5)
        #expect(SolanaVectors.shared.source.contains("solders"))
    }

    @Test(arguments: SolanaVectors.shared.messages.indices)
    func signsMessagesLikePyNaCl(index: Int) throws {
        let vector = SolanaVectors.shared.messages[index]
        let key = try Ed25519PrivateKey(seed: try Hex.decode(vector.privateKey))
        let signed = try SolanaSigner.signMessage(try Hex.decode(vector.message), key: key)
        #expect(Hex.encode(signed.signature) == vector.signature)
        #expect(signed.encoded == vector.encoded)
    }

    @Test func programIdsDecode() {
        for program in [SolanaPrograms.computeBudget, SolanaPrograms.token, SolanaPrograms.token2022,
                        SolanaPrograms.associatedToken, SolanaPrograms.memo, SolanaPrograms.system] {
            #expect(program.count == 32)
        }
    }

    @Test func compactU16() {
        for (value, bytes) in [(0, [0x00]), (0x7f, [0x7f]), (0x80, [0x80, 0x01]), (0x3fff, [0xff, 0x7f]), (0x4000, [0x80, 0x80, 0x01]),
                               (0xffff, [0xff, 0xff, 0x03])] as [(Int, [UInt8])] {
            var out: [UInt8] = []
            SolanaMessage.appendCompactU16(value, to: &out)
            #expect(out == bytes, "\(value)")
        }
    }

    @Test func onCurveTest() throws {
        // A public key is on the curve; the known USDC mint's ATA for a fixed owner (solders) is not.
        #expect(Ed25519PublicKey.isOnCurve(key.publicKey.bytes))
        #expect(!Ed25519PublicKey.isOnCurve(try Base58.decode("G8sVqaVs7nUeXfK48nwmaWocw1T9sVGbqUFYYbX63S1q")))
        // A small-order point (the identity, y = 1) is on the curve though libsodium rejects it as a key.
        #expect(Ed25519PublicKey.isOnCurve([1] + [UInt8](repeating: 0, count: 31)))
        #expect(!Ed25519PublicKey.isOnCurve([1, 2, 3]))
    }

    @Test func memoLimitIsExact() throws {
        var input = native()
        input.memo = String(repeating: "m", count: 500)
        let size = try SolanaSigner.sign(input, key: key).bytes.count
        let fits = 500 + (SolanaSigner.maxTransactionSize - size)
        input.memo = String(repeating: "m", count: fits)
        #expect(try SolanaSigner.sign(input, key: key).bytes.count == SolanaSigner.maxTransactionSize)
        input.memo = String(repeating: "m", count: fits + 1)
        #expect(refusal(input) == .memoTooLong(maxBytes: fits))
    }

    @Test func emptyMemoIsNoMemo() throws {
        var input = native()
        input.memo = ""
        #expect(try SolanaSigner.sign(input, key: key) == SolanaSigner.sign(native(), key: key))
    }

    @Test func rejections() {
        var input = native()
        input.recipient = "0OIl"
        #expect(refusal(input) == .invalidAddress("recipient"))
        input.recipient = ""
        #expect(refusal(input) == .missingField("recipient"))
        input.recipient = String(repeating: "1", count: 45)  // 45 digits: more than 32 bytes take
        #expect(refusal(input) == .invalidAddress("recipient"))
        input = native()
        input.recentBlockhash = String(repeating: "z", count: 45)
        #expect(refusal(input) == .invalidField("recent_blockhash", reason: "not 32 bytes of base58"))
        input.recentBlockhash = "abc"
        #expect(refusal(input) == .invalidField("recent_blockhash", reason: "not 32 bytes of base58"))
        #expect(refusal(native(amount: BigUInt(UInt64.max) + 1)) == .amountOutOfRange("amount"))
        #expect(refusal(native(amount: 0)) == .invalidField("amount", reason: "must be greater than zero"))
        #expect(refusal(native(balance: BigUInt(UInt64.max) + 1)) == .amountOutOfRange("balance"))
        #expect(refusal(native(amount: BigUInt(UInt64.max), balance: 10)) == .amountOutOfRange("amount"))
        #expect(refusal(native(amount: 1_000, balance: 5_999)) == .insufficientBalance(required: 6_000, available: 5_999))
        // leaves 889,000 lamports: under the rent-exempt minimum
        #expect(refusal(native(amount: 1_000, balance: 895_000)) == .insufficientBalance(required: 896_880, available: 895_000))
        #expect(refusal(native(amount: 1_000, balance: 6_000)) == nil)  // spends the account to zero
        #expect(refusal(native(amount: 1_000, balance: 896_880)) == nil)

        for limit: UInt32 in [0, 1_400_001] {
            input = native()
            input.computeUnitLimit = limit
            #expect(refusal(input) == .invalidField("compute_unit_limit", reason: "must be 1...1400000"))
        }
        input = native()
        input.computeUnitPrice = 1
        #expect(refusal(input) == .missingField("compute_unit_limit"))
        input.computeUnitLimit = 1_400_000
        input.computeUnitPrice = .max
        #expect(refusal(input) == .amountOutOfRange("compute_unit_price"))
        input.computeUnitLimit = 1_000_000  // the priority fee fits u64 but the fee with the base does not
        #expect(refusal(input) == .amountOutOfRange("compute_unit_price"))
        input.computeUnitLimit = 1_000_000
        input.computeUnitPrice = 1_000_001  // priority fee ceil(1,000,001) = 1,000,001
        input.balance = 1_000 + 5_000 + 1_000_000
        #expect(refusal(input) == .insufficientBalance(required: 1_006_001, available: 1_006_000))

        #expect(throws: SignerError.missingField("message")) { try SolanaSigner.signMessage([], key: key) }
    }

    @Test func signMessageRefusesTransactionMessages() throws {
        for version in [SolanaSignerInput.MessageVersion.legacy, .v0] {
            var input = native()
            input.version = version
            input.memo = "x"
            let wire = try SolanaSigner.sign(input, key: key).bytes
            let message = Array(wire.dropFirst(65))
            #expect(SolanaMessage.isTransactionMessage(message))
            #expect(throws: SignerError.invalidField("message", reason: "is a Solana transaction message")) {
                try SolanaSigner.signMessage(message, key: key)
            }
            // one byte more or less is not a message
            #expect(!SolanaMessage.isTransactionMessage(message + [0]))
            #expect(!SolanaMessage.isTransactionMessage(Array(message.dropLast())))
            #expect(try SolanaSigner.signMessage(message + [0], key: key).signature.count == 64)
        }
        #expect(!SolanaMessage.isTransactionMessage(Array("example.org wants you to sign in with your Solana account".utf8)))
        #expect(!SolanaMessage.isTransactionMessage([0x81, 1, 0, 0]))
        #expect(!SolanaMessage.isTransactionMessage([0xff, 0xff, 0xff, 0xff]))
    }

    @Test func tokenRejections() {
        #expect(refusal(token()) == nil)
        #expect(refusal(token { $0.mint = "" }) == .missingField("mint"))
        #expect(refusal(token { $0.mint = "xyz0" }) == .invalidAddress("mint"))
        #expect(refusal(token { $0.tokenBalance = BigUInt(UInt64.max) + 1 }) == .amountOutOfRange("token_balance"))
        #expect(refusal(token(amount: 101)) == .insufficientBalance(required: 101, available: 100))
        #expect(refusal(token { $0.senderTokenAccount = "bad" }) == .invalidAddress("sender_token_account"))
        #expect(refusal(token { $0.recipientTokenAccount = "bad" }) == .invalidAddress("recipient_token_account"))
        #expect(refusal(token { $0.recipientTokenAccount = recipient }) == .invalidField(
            "recipient_token_account", reason: "not the recipient's associated token account, which is created"))
        #expect(refusal(token { $0.accountCreationLamports = nil }) == .missingField("account_creation_lamports"))
        #expect(refusal(token { $0.accountCreationLamports = BigUInt(UInt64.max) + 1 }) == .amountOutOfRange("account_creation_lamports"))
        #expect(refusal(token { $0.accountCreationLamports = BigUInt(UInt64.max) }) == .amountOutOfRange("account_creation_lamports"))
        #expect(refusal(token(balance: 2_044_279)) == .insufficientBalance(required: 2_044_280, available: 2_044_279))
        #expect(refusal(token(balance: 2_044_280)) == nil)
        #expect(refusal(token {
            $0.createRecipientAccount = false
            $0.senderTokenAccount = recipient
            $0.recipientTokenAccount = recipient
        }) == .invalidField("recipient_token_account", reason: "same as the sender's token account"))
        // without creation only the fee is needed
        #expect(refusal(token(balance: 5_000) { $0.createRecipientAccount = false }) == nil)
        #expect(refusal(token(balance: 4_999) { $0.createRecipientAccount = false }) == .insufficientBalance(required: 5_000, available: 4_999))
    }
}
