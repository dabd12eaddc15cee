@testable import Blockchain
import Foundation
import GemCrypto
import Primitives
import Testing

/// Reads Tests/BlockchainTests/Vectors/clients/bitcoin/<name>.json (Blockbook answer shapes; sources in its README).
func blockbookFixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/bitcoin"),
          let data = try? Data(contentsOf: url) else { return "" }
    return String(decoding: data, as: UTF8.self)
}

private func response(_ body: String, status: Int = 200) -> ChainResponse {
    ChainResponse(status: status, body: Array(body.utf8))
}

private func parsed(_ body: String) -> JSON {
    (try? JSONParser.parse(body)) ?? .null
}

private func outcome<T>(_ body: () throws(ChainClientError) -> T) -> Result<T, ChainClientError> {
    Result { () throws(ChainClientError) -> T in try body() }
}

private func client(_ chain: Chain, _ transport: RecordingChainTransport) -> BitcoinClient? {
    BitcoinClient(chain: chain, transport: transport)
}

private let txid = "9e2eaf1cb7b3e3ff0b1b3a2a8b4d5c6e7f8091a2b3c4d5e6f708192a3b4c5d6e"

@Suite struct BlockbookRequestTests {
    @Test(arguments: [
        (BlockbookAPI.address("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"), "GET", "/api/v2/address/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", ""),
        (.address("bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a"), "GET", "/api/v2/address/bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", ""),
        (.xpub("zpub6rFR7y4Q2Aij"), "GET", "/api/v2/xpub/zpub6rFR7y4Q2Aij", "details=basic"),
        (.utxo("bc1qx", confirmedOnly: false), "GET", "/api/v2/utxo/bc1qx", ""),
        (.utxo("bc1qx", confirmedOnly: true), "GET", "/api/v2/utxo/bc1qx", "confirmed=true"),
        (.estimateFee(blocks: 6), "GET", "/api/v2/estimatefee/6", ""),
        (.transaction(txid: txid), "GET", "/api/v2/tx/" + txid, ""),
        (.status, "GET", "/api/", ""),
        (.block(height: 1), "GET", "/api/v2/block/1", ""),
        // An input cannot add a path segment or a query.
        (.address("bc1q/../x?y=1#z"), "GET", "/api/v2/address/bc1q%2F..%2Fx%3Fy%3D1%23z", ""),
    ])
    func eachTargetIsItsPathAndQuery(target: BlockbookAPI, method: String, path: String, query: String) {
        let request = target.request
        #expect(request.method.rawValue == method)
        #expect(request.path == path)
        #expect(request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&") == query)
        #expect(request.body == nil && request.headers.isEmpty)
    }

    @Test func sendtxPostsTheHexAsPlainText() {
        let request = BlockbookAPI.sendTransaction(hex: "0200000001ab").request
        #expect(request.method == .post && request.path == "/api/v2/sendtx/" && request.query.isEmpty)
        #expect(request.headers == [ChainHeader(name: "Content-Type", value: "text/plain")])
        #expect(request.body == Array("0200000001ab".utf8))
    }
}

@Suite struct BlockbookMapperTests {
    // MARK: balances (chain-apis.md § 2 "Native balance")

    @Test func aPositiveUnconfirmedDeltaIsPending() throws {
        let balance = try BlockbookMapper.balance(parsed(blockbookFixture("address")), chain: .bitcoin)
        #expect(balance == ChainBalance(assetId: Chain.bitcoin.assetId, available: 129_000, pending: 25_000))
    }

    @Test func aNegativeUnconfirmedDeltaIsNotSubtracted() throws {
        let balance = try BlockbookMapper.balance(parsed(blockbookFixture("address_outgoing")), chain: .bitcoinCash)
        #expect(balance == ChainBalance(assetId: Chain.bitcoinCash.assetId, available: 500_000, pending: 0))
    }

