import Blockchain
import Foundation
import GemCrypto
import Primitives
import Testing

/// An Aptos answer body from Vectors/clients/aptos (sources: that folder's README.md, chain-apis.md § 7).
private func fixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/aptos"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

private func json(_ body: String, status: Int = 200) throws -> JSON {
    try AptosMapper.json(ChainResponse(status: status, body: Array(body.utf8)))
}

private func outcome<T>(_ body: () throws(ChainClientError) -> T) -> Result<T, ChainClientError> {
    Result { () throws(ChainClientError) -> T in try body() }
}

private let sender = "0x" + String(repeating: "a1", count: 32)
private let hash = "0x" + String(repeating: "5c", count: 32)
private let usdc = "0xbae207659db88bea0cbead6da0ed00aac12edcdda169e591cd41c94180b46f3b"

@Suite struct AptosClientTests {
    static let requests: [(AptosAPI, ChainRequest.Method, String)] = [
        (.ledger, .get, "/v1/"),
        (.account(address: sender), .get, "/v1/accounts/\(sender)"),
        (.balance(address: sender, asset: AptosAPI.aptCoinType), .get, "/v1/accounts/\(sender)/balance/0x1::aptos_coin::AptosCoin"),
        (.balance(address: sender, asset: "0x1::a::B<0x1::c::D>/../x?y"), .get, "/v1/accounts/\(sender)/balance/0x1::a::B%3C0x1::c::D%3E%2F..%2Fx%3Fy"),
        (.estimateGasPrice, .get, "/v1/estimate_gas_price"),
        (.transaction(hash: hash), .get, "/v1/transactions/by_hash/\(hash)"),
        (.submit(signedTransaction: [1, 2, 3]), .post, "/v1/transactions"),
    ]

    @Test(arguments: requests)
    func everyCallIsItsRESTPath(api: AptosAPI, method: ChainRequest.Method, path: String) {
        let request = api.request
        #expect(request.method == method && request.path == path && request.query.isEmpty)
        if case let .submit(bytes) = api {
            #expect(request.headers == [ChainHeader(name: "Content-Type", value: "application/x.aptos.signed_transaction+bcs")])
            #expect(request.body == bytes)
        } else {
            #expect(request.headers.isEmpty && request.body == nil)
        }
    }

    // MARK: Balances

