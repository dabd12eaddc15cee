import Blockchain
import Foundation
import GemCrypto
import Primitives
import Testing

/// An Xrp answer body from Vectors/clients/xrp (sources: that folder's README.md, chain-apis.md § 9).
private func fixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/xrp"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

private func result(_ body: String) throws -> JSON {
    try JSONRPC.result(ChainResponse(status: 200, body: Array(body.utf8)))
}

private func outcome<T>(_ body: () throws(ChainClientError) -> T) -> Result<T, ChainClientError> {
    Result { () throws(ChainClientError) -> T in try body() }
}

private let owner = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn"
private let unfunded = "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe"
private let rlusdIssuer = "rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De"
private let usdIssuer = "rsA2LpzuawewSBQXkiju3YQTMzW13pAAdW"
private let rlusd = "524C555344000000000000000000000000000000"
private let hash = "7BF105CFE4EFE78ADB63FE4E03A851440551FE189FD4B51CAAD9279C9F534F0E"

@Suite struct XrpClientTests {
    static let requests: [(XrpRPC, String)] = [
        (.accountInfo(account: owner), #"{"jsonrpc":"2.0","id":1,"method":"account_info","params":[{"account":"\#(owner)","ledger_index":"current"}]}"#),
        (.accountObjects(account: owner),
         #"{"jsonrpc":"2.0","id":1,"method":"account_objects","params":[{"account":"\#(owner)","type":"state","ledger_index":"validated"}]}"#),
        (.fee, #"{"jsonrpc":"2.0","id":1,"method":"fee","params":[{}]}"#),
        (.submit(txBlob: "1200"), #"{"jsonrpc":"2.0","id":1,"method":"submit","params":[{"tx_blob":"1200","fail_hard":true}]}"#),
        (.transaction(hash: hash), #"{"jsonrpc":"2.0","id":1,"method":"tx","params":[{"transaction":"\#(hash)"}]}"#),
        (.ledgerCurrent, #"{"jsonrpc":"2.0","id":1,"method":"ledger_current","params":[{}]}"#),
    ]

    @Test(arguments: requests)
    func everyCallIsItsJSONRPCBody(rpc: XrpRPC, body: String) {
        let request = rpc.request
        #expect(request.method == .post && request.path == "" && request.query.isEmpty)
        #expect(request.headers == [ChainHeader(name: "Content-Type", value: "application/json")])
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == body)
    }

    // MARK: Balances

    @Test func theBalanceKeepsTheReserveBack() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("account_info"))
        await transport.answer(fixture("account_info_not_found"))
        let client = XrpClient(transport: transport)
        #expect(try await client.balance(address: owner)
            == ChainBalance(assetId: AssetId(chain: .xrp), available: BigUInt(999_998_999_960), reserved: BigUInt(1_000_000)))
        #expect(try await client.balance(address: unfunded) == ChainBalance(assetId: AssetId(chain: .xrp), available: BigUInt(0), reserved: BigUInt(0)))
        #expect(await transport.body(1).contains(#""account":"\#(unfunded)""#))
        #expect(XrpMapper.balance(XrpAccount(balance: BigUInt(400_000), sequence: 1, flags: 0, currentLedger: 1))
            == ChainBalance(assetId: AssetId(chain: .xrp), available: BigUInt(0), reserved: BigUInt(400_000)))
    }

    @Test func trustLinesAreSeenFromTheOwner() throws {
        let lines = try XrpMapper.trustLines(try result(fixture("account_objects")), owner: owner)
        #expect(lines == [
            XrpTrustLine(currency: rlusd, issuer: rlusdIssuer, value: "1234.5678"),
            XrpTrustLine(currency: "USD", issuer: usdIssuer, value: "5"),
        ])
    }

    @Test func tokenBalancesAreScaledByTenToTheFifteenth() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("account_objects"))
        let balances = try await XrpClient(transport: transport).tokenBalances(owner: owner, tokens: [rlusdIssuer, usdIssuer, unfunded])
        #expect(balances == [
            ChainBalance(assetId: try AssetId(chain: .xrp, tokenId: rlusdIssuer), available: BigUInt(1_234_567_800_000_000_000)),
            // USD is a 3-character code: the app counts only longer codes.
            ChainBalance(assetId: try AssetId(chain: .xrp, tokenId: usdIssuer), available: BigUInt(0)),
            ChainBalance(assetId: try AssetId(chain: .xrp, tokenId: unfunded), available: BigUInt(0)),
        ])
        #expect(await transport.requests.count == 1)
    }

    @Test(arguments: [
        ("1", Result<BigUInt, ChainClientError>.success(BigUInt(1_000_000_000_000_000))),
        ("0.000000000000001", .success(BigUInt(1))),
        ("0.0000000000000019", .success(BigUInt(1))),
        ("1e-3", .success(BigUInt(1_000_000_000_000))),
        ("1.5E2", .success(BigUInt(150_000_000_000_000_000))),
        (".5", .success(BigUInt(500_000_000_000_000))),
        ("-5", .success(BigUInt(0))),
        ("1e999", .failure(.malformed("Balance.value: not a decimal"))),
        ("1.2.3", .failure(.malformed("Balance.value: not a decimal"))),
        ("0x10", .failure(.malformed("Balance.value: not a decimal"))),
        ("", .failure(.malformed("Balance.value: not a decimal"))),
        ("-", .failure(.malformed("Balance.value: not a decimal"))),
        (String(repeating: "9", count: 65), .failure(.malformed("Balance.value: longer than 64 characters"))),
    ])
    func trustLineValues(value: String, expected: Result<BigUInt, ChainClientError>) throws {
        let lines = [XrpTrustLine(currency: rlusd, issuer: rlusdIssuer, value: value)]
        #expect(outcome { () throws(ChainClientError) in try XrpMapper.tokenBalances(lines, tokens: [rlusdIssuer]).first?.available ?? BigUInt(7) } == expected)
    }

    @Test func malformedAccountAnswers() throws {
        let cases: [(String, ChainClientError)] = [
            (#"{"result":{"account_data":{"Balance":1000,"Sequence":1,"Flags":0},"ledger_current_index":4}}"#, .malformed("account_data.Balance: not a decimal string")),
            (#"{"result":{"account_data":{"Balance":"1000","Sequence":4294967296,"Flags":0},"ledger_current_index":4}}"#, .malformed("account_data.Sequence: above u32")),
            (#"{"result":{"account_data":{"Balance":"1000","Sequence":1,"Flags":0}}}"#, .malformed("ledger_current_index: not a number")),
            (#"{"result":{"status":"success"}}"#, .malformed("account_data: missing")),
            (#"{"result":{"error":"noNetwork","error_code":17,"error_message":"Not synced to the network.","status":"error"}}"#,
             .rpc(code: 17, message: "Not synced to the network. (noNetwork)")),
            (fixture("account_info_not_found"), .notFound("Account not found. (actNotFound)")),
        ]
        for (body, expected) in cases {
            let answer = try result(body)
            #expect(outcome { () throws(ChainClientError) in try XrpMapper.account(answer) } == .failure(expected))
        }
        let objects = try result(#"{"result":{"account_objects":[{"LedgerEntryType":"RippleState","HighLimit":{"issuer":"x"},"LowLimit":{"issuer":"y"},"Balance":{"currency":"USD"}}]}}"#)
        #expect(outcome { () throws(ChainClientError) in try XrpMapper.trustLines(objects, owner: owner) } == .failure(.malformed("Balance.value: not a string")))
    }

    @Test func addressesThatAreNotXrpNeverReachARequest() async {
        let transport = RecordingChainTransport()
        let client = XrpClient(transport: transport)
        await #expect(throws: ChainClientError.malformed("address: not an XRP address")) { try await client.balance(address: "r123") }
        await #expect(throws: ChainClientError.malformed("token: not an XRP address")) { try await client.tokenBalances(owner: owner, tokens: ["USD"]) }
        await #expect(throws: ChainClientError.malformed("destination: not an XRP address")) {
            try await client.preload(sender: owner, destination: "TX1tPQnZSmUGcGcJL3E5yiD7mp9wce2cMD", amount: .xrp(drops: BigUInt(1)))
        }
        await #expect(throws: ChainClientError.malformed("hash: not 64 hex digits")) { try await client.status(hash: "AB") }
        #expect(await transport.requests.isEmpty)
    }

    // MARK: Fees

    @Test func feeRatesAreHalfMedianMedianAndDouble() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("fee"))
        #expect(try await XrpClient(transport: transport).feeRates() == FeeRates(unit: .nativeUnit, rates: [
            FeeRate(priority: .slow, value: BigUInt(5_500)), FeeRate(priority: .normal, value: BigUInt(11_000)), FeeRate(priority: .fast, value: BigUInt(22_000)),
        ]))
        #expect(try XrpMapper.feeRates(try result(#"{"result":{"drops":{"minimum_fee":"10","median_fee":"12"}}}"#)).rates.map(\.value)
            == [BigUInt(10), BigUInt(12), BigUInt(24)])
        let bad = try result(#"{"result":{"drops":{"minimum_fee":10,"median_fee":"12"}}}"#)
        #expect(outcome { () throws(ChainClientError) in try XrpMapper.feeRates(bad) } == .failure(.malformed("drops.minimum_fee: not a decimal string")))
    }

    // MARK: Preload, sign, broadcast

    @Test func anXRPPreloadSignsAndBroadcasts() async throws {
        let key = try Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x42, count: 32))
        let from = XrpAddress.derive(key.publicKey)
        let transport = RecordingChainTransport()
        await transport.answer(fixture("account_info"))
        await transport.answer(fixture("fee"))
        await transport.answer(fixture("account_info.requireDestTag"))
        let client = XrpClient(transport: transport)
        let preload = try await client.preload(sender: from, destination: unfunded, amount: .xrp(drops: BigUInt(2_000_000)))
        #expect(preload.sequence == 6 && preload.currentLedger == 4 && preload.destinationExists && preload.destinationRequiresTag)
        #expect(preload.balance.available == BigUInt(999_998_999_960) && preload.tokenBalance == nil)
        #expect(await transport.body(0).contains(#""account":"\#(from)""#))
        #expect(await transport.body(2).contains(#""account":"\#(unfunded)""#))

        let input = preload.signerInput(amount: .xrp(drops: BigUInt(2_000_000)), destination: unfunded, destinationTag: 7, priority: .slow)
        #expect(input == XrpSignerInput(amount: .xrp(drops: BigUInt(2_000_000)), destination: unfunded, destinationTag: 7, fee: BigUInt(5_500),
                                        sequence: 6, lastLedgerSequence: 24, balance: BigUInt(999_998_999_960)))
        let signed = try XrpSigner.sign(input, key: key)
        await transport.answer(#"{"result":{"accepted":true,"engine_result":"tesSUCCESS","status":"success","tx_json":{"hash":"\#(signed.hash)"}}}"#)
        #expect(try await client.broadcast(signed) == signed.hash)
        #expect(await transport.body(3) == #"{"jsonrpc":"2.0","id":1,"method":"submit","params":[{"tx_blob":"\#(signed.encoded)","fail_hard":true}]}"#)
    }

    @Test func anIssuedPreloadReadsTheTrustLineAndANewDestination() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("account_info"))
        await transport.answer(fixture("fee"))
        await transport.answer(fixture("account_info_not_found"))
        await transport.answer(fixture("account_objects"))
        let preload = try await XrpClient(transport: transport).preload(sender: owner, destination: unfunded,
                                                                        amount: .issued(currency: "USD", issuer: usdIssuer, value: "1"))
        #expect(!preload.destinationExists && !preload.destinationRequiresTag && preload.tokenBalance == "5")
        #expect(await transport.body(3).contains(#""method":"account_objects""#))
    }

    @Test func anUnfundedSenderHasNoPreload() async {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("account_info_not_found"))
        await #expect(throws: ChainClientError.notFound("sender: account not found")) {
            try await XrpClient(transport: transport).preload(sender: unfunded, destination: owner, amount: .xrp(drops: BigUInt(1)))
        }
    }

    // MARK: Broadcast and status

    @Test func broadcastAnswersTheHashAndARefusalIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("submit"))
        await transport.answer(fixture("submit.rejected"))
        await transport.answer(fixture("submit.invalidBlob"))
        await transport.answer(#"{"result":{"accepted":true,"hash":"12"}}"#)
        await transport.answer(#"{"error":{"code":-32600,"message":"bad request"}}"#)
        let client = XrpClient(transport: transport)
        let signed = SignedTransaction(bytes: [0x12], encoded: "12", hash: hash)
        #expect(try await client.broadcast(signed) == hash)
        await #expect(throws: ChainClientError.rejected("tefPAST_SEQ: This sequence number has already passed.")) { try await client.broadcast(signed) }
        await #expect(throws: ChainClientError.rejected("invalidTransaction")) { try await client.broadcast(signed) }
        await #expect(throws: ChainClientError.malformed("tx_json.hash: not 64 hex digits")) { try await client.broadcast(signed) }
        await #expect(throws: ChainClientError.rpc(code: -32600, message: "bad request")) { try await client.broadcast(signed) }
    }

    @Test(arguments: [
        ("tx", ChainTransactionStatus(state: .confirmed, blockNumber: 56_865_245, fee: BigUInt(10))),
        ("tx.failed", ChainTransactionStatus(state: .failed, blockNumber: 56_865_246, fee: BigUInt(12))),
        ("tx.unvalidated", ChainTransactionStatus(state: .pending)),
        ("tx.notFound", ChainTransactionStatus(state: .pending)),
    ])
    func statusIsTheValidatedResult(name: String, expected: ChainTransactionStatus) async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture(name))
        #expect(try await XrpClient(transport: transport).status(hash: hash.lowercased()) == expected)
        #expect(await transport.body(0).contains(#""transaction":"\#(hash)""#))
    }

    @Test func statusMapperQuirks() throws {
        let cases: [(String, String)] = [
            (#"{"result":{"validated":true,"Fee":"10","ledger_index":5}}"#, "meta.TransactionResult: not a string"),
            (#"{"result":{"validated":true,"meta":{"TransactionResult":"tesSUCCESS"},"Fee":10,"ledger_index":5}}"#, "Fee: not a decimal string"),
            (#"{"result":{"validated":true,"meta":{"TransactionResult":"tesSUCCESS"},"Fee":"10","ledger_index":-5}}"#, "ledger_index: negative"),
        ]
        for (body, reason) in cases {
            let answer = try result(body)
            #expect(outcome { () throws(ChainClientError) in try XrpMapper.transactionStatus(answer) } == .failure(.malformed(reason)))
        }
    }

    // MARK: Block and network

    @Test func latestBlockIsTheCurrentLedger() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("ledger_current"))
        await transport.answer(#"{"result":{"ledger_current_index":"26575101"}}"#)
        let client = XrpClient(transport: transport)
        #expect(try await client.latestBlock() == 26_575_101)
        await #expect(throws: ChainClientError.malformed("ledger_current_index: not a number")) { try await client.latestBlock() }
        #expect(client.networkId() == "")
    }

    @Test(arguments: [ChainClientError.offline("no route"), .timeout("30 s")])
    func aTransportFailureIsThrownByEveryCall(error: ChainClientError) async {
        let transport = RecordingChainTransport()
        for _ in 0..<7 { await transport.fail(error) }
        let client = XrpClient(transport: transport)
        await #expect(throws: error) { try await client.balance(address: owner) }
        await #expect(throws: error) { try await client.tokenBalances(owner: owner, tokens: [rlusdIssuer]) }
        await #expect(throws: error) { try await client.feeRates() }
        await #expect(throws: error) { try await client.preload(sender: owner, destination: unfunded, amount: .xrp(drops: BigUInt(1))) }
        await #expect(throws: error) { try await client.broadcast(SignedTransaction(bytes: [], encoded: "12", hash: hash)) }
        await #expect(throws: error) { try await client.status(hash: hash) }
        await #expect(throws: error) { try await client.latestBlock() }
    }
}