    @Test func anUnusedAddressIsZero() throws {
        #expect(try BlockbookMapper.balance(parsed(blockbookFixture("address_new")), chain: .litecoin)
            == ChainBalance(assetId: Chain.litecoin.assetId, available: 0, pending: 0))
        #expect(try BlockbookMapper.balance(parsed(blockbookFixture("xpub")), chain: .bitcoin).available == 2_500_000)
    }

    @Test(arguments: [
        #"{"balance":129000}"#,                       // a number, not decimal text
        #"{"balance":"-5"}"#,
        #"{"balance":"+5"}"#,
        #"{"balance":"007"}"#,
        #"{"balance":"1.5"}"#,
        #"{"balance":" 1"}"#,
        #"{"balance":""}"#,
        #"{"balance":"18446744073709551616"}"#,       // 2^64
        #"{"balance":"123456789012345678901234567890"}"#,
        #"{"balance":"1","unconfirmedBalance":"-0"}"#,
        #"{"balance":"1","unconfirmedBalance":"--1"}"#,
        #"{"balance":"1","unconfirmedBalance":5}"#,
        #"{"unconfirmedBalance":"5"}"#,
        "[]",
    ])
    func malformedAmountsAreRefused(body: String) {
        let result = outcome { () throws(ChainClientError) in try BlockbookMapper.balance(parsed(body), chain: .bitcoin) }
        guard case .failure(.malformed) = result else {
            Issue.record("expected malformed, got \(result)")
            return
        }
    }

    @Test func theLargestAmountIsExact() throws {
        let balance = try BlockbookMapper.balance(parsed(#"{"balance":"18446744073709551615","unconfirmedBalance":"-18446744073709551615"}"#), chain: .doge)
        #expect(balance.available == BigUInt(UInt64.max) && balance.pending == 0)
    }

    // MARK: UTXOs (chain-apis.md § 2 "Preload")

    @Test func utxosKeepMempoolAndMatureOutputsAndDropImmatureCoinbase() throws {
        let utxos = try BlockbookMapper.utxos(parsed(blockbookFixture("utxo")), chain: .bitcoin)
        #expect(utxos.map(\.utxo) == [
            BitcoinUTXO(txid: "13d26cd939bf5d155b1c60054e02d9c9b832a85e6ec4f2411be44b6b5a2842e9", vout: 0, value: 1_422_303_206_539),
            BitcoinUTXO(txid: "de4f379fdc3ea9be063e60340461a014f372a018d70c3db35701654e7066b3ef", vout: 0, value: 122_492_339_065),
            BitcoinUTXO(txid: "9e8eaf6d2e1f4b7a3d2a9c6f0b1e7d4c5a8b9f0e1d2c3b4a5f6e7d8c9b0a1f2e", vout: 7, value: 5_000_000_000),
        ])
        #expect(utxos.map(\.confirmations) == [0, 2047, 148_090])
        #expect(utxos.map(\.height) == [nil, 2_646_043, 2_500_000])
        #expect(utxos.map(\.coinbase) == [false, false, true])
    }

    @Test func anXpubListingNamesEachOutputsAddress() throws {
        let utxos = try BlockbookMapper.utxos(parsed(blockbookFixture("utxo_xpub")), chain: .bitcoin)
        #expect(utxos.count == 1 && utxos.first?.address == "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")
        #expect(try BlockbookMapper.utxos(parsed("[]"), chain: .bitcoin).isEmpty)
    }

    @Test(arguments: [
        #"{"txid":"x"}"#,
        #"[{"txid":"13d26cd939bf5d155b1c60054e02d9c9b832a85e6ec4f2411be44b6b5a2842e","vout":0,"value":"1"}]"#,     // 63 digits
        #"[{"txid":"13d26cd939bf5d155b1c60054e02d9c9b832a85e6ec4f2411be44b6b5a2842zz","vout":0,"value":"1"}]"#,
        #"[{"txid":"13d26cd939bf5d155b1c60054e02d9c9b832a85e6ec4f2411be44b6b5a2842e9","vout":-1,"value":"1"}]"#,
        #"[{"txid":"13d26cd939bf5d155b1c60054e02d9c9b832a85e6ec4f2411be44b6b5a2842e9","vout":4294967296,"value":"1"}]"#,
        #"[{"txid":"13d26cd939bf5d155b1c60054e02d9c9b832a85e6ec4f2411be44b6b5a2842e9","vout":"0","value":"1"}]"#,
        #"[{"txid":"13d26cd939bf5d155b1c60054e02d9c9b832a85e6ec4f2411be44b6b5a2842e9","vout":0,"value":1}]"#,
        #"[{"txid":"13d26cd939bf5d155b1c60054e02d9c9b832a85e6ec4f2411be44b6b5a2842e9","vout":0,"value":"-1"}]"#,
        // Above Bitcoin's MAX_MONEY (21,000,000 BTC): no output holds that.
        #"[{"txid":"13d26cd939bf5d155b1c60054e02d9c9b832a85e6ec4f2411be44b6b5a2842e9","vout":0,"value":"2100000000000001"}]"#,
        #"[{"txid":"13d26cd939bf5d155b1c60054e02d9c9b832a85e6ec4f2411be44b6b5a2842e9","vout":0,"value":"1","confirmations":-3}]"#,
    ])
    func malformedUTXOsAreRefused(body: String) {
        let result = outcome { () throws(ChainClientError) in try BlockbookMapper.utxos(parsed(body), chain: .bitcoin) }
        guard case .failure(.malformed) = result else {
            Issue.record("expected malformed, got \(result)")
            return
        }
    }

    @Test func maximumMoneyIsPerChain() throws {
        let doge = #"[{"txid":"13d26cd939bf5d155b1c60054e02d9c9b832a85e6ec4f2411be44b6b5a2842e9","vout":0,"value":"2100000000000001","confirmations":1}]"#
        #expect(try BlockbookMapper.utxos(parsed(doge), chain: .doge).first?.utxo.value == 2_100_000_000_000_001)
    }

    @Test func anOverlongListingIsRefused() {
        let entry = #"{"txid":"13d26cd939bf5d155b1c60054e02d9c9b832a85e6ec4f2411be44b6b5a2842e9","vout":0,"value":"1"}"#
        let body = "[" + Array(repeating: entry, count: BlockbookMapper.maximumUTXOs + 1).joined(separator: ",") + "]"
        #expect(throws: ChainClientError.malformed("the UTXO list has more than 10000 entries")) {
            try BlockbookMapper.utxos(parsed(body), chain: .bitcoin)
        }
    }

    // MARK: fee rates (chain-apis.md § 2 "Fee rates" and the three steps below its table)

    @Test(arguments: [
        (Chain.bitcoin, "0.00012345", UInt64(12)),   // 12,345 sat/kB → 12 sat/vB, rounded down
        (.bitcoin, "0.00001", 1),
        (.bitcoin, "0.00000999", 1),                 // 0 → the minimum
        (.bitcoin, "0", 1),
        (.bitcoin, "-1", 1),                         // no estimate → the minimum
        (.bitcoin, "0.001", 100),
        (.bitcoin, "1", 100_000),                    // 1 BTC/kB: the bound, still accepted
        (.bitcoin, "0.10000000000", 10_000),         // trailing zeros past 8 places are exact
        (.bitcoin, ".5", 50_000),
        (.litecoin, "0.0001", 10),
        (.litecoin, "0.00001", 5),                   // below LTC's minimum of 5
        (.bitcoinCash, "0.00001", 5),
        (.doge, "0.01", 1000),
        (.doge, "0.05", 5000),
        (.doge, "1", 100_000),                       // Dogecoin's relay fee before 2021
    ])
    func aCoinPerKilobyteEstimateIsExactlyBaseUnitsPerByte(chain: Chain, result: String, expected: UInt64) throws {
        #expect(try BlockbookMapper.byteFee(parsed(#"{"result":"\#(result)"}"#), chain: chain) == expected)
    }

    @Test(arguments: [
        #"{"result":0.0001}"#,
        #"{"result":"abc"}"#,
        #"{"result":"1e-5"}"#,
        #"{"result":"+0.0001"}"#,
        #"{"result":"0.000000001"}"#,                // 9 places: not a satoshi amount
        #"{"result":"1.2.3"}"#,
        #"{"result":""}"#,
        #"{"result":"-"}"#,
        #"{"result":"-x"}"#,
        #"{"result":"1.001"}"#,                      // above 1 BTC/kB: absurd
        #"{"result":"99999999999999999999999999999"}"#,
        #"{}"#,
    ])
    func malformedOrAbsurdEstimatesAreRefused(body: String) {
        let result = outcome { () throws(ChainClientError) in try BlockbookMapper.byteFee(parsed(body), chain: .bitcoin) }
        guard case .failure(.malformed) = result else {
            Issue.record("expected malformed, got \(result)")
            return
        }
    }

    @Test(arguments: [
        (Chain.bitcoin, UInt64(12), UInt64(12), UInt64(12), [UInt64(12), 13, 17]),
        (.bitcoin, 3, 10, 40, [3, 10, 40]),
        (.bitcoin, 1, 1, 1, [1, 2, 3]),
        (.litecoin, 5, 5, 5, [5, 10, 15]),
        (.doge, 1000, 1000, 1000, [1000, 2000, 3000]),
        (.bitcoinCash, 5, 9, 5, [5, 10, 15]),
        (.bitcoin, .max, .max, .max, [.max, .max, .max]),   // saturates, never traps
    ])
    func prioritiesAreSpreadAsTheAppDoes(chain: Chain, slow: UInt64, normal: UInt64, fast: UInt64, expected: [UInt64]) {
        let rates = BlockbookMapper.feeRates(slow: slow, normal: normal, fast: fast, chain: chain)
        #expect(rates.rates.map(\.priority) == [.slow, .normal, .fast])
        #expect(rates.rates.map(\.value) == expected.map { BigUInt($0) })
        #expect(rates.unit == (chain == .bitcoinCash || chain == .doge ? .satoshiPerByte : .satoshiPerVByte))
    }

    @Test func zcashFeesAreZIP317() {
        let rates = BlockbookMapper.zcashFeeRates
        #expect(rates.unit == .zatoshiPerAction)
        #expect(FeePriority.allCases.map { rates.rate($0) } == [5000, 5000, 5000])
    }

    // MARK: broadcast (chain-apis.md § 2 "Broadcast")

    @Test func sendtxAnswersTheTxid() throws {
        #expect(try BlockbookMapper.broadcast(response(blockbookFixture("sendtx")))
            == "7c3be24063f268aef8d8b6d6e4ce46cea8bbd2a0a4a3b7b9e8d0f6f7a8e1b3f2")
    }

    @Test(arguments: [
        (blockbookFixture("sendtx_error"), 400,
         ChainClientError.rejected("-26: mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)")),
        (blockbookFixture("sendtx_error_object"), 400, .rejected("-25: bad-txns-inputs-missingorspent")),
        (blockbookFixture("sendtx_error"), 200,
         .rejected("-26: mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)")),
        (#"{"result":""}"#, 200, .rejected("the node answered no transaction hash")),
        (#"{}"#, 200, .rejected("the node answered no transaction hash")),
        (#"{"result":"not-a-hash"}"#, 200, .malformed("result is not a transaction hash: not-a-hash")),
        ("Bad Gateway", 502, .http(status: 502, body: "Bad Gateway")),
        ("<html>", 200, .malformed("the answer is not JSON: <html>")),
    ])
    func sendtxErrorsAreRefusals(body: String, status: Int, expected: ChainClientError) {
        #expect(outcome { () throws(ChainClientError) in try BlockbookMapper.broadcast(response(body, status: status)) } == .failure(expected))
    }

    // MARK: status (chain-apis.md § 2 "Status"; the not-found quirk)

    @Test func aMinedTransactionIsConfirmedWithItsBlockAndFee() throws {
        #expect(try BlockbookMapper.transactionStatus(response(blockbookFixture("tx_confirmed")))
            == ChainTransactionStatus(state: .confirmed, blockNumber: 871_234, fee: 1410))
    }

    @Test(arguments: [
        (blockbookFixture("tx_mempool"), 200),
        (blockbookFixture("tx_not_found"), 400),      // not yet in Blockbook's mempool: pending, not an error
        (#"{"error":"txid not found"}"#, 404),
        (#"{"txid":"x","confirmations":0}"#, 200),
    ])
    func anUnminedOrUnseenTransactionIsPending(body: String, status: Int) throws {
        #expect(try BlockbookMapper.transactionStatus(response(body, status: status)) == ChainTransactionStatus(state: .pending))
    }

    @Test(arguments: [
        (#"{"error":"Transaction 'x' not found"}"#, 500, ChainClientError.rpc(code: 500, message: "Transaction 'x' not found")),
        (#"{"error":"Invalid txid"}"#, 400, .rpc(code: 400, message: "Invalid txid")),
        ("upstream timed out", 504, .http(status: 504, body: "upstream timed out")),
        (#"{"blockHeight":"871234","confirmations":3}"#, 200, .malformed("blockHeight is not an integer")),
        (#"{"blockHeight":-1,"confirmations":3}"#, 200, .malformed("a confirmed transaction has no blockHeight")),
        (#"{"blockHeight":871234,"confirmations":3,"fees":"-1"}"#, 200, .malformed("fees is not an amount up to 18446744073709551615: -1")),
        (#"{"blockHeight":871234,"confirmations":-3}"#, 200, .malformed("confirmations is not a non-negative integer")),
    ])
    func otherStatusAnswersAreErrors(body: String, status: Int, expected: ChainClientError) {
        #expect(outcome { () throws(ChainClientError) in try BlockbookMapper.transactionStatus(response(body, status: status)) }
            == .failure(expected))
    }

    // MARK: node status and chain id (chain-apis.md § 2 "Chain id / latest block")

    @Test func theStatusPageGivesHeightSyncAndChain() throws {
        #expect(try BlockbookMapper.status(parsed(blockbookFixture("status_btc")))
            == BlockbookStatus(bestHeight: 871_236, inSync: true, backendBlocks: 871_236, chain: "main"))
        #expect(try BlockbookMapper.status(parsed(blockbookFixture("status_zcash"))).consensusBranchId == 0xC8E7_1055)
    }

    @Test func nextblocksBranchIdWinsOverTheChaintips() throws {
        let body = #"{"blockbook":{"inSync":false,"bestHeight":10},"backend":{"blocks":12,"consensus":{"chaintip":"c8e71055","nextblock":"4dec4df0"}}}"#
        #expect(try BlockbookMapper.status(parsed(body)) == BlockbookStatus(bestHeight: 10, inSync: false, backendBlocks: 12, consensusBranchId: 0x4DEC_4DF0))
    }

    @Test(arguments: [
        #"{}"#,
        #"{"blockbook":{"inSync":true}}"#,
        #"{"blockbook":{"inSync":true,"bestHeight":-1}}"#,
        #"{"blockbook":{"inSync":"yes","bestHeight":1}}"#,
        #"{"blockbook":{"inSync":true,"bestHeight":1},"backend":{"consensus":{"chaintip":"c8e7105"}}}"#,
        #"{"blockbook":{"inSync":true,"bestHeight":1},"backend":{"consensus":{"chaintip":"0xc8e710"}}}"#,
    ])
    func malformedStatusPagesAreRefused(body: String) {
        let result = outcome { () throws(ChainClientError) in try BlockbookMapper.status(parsed(body)) }
        guard case .failure(.malformed) = result else {
            Issue.record("expected malformed, got \(result)")
            return
        }
    }

    @Test func blockOnesPreviousHashIsTheNetworkId() throws {
        #expect(try BlockbookMapper.networkId(parsed(blockbookFixture("block_1"))) == Chain.bitcoin.config.networkId)
        #expect(throws: ChainClientError.malformed("previousBlockHash is not 64 hex digits")) {
            try BlockbookMapper.networkId(parsed(#"{"previousBlockHash":null}"#))
        }
    }

    @Test func anOversizedAnswerIsRefusedUnparsed() {
        let body = [UInt8](repeating: 0x20, count: BlockbookMapper.maximumBody + 1)
        #expect(throws: ChainClientError.malformed("the answer is larger than 16777216 bytes")) {
            try BlockbookMapper.json(ChainResponse(status: 200, body: body))
        }
    }
}

@Suite struct BitcoinClientTests {
    @Test func onlyBitcoinFamilyChainsHaveABitcoinClient() {
        #expect(BitcoinClient(chain: .ethereum, transport: RecordingChainTransport()) == nil)
        #expect(Chain.allCases.filter { BitcoinClient(chain: $0, transport: RecordingChainTransport()) != nil }
            == [.bitcoin, .bitcoinCash, .litecoin, .doge, .zcash])
    }

    @Test func bitcoinCashBalancesAskForThePrefixedAddress() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(blockbookFixture("address_outgoing"))
        await transport.answer(blockbookFixture("address_outgoing"))
        let bch = try #require(client(.bitcoinCash, transport))
        let balance = try await bch.balance(address: "qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a")
        _ = try await bch.balance(address: "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a")
        #expect(balance.available == 500_000 && balance.pending == 0)
        let paths = await transport.requests.map(\.path)
        #expect(paths == Array(repeating: "/api/v2/address/bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", count: 2))
    }

    @Test(arguments: [
        ("qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", "/api/v2/utxo/bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a"),
        ("bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", "/api/v2/utxo/bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a"),
        ("1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", "/api/v2/utxo/1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu"),
        ("xpub6CUGRUonZSQ4TWtTMmzXdrXDtypWKiKrhko4egpiMZbpiaQL2jkwSB1icqYh2cfDfVxdx4df189oLKnC5fSwqPfgyP3hooxujYzAu3fDVmz",
         "/api/v2/utxo/xpub6CUGRUonZSQ4TWtTMmzXdrXDtypWKiKrhko4egpiMZbpiaQL2jkwSB1icqYh2cfDfVxdx4df189oLKnC5fSwqPfgyP3hooxujYzAu3fDVmz"),
    ])
    func onlyAShortCashAddrGetsThePrefix(address: String, path: String) async throws {
        let transport = RecordingChainTransport()
        await transport.answer("[]")
        _ = try await client(.bitcoinCash, transport)?.utxos(address: address)
        #expect(await transport.requests.map(\.path) == [path])
    }

    /// Preload → signer → broadcast: the UTXOs a Blockbook listing gives are what the signer spends, and the
    /// signer's `encoded` is the sendtx body (the signer vectors of make_vectors.py, answered as Blockbook would).
    @Test(arguments: BitcoinVectors.shared.transfers.filter { v in
        BitcoinVectors.shared.transfers.filter { $0.chain == v.chain }.prefix(2).contains { $0.name == v.name }
    })
    func aPreloadFeedsTheSignerAndItsOutputIsBroadcast(_ v: BitcoinVectors.Transfer) async throws {
        let chain = try #require(Chain(rawValue: v.chain))
        let listing = "[" + v.utxos.map { #"{"txid":"\#($0.txid)","vout":\#($0.vout),"value":"\#($0.value)","height":800000,"confirmations":6}"# }
            .joined(separator: ",") + "]"
        let transport = RecordingChainTransport()
        await transport.answer(listing)
        let bitcoin = try #require(client(chain, transport))
        let utxos = try await bitcoin.utxos(address: v.senderAddress).map(\.utxo)
        let input = BitcoinSignerInput(chain: chain, senderAddress: v.senderAddress, destinationAddress: v.destinationAddress,
                                       amount: v.amount == "max" ? .max : .exact(BigUInt(v.amount) ?? .zero), changeAddress: v.changeAddress,
                                       feeRate: BigUInt(v.feeRate) ?? .zero, utxos: utxos,
                                       consensusBranchId: v.consensusBranchId, expiryHeight: v.expiryHeight)
        let key = try Secp256k1PrivateKey(bytes: (try? Hex.decode(v.privateKey)) ?? [])
        let signed = try BitcoinSigner.sign(input, key: key)
        #expect(signed.encoded == v.expected.raw)
        await transport.answer(#"{"result":"\#(signed.hash)"}"#)
        #expect(try await bitcoin.broadcast(hex: signed.encoded) == signed.hash)
        #expect(await transport.body(1) == v.expected.raw)
    }

    @Test func anXpubBalanceAsksForBasicDetails() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(blockbookFixture("xpub"))
        let btc = try #require(client(.bitcoin, transport))
        #expect(try await btc.balance(xpub: "zpub6rFR7y4Q2Aij").available == 2_500_000)
        let request = try #require(await transport.requests.first)
        #expect(request.url(base: "https://btc.example") == "https://btc.example/api/v2/xpub/zpub6rFR7y4Q2Aij?details=basic")
    }

    @Test func feeRatesAskThreeBlockTargetsInOrder() async throws {
        let transport = RecordingChainTransport()
        for result in ["0.00003", "0.00010", "0.00025"] { await transport.answer(#"{"result":"\#(result)"}"#) }
        let btc = try #require(client(.bitcoin, transport))
        let rates = try await btc.feeRates()
        #expect(rates == FeeRates(unit: .satoshiPerVByte, rates: [FeeRate(priority: .slow, value: 3), FeeRate(priority: .normal, value: 10),
                                                                   FeeRate(priority: .fast, value: 25)]))
        #expect(await transport.requests.map(\.path) == ["/api/v2/estimatefee/6", "/api/v2/estimatefee/3", "/api/v2/estimatefee/1"])
    }

    @Test func dogeUsesItsOwnTargetsAndZcashAsksNothing() async throws {
        let transport = RecordingChainTransport()
        for _ in 0..<3 { await transport.answer(#"{"result":"0.01"}"#) }
        let doge = try #require(client(.doge, transport))
        #expect(try await doge.feeRates().rates.map(\.value) == [1000, 2000, 3000])
        #expect(await transport.requests.map(\.path) == ["/api/v2/estimatefee/8", "/api/v2/estimatefee/4", "/api/v2/estimatefee/2"])

        let zcashTransport = RecordingChainTransport()
        let zcash = try #require(client(.zcash, zcashTransport))
        #expect(try await zcash.feeRates() == BlockbookMapper.zcashFeeRates)
        #expect(await zcashTransport.requests.isEmpty)
    }

    @Test func aFailingEstimateFailsTheFeeRates() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(#"{"result":"0.00003"}"#)
        await transport.fail(.timeout("estimatefee"))
        let btc = try #require(client(.bitcoin, transport))
        await #expect(throws: ChainClientError.timeout("estimatefee")) { try await btc.feeRates() }
        #expect(await transport.requests.count == 2)
    }

    @Test func preloadIsTheUTXOsAndFeeRates() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(blockbookFixture("utxo"))
        for _ in 0..<3 { await transport.answer(#"{"result":"0.0001"}"#) }
        let ltc = try #require(client(.litecoin, transport))
        let preload = try await ltc.preload(address: "ltc1qg82tvq0d3u7q8n4r6mtn7hjwq5k2rvd8hu4klx")
        #expect(preload.utxos.count == 3 && preload.consensusBranchId == nil && preload.blockHeight == nil)
        #expect(preload.feeRates.rates.map(\.value) == [10, 15, 20])
        #expect(await transport.requests.map(\.path) == ["/api/v2/utxo/ltc1qg82tvq0d3u7q8n4r6mtn7hjwq5k2rvd8hu4klx", "/api/v2/estimatefee/6",
                                                         "/api/v2/estimatefee/3", "/api/v2/estimatefee/1"])
    }

    @Test func aZcashPreloadAddsTheBranchIdAndHeight() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(blockbookFixture("utxo_xpub"))
        await transport.answer(blockbookFixture("status_zcash"))
        let zcash = try #require(client(.zcash, transport))
        let preload = try await zcash.preload(address: "t1Rv4exT7bqhZqi2j7xz8bUHDMxwosrjADU")
        #expect(preload.consensusBranchId == 0xC8E7_1055 && preload.blockHeight == 2_726_400)
        #expect(preload.feeRates == BlockbookMapper.zcashFeeRates && preload.utxos.map(\.value) == [80_000])
        #expect(await transport.requests.map(\.path) == ["/api/v2/utxo/t1Rv4exT7bqhZqi2j7xz8bUHDMxwosrjADU", "/api/"])

        let noConsensus = RecordingChainTransport()
        await noConsensus.answer("[]")
        await noConsensus.answer(blockbookFixture("status_btc"))
        let other = try #require(client(.zcash, noConsensus))
        await #expect(throws: ChainClientError.malformed("the Zcash node reports no consensus branch id")) {
            try await other.preload(address: "t1Rv4exT7bqhZqi2j7xz8bUHDMxwosrjADU")
        }
    }

    @Test func aConfirmedOnlyUTXOListingAsksForIt() async throws {
        let transport = RecordingChainTransport()
        await transport.answer("[]")
        let btc = try #require(client(.bitcoin, transport))
        #expect(try await btc.utxos(address: "bc1qx", confirmedOnly: true).isEmpty)
        #expect(await transport.requests.first?.url(base: "https://n") == "https://n/api/v2/utxo/bc1qx?confirmed=true")
    }

    @Test func broadcastPostsTheHexAndAnswersTheTxid() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(blockbookFixture("sendtx"))
        await transport.answer(blockbookFixture("sendtx_error"), status: 400)
        let btc = try #require(client(.bitcoin, transport))
        #expect(try await btc.broadcast(hex: "02000000000101ff") == "7c3be24063f268aef8d8b6d6e4ce46cea8bbd2a0a4a3b7b9e8d0f6f7a8e1b3f2")
        await #expect(throws: ChainClientError.rejected(
            "-26: mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)")) {
            try await btc.broadcast(hex: "02000000000101ff")
        }
        let requests = await transport.requests
        #expect(requests.map(\.method) == [.post, .post] && requests.map(\.path) == ["/api/v2/sendtx/", "/api/v2/sendtx/"])
        #expect(await transport.body(0) == "02000000000101ff")
        #expect(requests.first?.headers == [ChainHeader(name: "Content-Type", value: "text/plain")])
    }

    @Test func statusFollowsATransactionFromUnseenToConfirmed() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(blockbookFixture("tx_not_found"), status: 400)
        await transport.answer(blockbookFixture("tx_mempool"))
        await transport.answer(blockbookFixture("tx_confirmed"))
        let btc = try #require(client(.bitcoin, transport))
        #expect(try await btc.status(txid: txid).state == .pending)
        #expect(try await btc.status(txid: txid).state == .pending)
        #expect(try await btc.status(txid: txid) == ChainTransactionStatus(state: .confirmed, blockNumber: 871_234, fee: 1410))
        #expect(await transport.requests.map(\.path) == Array(repeating: "/api/v2/tx/" + txid, count: 3))
    }

    @Test func latestBlockAndNetworkId() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(blockbookFixture("status_btc"))
        await transport.answer(blockbookFixture("block_1"))
        await transport.fail(.offline("no route to host"))
        let btc = try #require(client(.bitcoin, transport))
        #expect(try await btc.latestBlock() == 871_236)
        #expect(try await btc.networkId() == Chain.bitcoin.config.networkId)
        await #expect(throws: ChainClientError.offline("no route to host")) { try await btc.networkId() }
        #expect(await transport.requests.map(\.path) == ["/api/", "/api/v2/block/1", "/api/v2/block/1"])
    }
}
