import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

// The Cosmos Hub's `ChainTransfer` through `RecordingChainTransport`: each stage's requests, the fee of each priority
// (the fee the signed transaction carries), a max send, a shortfall, an account the chain has never seen, a
// refused broadcast.

private func cosmosFixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/cosmos"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

@Suite struct CosmosTransferTests {
    static let key = try? Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x11, count: 32))
    /// The address of the 0x11… key.
    static let sender = "cosmos1l3e9pgs3mmwuwrh95fecme0s0qtn2880f2jmfe"
    static let recipient = "cosmos12vfxp232rx0z9rzn0hay9jptagk8c86dn5t56m"
    /// balances.json: 4,213,370 uatom and 1,500,000 of an IBC voucher.
    static let uatom = BigUInt(4_213_370)
    static let ibc = "ibc/0025F8A87464A471E66B234C4F93AEC5B4DA3D42D7986451A059273426290DD5"

    private func transfer(_ transport: RecordingChainTransport) throws -> any ChainTransfer {
        try #require(ChainTransfers.transfer(for: .cosmos, transport: transport))
    }

    private func script(_ transport: RecordingChainTransport, account: String = "account") async {
        await transport.answer(cosmosFixture("balances"))
        await transport.answer(cosmosFixture(account), status: account == "account" ? 200 : 404)
    }

    private func sign(_ load: TransferLoad, _ priority: FeePriority) throws -> SignedTransaction {
        try transfer(RecordingChainTransport()).sign(load, priority: priority, key: .secp256k1(try #require(Self.key)))
    }

    @Test func aNativeSendReadsBalancesAndAccountAndPaysTheRateAsItsFee() async throws {
        let transport = RecordingChainTransport()
        await script(transport)
        let input = TransferInput(assetId: AssetId(chain: .cosmos), sender: Self.sender, recipient: Self.recipient, amount: BigUInt(1_000_000))
        let load = try await stages(try transfer(transport), input)
        #expect(await transport.requests.map(\.path) == ["/cosmos/bank/v1beta1/balances/\(Self.sender)",
                                                         "/cosmos/auth/v1beta1/accounts/\(Self.sender)"])
        // The base fee at normal, twice it at fast; no slow rate.
        #expect(load.fees == [TransferFee(priority: .normal, fee: BigUInt(3_000), amount: BigUInt(1_000_000)),
                              TransferFee(priority: .fast, fee: BigUInt(6_000), amount: BigUInt(1_000_000))])
        #expect(load.balance == Self.uatom && load.feeBalance == Self.uatom)
        #expect(load.chain == .cosmos(account: CosmosAccount(accountNumber: 1_039_478, sequence: 52), gasLimit: 200_000))
        #expect(load.check(.fast) == .sufficient)

        // The signed transaction carries the priority's fee: the fee coin's bytes are in the AuthInfo.
        let fast = try sign(load, .fast)
        let normal = try sign(load, .normal)
        #expect(fast.bytes.contains(Array("6000".utf8)) && !normal.bytes.contains(Array("6000".utf8)))
        #expect(normal.bytes.contains(Array("3000".utf8)))
        #expect(fast.hash == Hex.encode(Hash.sha256(fast.bytes)).uppercased())
        #expect(fast.encoded.contains("BROADCAST_MODE_SYNC"))
    }

    @Test func aMaxSendKeepsTheFeeBack() async throws {
        let transport = RecordingChainTransport()
        await script(transport)
        let input = TransferInput(assetId: AssetId(chain: .cosmos), sender: Self.sender, recipient: Self.recipient, amount: .zero, isMax: true)
        let load = try await stages(try transfer(transport), input)
        for fee in load.fees { #expect(fee.amount + fee.fee == Self.uatom) }
        #expect(load.fee(.fast)?.amount == BigUInt(4_207_370))
        #expect(load.check(.fast) == .sufficient)
        // The signer accepts amount + fee = balance exactly.
        _ = try sign(load, .fast)
    }

    @Test func aShortfallIsReportedNotThrown() async throws {
        let transport = RecordingChainTransport()
        await script(transport)
        let input = TransferInput(assetId: AssetId(chain: .cosmos), sender: Self.sender, recipient: Self.recipient, amount: Self.uatom)
        let load = try await stages(try transfer(transport), input)
        #expect(load.check(.normal) == .insufficientBalance(required: Self.uatom + BigUInt(3_000), available: Self.uatom))
        #expect(throws: SignerError.self) { try sign(load, .normal) }
    }

    @Test func anAccountTheChainHasNeverSeenHoldsNothing() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(cosmosFixture("balances_empty"))
        await transport.answer(cosmosFixture("account_not_found"), status: 404)
        let input = TransferInput(assetId: AssetId(chain: .cosmos), sender: Self.sender, recipient: Self.recipient, amount: BigUInt(1))
        let load = try await stages(try transfer(transport), input)
        #expect(load.chain == .cosmos(account: nil, gasLimit: 200_000))
        #expect(load.check(.normal) == .insufficientBalance(required: BigUInt(3_001), available: .zero))
    }

    @Test func aTokenSendPaysTheFeeInTheNativeDenom() async throws {
        let transport = RecordingChainTransport()
        await script(transport)
        let input = TransferInput(assetId: try AssetId(chain: .cosmos, tokenId: Self.ibc), sender: Self.sender, recipient: Self.recipient,
                                  amount: .zero, isMax: true)
        let load = try await stages(try transfer(transport), input)
        #expect(await transport.requests.count == 2)
        #expect(load.balance == BigUInt(1_500_000) && load.feeBalance == Self.uatom)
        #expect(load.fee(.normal) == TransferFee(priority: .normal, fee: BigUInt(3_000), amount: BigUInt(1_500_000)))
        let signed = try sign(load, .normal)
        #expect(signed.bytes.contains(Array(Self.ibc.utf8)))
    }

    @Test(arguments: ["broadcast_failed", "broadcast_error"])
    func aRefusedBroadcastIsRejected(answer: String) async throws {
        let transport = RecordingChainTransport()
        await transport.answer(cosmosFixture(answer), status: answer == "broadcast_error" ? 400 : 200)
        let signed = SignedTransaction(bytes: [1], encoded: #"{"tx_bytes":"AQ==","mode":"BROADCAST_MODE_SYNC"}"#, hash: "")
        let transfer = try transfer(transport)
        do {
            _ = try await transfer.broadcast(signed)
            Issue.record("the broadcast was accepted")
        } catch {
            guard case ChainClientError.rejected = error else { Issue.record("expected rejected, got \(error)"); return }
        }
        #expect(await transport.requests.map(\.path) == ["/cosmos/tx/v1beta1/txs"])
    }

    @Test func theBroadcastAndStatusUseTheSignedHash() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(cosmosFixture("broadcast"))
        await transport.answer(cosmosFixture("tx_not_found"), status: 404)
        let hash = "D1E9B6C9F2A54F4F8C7E3E6F2B8A1C0D9E8F7A6B5C4D3E2F1A0B9C8D7E6F5A4B"
        let transfer = try transfer(transport)
        let signed = SignedTransaction(bytes: [1], encoded: #"{"tx_bytes":"AQ==","mode":"BROADCAST_MODE_SYNC"}"#, hash: hash)
        #expect(try await transfer.broadcast(signed) == hash)
        let input = TransferInput(assetId: AssetId(chain: .cosmos), sender: Self.sender, recipient: Self.recipient, amount: BigUInt(1))
        #expect(try await transfer.status(hash: hash, input: input).state == .pending)
        #expect(await transport.requests.last?.path == "/cosmos/tx/v1beta1/txs/\(hash)")
        // A node answering another hash than the transaction's is not taken for the transaction's.
        await transport.answer(cosmosFixture("broadcast"))
        let other = SignedTransaction(bytes: [1], encoded: signed.encoded, hash: String(repeating: "A", count: 64))
        await #expect(throws: ChainClientError.self) { try await transfer.broadcast(other) }
    }
}

private extension Array where Element == UInt8 {
    func contains(_ part: [UInt8]) -> Bool {
        guard !part.isEmpty, part.count <= count else { return part.isEmpty }
        return (0...(count - part.count)).contains { self[$0..<($0 + part.count)].elementsEqual(part) }
    }
}
