import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

// NEAR `ChainTransfer` stage by stage through `RecordingChainTransport`: the requests of each stage, the fee (the
// same at every priority: the transaction carries none), a max send, a shortfall, a refused broadcast. Answers from
// Vectors/clients/near (their README names the sources).

private func nearFixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/near"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

/// The implicit account of the ed25519 seed 0x11…11.
private let nearSender = "d04ab232742bb4ab3a1368bd4615e4e6d0224ab71a016baf8520a332c9778737"
private let nearRecipient = "bob.near"
private let nearKey = try? Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32))
/// view_account.json's `amount` less its 182 bytes of storage at 10^19 yocto a byte.
private let nearBalance = BigUInt(decimalText: "399990791103597728750000000", decimals: 0) ?? .zero
/// gas_price.json's 100,000,000 yocto per gas × 9 Tgas.
private let nearFee = BigUInt(100_000_000) * NearMapper.transferGas

private func nearMethods(_ transport: RecordingChainTransport) async -> [String] {
    var names: [String] = []
    for index in await transport.requests.indices {
        let json = try? JSONParser.parse(Array(await transport.body(index).utf8))
        names.append(json?["method"]?.stringValue ?? "?")
    }
    return names
}

@Suite struct NearTransferTests {
    private func transfer(_ transport: RecordingChainTransport) throws -> any ChainTransfer {
        try #require(ChainTransfers.transfer(for: .near, transport: transport))
    }

    private func load(_ transport: RecordingChainTransport, _ input: TransferInput) async throws -> TransferLoad {
        let transfer = try transfer(transport)
        let preload = try await transfer.preload(input)
        let rates = try await transfer.feeRates(input)
        return try await transfer.load(input, preload: preload, rates: rates)
    }

    private func script(_ transport: RecordingChainTransport) async {
        await transport.answer(nearFixture("view_access_key"))
        await transport.answer(nearFixture("block"))
        await transport.answer(nearFixture("view_account"))
        await transport.answer(nearFixture("gas_price"))
    }

    private func sign(_ load: TransferLoad, _ priority: FeePriority) throws -> SignedTransaction {
        try transfer(RecordingChainTransport()).sign(load, priority: priority, key: .ed25519(try #require(nearKey)))
    }

    private func input(_ amount: BigUInt, isMax: Bool = false) -> TransferInput {
        TransferInput(assetId: AssetId(chain: .near), sender: nearSender, recipient: nearRecipient, amount: amount, isMax: isMax)
    }

    @Test func aTransferLoadsInFourRequestsWithOneFeeForEveryPriority() async throws {
        let transport = RecordingChainTransport()
        await script(transport)
        let amount = BigUInt.powerOfTen(24)
        let load = try await load(transport, input(amount))
        #expect(await nearMethods(transport) == ["query", "block", "query", "gas_price"])
        let (accessKey, account) = (await transport.body(0), await transport.body(2))
        #expect(accessKey.contains("view_access_key") && accessKey.contains("ed25519:F25s3DdjXdCxYBhh2z8FBusVEMT4b9bGNFVKJi3wFoF4"))
        #expect(account.contains("view_account") && account.contains(nearSender))
        // The signed transaction is the same at every priority: one fee, gas price × 9 Tgas = 9 × 10^20 yocto.
        #expect(nearFee == BigUInt(900_000_000_000) * BigUInt(1_000_000_000))
        #expect(load.fees.map(\.fee) == [nearFee, nearFee, nearFee])
        #expect(load.fees.map(\.amount) == [amount, amount, amount])
        #expect(load.balance == nearBalance)
        guard case let .near(nonce, blockHash) = load.chain else { Issue.record("not a NEAR load"); return }
        #expect(nonce == 86 && blockHash.count == 32)
        #expect(load.check(.fast) == .sufficient)

        let slow = try sign(load, .slow)
        #expect(slow.hash == Base58.encode(Hash.sha256(Array(slow.bytes.dropLast(65)))))
        #expect(try sign(load, .fast).bytes == slow.bytes)
    }

    @Test func aMaxSendKeepsTheFeeBack() async throws {
        let transport = RecordingChainTransport()
        await script(transport)
        let load = try await load(transport, input(.zero, isMax: true))
        let expected = try #require(nearBalance.subtracting(nearFee))
        #expect(load.fees.map(\.amount) == [expected, expected, expected])
        #expect(load.check(.normal) == .sufficient)
        _ = try sign(load, .normal)
    }

    @Test func aShortfallIsReportedAndTheSignerRefusesIt() async throws {
        let transport = RecordingChainTransport()
        await script(transport)
        let load = try await load(transport, input(nearBalance))
        #expect(load.check(.normal) == .insufficientBalance(required: nearBalance + nearFee, available: nearBalance))
        #expect(throws: SignerError.insufficientBalance(required: nearBalance + nearFee, available: nearBalance)) { try sign(load, .normal) }
    }

    /// What can be sent keeps the account's storage staked: `amount` − `storage_usage` × 10^19 (a max send that did
    /// not would fail with LackBalanceForState).
    @Test(arguments: [("1000", 0, "1000"), ("1000000000000000000000", 182, "0"), ("1820000000000000000001", 182, "1")])
    func theStorageStakeIsKeptBack(amount: String, storage: Int, sendable: String) throws {
        let result = try JSONParser.parse(Array(#"{"amount":"\#(amount)","locked":"0","storage_usage":\#(storage)}"#.utf8))
        #expect(try NearMapper.sendable(result) == BigUInt(decimalText: sendable, decimals: 0))
    }

    @Test func aTokenIsUnsupported() async throws {
        let transport = RecordingChainTransport()
        let input = TransferInput(assetId: try AssetId(chain: .near, tokenId: "usdt.tether-token.near"), sender: nearSender,
                                  recipient: nearRecipient, amount: BigUInt(1))
        await #expect(throws: ChainClientError.self) { try await transfer(transport).preload(input) }
        #expect(await transport.requests.isEmpty)
    }

    @Test func aRefusedBroadcastIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(nearFixture("send_tx.invalid"))
        let signed = SignedTransaction(bytes: [0], encoded: "AA==", hash: "")
        await #expect(throws: ChainClientError.rejected(#"{"TxExecutionError":{"InvalidTxError":"InvalidNonce"}}"#)) {
            try await transfer(transport).broadcast(signed)
        }
        #expect(await nearMethods(transport) == ["send_tx"])
    }

    @Test func statusAsksWithTheSender() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(nearFixture("tx.unknown"))
        await transport.answer(nearFixture("tx"))
        let hash = "Ensa1bmGaEqBvNmLucP5uZ3TXrm1SWekrD8fsoiSCDgU"
        #expect(try await transfer(transport).status(hash: hash, input: input(BigUInt(1))).state == .pending)
        #expect(try await transfer(transport).status(hash: hash, input: input(BigUInt(1))).state == .confirmed)
        #expect(await transport.body(0).contains(nearSender))
    }

    /// The node's hash must be the signed transaction's (Base58 of SHA-256 of the borsh transaction): the same one is
    /// answered back, another is refused as malformed (a node lying or broken about what it accepted).
    @Test func theAnsweredHashMustBeTheSignedTransactions() async throws {
        let transport = RecordingChainTransport()
        await script(transport)
        let load = try await load(transport, input(BigUInt.powerOfTen(24)))
        let signed = try sign(load, .normal)
        try await expectTheAnsweredHashIsTheSignedOne(signed, answer: nearFixture("send_tx"), other: "Ensa1bmGaEqBvNmLucP5uZ3TXrm1SWekrD8fsoiSCDgU", noun: "hash") { try transfer($0) }
    }
}
