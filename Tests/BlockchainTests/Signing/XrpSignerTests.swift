import Blockchain
import GemCrypto
import Primitives
import Testing

/// Tests/BlockchainTests/Vectors/signing/xrp.json, written by tests/signing/xrp/make_vectors.py (xrpl-py); two of
/// them are also Trust Wallet Core's published blobs, which xrpl-py reproduces.
struct XrpVectors: Decodable {
    struct Memo: Decodable, Sendable {
        let type: String?
        let data: String?
        let format: String?
    }

    struct Input: Decodable, Sendable {
        let privateKey: String
        let destination: String
        let amount: String?
        let currency: String?
        let issuer: String?
        let value: String?
        let destinationTag: String?
        let memos: [Memo]?
        let flags: String?
        let fee: String
        let sequence: String
        let lastLedgerSequence: String
        let balance: String
        let tokenBalance: String?
    }

    struct Payment: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let input: Input
        let published: String?
        let account: String
        let blob: String
        let hash: String
        var description: String { name }
    }

    let source: String
    let payments: [Payment]

    static let shared: XrpVectors = CTXVectorLoader.load("xrp")
}

extension XrpVectors.Input {
    func signerInput() throws -> XrpSignerInput {
        let payment: XrpSignerInput.Amount
        if let currency, let issuer, let value {
            payment = .issued(currency: currency, issuer: issuer, value: value)
        } else {
            payment = .xrp(drops: try #require(try CTXVectorLoader.big(amount)))
        }
        return XrpSignerInput(
            amount: payment, destination: destination, destinationTag: destinationTag.flatMap { UInt32($0) },
            memos: try (memos ?? []).map {
                XrpSignerInput.Memo(type: try Hex.decode($0.type ?? ""), data: try Hex.decode($0.data ?? ""),
                                    format: try Hex.decode($0.format ?? ""))
            },
            fee: try #require(try CTXVectorLoader.big(fee)), sequence: UInt32(sequence),
            lastLedgerSequence: UInt32(lastLedgerSequence), flags: try #require(UInt32(flags ?? "0")),
            balance: try #require(try CTXVectorLoader.big(balance)), tokenBalance: tokenBalance
        )
    }
}

struct XrpSignerTests {
    static let key = "a5576c0f63da10e584568c8d134569ff44017b0a249eb70657127ae04f38cc77"
    static let issuer = "rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B"
    static let destination = "rU893viamSnsfP3zjzM2KPxjqZjXSXK6VF"

    @Test func vectorsCoverTheFamily() {
        let payments = XrpVectors.shared.payments
        #expect(payments.count >= 5)
        #expect(payments.contains { $0.input.currency?.count == 3 } && payments.contains { $0.input.currency?.count == 40 })
        #expect(payments.contains { $0.input.memos != nil } && payments.contains { $0.input.destinationTag != nil })
        #expect(payments.filter { $0.published != nil }.count == 2)
    }

    @Test(arguments: XrpVectors.shared.payments)
    func signsLikeXrplPy(_ vector: XrpVectors.Payment) throws {
        let key = try CTXVectorLoader.key(vector.input.privateKey)
        let signed = try XrpSigner.sign(try vector.input.signerInput(), key: key)
        #expect(signed.encoded == vector.blob)
        #expect(Hex.encode(signed.bytes).uppercased() == vector.blob)
        #expect(signed.hash == vector.hash)
        #expect(XrpAddress.derive(key.publicKey) == vector.account)
    }

    static func xrp(
        drops: BigUInt = 10, destination: String = destination, memos: [XrpSignerInput.Memo] = [], fee: BigUInt = 10,
        sequence: UInt32? = 1, lastLedgerSequence: UInt32? = 20, flags: UInt32 = 0, balance: BigUInt = 20
    ) -> XrpSignerInput {
        XrpSignerInput(amount: .xrp(drops: drops), destination: destination, memos: memos, fee: fee, sequence: sequence,
                       lastLedgerSequence: lastLedgerSequence, flags: flags, balance: balance)
    }

    static func iou(currency: String = "USD", issuer: String = issuer, value: String = "1.5", fee: BigUInt = 10,
                    balance: BigUInt = 20, tokenBalance: String? = "2") -> XrpSignerInput {
        XrpSignerInput(amount: .issued(currency: currency, issuer: issuer, value: value), destination: destination,
                       fee: fee, sequence: 1, lastLedgerSequence: 20, balance: balance, tokenBalance: tokenBalance)
    }

