import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

// Algorand `ChainTransfer` stage by stage through `RecordingChainTransport`: the requests of each stage, the fee per
// priority (the transaction's flat fee), a max send, a shortfall, an empty recipient's minimum balance, the note, a
// refused broadcast. Answers from Vectors/clients/algorand (their README names the sources).

private func algodFixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/algorand"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

/// The address of the ed25519 seed 0x11…11.
private let algoSender = "2BFLEMTUFO2KWOQTNC6UMFPE43ICESVXDIAWXL4FECRTFSLXQ43Y4T7XGU"
private let algoRecipient = "RFQN2EJP6PFQRRYJT3KRABFGKNHQS5VYBHOJQ75RHNKJZ7NPXOQPHBJRIM"
private let algoKey = try? Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32))

/// `GET /v2/accounts/{sender}`: `microAlgos`, min-balance 0.1 ALGO.
private func senderAccount(_ microAlgos: UInt64) -> String {
    #"{"address":"\#(algoSender)","amount":\#(microAlgos),"amount-without-pending-rewards":\#(microAlgos),"assets":[],"min-balance":100000,"pending-rewards":0,"round":45000000,"status":"Offline"}"#
}

@Suite struct AlgorandTransferTests {
    private func transfer(_ transport: RecordingChainTransport) throws -> any ChainTransfer {
        try #require(ChainTransfers.transfer(for: .algorand, transport: transport))
    }

    private func load(_ transport: RecordingChainTransport, _ input: TransferInput) async throws -> TransferLoad {
        let transfer = try transfer(transport)
        let preload = try await transfer.preload(input)
        let rates = try await transfer.feeRates(input)
        return try await transfer.load(input, preload: preload, rates: rates)
    }

    private func script(_ transport: RecordingChainTransport, microAlgos: UInt64, recipient: String = "account", params: String? = nil) async {
        await transport.answer(params ?? algodFixture("params"))
        await transport.answer(senderAccount(microAlgos))
        await transport.answer(algodFixture(recipient))
        await transport.answer(params ?? algodFixture("params"))
    }

