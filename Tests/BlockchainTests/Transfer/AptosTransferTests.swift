import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

// Aptos' `ChainTransfer` through `RecordingChainTransport`: each stage's requests, the fee of each priority (max gas
// × that priority's gas unit price, the numbers signed), a max send, a shortfall, a token's fee paid in APT, a
// refused broadcast.

private func aptosFixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/aptos"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

@Suite struct AptosTransferTests {
    static let key = try? Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32))
    /// The address of the 0x11… key (aptos-sdk `Account.load_key`).
    static let sender = "0x147e4d3a5b10eaed2a93536e284c23096dfcea9ac61f0a8420e5d01fbd8f0ea8"
    static let recipient = "0xa32657fd60acb0433491a33d84823c04722ae76639b272873cc27d015232904e"
    /// balance.json: 100,000,000 octas (1 APT).
    static let octas = BigUInt(100_000_000)

    private func transfer(_ transport: RecordingChainTransport) throws -> any ChainTransfer {
        try #require(ChainTransfers.transfer(for: .aptos, transport: transport))
    }

    /// Account (sequence 42), ledger (chain 1, 1,745,830,000 s), the APT balance, then `tokenBalance`'s answer
    /// when given, then the gas price estimate (100, 100, 150).
    private func script(_ transport: RecordingChainTransport, account: String = "account", tokenBalance: String? = nil) async {
        await transport.answer(aptosFixture(account), status: account == "account" ? 200 : 404)
        await transport.answer(aptosFixture("ledger"))
        await transport.answer(aptosFixture("balance"))
        if let tokenBalance { await transport.answer(tokenBalance) }
        await transport.answer(aptosFixture("estimate_gas_price"))
    }

    private func sign(_ load: TransferLoad, _ priority: FeePriority) throws -> SignedTransaction {
        try transfer(RecordingChainTransport()).sign(load, priority: priority, key: .ed25519(try #require(Self.key)))
    }

    @Test func theTestKeysAddressIsTheSender() throws {
        #expect(AptosAddress.derive(try #require(Self.key).publicKey.bytes) == Self.sender)
    }

    @Test func anAPTTransferLoadsInThreeStagesAndSignsItsFee() async throws {
        let transport = RecordingChainTransport()
        await script(transport)
        let input = TransferInput(assetId: AssetId(chain: .aptos), sender: Self.sender, recipient: Self.recipient, amount: BigUInt(1_000))
        let load = try await stages(try transfer(transport), input)
        #expect(await transport.requests.map(\.path) == ["/v1/accounts/\(Self.sender)", "/v1/",
                                                         "/v1/accounts/\(Self.sender)/balance/0x1::aptos_coin::AptosCoin",
                                                         "/v1/estimate_gas_price"])
        // 1,500 gas units × 100, 100, 150 octas.
        #expect(load.fees.map(\.fee) == [BigUInt(150_000), BigUInt(150_000), BigUInt(225_000)])
        #expect(load.fees.map(\.amount) == [BigUInt(1_000), BigUInt(1_000), BigUInt(1_000)])
        // ledger.json's ledger_timestamp 1,745,830,000,000,000 µs, plus ten minutes.
        #expect(load.chain == .aptos(sequenceNumber: 42, chainId: 1, maxGasAmount: 1_500, expirationTimestampSecs: 1_745_830_600))
        #expect(load.check(.fast) == .sufficient)

        // The signed BCS carries the sequence number, the gas limit, the fast price and the expiration.
        let signed = try sign(load, .fast)
        let tail = [UInt8](signed.bytes.dropFirst(32 + 8))
        #expect(signed.bytes[32..<40].elementsEqual([42, 0, 0, 0, 0, 0, 0, 0]))
        let le: (UInt64) -> [UInt8] = { value in (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        #expect(tail.contains(le(1_500) + le(150) + le(1_745_830_600) + [1]))
        #expect(signed.hash.count == 66 && signed.hash.hasPrefix("0x"))
    }

    @Test func anAccountTheNodeDoesNotKnowSignsAtSequenceZero() async throws {
        let transport = RecordingChainTransport()
        await script(transport, account: "account.notFound")
        let input = TransferInput(assetId: AssetId(chain: .aptos), sender: Self.sender, recipient: Self.recipient, amount: BigUInt(1_000))
        let load = try await stages(try transfer(transport), input)
        #expect(load.chain == .aptos(sequenceNumber: 0, chainId: 1, maxGasAmount: 1_500, expirationTimestampSecs: 1_745_830_600))
    }

    @Test func aMaxSendKeepsTheFeeBack() async throws {
        let transport = RecordingChainTransport()
        await script(transport)
        let input = TransferInput(assetId: AssetId(chain: .aptos), sender: Self.sender, recipient: Self.recipient, amount: .zero, isMax: true)
        let load = try await stages(try transfer(transport), input)
        for fee in load.fees { #expect(fee.amount + fee.fee == Self.octas) }
        #expect(load.check(.fast) == .sufficient)
        _ = try sign(load, .fast)
    }

    @Test func aShortfallIsReportedNotThrown() async throws {
        let transport = RecordingChainTransport()
        await script(transport)
        let input = TransferInput(assetId: AssetId(chain: .aptos), sender: Self.sender, recipient: Self.recipient, amount: Self.octas)
        let load = try await stages(try transfer(transport), input)
        #expect(load.check(.normal) == .insufficientBalance(required: Self.octas + BigUInt(150_000), available: Self.octas))
        #expect(throws: SignerError.self) { try sign(load, .normal) }
    }

    @Test func aCoinTransferPaysGasInAPT() async throws {
        let coin = "0xf22bede237a07e121b56d91a491eb7bcdfd1f5907926a9e58338f964a01b17fa::asset::USDT"
        let transport = RecordingChainTransport()
        await script(transport, tokenBalance: "5000")
        let input = TransferInput(assetId: try AssetId(chain: .aptos, tokenId: coin), sender: Self.sender, recipient: Self.recipient,
                                  amount: .zero, isMax: true)
        let load = try await stages(try transfer(transport), input)
        #expect(await transport.requests.map(\.path)[3] == "/v1/accounts/\(Self.sender)/balance/\(coin)")
        #expect(load.balance == BigUInt(5_000) && load.feeBalance == Self.octas)
        #expect(load.fee(.normal) == TransferFee(priority: .normal, fee: BigUInt(150_000), amount: BigUInt(5_000)))
        #expect(load.check(.normal) == .sufficient)
        let signed = try sign(load, .normal)
        #expect(signed.bytes.contains(Array("transfer_coins".utf8)))
    }

    @Test func aRefusedBroadcastIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(aptosFixture("submit.error"), status: 400)
        let transfer = try transfer(transport)
        do {
            _ = try await transfer.broadcast(SignedTransaction(bytes: [1], encoded: #"{"sender":"0x1"}"#, hash: ""))
            Issue.record("the broadcast was accepted")
        } catch {
            guard case ChainClientError.rejected = error else { Issue.record("expected rejected, got \(error)"); return }
        }
        #expect(await transport.requests.map(\.path) == ["/v1/transactions"])
    }

    /// The host's HTTP transport carries text bodies only: the transfer submits the JSON form of the signed
    /// transaction, whose signature and public key are the BCS authenticator's.
    @Test func theBroadcastSubmitsTheJSONRequest() async throws {
        let transport = RecordingChainTransport()
        await script(transport)
        let input = TransferInput(assetId: AssetId(chain: .aptos), sender: Self.sender, recipient: Self.recipient, amount: BigUInt(1_000))
        let load = try await stages(try transfer(transport), input)
        let signed = try sign(load, .normal)
        let body = try JSONParser.parse(signed.encoded)
        #expect(body["sender"]?.stringValue == Self.sender)
        #expect(body["sequence_number"]?.stringValue == "42" && body["gas_unit_price"]?.stringValue == "100")
        #expect(body["max_gas_amount"]?.stringValue == "1500" && body["expiration_timestamp_secs"]?.stringValue == "1745830600")
        #expect(body["payload"]?["function"]?.stringValue == "0x1::aptos_account::transfer")
        #expect(body["payload"]?["arguments"] == .array([.string(Self.recipient), .string("1000")]))
        #expect(body["signature"]?["signature"]?.stringValue == "0x" + Hex.encode(Array(signed.bytes.suffix(64))))
        #expect(body["signature"]?["public_key"]?.stringValue == "0x" + Hex.encode(try #require(Self.key).publicKey.bytes))

        let broadcast = RecordingChainTransport()
        await broadcast.answer(#"{"hash":"\#(signed.hash)"}"#, status: 202)
        #expect(try await transfer(broadcast).broadcast(signed) == signed.hash)
        let request = try #require(await broadcast.requests.first)
        #expect(request.path == "/v1/transactions" && request.headers.contains { $0.value == "application/json" })
        #expect(await broadcast.body(0) == signed.encoded)
    }
}

private extension Array where Element == UInt8 {
    func contains(_ part: [UInt8]) -> Bool {
        guard !part.isEmpty, part.count <= count else { return part.isEmpty }
        return (0...(count - part.count)).contains { self[$0..<($0 + part.count)].elementsEqual(part) }
    }
}
