import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

// The TON `ChainTransfer` stage by stage through `RecordingChainTransport`: the preload's one request, the fee of
// the one priority, a max send, a shortfall reported rather than thrown, the signed message, a refused broadcast.

private func tonFixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/ton"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

@Suite struct TonTransferTests {
    static let key = try? Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32))
    static let recipient = "UQD9JaNC5eSQ_dy8DR4rZCzvF4aY7-AGOVM2aSfVMoGd39ZE"
    /// getWalletInformation.json: seqno 12, active, 1.5 TON.
    static let balance = BigUInt(1_500_000_000)
    static let loadTime: UInt64 = 1_764_590_000

    private func sender() throws -> String {
        TonAddress.derive(try #require(Self.key).publicKey.bytes, version: .v4R2, workchain: 0, bounceable: false)
    }

    private func stages(_ input: TransferInput, transport: RecordingChainTransport) async throws -> TransferLoad {
        let transfer = TonClient(transport: transport, now: { Self.loadTime })
        let preload = try await transfer.preload(input)
        let rates = try await transfer.feeRates(input)
        return try await transfer.load(input, preload: preload, rates: rates)
    }

    private func sign(_ load: TransferLoad, _ priority: FeePriority = .normal) throws -> SignedTransaction {
        try TonClient(transport: RecordingChainTransport()).sign(load, priority: priority, key: .ed25519(try #require(Self.key)))
    }

    @Test func aTransferPreloadsTheWalletAndPaysTheFixedFee() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(tonFixture("getWalletInformation"))
        let input = TransferInput(assetId: AssetId(chain: .ton), sender: try sender(), recipient: Self.recipient, amount: BigUInt(1_000_000_000),
                                  memo: "invoice 42")
        let load = try await stages(input, transport: transport)
        #expect(await transport.requests == [TonRequest.walletInformation(address: try sender()).request])
        #expect(load.fees == [TransferFee(priority: .normal, fee: BigUInt(10_000_000), amount: BigUInt(1_000_000_000))])
        #expect(load.balance == Self.balance && load.feeBalance == Self.balance && load.feeAssetId == AssetId(chain: .ton))
        let wallet = TonWalletInformation(seqno: 12, deployed: true, balance: Self.balance)
        #expect(load.chain == .ton(TonPreload(wallet: wallet, jetton: nil), validUntil: 1_764_590_600))
        #expect(load.check(.normal) == .sufficient)

        let signed = try sign(load)
        // The same message the signer makes from the preload, the load's valid_until and the memo as its comment.
        let expected = try TonSigner.sign(TonSignerInput(destination: Self.recipient, asset: .native, amount: BigUInt(1_000_000_000),
                                                         comment: "invoice 42", seqno: 12, deployed: true, validUntil: 1_764_590_600,
                                                         balance: Self.balance), key: try #require(Self.key))
        #expect(signed == expected)
        #expect(signed.hash.count == 64)
    }

    @Test func aMaxSendKeepsTheFeeBack() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(tonFixture("getWalletInformation"))
        let input = TransferInput(assetId: AssetId(chain: .ton), sender: try sender(), recipient: Self.recipient, amount: .zero, isMax: true)
        let load = try await stages(input, transport: transport)
        #expect(load.fee(.normal)?.amount == BigUInt(1_490_000_000))
        #expect(load.check(.normal) == .sufficient)
        _ = try sign(load)
    }

    @Test func aShortfallIsReportedAndNotSigned() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(tonFixture("getWalletInformation"))
        // Covers the amount but not the amount and the fee.
        let input = TransferInput(assetId: AssetId(chain: .ton), sender: try sender(), recipient: Self.recipient, amount: BigUInt(1_495_000_000))
        let load = try await stages(input, transport: transport)
        #expect(load.check(.normal) == .insufficientBalance(required: BigUInt(1_505_000_000), available: Self.balance))
        #expect(throws: SignerError.insufficientBalance(required: BigUInt(1_505_000_000), available: Self.balance)) { try sign(load) }
    }

    @Test func aRefusedBroadcastIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(tonFixture("sendBocReturnHash.error"), status: 500)
        let transfer = try #require(ChainTransfers.transfer(for: .ton, transport: transport))
        do {
            _ = try await transfer.broadcast(SignedTransaction(bytes: [0], encoded: "AA==", hash: ""))
            Issue.record("the broadcast was accepted")
        } catch {
            guard case .rejected = error else { Issue.record("expected rejected, got \(error)"); return }
        }
        #expect(await transport.requests.map(\.path) == ["/api/v2/sendBocReturnHash"])
    }

    @Test func jettonsAndOtherKeysAreRefused() async throws {
        let transport = RecordingChainTransport()
        let transfer = try #require(ChainTransfers.transfer(for: .ton, transport: transport))
        #expect(transfer.keyType == .ed25519)
        let jetton = TransferInput(assetId: try AssetId(chain: .ton, tokenId: "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs"),
                                   sender: try sender(), recipient: Self.recipient, amount: BigUInt(1))
        await #expect(throws: ChainClientError.self) { try await transfer.preload(jetton) }
        #expect(await transport.requests.isEmpty)

        await transport.answer(tonFixture("getWalletInformation"))
        let input = TransferInput(assetId: AssetId(chain: .ton), sender: try sender(), recipient: Self.recipient, amount: BigUInt(1))
        let load = try await stages(input, transport: transport)
        let secp = try Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x11, count: 32))
        #expect(throws: SignerError.invalidField("key", reason: "this chain signs with a ed25519 key")) {
            try transfer.sign(load, priority: .normal, key: .secp256k1(secp))
        }
    }
}
