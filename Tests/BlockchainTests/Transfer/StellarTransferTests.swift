import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

// Stellar `ChainTransfer` stage by stage through `RecordingChainTransport`: the requests of each stage, the fee per
// priority (the transaction's fee), a max send, a shortfall, a new recipient's starting balance, the memo, a refused
// broadcast; then an issued asset (USDC): its balance and the XLM fee, a max send, shortfalls of the asset and of XLM,
// a recipient without the account or the trustline. Answers from Vectors/clients/stellar (their README names the
// sources).

private func horizonFixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/stellar"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

/// The address of the ed25519 seed 0x11…11.
private let xlmSender = "GDIEVMRSOQV3JKZ2CNUL2RQV4TTNAISKW4NAC25PQUQKGMWJO6DTOAE7"
private let xlmRecipient = "GCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZI55U"
private let xlmKey = try? Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32))

/// `GET /accounts/{sender}`: sequence 1000, `xlm` (a 7-place decimal) native.
private func senderAccount(_ xlm: String) -> String {
    #"{"id":"\#(xlmSender)","account_id":"\#(xlmSender)","sequence":"1000","subentry_count":0,"balances":[{"balance":"\#(xlm)","buying_liabilities":"0.0000000","selling_liabilities":"0.0000000","asset_type":"native"}]}"#
}

/// Circle's USDC issuer and the token id `issuer::code`.
private let usdcIssuer = "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN"
private let usdc = "\(usdcIssuer)::USDC"

/// A USDC trustline entry of `balances[]` holding `amount` (a 7-place decimal), as Horizon lists it.
private func usdcEntry(_ amount: String) -> String {
    #"{"balance":"\#(amount)","limit":"922337203685.4775807","buying_liabilities":"0.0000000","selling_liabilities":"0.0000000","is_authorized":true,"asset_type":"credit_alphanum4","asset_code":"USDC","asset_issuer":"\#(usdcIssuer)"}"#
}