    struct Refusal: Sendable, CustomStringConvertible {
        let name: String
        let input: XrpSignerInput
        let error: SignerError
        var description: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "missing sequence", input: xrp(sequence: nil), error: .missingField("sequence")),
        Refusal(name: "missing last ledger sequence", input: xrp(lastLedgerSequence: nil), error: .missingField("last_ledger_sequence")),
        Refusal(name: "partial payment flag", input: xrp(flags: 0x0002_0000),
                error: .invalidField("flags", reason: "only tfFullyCanonicalSig (0x80000000) is signed")),
        Refusal(name: "fee over 10^17 drops", input: xrp(fee: BigUInt.powerOfTen(17) + 1), error: .amountOutOfRange("fee")),
        Refusal(name: "invalid destination", input: xrp(destination: "rU893viamSnsfP3zjzM2KPxjqZjXSXK6VG"), error: .invalidAddress("destination")),
        Refusal(name: "X-address destination", input: xrp(destination: "XV5sbjUmgPpvXv4ixFWZ5ptAYZ6PD28Sq49uo34VyjnmK5H"),
                error: .invalidAddress("destination")),
        Refusal(name: "payment to the sender", input: xrp(destination: "rfxdLwsZnoespnTDDb1Xhvbc8EFNdztaoq"),
                error: .invalidField("destination", reason: "is the sender")),
        Refusal(name: "zero drops", input: xrp(drops: 0), error: .invalidField("amount", reason: "must be positive")),
        Refusal(name: "drops over 10^17", input: xrp(drops: BigUInt.powerOfTen(17) + 1, balance: BigUInt.powerOfTen(18)),
                error: .amountOutOfRange("amount")),
        Refusal(name: "amount plus fee over balance", input: xrp(drops: 11), error: .insufficientBalance(required: 21, available: 20)),
        Refusal(name: "memos over 1 KB", input: xrp(memos: [XrpSignerInput.Memo(data: [UInt8](repeating: 7, count: 1020))]),
                error: .memoTooLong(maxBytes: 1024)),
        Refusal(name: "memo type not URL text", input: xrp(memos: [XrpSignerInput.Memo(type: Array("a b".utf8), data: [1])]),
                error: .invalidField("memos", reason: "MemoType must be URL characters")),
        Refusal(name: "memo format not URL text", input: xrp(memos: [XrpSignerInput.Memo(data: [1], format: [0x0A])]),
                error: .invalidField("memos", reason: "MemoFormat must be URL characters")),
        Refusal(name: "empty memo", input: xrp(memos: [XrpSignerInput.Memo()]),
                error: .invalidField("memos", reason: "a memo needs a type, data or format")),
        Refusal(name: "XRP as an issued currency", input: iou(currency: "XRP"),
                error: .invalidField("currency", reason: "XRP is not an issued currency")),
        Refusal(name: "currency with a space", input: iou(currency: "U D"),
                error: .invalidField("currency", reason: "not a standard currency code")),
        Refusal(name: "currency of 4 letters", input: iou(currency: "USDC"),
                error: .invalidField("currency", reason: "a currency is 3 characters or 40 hex digits")),
        Refusal(name: "160-bit code in standard format", input: iou(currency: "00" + String(repeating: "AB", count: 19)),
                error: .invalidField("currency", reason: "a 160-bit code may not start with 0x00")),
        Refusal(name: "invalid issuer", input: iou(issuer: "rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59C"), error: .invalidAddress("issuer")),
        Refusal(name: "IOU value below the XRPL range", input: iou(value: "1e-97"), error: .amountOutOfRange("value")),
        Refusal(name: "IOU value above the XRPL range", input: iou(value: "1e97"), error: .amountOutOfRange("value")),
        Refusal(name: "IOU value of 17 digits", input: iou(value: "1.2345678901234567"),
                error: .invalidField("value", reason: "more than 16 significant digits")),
        Refusal(name: "IOU value negative", input: iou(value: "-1"), error: .invalidField("value", reason: "must be positive")),
        Refusal(name: "IOU value zero", input: iou(value: "0.000"), error: .invalidField("value", reason: "must be positive")),
        Refusal(name: "IOU value not a number", input: iou(value: "1.2.3"), error: .invalidField("value", reason: "not a decimal number")),
        Refusal(name: "IOU value empty", input: iou(value: ""), error: .invalidField("value", reason: "not a decimal number")),
        Refusal(name: "IOU missing token balance", input: iou(tokenBalance: nil), error: .missingField("token_balance")),
        Refusal(name: "IOU over token balance", input: iou(value: "2.5"), error: .insufficientBalance(required: 25, available: 20)),
        Refusal(name: "IOU with zero token balance", input: iou(value: "1", tokenBalance: "0"),
                error: .insufficientBalance(required: 1, available: 0)),
        Refusal(name: "IOU malformed token balance", input: iou(tokenBalance: "lots"),
                error: .invalidField("token_balance", reason: "not a positive XRPL value")),
        Refusal(name: "IOU fee over XRP balance", input: iou(fee: 21), error: .insufficientBalance(required: 21, available: 20)),
    ]

    @Test(arguments: refusals)
    func refuses(_ refusal: Refusal) throws {
        #expect(throws: refusal.error) { try XrpSigner.sign(refusal.input, key: try CTXVectorLoader.key(Self.key)) }
    }

    /// 16 significant digits with trailing zeros beyond them, and the range's edges, are signed.
    @Test(arguments: ["1234567890123456000000", "0.1000000000000000000000", "1e-81", "9999999999999999e80", "+5", ".5"])
    func acceptsExactIouValues(_ value: String) throws {
        _ = try XrpSigner.sign(Self.iou(value: value, tokenBalance: "9999999999999999e80"), key: try CTXVectorLoader.key(Self.key))
    }

    @Test func memosOfExactly1KBAreSigned() throws {
        // Memo object: header 0xEA, MemoData header 0x7D, 2-byte length (1018 > 192), 1018 bytes, end 0xE1 = 1024.
        let memo = XrpSignerInput.Memo(data: [UInt8](repeating: 7, count: 1018))
        _ = try XrpSigner.sign(Self.xrp(memos: [memo]), key: try CTXVectorLoader.key(Self.key))
    }
}