    @Test func balancesAreTheBareIntegerOfEachAsset() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("balance"))
        await transport.answer(fixture("balance.u64max"))
        await transport.answer(fixture("balance"))
        let client = AptosClient(transport: transport)
        #expect(try await client.balance(address: sender) == ChainBalance(assetId: AssetId(chain: .aptos), available: BigUInt(100_000_000)))
        let coin = "0x1::coin::T"
        #expect(try await client.tokenBalances(owner: sender, tokens: [usdc, coin]) == [
            ChainBalance(assetId: try AssetId(chain: .aptos, tokenId: usdc), available: BigUInt(UInt64.max)),
            ChainBalance(assetId: try AssetId(chain: .aptos, tokenId: coin), available: BigUInt(100_000_000)),
        ])
        #expect(await transport.requests.map(\.path) == [
            "/v1/accounts/\(sender)/balance/0x1::aptos_coin::AptosCoin", "/v1/accounts/\(sender)/balance/\(usdc)",
            "/v1/accounts/\(sender)/balance/0x1::coin::T",
        ])
    }

    @Test(arguments: [
        ("18446744073709551616", "balance: above u64"),
        ("-1", "balance: not a decimal integer"),
        (#""100""#, "balance: not a decimal integer"),
        ("1.5", "balance: not a decimal integer"),
    ])
    func aBalanceThatIsNotAU64IsMalformed(body: String, reason: String) {
        let response = ChainResponse(status: 200, body: Array(body.utf8))
        #expect(outcome { () throws(ChainClientError) in try AptosMapper.balance(response, assetId: AssetId(chain: .aptos)) }
            == .failure(.malformed(reason)))
    }

    @Test func anAddressThatIsNotAptosNeverReachesAPath() async {
        let transport = RecordingChainTransport()
        let client = AptosClient(transport: transport)
        await #expect(throws: ChainClientError.malformed("address: not an Aptos address")) { try await client.balance(address: "0x1/../../x") }
        await #expect(throws: ChainClientError.malformed("owner: not an Aptos address")) { try await client.tokenBalances(owner: "abc", tokens: [usdc]) }
        await #expect(throws: ChainClientError.malformed("hash: not 0x + 64 hex digits")) { try await client.status(hash: "0x12") }
        #expect(await transport.requests.isEmpty)
    }

    // MARK: Error answers

    @Test(arguments: [
        (404, fixture("account.notFound"), ChainClientError.notFound("Account not found by Address(\(sender)) and Ledger version(2658349386) (account_not_found)")),
        (400, fixture("submit.error"), .rpc(code: 400, message: "Invalid transaction: Type: Validation Code: SEQUENCE_NUMBER_TOO_OLD (vm_error)")),
        (503, "<html>unavailable</html>", .http(status: 503, body: "<html>unavailable</html>")),
        (200, "<html>", .malformed("the answer is not JSON: <html>")),
    ])
    func anErrorAnswerIsNamedByItsErrorCode(status: Int, body: String, expected: ChainClientError) {
        #expect(outcome { () throws(ChainClientError) in try AptosMapper.json(ChainResponse(status: status, body: Array(body.utf8))) } == .failure(expected))
    }

    // MARK: Fees, preload

    @Test func feeRatesAreTheThreeEstimates() throws {
        #expect(try AptosMapper.feeRates(try json(fixture("estimate_gas_price"))) == FeeRates(unit: .nativeUnit, rates: [
            FeeRate(priority: .slow, value: BigUInt(100)), FeeRate(priority: .normal, value: BigUInt(100)), FeeRate(priority: .fast, value: BigUInt(150)),
        ]))
        #expect(try AptosMapper.feeRates(try json(fixture("estimate_gas_price.normalOnly"))).rates.map(\.value) == [BigUInt(100), BigUInt(100), BigUInt(100)])
        for (body, reason) in [(#"{"gas_estimate":"100"}"#, "gas_estimate: not a number"), (#"{"gas_estimate":100,"prioritized_gas_estimate":-1}"#, "prioritized_gas_estimate: negative")] {
            let answer = try JSONParser.parse(body)
            #expect(outcome { () throws(ChainClientError) in try AptosMapper.feeRates(answer) } == .failure(.malformed(reason)))
        }
    }

    @Test func aPreloadSignsAndBroadcasts() async throws {
        let key = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x33, count: 32))
        let from = AptosAddress.derive(key.publicKey.bytes)
        let transport = RecordingChainTransport()
        await transport.answer(fixture("account"))
        await transport.answer(fixture("ledger"))
        await transport.answer(fixture("estimate_gas_price"))
        await transport.answer(fixture("balance"))
        let client = AptosClient(transport: transport)
        let preload = try await client.preload(sender: from)
        #expect(preload == AptosPreload(sequenceNumber: 42, chainId: 1, fees: try AptosMapper.feeRates(try json(fixture("estimate_gas_price"))),
                                        balance: BigUInt(100_000_000), tokenBalance: nil))
        #expect(await transport.requests.map(\.path) == ["/v1/accounts/\(from)", "/v1/", "/v1/estimate_gas_price",
                                                         "/v1/accounts/\(from)/balance/0x1::aptos_coin::AptosCoin"])

        let recipient = "0x" + String(repeating: "b2", count: 32)
        let input = preload.signerInput(asset: .apt, recipient: recipient, amount: BigUInt(1_000), priority: .fast, expirationTimestampSecs: 1_745_830_600)
        #expect(input == AptosSignerInput(asset: .apt, recipient: recipient, amount: BigUInt(1_000), balance: BigUInt(100_000_000), sequenceNumber: 42,
                                          maxGasAmount: 1_500, gasUnitPrice: 150, expirationTimestampSecs: 1_745_830_600, chainId: 1))
        let signed = try AptosSigner.sign(input, key: key)
        await transport.answer(#"{"hash":"\#(signed.hash)","sender":"\#(from)","sequence_number":"42"}"#, status: 202)
        #expect(try await client.broadcast(signed.bytes) == signed.hash)
        #expect(await transport.requests.last?.body == signed.bytes)
    }

    @Test func aPreloadForANewAccountIsAtSequenceZeroAndReadsTheToken() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("account.notFound"), status: 404)
        await transport.answer(fixture("ledger"))
        await transport.answer(fixture("estimate_gas_price"))
        await transport.answer(fixture("balance"))
        await transport.answer(fixture("balance.u64max"))
        let preload = try await AptosClient(transport: transport).preload(sender: sender, token: usdc)
        #expect(preload.sequenceNumber == 0 && preload.tokenBalance == BigUInt(UInt64.max))
        #expect(await transport.requests.last?.path == "/v1/accounts/\(sender)/balance/\(usdc)")
    }

    // MARK: Broadcast and status

    @Test func broadcastAnswersTheHashAndARefusalIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("submit"), status: 202)
        await transport.answer(fixture("submit.error"), status: 400)
        await transport.answer(#"{"hash":"0x12"}"#, status: 202)
        await transport.answer("bad gateway", status: 502)
        let client = AptosClient(transport: transport)
        #expect(try await client.broadcast([1, 2, 3]) == hash)
        await #expect(throws: ChainClientError.rejected("Invalid transaction: Type: Validation Code: SEQUENCE_NUMBER_TOO_OLD (vm_error)")) {
            try await client.broadcast([1, 2, 3])
        }
        await #expect(throws: ChainClientError.malformed("hash: not 0x + 64 hex digits")) { try await client.broadcast([1, 2, 3]) }
        await #expect(throws: ChainClientError.http(status: 502, body: "bad gateway")) { try await client.broadcast([1, 2, 3]) }
    }

    @Test(arguments: [
        (200, "transaction", ChainTransactionStatus(state: .confirmed, fee: BigUInt(1_200))),
        (200, "transaction.failed", ChainTransactionStatus(state: .failed, fee: BigUInt(700))),
        (200, "transaction.pending", ChainTransactionStatus(state: .pending)),
        (404, "transaction.notFound", ChainTransactionStatus(state: .pending)),
    ])
    func statusIsSuccessWithGasUsedTimesPrice(status: Int, name: String, expected: ChainTransactionStatus) async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture(name), status: status)
        #expect(try await AptosClient(transport: transport).status(hash: hash) == expected)
        #expect(await transport.requests.first?.path == "/v1/transactions/by_hash/\(hash)")
    }

    @Test func statusMapperQuirks() throws {
        let cases: [(String, String)] = [
            (#"{"type":"user_transaction","gas_used":"1","gas_unit_price":"100"}"#, "success: not a boolean"),
            (#"{"type":"user_transaction","success":true,"gas_used":1,"gas_unit_price":"100"}"#, "gas_used: not a decimal string"),
            (#"{"type":"user_transaction","success":true,"gas_used":"1","gas_unit_price":"18446744073709551616"}"#, "gas_unit_price: above u64"),
            (#"{"hash":"0x1"}"#, "type: not a string"),
        ]
        for (body, reason) in cases {
            let answer = try JSONParser.parse(body)
            #expect(outcome { () throws(ChainClientError) in try AptosMapper.transactionStatus(answer) } == .failure(.malformed(reason)))
        }
    }

    // MARK: Block and network

    @Test func latestBlockAndNetworkIdAreTheLedgerInfo() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("ledger"))
        await transport.answer(fixture("ledger"))
        await transport.answer(#"{"chain_id":300,"block_height":"1"}"#)
        await transport.answer(#"{"chain_id":1,"block_height":336918394}"#)
        let client = AptosClient(transport: transport)
        #expect(try await client.latestBlock() == 336_918_394)
        #expect(try await client.chainId() == 1)
        await #expect(throws: ChainClientError.malformed("chain_id: above 255")) { try await client.chainId() }
        await #expect(throws: ChainClientError.malformed("block_height: not a decimal string")) { try await client.latestBlock() }
    }

    @Test(arguments: [ChainClientError.offline("no route"), .timeout("30 s")])
    func aTransportFailureIsThrownByEveryCall(error: ChainClientError) async {
        let transport = RecordingChainTransport()
        for _ in 0..<8 { await transport.fail(error) }
        let client = AptosClient(transport: transport)
        await #expect(throws: error) { try await client.balance(address: sender) }
        await #expect(throws: error) { try await client.tokenBalances(owner: sender, tokens: [usdc]) }
        await #expect(throws: error) { try await client.feeRates() }
        await #expect(throws: error) { try await client.preload(sender: sender) }
        await #expect(throws: error) { try await client.broadcast([1]) }
        await #expect(throws: error) { try await client.status(hash: hash) }
        await #expect(throws: error) { try await client.latestBlock() }
        await #expect(throws: error) { try await client.chainId() }
    }
}
