import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

// Cardano `ChainTransfer` stage by stage through `RecordingChainTransport`: the requests of each stage, the fee (the
// signer's linear min fee over the signed transaction, the same at every priority), a max send, a shortfall, the
// recipient's minimum ada, a refused broadcast. Answers from Vectors/clients/cardano (its README names the
// sources); the signed bytes are pinned by the pycardano vector "one-input-with-change" of Vectors/signing/cardano.json.

private func cardanoFixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/cardano"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

/// The pycardano vector "one-input-with-change": the abandon phrase's base address sends 1.5 ADA from one 10 ADA
/// UTxO (tx 01…01, index 0) with ttl 150,000,000 (the tip slot of tip.slot.json, 149,992,800, + 7,200).
private struct OracleVector {
    let raw: String
    let hash: String
    let fee: BigUInt

    static let shared: OracleVector? = {
        guard let url = Bundle.module.url(forResource: "cardano", withExtension: "json", subdirectory: "Vectors/signing"),
              let data = try? Data(contentsOf: url), let json = try? JSONParser.parse(Array(data)),
              let vector = json["vectors"]?.arrayValue?.first(where: { $0["name"]?.stringValue == "one-input-with-change" }),
              let raw = vector["expected"]?["raw"]?.stringValue, let hash = vector["expected"]?["hash"]?.stringValue,
              let fee = vector["expected"]?["fee"]?.stringValue.flatMap({ BigUInt($0) })
        else { return nil }
        return OracleVector(raw: raw, hash: hash, fee: fee)
    }()
}

private let phrase = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
private let cardanoSender = "addr1qy8ac7qqy0vtulyl7wntmsxc6wex80gvcyjy33qffrhm7sh927ysx5sftuw0dlft05dz3c7revpf7jx0xnlcjz3g69mq4afdhv"
private let cardanoRecipient = "addr1qyr8jjfnypp95eq74aqzn7ss687ehxclgj7mu6gratmg3mul2040vt35dypp042awzsjk5xm3zr3zm5qh7454uwdv08s84ray2"

private func paymentKey() throws -> CardanoHDKey {
    try CardanoHDKey(mnemonic: try Mnemonic(phrase)).derive(try DerivationPath("m/1852'/1815'/0'/0/0"))
}

/// One UTxO of the sender's `UtxoSetForAddress` answer: tx `byte`×32, `index`, `lovelace`, optionally one token.
private func utxo(_ byte: UInt8, _ index: Int, _ lovelace: UInt64, token: Bool = false) -> String {
    let tokens = token ? #"[{"quantity":"100","asset":{"fingerprint":"asset1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq","policyId":"823412d1eacb67956220e532959f0104603057c88704863ca38e7cd1","assetName":"4d494e"}}]"# : "[]"
    return #"{"address":"\#(cardanoSender)","value":"\#(lovelace)","txHash":"\#(Hex.encode([UInt8](repeating: byte, count: 32)))","index":\#(index),"tokens":\#(tokens)}"#
}

/// (160 + size of the output map {0: address, 1: coin}) · 4,310 for the 57-byte base address and a coin of 5 CBOR
/// bytes (65,536 ≤ coin < 2^32): (160 + 67) · 4,310.
private let minimumAdaOfABaseOutput = BigUInt(978_370)

@Suite struct CardanoTransferTests {
    private func transfer(_ transport: RecordingChainTransport) throws -> any ChainTransfer {
        try #require(ChainTransfers.transfer(for: .cardano, transport: transport))
    }