    private func sign(_ load: TransferLoad, _ priority: FeePriority) throws -> SignedTransaction {
        try transfer(RecordingChainTransport()).sign(load, priority: priority, key: .ed25519(try #require(algoKey)))
    }

    private func input(_ amount: UInt64, isMax: Bool = false, memo: String? = nil) -> TransferInput {
        TransferInput(assetId: AssetId(chain: .algorand), sender: algoSender, recipient: algoRecipient, amount: BigUInt(amount), isMax: isMax, memo: memo)
    }

    @Test func aPaymentLoadsInFourRequestsWithTheFlatFee() async throws {
        let transport = RecordingChainTransport()
        await script(transport, microAlgos: 5_000_000)
        let load = try await load(transport, input(1_500_000))
        #expect(await transport.requests.map(\.path)
                    == ["/v2/transactions/params", "/v2/accounts/\(algoSender)", "/v2/accounts/\(algoRecipient)", "/v2/transactions/params"])
        // min-fee 1,000 microAlgos at every priority: the transaction's flat fee.
        #expect(load.fees.map(\.fee) == [BigUInt(1_000), BigUInt(1_000), BigUInt(1_000)])
        #expect(load.fees.map(\.amount) == [BigUInt(1_500_000), BigUInt(1_500_000), BigUInt(1_500_000)])
        // 5 ALGO less the 0.1 ALGO minimum balance.
        #expect(load.balance == BigUInt(4_900_000))
        #expect(load.recipientMinimum == nil)
        guard case let .algorand(params, note) = load.chain else { Issue.record("not an Algorand load"); return }
        #expect(params.lastRound == 45_000_000 && params.genesisId == "mainnet-v1.0" && note.isEmpty)
        #expect(load.check(.normal) == .sufficient)

        let signed = try sign(load, .normal)
        #expect(signed.hash.utf8.count == 52)
        // The msgpack holds fee 1000 (cd 03e8) and the amount 1,500,000 (ce 0016e360).
        #expect(Hex.encode(signed.bytes).contains("a3666565cd03e8"))
        #expect(Hex.encode(signed.bytes).contains("a3616d74ce0016e360"))
    }

    @Test func aFeeBelowTheProtocolMinimumIsRaisedToIt() async throws {
        let transport = RecordingChainTransport()
        let params = algodFixture("params").replacingOccurrences(of: #""min-fee": 1000"#, with: #""min-fee": 0"#)
        await script(transport, microAlgos: 5_000_000, params: params)
        let load = try await load(transport, input(1))
        #expect(load.fees.map(\.fee) == [BigUInt(1_000), BigUInt(1_000), BigUInt(1_000)])
    }

    @Test func aMaxSendKeepsTheFeeBack() async throws {
        let transport = RecordingChainTransport()
        await script(transport, microAlgos: 5_000_000)
        let load = try await load(transport, input(0, isMax: true))
        #expect(load.fees.map(\.amount) == [BigUInt(4_899_000), BigUInt(4_899_000), BigUInt(4_899_000)])
        #expect(load.check(.fast) == .sufficient)
        _ = try sign(load, .fast)
    }

    @Test func aShortfallIsReportedAndTheSignerRefusesIt() async throws {
        let transport = RecordingChainTransport()
        await script(transport, microAlgos: 5_000_000)
        let load = try await load(transport, input(4_900_000))
        #expect(load.check(.normal) == .insufficientBalance(required: BigUInt(4_901_000), available: BigUInt(4_900_000)))
        #expect(throws: SignerError.self) { try sign(load, .normal) }
    }

    @Test func anEmptyRecipientMustReceiveTheMinimumBalance() async throws {
        let transport = RecordingChainTransport()
        await script(transport, microAlgos: 5_000_000, recipient: "account.empty")
        let load = try await load(transport, input(50_000))
        #expect(load.recipientMinimum == BigUInt(100_000))
        #expect(load.check(.normal) == .belowRecipientMinimum(minimum: BigUInt(100_000)))
    }

    @Test func theMemoIsTheNote() async throws {
        let transport = RecordingChainTransport()
        await script(transport, microAlgos: 5_000_000)
        let load = try await load(transport, input(1_500_000, memo: "hi"))
        guard case let .algorand(_, note) = load.chain else { Issue.record("not an Algorand load"); return }
        #expect(note == Array("hi".utf8))
        // "note": bin8 of 2 bytes.
        #expect(Hex.encode(try sign(load, .normal).bytes).contains("a46e6f7465c4026869"))
    }

    @Test func aNoteOver1024BytesIsRefusedBeforeAnyRequest() async throws {
        let transport = RecordingChainTransport()
        await #expect(throws: ChainClientError.malformed("memo: an Algorand note is at most 1024 bytes")) {
            try await transfer(transport).preload(input(1, memo: String(repeating: "a", count: 1_025)))
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test func aRefusedBroadcastIsRejected() async throws {
        let transport = RecordingChainTransport()
        let body = algodFixture("transactions.error")
        await transport.answer(body, status: 400)
        let signed = SignedTransaction(bytes: [0x80], encoded: "80", hash: "")
        do {
            _ = try await transfer(transport).broadcast(signed)
            Issue.record("a refused broadcast answered a txid")
        } catch {
            guard case let .rejected(message) = error as? ChainClientError else { Issue.record("not rejected: \(error)"); return }
            #expect(message.contains("overspend"))
        }
    }

    @Test func statusIsPendingUntilConfirmed() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(algodFixture("pending"))
        await transport.answer(algodFixture("pending.confirmed"))
        let id = "YW6VRDLDUKJ3C3TESTLNMY2LCEQQXLRG6RXPWK4P2P27XXHLHPFQ"
        #expect(try await transfer(transport).status(hash: id, input: input(1)).state == .pending)
        #expect(try await transfer(transport).status(hash: id, input: input(1)).state == .confirmed)
        #expect(await transport.requests.map(\.path) == ["/v2/transactions/pending/\(id)", "/v2/transactions/pending/\(id)"])
    }

    /// The node's txId must be the signed transaction's (base32 of SHA-512/256 of the prefix TX and the transaction):
    /// the same one is answered back, another is refused as malformed (a node lying or broken about what it accepted).
    @Test func theAnsweredHashMustBeTheSignedTransactions() async throws {
        let transport = RecordingChainTransport()
        await script(transport, microAlgos: 5_000_000)
        let load = try await load(transport, input(1_500_000))
        let signed = try sign(load, .normal)
        try await expectTheAnsweredHashIsTheSignedOne(signed, answer: algodFixture("transactions"), other: "YW6VRDLDUKJ3C3TESTLNMY2LCEQQXLRG6RXPWK4P2P27XXHLHPFQ", noun: "txId") { try transfer($0) }
    }
}
