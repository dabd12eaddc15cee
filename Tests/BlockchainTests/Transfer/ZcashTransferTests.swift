import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

// Zcash (transparent) `ChainTransfer` stage by stage through `RecordingChainTransport`: the preload's two requests
// and what it maps (branch id, expiry height), the ZIP-317 fee per priority, a max send, a shortfall, a refused
// broadcast and a node answering another txid. Node answers: Vectors/clients/bitcoin (status_zcash.json, sendtx*).

/// The P2PKH address of the secp256k1 key 0x11…11 (version 0x1CB8; tests/chains/fixtures/send/zcash.json).
private let zcashSender = "t1gtRERLXEZ1xS4fPMnR1K8DyHCHUjAgWni"
/// The P2PKH address of the key 0x22…22.
private let zcashRecipient = "t1RSr79xfHYE8LALif4h9Puuft9pGgydJv3"
private let zcashKey = try? Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x11, count: 32))

/// status_zcash.json: bestHeight 2,726,400, consensus.nextblock c8e71055 (NU6).
private let statusHeight: UInt32 = 2_726_400
private let nu6: UInt32 = 0xC8E7_1055

@Suite struct ZcashTransferTests {
    private func transfer(_ transport: RecordingChainTransport) throws -> any ChainTransfer {
        try #require(ChainTransfers.transfer(for: .zcash, transport: transport))
    }

    /// The sender's UTXOs of `values` zatoshis (txids 01…01, 02…02, …), then the node status.
    private func script(_ transport: RecordingChainTransport, values: [UInt64], status: String = blockbookFixture("status_zcash")) async {
        let utxos = values.enumerated().map { index, value in
            #"{"txid":"\#(String(repeating: String(format: "%02x", index + 1), count: 32))","vout":\#(index),"value":"\#(value)","height":2726000,"confirmations":401}"#
        }
        await transport.answer("[" + utxos.joined(separator: ",") + "]")
        await transport.answer(status)
    }

    private func input(_ amount: UInt64, max: Bool = false) -> TransferInput {
        TransferInput(assetId: AssetId(chain: .zcash), sender: zcashSender, recipient: zcashRecipient, amount: BigUInt(amount), isMax: max)
    }