    /// The sender's UTxOs, then the tip (slot 149,992,800).
    private func script(_ transport: RecordingChainTransport, _ utxos: [String]) async {
        await transport.answer(#"{"data":{"utxos":[\#(utxos.joined(separator: ","))]}}"#)
        await transport.answer(cardanoFixture("tip.slot"))
    }

    private func input(_ amount: UInt64, isMax: Bool = false) -> TransferInput {
        TransferInput(assetId: AssetId(chain: .cardano), sender: cardanoSender, recipient: cardanoRecipient, amount: BigUInt(amount), isMax: isMax)
    }

    private func sign(_ load: TransferLoad, _ priority: FeePriority) throws -> SignedTransaction {
        try transfer(RecordingChainTransport()).sign(load, priority: priority, key: .ed25519Extended(try paymentKey()))
    }

    /// minFeeA · size + minFeeB of mainnet over the signed transaction.
    private func minimumFee(_ signed: SignedTransaction) -> BigUInt {
        BigUInt(44 * UInt64(signed.bytes.count) + 155_381)
    }

    @Test func aPaymentLoadsInTwoRequestsWithTheSignersFeeAtEveryPriority() async throws {
        let vector = try #require(OracleVector.shared)
        let transport = RecordingChainTransport()
        // A UTxO holding a token is neither counted nor spent.
        await script(transport, [utxo(0x01, 0, 10_000_000), utxo(0x02, 1, 5_000_000, token: true)])
        let load = try await stages(try transfer(transport), input(1_500_000))
        let requests = await transport.requests
        #expect(requests.count == 2)
        #expect(await transport.body(0).contains(#""operationName":"UtxoSetForAddress","variables":{"address":"\#(cardanoSender)"}"#))
        #expect(await transport.body(1) == #"{"query":"{ cardano { tip { number slotNo } } }"}"#)
        #expect(load.balance == BigUInt(10_000_000) && load.feeBalance == BigUInt(10_000_000))
        // The ledger has no fee market: the fee the signed transaction pays, at every priority.
        #expect(load.fees.map(\.priority) == [.slow, .normal, .fast])
        #expect(load.fees.map(\.fee) == [vector.fee, vector.fee, vector.fee])
        #expect(load.fees.map(\.amount) == [BigUInt(1_500_000), BigUInt(1_500_000), BigUInt(1_500_000)])
        #expect(load.recipientMinimum == minimumAdaOfABaseOutput)
        #expect(load.check(.fast) == .sufficient)

        for priority in [FeePriority.slow, .normal, .fast] {
            let signed = try sign(load, priority)
            #expect(signed.encoded == vector.raw && signed.hash == vector.hash)
            #expect(minimumFee(signed) == vector.fee)
        }
        #expect(await transport.requests.count == 2, "fee rates, load and sign make no request")
    }

    @Test func aMaxSendSpendsEveryUTxOToTheRecipientAndKeepsTheFeeBack() async throws {
        let transport = RecordingChainTransport()
        await script(transport, [utxo(0x01, 0, 10_000_000), utxo(0x03, 2, 3_000_000), utxo(0x02, 1, 5_000_000, token: true)])
        let load = try await stages(try transfer(transport), input(0, isMax: true))
        let fee = try #require(load.fee(.normal))
        #expect(load.balance == BigUInt(13_000_000))
        #expect(fee.amount + fee.fee == BigUInt(13_000_000))
        #expect(load.check(.normal) == .sufficient)
        let signed = try sign(load, .normal)
        // Two inputs, one output (the recipient's, no change), and the fee is the linear minimum of its size.
        #expect(fee.fee == minimumFee(signed))
        let hex = Hex.encode(signed.bytes)
        #expect(hex.hasPrefix("84a400828258200101"))
        #expect(hex.contains("0181825839"), "one output")
        #expect(hex.contains("1a" + String(Hex.encode(bigEndianU32(fee.amount)))))
        #expect(hex.contains("021a" + String(Hex.encode(bigEndianU32(fee.fee)))))
    }

    @Test func aShortfallIsReportedAndTheSignerRefusesIt() async throws {
        let transport = RecordingChainTransport()
        await script(transport, [utxo(0x01, 0, 1_000_000)])
        let load = try await stages(try transfer(transport), input(1_500_000))
        let fee = try #require(load.fee(.normal))
        // The fee of spending every UTxO to the recipient: the signer's shortfall names the same total.
        #expect(fee.fee > BigUInt(155_381) && fee.fee < BigUInt(200_000))
        let required = BigUInt(1_500_000) + fee.fee
        #expect(load.check(.normal) == .insufficientBalance(required: required, available: BigUInt(1_000_000)))
        #expect(throws: SignerError.insufficientBalance(required: required, available: BigUInt(1_000_000))) { try sign(load, .normal) }

        // A max send whose UTxOs do not cover the fee and one lovelace moves nothing.
        let small = RecordingChainTransport()
        await script(small, [utxo(0x01, 0, 100_000)])
        let max = try await stages(try transfer(small), input(0, isMax: true))
        let maxFee = try #require(max.fee(.slow))
        #expect(maxFee.amount == .zero && maxFee.fee > BigUInt(155_381))
        #expect(max.check(.slow) == .insufficientBalance(required: maxFee.fee + BigUInt(1), available: BigUInt(100_000)))
    }

    @Test func anOutputBelowTheMinimumAdaIsReported() async throws {
        let transport = RecordingChainTransport()
        await script(transport, [utxo(0x01, 0, 10_000_000)])
        let load = try await stages(try transfer(transport), input(900_000))
        #expect(load.recipientMinimum == minimumAdaOfABaseOutput)
        #expect(load.check(.normal) == .belowRecipientMinimum(minimum: minimumAdaOfABaseOutput))
        #expect(throws: SignerError.self) { try sign(load, .normal) }
        // A max send that leaves less than the minimum after the fee.
        let max = RecordingChainTransport()
        await script(max, [utxo(0x01, 0, 1_100_000)])
        let maxLoad = try await stages(try transfer(max), input(0, isMax: true))
        #expect(maxLoad.check(.normal) == .belowRecipientMinimum(minimum: minimumAdaOfABaseOutput))
    }

    @Test func signingRefusesAnotherKeyTypeAndAFeeTheTransactionDoesNotPay() async throws {
        let transport = RecordingChainTransport()
        await script(transport, [utxo(0x01, 0, 10_000_000)])
        var load = try await stages(try transfer(transport), input(1_500_000))
        let ed25519 = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32))
        #expect(throws: SignerError.invalidField("key", reason: "this chain signs with a extended ed25519 (BIP32-Ed25519) key")) {
            try transfer(RecordingChainTransport()).sign(load, priority: .normal, key: .ed25519(ed25519))
        }
        let shown = try #require(load.fee(.normal)).fee
        load.fees = load.fees.map { TransferFee(priority: $0.priority, fee: $0.fee + BigUInt(1), amount: $0.amount) }
        #expect(throws: SignerError.invalidField("fee", reason: "the transaction pays \(shown) lovelace, the load showed \(shown + BigUInt(1))")) {
            try sign(load, .normal)
        }
    }

    @Test func tokensAndBadRecipientsAreRefusedBeforeAnyRequest() async throws {
        let transport = RecordingChainTransport()
        let token = TransferInput(assetId: try AssetId(chain: .cardano, tokenId: "asset1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq"), sender: cardanoSender,
                                  recipient: cardanoRecipient, amount: BigUInt(1))
        await #expect(throws: ChainClientError.unsupported("Cardano native-token transfers are not built yet")) {
            try await transfer(transport).preload(token)
        }
        let testnet = TransferInput(assetId: AssetId(chain: .cardano), sender: cardanoSender,
                                    recipient: "addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3jcu5d8ps7zex2k2xt3uqxgjqnnj83ws8lhrn648jjxtwq2ytjqp",
                                    amount: BigUInt(1_500_000))
        await #expect(throws: ChainClientError.malformed("recipient: not a Cardano mainnet payment address")) {
            try await transfer(transport).preload(testnet)
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test func aRefusedBroadcastIsRejectedAndAnotherHashIsMalformed() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(cardanoFixture("SubmitTransaction.error"))
        await transport.answer(cardanoFixture("SubmitTransaction"))
        let signed = SignedTransaction(bytes: [0x84], encoded: "84", hash: String(repeating: "ab", count: 32))
        await #expect(throws: ChainClientError.rejected("The transaction could not be submitted: BadInputsUTxO")) {
            try await transfer(transport).broadcast(signed)
        }
        // The node's hash (SubmitTransaction.json's b8dd…) is not the signed transaction's.
        await #expect(throws: ChainClientError.malformed("the node answered hash b8dddb3c819c3b18253e08c22f90e01bd875bd7721462db2793ef16e2b786d14 for transaction \(signed.hash)")) {
            try await transfer(transport).broadcast(signed)
        }
        #expect(await transport.body(0).contains(#""operationName":"SubmitTransaction","variables":{"transaction":"84"}"#))
    }

    @Test func statusIsGetTransaction() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(cardanoFixture("GetTransaction.notFound"))
        await transport.answer(cardanoFixture("GetTransaction"))
        let hash = "b8dddb3c819c3b18253e08c22f90e01bd875bd7721462db2793ef16e2b786d14"
        #expect(try await transfer(transport).status(hash: hash, input: input(1_500_000)).state == .pending)
        let confirmed = try await transfer(transport).status(hash: hash, input: input(1_500_000))
        #expect(confirmed.state == .confirmed && confirmed.fee == BigUInt(168_141))
        #expect(await transport.body(1).contains(#""operationName":"GetTransaction","variables":{"hash":"\#(hash)"}"#))
    }
}

/// The 4 big-endian bytes of a value below 2^32 (a CBOR `1a` argument).
private func bigEndianU32(_ value: BigUInt) -> [UInt8] {
    let v = value.uint64 ?? 0
    return [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
}
