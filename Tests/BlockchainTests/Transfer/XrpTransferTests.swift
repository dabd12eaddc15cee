import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

// XRP `ChainTransfer` stage by stage through `RecordingChainTransport`: the requests of each stage, the fee per
// priority (the Payment's `Fee`), a max send, a shortfall, a new recipient's reserve, the memo as destination tag, a
// refused broadcast. Answers from Vectors/clients/xrp (their README names the sources).

private func xrpFixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/xrp"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

/// The address of the secp256k1 key 0x11…11.
private let xrpSender = "rQrFNnvPGNNMqRcVRMbtBK3hpYaPzoa8K9"
private let xrpRecipient = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn"
private let xrpKey = try? Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x11, count: 32))

/// `account_info` of the sender: `drops` of Balance, Sequence 17, current ledger 26575101.
private func senderInfo(_ drops: UInt64) -> String {
    #"{"result":{"account_data":{"Account":"\#(xrpSender)","Balance":"\#(drops)","Flags":0,"LedgerEntryType":"AccountRoot","OwnerCount":0,"Sequence":17},"ledger_current_index":26575101,"status":"success","validated":false}}"#
}

private func xrpMethods(_ transport: RecordingChainTransport) async -> [String] {
    var names: [String] = []
    for index in await transport.requests.indices {
        let json = try? JSONParser.parse(Array(await transport.body(index).utf8))
        names.append(json?["method"]?.stringValue ?? "?")
    }
    return names
}

@Suite struct XrpTransferTests {
    private func transfer(_ transport: RecordingChainTransport) throws -> any ChainTransfer {
        try #require(ChainTransfers.transfer(for: .xrp, transport: transport))
    }

    private func load(_ transport: RecordingChainTransport, _ input: TransferInput) async throws -> TransferLoad {
        let transfer = try transfer(transport)
        let preload = try await transfer.preload(input)
        let rates = try await transfer.feeRates(input)
        return try await transfer.load(input, preload: preload, rates: rates)
    }

    /// Sender with `drops`, an existing recipient (`recipient` answer), the fee answer (median 11,000 drops).
    private func script(_ transport: RecordingChainTransport, drops: UInt64, recipient: String = "account_info") async {
        await transport.answer(senderInfo(drops))
        await transport.answer(xrpFixture(recipient))
        await transport.answer(xrpFixture("fee"))
    }

