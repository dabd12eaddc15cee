import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

// The Polkadot Asset Hub `ChainTransfer` stage by stage through `RecordingChainTransport`: the preload's two
// requests, the fee estimate of the unsigned-key extrinsic, a max send keeping the fee and the existential deposit
// back, a shortfall reported rather than thrown, the status over the last blocks, a refused broadcast.

private func polkadotFixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/polkadot"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

@Suite struct PolkadotTransferTests {
    static let key = try? Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32))
    /// The SS58 (prefix 0) of the key 0x11…11 (substrate-interface 1.8.1's Keypair.create_from_seed).
    static let sender = "15i79fYkyo2iHUCjM2AupCvcJyXCVM841z1wofgjZMqYuqp7"
    static let recipient = "15U5XsYmgMLfTXsSSbuj8BwK3XXLzSVkGe97NZHvfJRii1TK"
    /// balance_info.json: free 25 DOT, reserved 1 DOT, less the 0.01 DOT existential deposit.
    static let spendable = BigUInt(23_900_000_000)
    /// fee_estimate.json's partialFee.
    static let fee = BigUInt(15_920_000)

    private func script(_ transport: RecordingChainTransport) async {
        await transport.answer(polkadotFixture("material"))
        await transport.answer(polkadotFixture("balance_info"))
        await transport.answer(polkadotFixture("fee_estimate"))
    }

    private func transfer(_ transport: RecordingChainTransport) throws -> any ChainTransfer {
        try #require(ChainTransfers.transfer(for: .polkadot, transport: transport))
    }

    private func stages(_ input: TransferInput, _ transport: RecordingChainTransport) async throws -> TransferLoad {
        let transfer = try transfer(transport)
        let preload = try await transfer.preload(input)
        let rates = try await transfer.feeRates(input)
        return try await transfer.load(input, preload: preload, rates: rates)
    }

    private func sign(_ load: TransferLoad) throws -> SignedTransaction {
        try transfer(RecordingChainTransport()).sign(load, priority: .normal, key: .ed25519(try #require(Self.key)))
    }

    @Test func aTransferPaysTheEstimateOfTheExtrinsicItSigns() async throws {
        let transport = RecordingChainTransport()
        await script(transport)
        let input = TransferInput(assetId: AssetId(chain: .polkadot), sender: Self.sender, recipient: Self.recipient,
                                  amount: BigUInt(10_000_000_000))
        let load = try await stages(input, transport)
        #expect(await transport.requests.map(\.path) == ["/transaction/material", "/accounts/\(Self.sender)/balance-info",
                                                         "/transaction/fee-estimate"])
        #expect(load.fees == [TransferFee(priority: .normal, fee: Self.fee, amount: BigUInt(10_000_000_000))])
        #expect(load.balance == Self.spendable && load.feeAssetId == AssetId(chain: .polkadot))
        #expect(load.check(.normal) == .sufficient)

        let signed = try sign(load)
        // The extrinsic tests/chains/verify/polkadot.py builds and verifies from the same material, nonce and value.
        #expect(signed.hash == "0x80d52fe2db7a28b5370d4fa3cd26e253e954269c19dd4ecde36e385807411d06")
        // The estimate weighed an extrinsic of the signed one's length, with a zero signature.
        let estimated = try #require(try JSONParser.parse(Array(await transport.body(2).utf8))["tx"]?.stringValue)
        #expect(estimated.count == signed.encoded.count && estimated != signed.encoded)
        #expect(estimated.contains(String(repeating: "0", count: 128)))
    }

    @Test func aMaxSendKeepsTheFeeAndTheExistentialDepositBack() async throws {
        let transport = RecordingChainTransport()
        await script(transport)
        let input = TransferInput(assetId: AssetId(chain: .polkadot), sender: Self.sender, recipient: Self.recipient, amount: .zero, isMax: true)
        let load = try await stages(input, transport)
        #expect(load.fee(.normal)?.amount == BigUInt(23_884_080_000))
        #expect(load.check(.normal) == .sufficient)
        // The signer's own check (value + fee + existential deposit ≤ free − reserved) accepts it exactly.
        _ = try sign(load)
    }

    @Test func aShortfallIsReportedAndNotSigned() async throws {
        let transport = RecordingChainTransport()
        await script(transport)
        let input = TransferInput(assetId: AssetId(chain: .polkadot), sender: Self.sender, recipient: Self.recipient, amount: Self.spendable)
        let load = try await stages(input, transport)
        #expect(load.check(.normal) == .insufficientBalance(required: Self.spendable + Self.fee, available: Self.spendable))
        #expect(throws: SignerError.self) { try sign(load) }
    }

    @Test func theStatusLooksThroughTheLastBlocks() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(polkadotFixture("head"))
        await transport.answer(polkadotFixture("range"))
        let input = TransferInput(assetId: AssetId(chain: .polkadot), sender: Self.sender, recipient: Self.recipient, amount: BigUInt(1))
        let status = try await transfer(transport).status(hash: "0xfd2b1f770536109c243c5c791316631b352fc33ca02ef09051df287bd333ca3a", input: input)
        #expect(status == ChainTransactionStatus(state: .confirmed, blockNumber: 9_000_002))
        #expect(await transport.requests == [PolkadotAPI.head.request, PolkadotAPI.blocks(from: 8_999_946, to: 9_000_010).request])
    }

    @Test func aRefusedBroadcastIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(polkadotFixture("submit.error"), status: 400)
        let transfer = try transfer(transport)
        do {
            _ = try await transfer.broadcast(SignedTransaction(bytes: [0], encoded: "0x00", hash: ""))
            Issue.record("the broadcast was accepted")
        } catch {
            guard case .rejected = error else { Issue.record("expected rejected, got \(error)"); return }
        }
    }

    @Test func assetsAreNotSentHere() async throws {
        let transport = RecordingChainTransport()
        let input = TransferInput(assetId: try AssetId(chain: .polkadot, tokenId: "1984"), sender: Self.sender, recipient: Self.recipient,
                                  amount: BigUInt(1))
        await #expect(throws: ChainClientError.self) { try await transfer(transport).preload(input) }
        #expect(await transport.requests.isEmpty)
    }
}
