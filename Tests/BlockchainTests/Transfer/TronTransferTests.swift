import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

// Tron's `ChainTransfer` through `RecordingChainTransport`: each stage's requests, the fee (the TRX the transfer
// burns: bandwidth the sender lacks, an activation, TRC-20 energy), a max send, a shortfall, a refused broadcast.

private func tronFixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/tron"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

@Suite struct TronTransferTests {
    static let key = try? Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x11, count: 32))
    /// The address of the 0x11… key (tronpy).
    static let sender = "TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ"
    static let recipient = "TBvJUBXorwBPzqvV38vjDgegj5Eh6g2Tsq"
    static let usdt = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
    /// getaccount.json: 25,000,000 sun.
    static let sun = BigUInt(25_000_000)
    /// No free bandwidth left and none staked.
    static let noBandwidth = #"{"freeNetUsed":600,"freeNetLimit":600,"EnergyUsed":0,"EnergyLimit":0}"#

    private func transfer(_ transport: RecordingChainTransport) throws -> any ChainTransfer {
        try #require(ChainTransfers.transfer(for: .tron, transport: transport))
    }

    private func sign(_ load: TransferLoad) throws -> SignedTransaction {
        try transfer(RecordingChainTransport()).sign(load, priority: .normal, key: .secp256k1(try #require(Self.key)))
    }

    /// A TRX preload: block, parameters, resources, the recipient's account, the sender's account.
    private func trxScript(_ transport: RecordingChainTransport, resource: String? = nil, recipient: String = "getaccount") async {
        await transport.answer(tronFixture("getnowblock"))
        await transport.answer(tronFixture("getchainparameters"))
        await transport.answer(resource ?? tronFixture("getaccountresource"))
        await transport.answer(tronFixture(recipient))
        await transport.answer(tronFixture("getaccount"))
    }

    @Test func theTestKeysAddressIsTheSender() throws {
        #expect(TronAddress.derive(try #require(Self.key).publicKey) == Self.sender)
    }

    @Test func aTRXTransferBurnsTheBandwidthTheSenderLacks() async throws {
        let transport = RecordingChainTransport()
        await trxScript(transport, resource: Self.noBandwidth)
        let input = TransferInput(assetId: AssetId(chain: .tron), sender: Self.sender, recipient: Self.recipient, amount: BigUInt(1_000_000))
        let load = try await stages(try transfer(transport), input)
        #expect(await transport.requests.map(\.path) == ["/wallet/getnowblock", "/wallet/getchainparameters", "/wallet/getaccountresource",
                                                         "/wallet/getaccount", "/wallet/getaccount"])
        #expect(await transport.body(3).contains(Self.recipient))
        #expect(await transport.body(4).contains(Self.sender))
        // One normal rate; 300 bandwidth points × getTransactionFee 1,000 sun.
        #expect(load.fees == [TransferFee(priority: .normal, fee: BigUInt(300_000), amount: BigUInt(1_000_000))])
        #expect(load.balance == Self.sun && load.feeBalance == Self.sun)
        #expect(load.check(.normal) == .sufficient)

        let signed = try sign(load)
        // The txID: sha256 of the raw data, which the signed transaction's bytes begin with (field 1).
        #expect(signed.hash.count == 64 && signed.encoded.contains(#""txID":"\#(signed.hash)""#))
        // The reference block's time, expiring an hour later (getnowblock.json: 1,764,590,769,000 ms).
        #expect(signed.encoded.contains(#""timestamp":1764590769000"#) && signed.encoded.contains(#""expiration":1764594369000"#))
    }

    @Test func aTRXTransferWithFreeBandwidthBurnsNothing() async throws {
        let transport = RecordingChainTransport()
        await trxScript(transport)
        let input = TransferInput(assetId: AssetId(chain: .tron), sender: Self.sender, recipient: Self.recipient, amount: BigUInt(1_000_000))
        let load = try await stages(try transfer(transport), input)
        #expect(load.fee(.normal)?.fee == .zero)
    }

    @Test func aNewRecipientCostsItsActivation() async throws {
        let transport = RecordingChainTransport()
        await trxScript(transport, recipient: "getaccount_new")
        let input = TransferInput(assetId: AssetId(chain: .tron), sender: Self.sender, recipient: Self.recipient, amount: BigUInt(1_000_000))
        let load = try await stages(try transfer(transport), input)
        #expect(load.fee(.normal)?.fee == BigUInt(1_000_000))
    }

    @Test func aMaxSendKeepsTheFeeBack() async throws {
        let transport = RecordingChainTransport()
        await trxScript(transport, resource: Self.noBandwidth)
        let input = TransferInput(assetId: AssetId(chain: .tron), sender: Self.sender, recipient: Self.recipient, amount: .zero, isMax: true)
        let load = try await stages(try transfer(transport), input)
        #expect(load.fee(.normal) == TransferFee(priority: .normal, fee: BigUInt(300_000), amount: BigUInt(24_700_000)))
        #expect(load.check(.normal) == .sufficient)
        _ = try sign(load)
    }

    @Test func aShortfallIsReportedNotThrown() async throws {
        let transport = RecordingChainTransport()
        await trxScript(transport, resource: Self.noBandwidth)
        let input = TransferInput(assetId: AssetId(chain: .tron), sender: Self.sender, recipient: Self.recipient, amount: Self.sun)
        let load = try await stages(try transfer(transport), input)
        #expect(load.check(.normal) == .insufficientBalance(required: Self.sun + BigUInt(300_000), available: Self.sun))
        #expect(throws: SignerError.self) { try sign(load) }
    }

    @Test func aTRC20TransferPaysItsEnergyInTRX() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(tronFixture("getnowblock"))
        await transport.answer(tronFixture("getchainparameters"))
        await transport.answer(tronFixture("getaccountresource"))
        await transport.answer(tronFixture("transfer_estimate"))
        await transport.answer(tronFixture("getaccount"))
        await transport.answer(tronFixture("balanceOf"))
        let input = TransferInput(assetId: try AssetId(chain: .tron, tokenId: Self.usdt), sender: Self.sender, recipient: Self.recipient,
                                  amount: BigUInt(1_000_000))
        let load = try await stages(try transfer(transport), input)
        #expect(await transport.requests.map(\.path)[3] == "/wallet/triggerconstantcontract")
        // (64,285 energy used + 50,000 penalty) + 20 % = 137,142, less the 3,000 the sender has, at 210 sun: more
        // than the 25 TRX the sender holds, reported rather than thrown.
        #expect(load.fee(.normal)?.fee == BigUInt(134_142 * 210))
        #expect(load.balance == BigUInt(12_500_000) && load.feeBalance == Self.sun)
        #expect(load.check(.normal) == .insufficientFeeBalance(required: BigUInt(134_142 * 210), available: Self.sun))
        #expect(throws: SignerError.self) { try sign(load) }
    }

    @Test func aRefusedBroadcastIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(tronFixture("broadcast.sigerror"))
        let transfer = try transfer(transport)
        do {
            _ = try await transfer.broadcast(SignedTransaction(bytes: [1], encoded: #"{"txID":"00"}"#, hash: ""))
            Issue.record("the broadcast was accepted")
        } catch {
            guard case ChainClientError.rejected = error else { Issue.record("expected rejected, got \(error)"); return }
        }
        #expect(await transport.requests.map(\.path) == ["/wallet/broadcasttransaction"])
    }

    /// The node's txid must be the signed transaction's (SHA-256 of its raw data): the same one is answered back,
    /// another is refused as malformed (a node lying or broken about what it accepted).
    @Test func theAnsweredHashMustBeTheSignedTransactions() async throws {
        let transport = RecordingChainTransport()
        await trxScript(transport, resource: Self.noBandwidth)
        let input = TransferInput(assetId: AssetId(chain: .tron), sender: Self.sender, recipient: Self.recipient, amount: BigUInt(1_000_000))
        let load = try await stages(try transfer(transport), input)
        let signed = try sign(load)
        try await expectTheAnsweredHashIsTheSignedOne(signed, answer: tronFixture("broadcast"), other: "166afb0cd88857a97fdeb0fabbba69af26ebdfa9ea66cbdb92c0fff23fd04c31", noun: "txid") { try transfer($0) }
    }
}
