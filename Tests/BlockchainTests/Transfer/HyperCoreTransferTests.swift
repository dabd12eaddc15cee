import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

// The HyperCore `ChainTransfer` stage by stage through `RecordingChainTransport`: USDC, PURR and HYPE each a
// spotSend of the spot balance the wallet shows, the placeholder fee paid in HYPE, a max send, shortfalls reported
// rather than thrown, a token spotMeta does not list, a refused broadcast and the status by the action's nonce.

private func hyperCoreFixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/hypercore"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

@Suite struct HyperCoreTransferTests {
    static let key = try? Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x11, count: 32))
    static let sender = "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"
    static let recipient = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"
    static let usdc = "USDC::0x6d1e7cde53ba9467b783cb7c530ce054::0"
    static let time: UInt64 = 1_764_590_400_123

    private func client(_ transport: RecordingChainTransport) -> HyperCoreClient {
        HyperCoreClient(transport: transport, now: { Self.time })
    }

    private func stages(_ input: TransferInput, _ transport: RecordingChainTransport) async throws -> TransferLoad {
        let transfer = client(transport)
        let preload = try await transfer.preload(input)
        let rates = try await transfer.feeRates(input)
        return try await transfer.load(input, preload: preload, rates: rates)
    }

    private func types(_ transport: RecordingChainTransport) async -> [String] {
        var names: [String] = []
        for index in await transport.requests.indices {
            names.append((try? JSONParser.parse(Array(await transport.body(index).utf8)))?["type"]?.stringValue ?? "?")
        }
        return names
    }

    private func usdcInput(_ amount: UInt64, isMax: Bool = false) throws -> TransferInput {
        TransferInput(assetId: try AssetId(chain: .hyperCore, tokenId: Self.usdc), sender: Self.sender, recipient: Self.recipient,
                      amount: BigUInt(amount), isMax: isMax)
    }

    @Test func usdcIsASpotSendOfTheSpotBalance() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(hyperCoreFixture("spotMeta"))
        await transport.answer(hyperCoreFixture("spotClearinghouseState"))
        let load = try await stages(try usdcInput(1_000_000_000), transport)
        #expect(await types(transport) == ["spotMeta", "spotClearinghouseState"])
        #expect(await transport.body(1).contains(Self.sender))
        // The placeholder rate: one base unit of HYPE; USDC in spotMeta's 8 decimals, 250.12345678 held on spot.
        #expect(load.fees == [TransferFee(priority: .normal, fee: BigUInt(1), amount: BigUInt(1_000_000_000))])
        #expect(load.balance == BigUInt(25_012_345_678) && load.feeBalance == BigUInt(1_250_000_000))
        #expect(load.feeAssetId == AssetId(chain: .hyperCore))
        let action = HyperCoreSignerInput.Action.spotSend(token: "USDC:0x6d1e7cde53ba9467b783cb7c530ce054")
        #expect(load.chain == .hyperCore(action: action, decimals: 8, timeMillis: Self.time))
        #expect(load.check(.normal) == .sufficient)

        let key = try #require(Self.key)
        let signed = try client(RecordingChainTransport()).sign(load, priority: .normal, key: .secp256k1(key))
        let expected = try HyperCoreSigner.sign(HyperCoreSignerInput(action: action, destination: Self.recipient, amount: BigUInt(1_000_000_000),
                                                                     decimals: 8, time: Self.time, balance: BigUInt(25_012_345_678)), key: key)
        #expect(signed == expected)
        #expect(signed.encoded.contains(#""type":"spotSend""#) && signed.encoded.contains(#""amount":"10""#))
        #expect(signed.encoded.contains(#""nonce":\#(Self.time)"#))
    }

    @Test func anotherSpotTokenIsASpotSendOfItsOwnBalance() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(hyperCoreFixture("spotMeta"))
        await transport.answer(#"{"balances":[{"coin":"PURR","token":1,"hold":"0.0","total":"3.5","entryNtl":"0.0"},{"coin":"HYPE","token":150,"hold":"0.0","total":"1","entryNtl":"0.0"}]}"#)
        let input = TransferInput(assetId: try AssetId(chain: .hyperCore, tokenId: "PURR::0xc4bf3f870c0e9465323c0b6ed28096c2::1"),
                                  sender: Self.sender, recipient: Self.recipient, amount: BigUInt(1))
        let load = try await stages(input, transport)
        #expect(load.chain == .hyperCore(action: .spotSend(token: "PURR:0xc4bf3f870c0e9465323c0b6ed28096c2"), decimals: 5, timeMillis: Self.time))
        #expect(load.balance == BigUInt(350_000) && load.feeBalance == BigUInt(100_000_000))
    }

    @Test(arguments: ["DOGE::0xc4bf3f870c0e9465323c0b6ed28096c2::1", "PURR::0x00000000000000000000000000000001::1"])
    func aTokenSpotMetaDoesNotListIsNotSent(tokenId: String) async throws {
        let transport = RecordingChainTransport()
        await transport.answer(hyperCoreFixture("spotMeta"))
        let input = TransferInput(assetId: try AssetId(chain: .hyperCore, tokenId: tokenId), sender: Self.sender, recipient: Self.recipient,
                                  amount: BigUInt(1))
        do {
            _ = try await client(transport).preload(input)
            Issue.record("a send of \(tokenId) was preloaded")
        } catch {
            guard case .notFound = error else { Issue.record("expected notFound, got \(error)"); return }
        }
        #expect(await types(transport) == ["spotMeta"])
    }

    @Test func hypeIsASpotSendAndAMaxSendKeepsTheFeeBack() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(hyperCoreFixture("spotMeta"))
        await transport.answer(hyperCoreFixture("spotClearinghouseState"))
        let input = TransferInput(assetId: AssetId(chain: .hyperCore), sender: Self.sender, recipient: Self.recipient, amount: .zero, isMax: true)
        let load = try await stages(input, transport)
        #expect(await types(transport) == ["spotMeta", "spotClearinghouseState"])
        #expect(load.chain == .hyperCore(action: .spotSend(token: "HYPE:0x0d01dc56dcaaca66ad901c959b4011ec"), decimals: 8, timeMillis: Self.time))
        #expect(load.fee(.normal)?.amount == BigUInt(1_249_999_999))
        #expect(load.check(.normal) == .sufficient)
        let signed = try client(RecordingChainTransport()).sign(load, priority: .normal, key: .secp256k1(try #require(Self.key)))
        #expect(signed.encoded.contains(#""type":"spotSend""#) && signed.encoded.contains(#""amount":"12.49999999""#))
    }

    @Test func shortfallsAreReportedAndNotSigned() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(hyperCoreFixture("spotMeta"))
        await transport.answer(hyperCoreFixture("spotClearinghouseState"))
        let load = try await stages(try usdcInput(60_000_000_000), transport)
        #expect(load.check(.normal) == .insufficientBalance(required: BigUInt(60_000_000_000), available: BigUInt(25_012_345_678)))
        #expect(throws: SignerError.self) {
            try client(RecordingChainTransport()).sign(load, priority: .normal, key: .secp256k1(try #require(Self.key)))
        }

        // No HYPE to pay the placeholder fee with.
        let empty = RecordingChainTransport()
        await empty.answer(hyperCoreFixture("spotMeta"))
        await empty.answer(#"{"balances":[{"coin":"USDC","token":0,"hold":"0.0","total":"5.0","entryNtl":"0.0"}]}"#)
        let unpaid = try await stages(try usdcInput(1_000), empty)
        #expect(unpaid.check(.normal) == .insufficientFeeBalance(required: BigUInt(1), available: .zero))
    }

    @Test func aRefusedBroadcastIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(hyperCoreFixture("exchange.err"))
        let transfer = try #require(ChainTransfers.transfer(for: .hyperCore, transport: transport))
        let body = Array(#"{"action":{"type":"spotSend"},"nonce":1764590400123,"signature":{"r":"0x1","s":"0x2","v":27}}"#.utf8)
        do {
            _ = try await transfer.broadcast(SignedTransaction(bytes: body, encoded: String(decoding: body, as: UTF8.self), hash: ""))
            Issue.record("the broadcast was accepted")
        } catch {
            guard case .rejected = error else { Issue.record("expected rejected, got \(error)"); return }
        }
    }

    @Test func theStatusFindsTheActionsNonce() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(hyperCoreFixture("userNonFundingLedgerUpdates"))
        await transport.answer(hyperCoreFixture("userNonFundingLedgerUpdates"))
        let transfer = try #require(ChainTransfers.transfer(for: .hyperCore, transport: transport))
        let input = try usdcInput(1)
        #expect(try await transfer.status(hash: "action:1764590460000", input: input).state == .confirmed)
        #expect(try await transfer.status(hash: "action:1764590460001", input: input).state == .pending)
        #expect(await types(transport) == ["userNonFundingLedgerUpdates", "userNonFundingLedgerUpdates"])
    }
}
