import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

// The TON `ChainTransfer` stage by stage through `RecordingChainTransport`: the preload's one request, the fee of
// the one priority, a max send, a shortfall reported rather than thrown, the signed message, a refused broadcast;
// then the same for a jetton (three preload requests, the attached TON in the fee, shortfalls of the jetton and of TON).

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

    @Test func otherKeysAndMalformedTokenIdsAreRefused() async throws {
        let transport = RecordingChainTransport()
        let transfer = try #require(ChainTransfers.transfer(for: .ton, transport: transport))
        #expect(transfer.keyType == .ed25519)
        let jetton = TransferInput(assetId: try AssetId(chain: .ton, tokenId: "not-a-master"), sender: try sender(), recipient: Self.recipient,
                                   amount: BigUInt(1))
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

    // MARK: Jettons

    /// USDT's master (jetton_wallets.json lists the sender's USDT wallet: 25 USDT in base units).
    static let usdt = "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs"
    static let jettonBalance = BigUInt(25_000_000)
    static let senderJettonWallet = "0:9BE2883D2E5807B814CE61C034EE915C5356ECDDF7E57CC5097608E0E6FBE6AF"
    static let recipientJettonWallet = "0:5D9E5E3B5AFD0E7C4D2C4F1E8E3B6A1C9E2F0B7D4A3C2E1F0A9B8C7D6E5F4A3B"

    private func jettonInput(_ amount: BigUInt, isMax: Bool = false, memo: String? = nil) throws -> TransferInput {
        TransferInput(assetId: try AssetId(chain: .ton, tokenId: Self.usdt), sender: try sender(), recipient: Self.recipient, amount: amount,
                      isMax: isMax, memo: memo)
    }

    /// The recipient's `jetton/wallets`: its USDT wallet, or none.
    private func recipientWallets(exists: Bool) -> String {
        guard exists else { return tonFixture("jetton_wallets.empty") }
        return tonFixture("jetton_wallets").replacingOccurrences(of: Self.senderJettonWallet, with: Self.recipientJettonWallet)
            .replacingOccurrences(of: "\"25000000\"", with: "\"7000000\"")
    }

    /// A jetton send's three answers: the sender's wallet (its TON `tonBalance`), its jetton wallets, the recipient's.
    private func answerJetton(_ transport: RecordingChainTransport, tonBalance: String = "1500000000", recipientExists: Bool = true) async {
        await transport.answer(tonFixture("getWalletInformation").replacingOccurrences(of: "\"1500000000\"", with: "\"\(tonBalance)\""))
        await transport.answer(tonFixture("jetton_wallets"))
        await transport.answer(recipientWallets(exists: recipientExists))
    }

    @Test func aJettonTransferPreloadsBothJettonWalletsAndPaysTheFeeAndTheAttachedTon() async throws {
        let transport = RecordingChainTransport()
        await answerJetton(transport)
        let input = try jettonInput(BigUInt(10_000_000))
        let load = try await stages(input, transport: transport)
        #expect(await transport.requests == [
            TonRequest.walletInformation(address: try sender()).request, TonRequest.jettonWallets(owner: try sender()).request,
            TonRequest.jettonWallets(owner: Self.recipient).request,
        ])
        // 0.01 TON and the 0.1 TON attached to the sender's jetton wallet (the recipient's exists, no memo).
        #expect(load.fees == [TransferFee(priority: .normal, fee: BigUInt(110_000_000), amount: BigUInt(10_000_000))])
        #expect(load.balance == Self.jettonBalance && load.feeBalance == Self.balance && load.feeAssetId == AssetId(chain: .ton))
        let jetton = TonPreload.Jetton(tokenId: Self.usdt, senderJettonWallet: Self.senderJettonWallet, jettonBalance: Self.jettonBalance,
                                       recipientJettonWallet: Self.recipientJettonWallet)
        let wallet = TonWalletInformation(seqno: 12, deployed: true, balance: Self.balance)
        #expect(load.chain == .ton(TonPreload(wallet: wallet, jetton: jetton), validUntil: 1_764_590_600))
        #expect(load.check(.normal) == .sufficient)

        // The TEP-74 transfer the signer makes: to the sender's jetton wallet with 0.1 TON, for the recipient.
        let signed = try sign(load)
        let expected = try TonSigner.sign(TonSignerInput(
            destination: Self.recipient,
            asset: .jetton(TonSignerInput.JettonTransfer(senderJettonWallet: Self.senderJettonWallet, attachedAmount: BigUInt(100_000_000),
                                                         jettonBalance: Self.jettonBalance)),
            amount: BigUInt(10_000_000), seqno: 12, deployed: true, validUntil: 1_764_590_600, balance: Self.balance), key: try #require(Self.key))
        #expect(signed == expected)

        // Its broadcast refused by the node is `rejected`.
        await transport.answer(tonFixture("sendBocReturnHash.error"), status: 500)
        await #expect(throws: ChainClientError.self) { try await TonClient(transport: transport).broadcast(signed) }
        #expect(await transport.requests.last?.path == "/api/v2/sendBocReturnHash")
    }

    @Test func theAttachedTonFollowsTheRecipientsJettonWalletAndTheMemo() async throws {
        // With a memo: 0.06 TON attached.
        let withMemo = RecordingChainTransport()
        await answerJetton(withMemo)
        let memoLoad = try await stages(try jettonInput(BigUInt(10_000_000), memo: "invoice 42"), transport: withMemo)
        #expect(memoLoad.fee(.normal)?.fee == BigUInt(70_000_000))
        // No jetton wallet of the recipient yet: 0.2 TON attached, whatever the memo.
        let missing = RecordingChainTransport()
        await answerJetton(missing, recipientExists: false)
        let missingLoad = try await stages(try jettonInput(BigUInt(10_000_000), memo: "invoice 42"), transport: missing)
        #expect(missingLoad.fee(.normal)?.fee == BigUInt(210_000_000))
        guard case let .ton(preload, _) = missingLoad.chain else { Issue.record("not a TON load"); return }
        #expect(preload.jetton?.recipientJettonWallet == nil)
        let signed = try sign(missingLoad)
        let expected = try TonSigner.sign(TonSignerInput(
            destination: Self.recipient,
            asset: .jetton(TonSignerInput.JettonTransfer(senderJettonWallet: Self.senderJettonWallet, attachedAmount: BigUInt(200_000_000),
                                                         jettonBalance: Self.jettonBalance)),
            amount: BigUInt(10_000_000), comment: "invoice 42", seqno: 12, deployed: true, validUntil: 1_764_590_600, balance: Self.balance),
            key: try #require(Self.key))
        #expect(signed == expected)
    }

    @Test func aMaxJettonSendMovesTheWholeJettonBalance() async throws {
        let transport = RecordingChainTransport()
        await answerJetton(transport)
        let load = try await stages(try jettonInput(.zero, isMax: true), transport: transport)
        #expect(load.fee(.normal) == TransferFee(priority: .normal, fee: BigUInt(110_000_000), amount: Self.jettonBalance))
        #expect(load.check(.normal) == .sufficient)
        _ = try sign(load)
    }

    @Test func aJettonShortfallIsInsufficientBalance() async throws {
        let transport = RecordingChainTransport()
        await answerJetton(transport)
        let load = try await stages(try jettonInput(BigUInt(25_000_001)), transport: transport)
        #expect(load.check(.normal) == .insufficientBalance(required: BigUInt(25_000_001), available: Self.jettonBalance))
        #expect(throws: SignerError.insufficientBalance(required: BigUInt(25_000_001), available: Self.jettonBalance)) { try sign(load) }
    }

    @Test func aTonShortfallForTheFeeAndTheAttachedTonIsInsufficientFeeBalance() async throws {
        let transport = RecordingChainTransport()
        // 0.1 TON covers the attached 0.1 TON but not it and the 0.01 TON fee.
        await answerJetton(transport, tonBalance: "100000000")
        let load = try await stages(try jettonInput(BigUInt(10_000_000)), transport: transport)
        #expect(load.check(.normal) == .insufficientFeeBalance(required: BigUInt(110_000_000), available: BigUInt(100_000_000)))
        #expect(throws: SignerError.insufficientBalance(required: BigUInt(110_000_000), available: BigUInt(100_000_000))) { try sign(load) }
    }

    @Test func aSenderWithoutTheJettonHasNothingToSend() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(tonFixture("getWalletInformation"))
        await transport.answer(tonFixture("jetton_wallets.empty"))
        await transport.answer(recipientWallets(exists: true))
        let load = try await stages(try jettonInput(BigUInt(1)), transport: transport)
        #expect(load.balance == .zero)
        #expect(load.check(.normal) == .insufficientBalance(required: BigUInt(1), available: .zero))
        #expect(throws: SignerError.self) { try sign(load) }
    }
}