    private func sign(_ load: TransferLoad, _ priority: FeePriority = .normal) throws -> SignedTransaction {
        try transfer(RecordingChainTransport()).sign(load, priority: priority, key: .secp256k1(try #require(zcashKey)))
    }

    private static func u32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    @Test func zcashHasATransfer() throws {
        let transfer = try transfer(RecordingChainTransport())
        #expect(transfer.chain == .zcash && transfer.keyType == .secp256k1)
    }

    @Test func thePreloadReadsTheUTXOsThenTheNodeStatusForTheBranchIdAndExpiry() async throws {
        let transport = RecordingChainTransport()
        await script(transport, values: [120_000, 30_000])
        let preload = try await transfer(transport).preload(input(50_000))
        #expect(await transport.requests.map(\.path) == ["/api/v2/utxo/\(zcashSender)", "/api/"])
        #expect(await transport.requests.map(\.method) == [.get, .get])
        #expect(preload.balance == BigUInt(150_000) && preload.feeBalance == BigUInt(150_000))
        // The next block is 2,726,401; the transaction expires 40 blocks after it.
        let utxos = [BitcoinUTXO(txid: String(repeating: "01", count: 32), vout: 0, value: 120_000),
                     BitcoinUTXO(txid: String(repeating: "02", count: 32), vout: 1, value: 30_000)]
        #expect(preload.chain == .zcash(utxos: utxos, consensusBranchId: nu6, expiryHeight: statusHeight + 41))
    }

    @Test func theFeeRatesAskNothing() async throws {
        let transport = RecordingChainTransport()
        let rates = try await transfer(transport).feeRates(input(1))
        #expect(rates == BlockbookMapper.zcashFeeRates && rates.rates.map(\.value) == [5_000, 5_000, 5_000].map { BigUInt($0) })
        #expect(await transport.requests.isEmpty)
    }

    @Test func theFeeIsZIP317sAndTheSignedTransactionCarriesTheBranchIdAndExpiry() async throws {
        let transport = RecordingChainTransport()
        await script(transport, values: [120_000, 30_000])
        let load = try await stages(try transfer(transport), input(50_000))
        #expect(await transport.requests.count == 2)
        // One P2PKH input (148 bytes: 1 action), recipient and change (68 bytes: 2 actions): max(2, 1, 2) × 5,000.
        #expect(load.fees.map(\.fee) == [BigUInt(10_000), BigUInt(10_000), BigUInt(10_000)])
        #expect(load.fees.map(\.amount) == [BigUInt(50_000), BigUInt(50_000), BigUInt(50_000)])
        #expect(load.feeAssetId == AssetId(chain: .zcash) && load.check(.normal) == .sufficient)
        guard case let .zcash(utxos, branch, expiry) = load.chain else { Issue.record("not a Zcash load: \(load.chain)"); return }
        #expect(utxos.count == 2 && branch == nu6 && expiry == statusHeight + 41)

        let signed = try sign(load)
        // ZIP-225 header: version 0x80000005, version group 0x26A7270A, branch id, lock time 0, expiry height.
        #expect(Self.u32(signed.bytes, at: 0) == 0x8000_0005 && Self.u32(signed.bytes, at: 4) == 0x26A7_270A)
        #expect(Self.u32(signed.bytes, at: 8) == nu6 && Self.u32(signed.bytes, at: 12) == 0)
        #expect(Self.u32(signed.bytes, at: 16) == statusHeight + 41)
        #expect(signed.hash.count == 64 && signed.encoded == Hex.encode(signed.bytes))
        // Recipient 50,000 and change 150,000 - 50,000 - 10,000 from the one 120,000 input: 60,000.
        #expect(signed.encoded.contains("50c3000000000000") && signed.encoded.contains("60ea000000000000"))
    }

    @Test func moreInputsAreMoreLogicalActions() async throws {
        let transport = RecordingChainTransport()
        await script(transport, values: [40_000, 40_000, 40_000])
        let load = try await stages(try transfer(transport), input(100_000))
        // Three inputs (444 bytes): ceil(444 / 150) = 3 actions.
        #expect(load.fee(.fast)?.fee == BigUInt(15_000) && load.check(.fast) == .sufficient)
        _ = try sign(load, .fast)
    }

    @Test func aMaxSendKeepsTheFeeBack() async throws {
        let transport = RecordingChainTransport()
        await script(transport, values: [120_000, 30_000])
        let load = try await stages(try transfer(transport), input(0, max: true))
        // Two inputs (296 bytes: 2 actions), one output: 10,000.
        for fee in load.fees { #expect(fee.fee == BigUInt(10_000) && fee.amount == BigUInt(140_000)) }
        #expect(load.check(.slow) == .sufficient)
        let signed = try sign(load, .slow)
        // One output of 140,000 (0x0222E0).
        #expect(signed.encoded.contains("e022020000000000"))
    }

    @Test func aShortfallIsReportedAndTheSignerRefusesIt() async throws {
        let transport = RecordingChainTransport()
        await script(transport, values: [30_000])
        let load = try await stages(try transfer(transport), input(50_000))
        #expect(load.fee(.normal)?.fee == BigUInt(10_000))
        #expect(load.check(.normal) == .insufficientBalance(required: BigUInt(60_000), available: BigUInt(30_000)))
        #expect(throws: SignerError.self) { try sign(load) }
    }

    @Test func aNodeWithoutABranchIdOrWithAnImpossibleHeightFailsThePreload() async throws {
        let noConsensus = RecordingChainTransport()
        await script(noConsensus, values: [30_000], status: blockbookFixture("status_btc"))
        await #expect(throws: ChainClientError.malformed("the Zcash node reports no consensus branch id")) {
            try await transfer(noConsensus).preload(input(1_000))
        }
        let tooHigh = RecordingChainTransport()
        await script(tooHigh, values: [30_000],
                     status: #"{"blockbook":{"bestHeight":499999959,"inSync":true},"backend":{"blocks":499999959,"consensus":{"chaintip":"c8e71055","nextblock":"c8e71055"}}}"#)
        await #expect(throws: ChainClientError.malformed("the Zcash node's height 499999959 leaves no valid expiry height")) {
            try await transfer(tooHigh).preload(input(1_000))
        }
        #expect(try BitcoinClient.zcashExpiryHeight(latestBlock: 499_999_958) == 499_999_999)
    }

    @Test func aBitcoinPreloadIsNotAZcashOne() async throws {
        let transport = RecordingChainTransport()
        await script(transport, values: [120_000])
        let transfer = try transfer(transport)
        let preload = try await transfer.preload(input(50_000))
        let rates = try await transfer.feeRates(input(50_000))
        let wrong = TransferPreload(balance: preload.balance, feeBalance: preload.feeBalance, chain: .bitcoin(utxos: []))
        await #expect(throws: ChainClientError.unsupported("a zcash load needs a zcash preload")) {
            try await transfer.load(input(50_000), preload: wrong, rates: rates)
        }
        let bitcoin = try #require(ChainTransfers.transfer(for: .bitcoin, transport: RecordingChainTransport()))
        let btcInput = TransferInput(assetId: AssetId(chain: .bitcoin), sender: "bc1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysn4v0345",
                                     recipient: "bc1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysn4v0345", amount: BigUInt(1))
        await #expect(throws: ChainClientError.unsupported("a bitcoin load needs a bitcoin preload")) {
            try await bitcoin.load(btcInput, preload: preload, rates: rates)
        }
    }

    @Test func aRefusedBroadcastIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(blockbookFixture("sendtx_error"), status: 400)
        let transfer = try transfer(transport)
        do {
            _ = try await transfer.broadcast(SignedTransaction(bytes: [0], encoded: "00", hash: String(repeating: "ab", count: 32)))
            Issue.record("the broadcast was accepted")
        } catch {
            guard case .rejected = error else { Issue.record("expected rejected, got \(error)"); return }
        }
        let body = await transport.body(0)
        #expect(await transport.requests.map(\.path) == ["/api/v2/sendtx/"] && body == "00")
    }

    @Test func aNodeAnsweringAnotherTxidFailsTheBroadcast() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(blockbookFixture("sendtx"))
        await transport.answer(blockbookFixture("sendtx"))
        let transfer = try transfer(transport)
        let other = SignedTransaction(bytes: [0], encoded: "00", hash: String(repeating: "ab", count: 32))
        await #expect(throws: ChainClientError.self) { try await transfer.broadcast(other) }
        let same = SignedTransaction(bytes: [0], encoded: "00", hash: "7c3be24063f268aef8d8b6d6e4ce46cea8bbd2a0a4a3b7b9e8d0f6f7a8e1b3f2")
        #expect(try await transfer.broadcast(same) == same.hash)
    }
}