    private func sign(_ load: TransferLoad, _ priority: FeePriority) throws -> SignedTransaction {
        try transfer(RecordingChainTransport()).sign(load, priority: priority, key: .secp256k1(try #require(xrpKey)))
    }

    @Test func aPaymentLoadsInThreeRequestsWithTheFeeOfEachPriority() async throws {
        let transport = RecordingChainTransport()
        await script(transport, drops: 50_000_000)
        let input = TransferInput(assetId: AssetId(chain: .xrp), sender: xrpSender, recipient: xrpRecipient, amount: BigUInt(2_500_000))
        let load = try await load(transport, input)
        #expect(await xrpMethods(transport) == ["account_info", "account_info", "fee"])
        let (first, second) = (await transport.body(0), await transport.body(1))
        #expect(first.contains(xrpSender) && second.contains(xrpRecipient))
        // Slow max(10, 11000 / 2), normal the median, fast twice it: the Payment's Fee, burnt whole.
        #expect(load.fees.map(\.fee) == [BigUInt(5_500), BigUInt(11_000), BigUInt(22_000)])
        #expect(load.fees.map(\.amount) == [BigUInt(2_500_000), BigUInt(2_500_000), BigUInt(2_500_000)])
        // Available: Balance less the 1 XRP reserve.
        #expect(load.balance == BigUInt(49_000_000) && load.feeBalance == BigUInt(49_000_000))
        #expect(load.chain == .xrp(sequence: 17, lastLedgerSequence: 26_575_121, destinationTag: nil))
        #expect(load.recipientMinimum == nil)
        #expect(load.check(.fast) == .sufficient)

        let signed = try sign(load, .normal)
        #expect(signed.hash == Hex.encode(Array(Hash.sha512([0x54, 0x58, 0x4E, 0x00] + signed.bytes).prefix(32))).uppercased())
        // Fee 11,000 drops (0x2AF8) in the Fee field (type 6, field 8: 0x68), positive XRP amount.
        #expect(signed.encoded.contains("684000000000002AF8"))
        // Amount 2,500,000 drops (0x2625A0).
        #expect(signed.encoded.contains("6140000000002625A0"))
    }

    @Test func aMaxSendKeepsTheFeeBack() async throws {
        let transport = RecordingChainTransport()
        await script(transport, drops: 50_000_000)
        let input = TransferInput(assetId: AssetId(chain: .xrp), sender: xrpSender, recipient: xrpRecipient, amount: .zero, isMax: true)
        let load = try await load(transport, input)
        #expect(load.fees.map(\.amount) == [BigUInt(48_994_500), BigUInt(48_989_000), BigUInt(48_978_000)])
        for priority in [FeePriority.slow, .normal, .fast] {
            #expect(load.check(priority) == .sufficient)
            _ = try sign(load, priority)
        }
    }

    @Test func aShortfallIsReportedAndTheSignerRefusesIt() async throws {
        let transport = RecordingChainTransport()
        await script(transport, drops: 3_000_000)
        let input = TransferInput(assetId: AssetId(chain: .xrp), sender: xrpSender, recipient: xrpRecipient, amount: BigUInt(2_000_000))
        let load = try await load(transport, input)
        #expect(load.check(.normal) == .insufficientBalance(required: BigUInt(2_011_000), available: BigUInt(2_000_000)))
        #expect(throws: SignerError.insufficientBalance(required: BigUInt(2_011_000), available: BigUInt(2_000_000))) { try sign(load, .normal) }
        // A max send of a balance that does not cover the fee moves nothing.
        let maxTransport = RecordingChainTransport()
        await script(maxTransport, drops: 1_000_000)
        let max = try await self.load(maxTransport, TransferInput(assetId: AssetId(chain: .xrp), sender: xrpSender, recipient: xrpRecipient,
                                                                  amount: .zero, isMax: true))
        #expect(max.check(.slow) == .insufficientBalance(required: BigUInt(5_501), available: .zero))
    }

    @Test func aNewRecipientMustReceiveTheReserve() async throws {
        let transport = RecordingChainTransport()
        await script(transport, drops: 50_000_000, recipient: "account_info_not_found")
        let input = TransferInput(assetId: AssetId(chain: .xrp), sender: xrpSender, recipient: xrpRecipient, amount: BigUInt(500_000))
        let load = try await load(transport, input)
        #expect(load.recipientMinimum == XrpMapper.reserve)
        #expect(load.check(.normal) == .belowRecipientMinimum(minimum: BigUInt(1_000_000)))
    }

    @Test func theMemoIsTheDestinationTag() async throws {
        let transport = RecordingChainTransport()
        await script(transport, drops: 50_000_000, recipient: "account_info.requireDestTag")
        let input = TransferInput(assetId: AssetId(chain: .xrp), sender: xrpSender, recipient: xrpRecipient, amount: BigUInt(1), memo: "4294967295")
        let load = try await load(transport, input)
        #expect(load.chain == .xrp(sequence: 17, lastLedgerSequence: 26_575_121, destinationTag: UInt32.max))
        // DestinationTag (type 2, field 14: 0x2E) 0xFFFFFFFF.
        #expect(try sign(load, .normal).encoded.contains("2EFFFFFFFF"))
    }

    @Test func aRecipientThatRequiresATagRefusesASendWithout() async throws {
        let transport = RecordingChainTransport()
        await script(transport, drops: 50_000_000, recipient: "account_info.requireDestTag")
        let input = TransferInput(assetId: AssetId(chain: .xrp), sender: xrpSender, recipient: xrpRecipient, amount: BigUInt(1))
        await #expect(throws: ChainClientError.malformed("recipient: requires a destination tag (the memo, a number)")) {
            try await self.load(transport, input)
        }
    }

    @Test(arguments: ["hello", "4294967296", "-1"])
    func aMemoThatIsNotATagIsRefusedBeforeAnyRequest(memo: String) async throws {
        let transport = RecordingChainTransport()
        let input = TransferInput(assetId: AssetId(chain: .xrp), sender: xrpSender, recipient: xrpRecipient, amount: BigUInt(1), memo: memo)
        await #expect(throws: ChainClientError.malformed("memo: an XRP destination tag is a number below 2^32")) {
            try await transfer(transport).preload(input)
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test func anIssuedCurrencyIsUnsupported() async throws {
        let transport = RecordingChainTransport()
        let input = TransferInput(assetId: try AssetId(chain: .xrp, tokenId: "rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De"), sender: xrpSender,
                                  recipient: xrpRecipient, amount: BigUInt(1))
        await #expect(throws: ChainClientError.self) { try await transfer(transport).preload(input) }
        #expect(await transport.requests.isEmpty)
    }

    @Test func aRefusedBroadcastIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(xrpFixture("submit.rejected"))
        let signed = SignedTransaction(bytes: [0x12], encoded: "12", hash: "")
        await #expect(throws: ChainClientError.rejected("tefPAST_SEQ: This sequence number has already passed.")) {
            try await transfer(transport).broadcast(signed)
        }
        #expect(await xrpMethods(transport) == ["submit"])
    }

    @Test func statusIsTheTxAnswer() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(xrpFixture("tx.notFound"))
        await transport.answer(xrpFixture("tx"))
        let input = TransferInput(assetId: AssetId(chain: .xrp), sender: xrpSender, recipient: xrpRecipient, amount: BigUInt(1))
        let hash = "7BF105CFE4EFE78ADB63FE4E03A851440551FE189FD4B51CAAD9279C9F534F0E"
        #expect(try await transfer(transport).status(hash: hash, input: input).state == .pending)
        #expect(try await transfer(transport).status(hash: hash, input: input).state == .confirmed)
        #expect(await xrpMethods(transport) == ["tx", "tx"])
    }

    /// The node's hash must be the signed transaction's (SHA-512Half of the prefix TXN and the blob): the same one is
    /// answered back, another is refused as malformed (a node lying or broken about what it accepted).
    @Test func theAnsweredHashMustBeTheSignedTransactions() async throws {
        let transport = RecordingChainTransport()
        await script(transport, drops: 50_000_000)
        let input = TransferInput(assetId: AssetId(chain: .xrp), sender: xrpSender, recipient: xrpRecipient, amount: BigUInt(2_500_000))
        let load = try await load(transport, input)
        let signed = try sign(load, .normal)
        try await expectTheAnsweredHashIsTheSignedOne(signed, answer: xrpFixture("submit"), other: "7BF105CFE4EFE78ADB63FE4E03A851440551FE189FD4B51CAAD9279C9F534F0E", noun: "hash") { try transfer($0) }
    }
}
