import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

// Sui's `ChainTransfer` through `RecordingChainTransport`: each stage's requests, the fee of each priority (the gas
// budget signed, the most the transaction can pay) and its gas price, a max send, a shortfall, a token's gas paid
// in SUI, a refused broadcast.

private func suiFixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/sui"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

private func methods(_ transport: RecordingChainTransport) async -> [String] {
    var names: [String] = []
    for index in await transport.requests.indices {
        let json = try? JSONParser.parse(Array(await transport.body(index).utf8))
        names.append(json?["method"]?.stringValue ?? "?")
    }
    return names
}

@Suite struct SuiTransferTests {
    static let key = try? Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32))
    /// The address of the 0x11… key: BLAKE2b-256(0x00 ‖ public key).
    static let sender = "0x0881c07520943bbf13989b92892093c1b50672156fa5f873c22892701cb2e207"
    static let recipient = "0x48936240c871663e6ba416724158736101ccab29436f72ae3ae4c8fa1ce7e45f"
    static let usdc = "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC"
    /// suix_getCoins.sui.json: 2,000,000,000 + 1,000,000,000 MIST.
    static let mist = BigUInt(3_000_000_000 as UInt64)
    static let budget = BigUInt(25_000_000)

    private func transfer(_ transport: RecordingChainTransport) throws -> any ChainTransfer {
        try #require(ChainTransfers.transfer(for: .sui, transport: transport))
    }

    private func sign(_ load: TransferLoad, _ priority: FeePriority) throws -> SignedTransaction {
        try transfer(RecordingChainTransport()).sign(load, priority: priority, key: .ed25519(try #require(Self.key)))
    }

    @Test func theTestKeysAddressIsTheSender() throws {
        let key = try #require(Self.key)
        #expect("0x" + Hex.encode(try Hash.blake2b([0x00] + key.publicKey.bytes)) == Self.sender)
    }

    @Test func aSUITransferSignsTheBudgetAtThePrioritysGasPrice() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(suiFixture("suix_getCoins.sui"))
        await transport.answer(suiFixture("suix_getReferenceGasPrice"))
        let input = TransferInput(assetId: AssetId(chain: .sui), sender: Self.sender, recipient: Self.recipient, amount: BigUInt(1_000))
        let load = try await stages(try transfer(transport), input)
        #expect(await methods(transport) == ["suix_getCoins", "suix_getReferenceGasPrice"])
        #expect(await transport.body(0).contains(#"["\#(Self.sender)","0x2::sui::SUI",null,null]"#))
        #expect(load.fees.map(\.fee) == [Self.budget, Self.budget, Self.budget])
        #expect(load.fees.map(\.amount) == [BigUInt(1_000), BigUInt(1_000), BigUInt(1_000)])
        #expect(load.balance == Self.mist && load.feeBalance == Self.mist)
        #expect(load.check(.fast) == .sufficient)

        // GasData ends the TransactionData: owner, price (497 × 2 at fast), budget, then no expiration.
        let le: (UInt64) -> [UInt8] = { value in (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let fast = try sign(load, .fast)
        #expect(Array(fast.bytes.suffix(17)) == le(994) + le(25_000_000) + [0])
        let slow = try sign(load, .slow)
        #expect(Array(slow.bytes.suffix(17)) == le(497) + le(25_000_000) + [0])
        #expect(fast.hash == Base58.encode(try Hash.blake2b(Array("TransactionData::".utf8) + fast.bytes)))
    }

    @Test func aMaxSendKeepsTheBudgetBack() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(suiFixture("suix_getCoins.sui"))
        await transport.answer(suiFixture("suix_getReferenceGasPrice"))
        let input = TransferInput(assetId: AssetId(chain: .sui), sender: Self.sender, recipient: Self.recipient, amount: .zero, isMax: true)
        let load = try await stages(try transfer(transport), input)
        for fee in load.fees { #expect(fee.amount + fee.fee == Self.mist) }
        #expect(load.check(.normal) == .sufficient)
        _ = try sign(load, .normal)
    }

    @Test func aShortfallIsReportedNotThrown() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(suiFixture("suix_getCoins.sui"))
        await transport.answer(suiFixture("suix_getReferenceGasPrice"))
        let input = TransferInput(assetId: AssetId(chain: .sui), sender: Self.sender, recipient: Self.recipient, amount: Self.mist)
        let load = try await stages(try transfer(transport), input)
        #expect(load.check(.normal) == .insufficientBalance(required: Self.mist + Self.budget, available: Self.mist))
        #expect(throws: SignerError.self) { try sign(load, .normal) }
    }

    @Test func aTokenTransferPaysGasInSUI() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(suiFixture("suix_getCoins.sui"))
        await transport.answer(suiFixture("suix_getCoins.usdc"))
        await transport.answer(suiFixture("suix_getReferenceGasPrice"))
        let input = TransferInput(assetId: try AssetId(chain: .sui, tokenId: Self.usdc), sender: Self.sender, recipient: Self.recipient,
                                  amount: BigUInt(2_000_000))
        let load = try await stages(try transfer(transport), input)
        #expect(await methods(transport) == ["suix_getCoins", "suix_getCoins", "suix_getReferenceGasPrice"])
        #expect(await transport.body(1).contains(Self.usdc))
        #expect(load.balance == BigUInt(5_000_000) && load.feeBalance == Self.mist)
        #expect(load.check(.normal) == .sufficient)
        _ = try sign(load, .normal)
    }

    @Test func aRefusedBroadcastIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(suiFixture("sui_executeTransactionBlock.error"))
        let transfer = try transfer(transport)
        let signed = SignedTransaction(bytes: [1], encoded: #"{"tx_bytes":"AQ==","signatures":["AA=="]}"#, hash: "")
        do {
            _ = try await transfer.broadcast(signed)
            Issue.record("the broadcast was accepted")
        } catch {
            guard case ChainClientError.rejected = error else { Issue.record("expected rejected, got \(error)"); return }
        }
        #expect(await methods(transport) == ["sui_executeTransactionBlock"])
    }

    /// The node's digest must be the signed transaction's (Base58 of BLAKE2b-256 of the intent and the transaction
    /// data): the same one is answered back, another is refused as malformed (a node lying or broken about what it
    /// accepted).
    @Test func theAnsweredHashMustBeTheSignedTransactions() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(suiFixture("suix_getCoins.sui"))
        await transport.answer(suiFixture("suix_getReferenceGasPrice"))
        let input = TransferInput(assetId: AssetId(chain: .sui), sender: Self.sender, recipient: Self.recipient, amount: BigUInt(1_000))
        let load = try await stages(try transfer(transport), input)
        let signed = try sign(load, .normal)
        try await expectTheAnsweredHashIsTheSignedOne(signed, answer: suiFixture("sui_executeTransactionBlock"), other: "2qo2mC7GvBBEPZTmZeYXsc5KhzboKSen6DekBytar1fy", noun: "digest") { try transfer($0) }
    }
}