/// `GET /accounts/{id}`: sequence 1000, `xlm` native, and a USDC trustline holding `usdcAmount` (none when nil).
private func account(_ id: String, xlm: String, usdcAmount: String?) -> String {
    let entries = (usdcAmount.map { [usdcEntry($0)] } ?? []) + [#"{"balance":"\#(xlm)","asset_type":"native"}"#]
    return #"{"id":"\#(id)","account_id":"\#(id)","sequence":"1000","subentry_count":1,"balances":[\#(entries.joined(separator: ","))]}"#
}

@Suite struct StellarTransferTests {
    private func transfer(_ transport: RecordingChainTransport) throws -> any ChainTransfer {
        try #require(ChainTransfers.transfer(for: .stellar, transport: transport))
    }

    private func load(_ transport: RecordingChainTransport, _ input: TransferInput) async throws -> TransferLoad {
        let transfer = try transfer(transport)
        let preload = try await transfer.preload(input)
        let rates = try await transfer.feeRates(input)
        return try await transfer.load(input, preload: preload, rates: rates)
    }

    private func script(_ transport: RecordingChainTransport, xlm: String, recipient: (String, Int) = ("account.destination", 200)) async {
        await transport.answer(senderAccount(xlm))
        await transport.answer(horizonFixture(recipient.0), status: recipient.1)
        await transport.answer(horizonFixture("fee_stats"))
    }

    private func sign(_ load: TransferLoad, _ priority: FeePriority) throws -> SignedTransaction {
        try transfer(RecordingChainTransport()).sign(load, priority: priority, key: .ed25519(try #require(xlmKey)))
    }

    private func input(_ amount: UInt64, isMax: Bool = false, memo: String? = nil) -> TransferInput {
        TransferInput(assetId: AssetId(chain: .stellar), sender: xlmSender, recipient: xlmRecipient, amount: BigUInt(amount), isMax: isMax, memo: memo)
    }

    @Test func aPaymentLoadsInThreeRequestsWithTheFeeOfEachPriority() async throws {
        let transport = RecordingChainTransport()
        await script(transport, xlm: "25.5000000")
        let load = try await load(transport, input(25_000_000))
        #expect(await transport.requests.map(\.path) == ["/accounts/\(xlmSender)", "/accounts/\(xlmRecipient)", "/fee_stats"])
        #expect(await transport.requests.allSatisfy { $0.method == .get })
        // fee_charged min 100 (slow, normal), p95 250 × 2 (fast): stroops for the one operation.
        #expect(load.fees.map(\.fee) == [BigUInt(100), BigUInt(100), BigUInt(500)])
        #expect(load.fees.map(\.amount) == [BigUInt(25_000_000), BigUInt(25_000_000), BigUInt(25_000_000)])
        // 25.5 XLM less the 1 XLM reserve.
        #expect(load.balance == BigUInt(245_000_000))
        #expect(load.chain == .stellar(sequence: 1000, destinationExists: true, memo: .none))
        #expect(load.recipientMinimum == nil)
        #expect(load.check(.fast) == .sufficient)

        let signed = try sign(load, .fast)
        // The envelope: ENVELOPE_TYPE_TX, the source key, fee 500 (0x1F4), sequence 1001 (0x3E9).
        #expect(signed.bytes.prefix(4) == [0, 0, 0, 2])
        #expect(Hex.encode(Array(signed.bytes[40..<44])) == "000001f4")
        #expect(Hex.encode(Array(signed.bytes[44..<52])) == "00000000000003e9")
        #expect(signed.hash.utf8.count == 64)
    }

    @Test func aMaxSendKeepsTheFeeBack() async throws {
        let transport = RecordingChainTransport()
        await script(transport, xlm: "25.5000000")
        let load = try await load(transport, input(0, isMax: true))
        #expect(load.fees.map(\.amount) == [BigUInt(244_999_900), BigUInt(244_999_900), BigUInt(244_999_500)])
        for priority in [FeePriority.slow, .fast] {
            #expect(load.check(priority) == .sufficient)
            _ = try sign(load, priority)
        }
    }

    @Test func aShortfallIsReportedAndTheSignerRefusesIt() async throws {
        let transport = RecordingChainTransport()
        await script(transport, xlm: "3.0000000")
        let load = try await load(transport, input(20_000_000))
        #expect(load.check(.normal) == .insufficientBalance(required: BigUInt(20_000_100), available: BigUInt(20_000_000)))
        #expect(throws: SignerError.insufficientBalance(required: BigUInt(20_000_100), available: BigUInt(20_000_000))) { try sign(load, .normal) }
    }

    @Test func aNewRecipientMustReceiveOneXLM() async throws {
        let transport = RecordingChainTransport()
        await script(transport, xlm: "25.5000000", recipient: ("account.notFound", 404))
        let load = try await load(transport, input(5_000_000))
        #expect(load.recipientMinimum == BigUInt(10_000_000))
        #expect(load.check(.normal) == .belowRecipientMinimum(minimum: BigUInt(10_000_000)))
        #expect(load.chain == .stellar(sequence: 1000, destinationExists: false, memo: .none))
    }

    @Test func theMemoIsAText() async throws {
        let transport = RecordingChainTransport()
        await script(transport, xlm: "25.5000000")
        let load = try await load(transport, input(25_000_000, memo: "deposit 42"))
        #expect(load.chain == .stellar(sequence: 1000, destinationExists: true, memo: .text("deposit 42")))
        #expect(Hex.encode(try sign(load, .normal).bytes).contains(Hex.encode(Array("deposit 42".utf8))))
    }

    @Test func aMemoOver28BytesIsRefusedBeforeAnyRequest() async throws {
        let transport = RecordingChainTransport()
        await #expect(throws: ChainClientError.malformed("memo: a Stellar text memo is at most 28 bytes")) {
            try await transfer(transport).preload(input(1, memo: String(repeating: "a", count: 29)))
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test func anUnfundedSenderIsNotFound() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(horizonFixture("account.notFound"), status: 404)
        await #expect(throws: ChainClientError.notFound("sender: the account does not exist")) { try await transfer(transport).preload(input(1)) }
    }

    @Test func aRefusedBroadcastIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(horizonFixture("transactions_async.error"), status: 400)
        let signed = SignedTransaction(bytes: [0], encoded: "AAAA", hash: "")
        await #expect(throws: ChainClientError.rejected("AAAAAAAAAGT////7AAAAAA==")) { try await transfer(transport).broadcast(signed) }
        #expect(await transport.requests.map(\.path) == ["/transactions_async"])
    }

    @Test func statusIsPendingUntilHorizonHasTheTransaction() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(horizonFixture("transaction.notFound"), status: 404)
        await transport.answer(horizonFixture("transaction"))
        let hash = "0836405b09a06df0b7d72e0706399465b1130a2e5bc968dd95463da1568bcedf"
        #expect(try await transfer(transport).status(hash: hash, input: input(1)).state == .pending)
        #expect(try await transfer(transport).status(hash: hash, input: input(1)).state == .confirmed)
    }

    /// The node's hash must be the signed transaction's (SHA-256 of the network id, the envelope type and the
    /// transaction): the same one is answered back, another is refused as malformed (a node lying or broken about what
    /// it accepted).
    @Test func theAnsweredHashMustBeTheSignedTransactions() async throws {
        let transport = RecordingChainTransport()
        await script(transport, xlm: "25.5000000")
        let load = try await load(transport, input(25_000_000))
        let signed = try sign(load, .fast)
        try await expectTheAnsweredHashIsTheSignedOne(signed, answer: horizonFixture("transactions_async"), other: "0836405b09a06df0b7d72e0706399465b1130a2e5bc968dd95463da1568bcedf", status: 201, noun: "hash") { try transfer($0) }
    }

    // MARK: Issued assets

    private func usdcInput(_ amount: UInt64, isMax: Bool = false) throws -> TransferInput {
        TransferInput(assetId: try AssetId(chain: .stellar, tokenId: usdc), sender: xlmSender, recipient: xlmRecipient, amount: BigUInt(amount),
                      isMax: isMax)
    }

    /// The sender (`xlm`, `usdcAmount`), the recipient (with a USDC trustline unless `trustline` is false; 404 when
    /// `recipientExists` is false), the fee stats.
    private func usdcScript(_ transport: RecordingChainTransport, xlm: String = "25.5000000", usdcAmount: String? = "100.0000000",
                            recipientExists: Bool = true, trustline: Bool = true) async {
        await transport.answer(account(xlmSender, xlm: xlm, usdcAmount: usdcAmount))
        if recipientExists {
            await transport.answer(account(xlmRecipient, xlm: "3.0000000", usdcAmount: trustline ? "0.0000000" : nil))
        } else {
            await transport.answer(horizonFixture("account.notFound"), status: 404)
        }
        await transport.answer(horizonFixture("fee_stats"))
    }

    @Test func anIssuedAssetPaymentSendsFromItsBalanceAndPaysTheFeeInXLM() async throws {
        let transport = RecordingChainTransport()
        await usdcScript(transport)
        let load = try await load(transport, try usdcInput(250_000_000))
        #expect(await transport.requests.map(\.path) == ["/accounts/\(xlmSender)", "/accounts/\(xlmRecipient)", "/fee_stats"])
        #expect(load.fees.map(\.fee) == [BigUInt(100), BigUInt(100), BigUInt(500)])
        #expect(load.fees.map(\.amount) == [BigUInt(250_000_000), BigUInt(250_000_000), BigUInt(250_000_000)])
        // 100 USDC; 25.5 XLM less the 1 XLM reserve pays the fee.
        #expect(load.balance == BigUInt(1_000_000_000) && load.feeBalance == BigUInt(245_000_000) && load.feeAssetId == AssetId(chain: .stellar))
        #expect(load.recipientMinimum == nil)
        #expect(load.chain == .stellar(sequence: 1000, destinationExists: true, memo: .none))
        #expect(load.check(.fast) == .sufficient)

        // The same envelope the signer makes for a USDC payment of the amount.
        let signed = try sign(load, .fast)
        let expected = try StellarSigner.sign(StellarSignerInput(destination: xlmRecipient, asset: .credit(code: "USDC", issuer: usdcIssuer),
                                                                 amount: BigUInt(250_000_000), fee: 500, accountSequence: 1000, destinationExists: true,
                                                                 validUntil: 0, balance: BigUInt(245_000_000)), key: try #require(xlmKey))
        #expect(signed == expected)
        // credit_alphanum4 (1), "USDC", the issuer's key type: the Payment's asset.
        #expect(Hex.encode(signed.bytes).contains("00000001" + Hex.encode(Array("USDC".utf8)) + "00000000"))
    }

    @Test func aMaxIssuedAssetSendMovesTheWholeAssetBalance() async throws {
        let transport = RecordingChainTransport()
        await usdcScript(transport)
        let load = try await load(transport, try usdcInput(0, isMax: true))
        #expect(load.fees.map(\.amount) == [BigUInt(1_000_000_000), BigUInt(1_000_000_000), BigUInt(1_000_000_000)])
        #expect(load.check(.fast) == .sufficient)
        _ = try sign(load, .fast)
    }

    @Test func aShortfallOfTheAssetIsInsufficientBalance() async throws {
        let transport = RecordingChainTransport()
        await usdcScript(transport, usdcAmount: "1.0000000")
        let load = try await load(transport, try usdcInput(10_000_001))
        #expect(load.check(.normal) == .insufficientBalance(required: BigUInt(10_000_001), available: BigUInt(10_000_000)))
        #expect(throws: SignerError.insufficientBalance(required: BigUInt(10_000_001), available: BigUInt(10_000_000))) { try sign(load, .normal) }
        // A sender without the trustline holds none of it.
        let none = RecordingChainTransport()
        await usdcScript(none, usdcAmount: nil)
        #expect(try await self.load(none, try usdcInput(1)).check(.normal) == .insufficientBalance(required: BigUInt(1), available: .zero))
    }

    @Test func aShortfallOfXLMForTheFeeIsInsufficientFeeBalance() async throws {
        let transport = RecordingChainTransport()
        // 1.00004 XLM: 400 stroops above the reserve, short of the fast fee of 500.
        await usdcScript(transport, xlm: "1.0000400")
        let load = try await load(transport, try usdcInput(10_000_000))
        #expect(load.check(.normal) == .sufficient)
        #expect(load.check(.fast) == .insufficientFeeBalance(required: BigUInt(500), available: BigUInt(400)))
        #expect(throws: SignerError.insufficientBalance(required: BigUInt(500), available: BigUInt(400))) { try sign(load, .fast) }
    }

    @Test func anIssuedAssetsRecipientMustExistAndHoldTheTrustline() async throws {
        let missing = RecordingChainTransport()
        await usdcScript(missing, recipientExists: false)
        await #expect(throws: ChainClientError.notFound("recipient: the account does not exist, and only XLM can create it")) {
            try await load(missing, try usdcInput(10_000_000))
        }
        let untrusting = RecordingChainTransport()
        await usdcScript(untrusting, trustline: false)
        await #expect(throws: ChainClientError.notFound("recipient: the account holds no trustline for USDC")) {
            try await load(untrusting, try usdcInput(10_000_000))
        }
    }

    @Test func aTokenIdThatIsNotIssuerAndCodeIsRefusedBeforeAnyRequest() async throws {
        let transport = RecordingChainTransport()
        for tokenId in ["USDC", "\(usdcIssuer)::", "\(usdcIssuer)::US-DC", "\(usdcIssuer)::ABCDEFGHIJKLM", "GABC::USDC", "\(xlmSender)::USDC::X"] {
            let input = TransferInput(assetId: try AssetId(chain: .stellar, tokenId: tokenId), sender: xlmSender, recipient: xlmRecipient,
                                      amount: BigUInt(1))
            await #expect(throws: ChainClientError.self) { try await transfer(transport).preload(input) }
        }
        #expect(await transport.requests.isEmpty)
    }
}
