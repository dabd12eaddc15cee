import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

// `ChainTransfer` stage by stage through `RecordingChainTransport`: each stage's requests, the fee of each priority,
// max sends, shortfalls reported rather than thrown, a refused broadcast.

private func solanaFixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/solana"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

private extension Array where Element == UInt8 {
    /// Whether `part` occurs in these bytes.
    func contains(_ part: [UInt8]) -> Bool {
        guard !part.isEmpty, part.count <= count else { return part.isEmpty }
        return (0...(count - part.count)).contains { self[$0..<($0 + part.count)].elementsEqual(part) }
    }
}

private func rpc(_ result: String) -> String { #"{"jsonrpc":"2.0","id":1,"result":\#(result)}"# }

/// The JSON-RPC method names of the recorded requests, in order (a batch as "batch:<first method>").
private func methods(_ transport: RecordingChainTransport) async -> [String] {
    var names: [String] = []
    for index in await transport.requests.indices {
        let body = await transport.body(index)
        guard let json = try? JSONParser.parse(Array(body.utf8)) else { names.append("?"); continue }
        if let first = json.arrayValue?.first { names.append("batch:" + (first["method"]?.stringValue ?? "?")) } else {
            names.append(json["method"]?.stringValue ?? "?")
        }
    }
    return names
}

private let evmKey = (try? Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x11, count: 32)))
private let evmSender = "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"
private let evmRecipient = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"
private let tst = "0xdAC17F958D2ee523a2206206994597C13D831ec7"
private let oneEther = BigUInt(1_000_000_000_000_000_000 as UInt64)
/// Base fee 1 gwei; tips 0.1, 0.2, 0.3 gwei (one block of rewards).
private let feeHistory = rpc(#"{"oldestBlock":"0x1","baseFeePerGas":["0x3b9aca00","0x3b9aca00"],"gasUsedRatio":[0.5],"reward":[["0x5f5e100","0xbebc200","0x11e1a300"]]}"#)

@Suite struct EthereumTransferTests {
    private func transfer(_ transport: RecordingChainTransport, chain: Chain = .ethereum) throws -> any ChainTransfer {
        try #require(ChainTransfers.transfer(for: chain, transport: transport))
    }

    /// Answers a native preload (nonce 5, `balance` wei), the fee history and a 21000 estimate.
    private func nativeScript(_ transport: RecordingChainTransport, balance: BigUInt) async {
        await transport.answer(rpc(#""0x5""#))
        await transport.answer(rpc("\"\(EthereumRPC.quantity(balance))\""))
        await transport.answer(feeHistory)
        await transport.answer(rpc(#""0x5208""#))
    }

    @Test func aNativeTransferLoadsInThreeStagesWithAFeePerPriority() async throws {
        let transport = RecordingChainTransport()
        await nativeScript(transport, balance: oneEther)
        let input = TransferInput(assetId: AssetId(chain: .ethereum), sender: evmSender, recipient: evmRecipient, amount: BigUInt(1_000))
        let load = try await stages(try transfer(transport), input)
        #expect(await methods(transport) == ["eth_getTransactionCount", "eth_getBalance", "eth_feeHistory", "eth_estimateGas"])
        #expect(await transport.body(0).contains(#""pending""#))
        // (1 gwei + tip) × 21000.
        #expect(load.fees.map(\.fee) == [BigUInt(23_100_000_000_000), BigUInt(25_200_000_000_000), BigUInt(27_300_000_000_000)])
        #expect(load.fees.map(\.amount) == [BigUInt(1_000), BigUInt(1_000), BigUInt(1_000)])
        #expect(load.feeAssetId == AssetId(chain: .ethereum))
        #expect(load.chain == .ethereum(nonce: 5, gasLimit: 21_000, gasEstimate: 21_000, l1Fee: .zero))
        #expect(load.check(.fast) == .sufficient)

        let signed = try load.transferSign(.normal)
        #expect(signed.encoded.hasPrefix("0x02"))
        #expect(signed.hash == "0x" + Hex.encode(Hash.keccak256(signed.bytes)))
    }

    /// A max send of a token moves the whole token balance; with none of the token there is nothing to send, which
    /// the check reports as a shortfall of one base unit rather than a sufficient send of zero.
    @Test(arguments: [(BigUInt(0), false), (BigUInt(7), true)])
    func aMaxTokenSendOfNothingIsAShortfall(tokenBalance: BigUInt, sends: Bool) throws {
        let input = TransferInput(assetId: try AssetId(chain: .ethereum, tokenId: "0xdAC17F958D2ee523a2206206994597C13D831ec7"),
                                  sender: evmSender, recipient: evmRecipient, amount: .zero, isMax: true)
        let rates = FeeRates(unit: .weiPerGas, rates: [FeeRate(priority: .normal, value: BigUInt(1))])
        let amount = TransferLoad.amount(input, balance: tokenBalance, fee: BigUInt(21_000))
        #expect(amount == tokenBalance)
        let load = TransferLoad(input: input, feeAssetId: AssetId(chain: .ethereum), balance: tokenBalance, feeBalance: BigUInt.powerOfTen(18),
                                rates: rates, fees: [TransferFee(priority: .normal, fee: BigUInt(21_000), amount: amount)],
                                chain: .ethereum(nonce: 0, gasLimit: 21_000, gasEstimate: 21_000, l1Fee: .zero))
        let expected: TransferBalanceCheck = sends ? .sufficient : .insufficientBalance(required: BigUInt(1), available: BigUInt.zero)
        #expect(load.check(.normal) == expected)
    }

    @Test func aMaxNativeSendKeepsTheFeeBack() async throws {
        let transport = RecordingChainTransport()
        await nativeScript(transport, balance: oneEther)
        let input = TransferInput(assetId: AssetId(chain: .ethereum), sender: evmSender, recipient: evmRecipient, amount: .zero, isMax: true)
        let load = try await stages(try transfer(transport), input)
        for fee in load.fees {
            #expect(fee.amount + fee.fee == oneEther)
        }
        #expect(load.check(.fast) == .sufficient)
        // The estimate asked for the whole balance, and the signer accepts value + fee = balance exactly.
        #expect(await transport.body(3).contains(EthereumRPC.quantity(oneEther)))
        _ = try load.transferSign(.fast)
    }

    @Test func anUnaffordableAmountStillHasItsFees() async throws {
        let transport = RecordingChainTransport()
        await nativeScript(transport, balance: oneEther)
        let amount = oneEther + oneEther
        let input = TransferInput(assetId: AssetId(chain: .ethereum), sender: evmSender, recipient: evmRecipient, amount: amount)
        let load = try await stages(try transfer(transport), input)
        // The estimate is asked with the value capped at the balance, so the node does not refuse it.
        #expect(await transport.body(3).contains(EthereumRPC.quantity(oneEther)))
        #expect(load.fee(.normal)?.fee == BigUInt(25_200_000_000_000))
        #expect(load.check(.normal) == .insufficientBalance(required: amount + BigUInt(25_200_000_000_000), available: oneEther))
        #expect(throws: SignerError.self) { try load.transferSign(.normal) }
    }

    @Test func aTokenTransferWithoutNativeCoinLacksTheFeeBalance() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(rpc(#""0x0""#))
        await transport.answer(rpc(#""0x0""#))
        await transport.answer(#"[{"jsonrpc":"2.0","id":1,"result":"0x\#(String(repeating: "0", count: 58))0f4240"}]"#)  // 1,000,000
        await transport.answer(feeHistory)
        await transport.answer(rpc(#""0x8000""#))
        let assetId = try AssetId(chain: .ethereum, tokenId: tst)
        let input = TransferInput(assetId: assetId, sender: evmSender, recipient: evmRecipient, amount: BigUInt(250_000))
        let load = try await stages(try transfer(transport), input)
        #expect(await methods(transport) == ["eth_getTransactionCount", "eth_getBalance", "batch:eth_call", "eth_feeHistory", "eth_estimateGas"])
        // The estimate calls the token contract with transfer(recipient, amount).
        let estimate = await transport.body(4)
        #expect(estimate.contains(tst) && estimate.contains("a9059cbb"))
        #expect(load.balance == BigUInt(1_000_000) && load.feeBalance == .zero)
        // 0x8000 = 32768, plus 50%: 49152 gas.
        #expect(load.chain == .ethereum(nonce: 0, gasLimit: 49_152, gasEstimate: 32_768, l1Fee: .zero))
        #expect(load.fee(.slow)?.fee == BigUInt(1_100_000_000) * BigUInt(49_152))
        #expect(load.check(.slow) == .insufficientFeeBalance(required: BigUInt(1_100_000_000) * BigUInt(49_152), available: .zero))
    }

    @Test func anOPStackChainAddsTheL1DataFee() async throws {
        let transport = RecordingChainTransport()
        await nativeScript(transport, balance: oneEther)
        await transport.answer(rpc("\"0x\(String(repeating: "0", count: 60))03e8\""))  // getL1Fee: 1000 wei
        let input = TransferInput(assetId: AssetId(chain: .optimism), sender: evmSender, recipient: evmRecipient, amount: BigUInt(1))
        let transfer = try transfer(transport, chain: .optimism)
        let preload = try await transfer.preload(input)
        let rates = try await transfer.feeRates(input)
        let load = try await transfer.load(input, preload: preload, rates: rates)
        #expect(await methods(transport).last == "eth_call")
        #expect(await transport.body(4).contains(OPStackGasPriceOracle.oracle))
        let l2 = try #require(load.fee(.normal)?.fee).subtracting(BigUInt(1_000))
        #expect(l2 == ((rates.baseFee ?? .zero) + (rates.rate(.normal) ?? .zero)) * BigUInt(21_000))
    }

    /// A node that refuses the estimate of a max send (its value plus gas at the node's own price is more than the
    /// balance) is asked once more with value zero; a 21,000 answer (no code at the recipient) is kept.
    @Test(arguments: [("0x5208", true), ("0x6000", false)])
    func aMaxSendsRefusedEstimateIsRetriedWithoutValue(retry: String, kept: Bool) async throws {
        let transport = RecordingChainTransport()
        await transport.answer(rpc(#""0x5""#))
        await transport.answer(rpc("\"\(EthereumRPC.quantity(oneEther))\""))
        await transport.answer(feeHistory)
        await transport.answer(#"{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"insufficient funds for gas * price + value"}}"#)
        await transport.answer(rpc("\"\(retry)\""))
        let input = TransferInput(assetId: AssetId(chain: .ethereum), sender: evmSender, recipient: evmRecipient, amount: .zero, isMax: true)
        let transfer = try transfer(transport)
        let preload = try await transfer.preload(input)
        let rates = try await transfer.feeRates(input)
        do {
            let load = try await transfer.load(input, preload: preload, rates: rates)
            #expect(kept)
            #expect(load.fee(.normal)?.fee == BigUInt(25_200_000_000_000))
            #expect(load.fee(.normal)?.amount == oneEther.subtracting(BigUInt(25_200_000_000_000)))
        } catch {
            #expect(!kept)
            #expect(error == .rpc(code: -32000, message: "insufficient funds for gas * price + value"))
        }
        #expect(await transport.requests.count == 5)
        #expect(await transport.body(4).contains(#""value":"0x0""#))
    }

    /// An affordable send's refused estimate is the node's answer: no retry.
    @Test func anAffordableSendsRefusedEstimateIsNotRetried() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(rpc(#""0x5""#))
        await transport.answer(rpc("\"\(EthereumRPC.quantity(oneEther))\""))
        await transport.answer(feeHistory)
        await transport.answer(#"{"jsonrpc":"2.0","id":1,"error":{"code":3,"message":"execution reverted"}}"#)
        let input = TransferInput(assetId: AssetId(chain: .ethereum), sender: evmSender, recipient: evmRecipient, amount: BigUInt(1))
        await #expect(throws: ChainClientError.rpc(code: 3, message: "execution reverted")) { try await stages(try transfer(transport), input) }
        #expect(await transport.requests.count == 4)
    }

    @Test func aRefusedBroadcastIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(#"{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"nonce too low"}}"#)
        let signed = SignedTransaction(bytes: [0x02], encoded: "0x02", hash: "")
        await #expect(throws: ChainClientError.rejected("nonce too low")) { try await transfer(transport).broadcast(signed) }
    }

    @Test func theWrongKeyTypeIsRefused() async throws {
        let transport = RecordingChainTransport()
        await nativeScript(transport, balance: oneEther)
        let input = TransferInput(assetId: AssetId(chain: .ethereum), sender: evmSender, recipient: evmRecipient, amount: BigUInt(1))
        let transfer = try transfer(transport)
        let load = try await stages(transfer, input)
        let edKey = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32))
        #expect(throws: SignerError.invalidField("key", reason: "this chain signs with a secp256k1 key")) {
            try transfer.sign(load, priority: .normal, key: .ed25519(edKey))
        }
    }
}

private extension TransferLoad {
    /// Signs through the chain's transfer with the EVM test key.
    func transferSign(_ priority: FeePriority) throws -> SignedTransaction {
        let transfer = try #require(ChainTransfers.transfer(for: input.chain, transport: RecordingChainTransport()))
        return try transfer.sign(self, priority: priority, key: .secp256k1(try #require(evmKey)))
    }
}

private let solOwner = "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd"
private let solRecipient = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
private let usdc = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"

@Suite struct SolanaTransferTests {
    @Test func aNativeTransferPaysTheSignatureAndPriorityFee() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(solanaFixture("getLatestBlockhash"))
        await transport.answer(solanaFixture("getBalance"))
        await transport.answer(solanaFixture("getBalance"))
        await transport.answer(rpc(#"[{"slot":1,"prioritizationFee":0}]"#))
        let transfer = try #require(ChainTransfers.transfer(for: .solana, transport: transport))
        let input = TransferInput(assetId: AssetId(chain: .solana), sender: solOwner, recipient: solRecipient, amount: .zero, isMax: true)
        let load = try await stages(transfer, input)
        #expect(await methods(transport) == ["getLatestBlockhash", "getBalance", "getBalance", "getRecentPrioritizationFees"])
        #expect(await transport.body(2).contains(solRecipient))
        #expect(load.recipientMinimum == nil)  // the recipient exists
        // No recent fees: 25,000 micro-lamports (slow half, fast triple) × 100,000 units → 1,250, 2,500, 7,500.
        #expect(load.fees.map(\.fee) == [BigUInt(6_250), BigUInt(7_500), BigUInt(12_500)])
        // getBalance.json: 2,039,280 lamports; a max send keeps the fee back.
        #expect(load.fees.map(\.amount) == [BigUInt(2_033_030), BigUInt(2_031_780), BigUInt(2_026_780)])
        #expect(load.check(.normal) == .sufficient)
    }

    @Test(arguments: [
        // Short of both: the token shortfall is reported first.
        (UInt64(2_000_000), TransferBalanceCheck.insufficientBalance(required: BigUInt(2_000_000), available: BigUInt(1_500_000))),
        (1_000_000, .insufficientFeeBalance(required: BigUInt(2_049_280), available: .zero)),
    ])
    func aTokenTransferCountsTheRecipientAccountsRent(amount: UInt64, check: TransferBalanceCheck) async throws {
        let transport = RecordingChainTransport()
        await transport.answer(solanaFixture("getLatestBlockhash"))
        await transport.answer(rpc(#"{"context":{"slot":1},"value":0}"#))
        await transport.answer(solanaFixture("getAccountInfo.usdcMint"))
        await transport.answer(solanaFixture("getTokenAccountsByOwner.byMint"))
        await transport.answer(solanaFixture("getAccountInfo.null"))
        await transport.answer(solanaFixture("getMinimumBalanceForRentExemption"))
        await transport.answer(rpc(#"[]"#))
        let transfer = try #require(ChainTransfers.transfer(for: .solana, transport: transport))
        let input = TransferInput(assetId: try AssetId(chain: .solana, tokenId: usdc), sender: solOwner, recipient: solRecipient,
                                  amount: BigUInt(amount))
        let load = try await stages(transfer, input)
        #expect(await methods(transport) == ["getLatestBlockhash", "getBalance", "getAccountInfo", "getTokenAccountsByOwner", "getAccountInfo",
                                             "getMinimumBalanceForRentExemption", "getRecentPrioritizationFees"])
        // Token transfers round to 50,000 micro-lamports: 5,000 + 5,000 priority + 2,039,280 rent at normal.
        #expect(load.fee(.normal)?.fee == BigUInt(2_049_280))
        #expect(load.balance == BigUInt(1_500_000) && load.feeBalance == .zero)
        #expect(load.check(.normal) == check)
    }

    /// A SOL transfer to an account that does not exist must leave it rent-exempt: 890,880 lamports at least.
    @Test(arguments: [(UInt64(1_000), false), (890_880, true)])
    func aNewRecipientMustReceiveTheRentExemptMinimum(amount: UInt64, sufficient: Bool) async throws {
        let transport = RecordingChainTransport()
        await transport.answer(solanaFixture("getLatestBlockhash"))
        await transport.answer(solanaFixture("getBalance"))
        await transport.answer(rpc(#"{"context":{"slot":1},"value":0}"#))
        await transport.answer(rpc(#"[]"#))
        let transfer = try #require(ChainTransfers.transfer(for: .solana, transport: transport))
        let input = TransferInput(assetId: AssetId(chain: .solana), sender: solOwner, recipient: solRecipient, amount: BigUInt(amount))
        let load = try await stages(transfer, input)
        #expect(load.recipientMinimum == BigUInt(890_880))
        #expect(load.check(.normal) == (sufficient ? .sufficient : .belowRecipientMinimum(minimum: BigUInt(890_880))))
    }

    @Test func aMemoIsSignedWithTheMemoProgram() async throws {
        let key = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32))
        let sender = SolanaAddress.derive(key.publicKey.bytes)
        let transport = RecordingChainTransport()
        await transport.answer(solanaFixture("getLatestBlockhash"))
        await transport.answer(solanaFixture("getBalance"))
        await transport.answer(solanaFixture("getBalance"))
        await transport.answer(rpc(#"[]"#))
        let transfer = try #require(ChainTransfers.transfer(for: .solana, transport: transport))
        let input = TransferInput(assetId: AssetId(chain: .solana), sender: sender, recipient: solRecipient, amount: BigUInt(1_000),
                                  memo: "invoice 42")
        let load = try await stages(transfer, input)
        let signed = try transfer.sign(load, priority: .fast, key: .ed25519(key))
        let memoProgram = try SolanaAddress.decode("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr")
        #expect(signed.bytes.contains(memoProgram) && signed.bytes.contains(Array("invoice 42".utf8)))
        #expect(signed.hash == Base58.encode(Array(signed.bytes[1..<65])))
    }

    @Test func aRefusedBroadcastIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(solanaFixture("sendTransaction.preflightError"))
        let transfer = try #require(ChainTransfers.transfer(for: .solana, transport: transport))
        let signed = SignedTransaction(bytes: [1], encoded: "AQ==", hash: "")
        do {
            _ = try await transfer.broadcast(signed)
            Issue.record("the broadcast was accepted")
        } catch {
            guard case .rejected = error else { Issue.record("expected rejected, got \(error)"); return }
        }
    }
}

@Suite struct BitcoinTransferTests {
    static let key = try? Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x11, count: 32))
    static let recipient = "bc1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysn4v0345"

    private func script(_ transport: RecordingChainTransport, values: [UInt64]) async {
        let utxos = values.enumerated().map { index, value in
            #"{"txid":"\#(String(repeating: String(format: "%02x", index + 1), count: 32))","vout":0,"value":"\#(value)","height":100,"confirmations":6}"#
        }
        await transport.answer("[" + utxos.joined(separator: ",") + "]")
        for rate in ["0.00003", "0.0001", "0.0004"] { await transport.answer(#"{"result":"\#(rate)"}"#) }
    }

    private func sender() throws -> String {
        guard case let .utxo(network, _) = Chain.bitcoin.config.addressFormat else { throw ChainClientError.unsupported("bitcoin") }
        return try BitcoinAddress.derive(try #require(Self.key).publicKey, kind: .p2wpkh, network: network)
    }

    @Test func theFeeOfEachPriorityIsTheCoinSelections() async throws {
        let transport = RecordingChainTransport()
        await script(transport, values: [100_000, 50_000])
        let transfer = try #require(ChainTransfers.transfer(for: .bitcoin, transport: transport))
        let input = TransferInput(assetId: AssetId(chain: .bitcoin), sender: try sender(), recipient: Self.recipient, amount: BigUInt(60_000))
        let load = try await stages(transfer, input)
        #expect(await transport.requests.map(\.path).first == "/api/v2/utxo/\(try sender())")
        #expect(await transport.requests.count == 4)
        #expect(load.balance == BigUInt(150_000))
        // One input (the 100,000 one), recipient and change: P2WPKH sizes at 3, 10, 40 sat/vB.
        let vsize = UInt64(BitcoinCoinSelection.virtualSize(inputs: 1, kind: .p2wpkh, outputs: [22, 22]))
        #expect(load.fees.map(\.fee) == [3, 10, 40].map { BigUInt(vsize * $0) })
        #expect(load.check(.fast) == .sufficient)
        let signed = try transfer.sign(load, priority: .normal, key: .secp256k1(try #require(Self.key)))
        #expect(signed.hash.count == 64)
    }

    @Test func aMaxSendSpendsEverythingLessTheFee() async throws {
        let transport = RecordingChainTransport()
        await script(transport, values: [100_000, 50_000])
        let transfer = try #require(ChainTransfers.transfer(for: .bitcoin, transport: transport))
        let input = TransferInput(assetId: AssetId(chain: .bitcoin), sender: try sender(), recipient: Self.recipient, amount: .zero, isMax: true)
        let load = try await stages(transfer, input)
        for fee in load.fees { #expect(fee.amount + fee.fee == BigUInt(150_000)) }
        #expect(load.check(.slow) == .sufficient)
    }

    @Test func anUnaffordableAmountStillHasItsFees() async throws {
        let transport = RecordingChainTransport()
        await script(transport, values: [10_000])
        let transfer = try #require(ChainTransfers.transfer(for: .bitcoin, transport: transport))
        let input = TransferInput(assetId: AssetId(chain: .bitcoin), sender: try sender(), recipient: Self.recipient, amount: BigUInt(60_000))
        let load = try await stages(transfer, input)
        let vsize = UInt64(BitcoinCoinSelection.virtualSize(inputs: 1, kind: .p2wpkh, outputs: [22, 22]))
        #expect(load.fee(.normal)?.fee == BigUInt(vsize * 10))
        #expect(load.check(.normal) == .insufficientBalance(required: BigUInt(60_000 + vsize * 10), available: BigUInt(10_000)))
    }

    @Test func aRefusedBroadcastIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(blockbookFixture("sendtx_error"), status: 400)
        let transfer = try #require(ChainTransfers.transfer(for: .bitcoin, transport: transport))
        do {
            _ = try await transfer.broadcast(SignedTransaction(bytes: [0], encoded: "00", hash: ""))
            Issue.record("the broadcast was accepted")
        } catch {
            guard case .rejected = error else { Issue.record("expected rejected, got \(error)"); return }
        }
    }

    @Test func everyChainHasATransferAndABitcoinTokenIsRefused() async throws {
        let transport = RecordingChainTransport()
        for chain in Chain.allCases {
            #expect(ChainTransfers.transfer(for: chain, transport: transport) != nil, "\(chain)")
        }
        let transfer = try #require(ChainTransfers.transfer(for: .bitcoin, transport: transport))
        let input = TransferInput(assetId: try AssetId(chain: .bitcoin, tokenId: "x"), sender: try sender(), recipient: Self.recipient,
                                  amount: BigUInt(1))
        await #expect(throws: ChainClientError.self) { try await transfer.preload(input) }
    }
}
