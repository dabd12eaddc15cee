import Blockchain
import Foundation
import GemCrypto
import Primitives
import Testing

/// An algod answer body from Vectors/clients/algorand (sources: that folder's README.md, chain-apis.md § 12).
private func fixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/algorand"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

private func json(_ body: String, status: Int = 200) throws -> JSON {
    try AlgodMapper.json(ChainResponse(status: status, body: Array(body.utf8)))
}

private func outcome<T>(_ body: () throws(ChainClientError) -> T) -> Result<T, ChainClientError> {
    Result { () throws(ChainClientError) -> T in try body() }
}

private let sender = "RFQN2EJP6PFQRRYJT3KRABFGKNHQS5VYBHOJQ75RHNKJZ7NPXOQPHBJRIM"
private let empty = "7RF2F7CDZQLQPQTEU5SMYUY42V5YOTITMGD5WKUKI365VDE5YFMIWILZ7Q"
private let txid = "YW6VRDLDUKJ3C3TESTLNMY2LCEQQXLRG6RXPWK4P2P27XXHLHPFQ"
private let genesisHash: [UInt8] = (try? Base64.decode("wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=")) ?? []
private let params = AlgorandTransactionParams(lastRound: 45_000_000, genesisId: "mainnet-v1.0", genesisHash: genesisHash, minFee: 1_000)

@Suite struct AlgorandClientTests {
    static let requests: [(AlgodAPI, ChainRequest.Method, String)] = [
        (.account(address: sender), .get, "/v2/accounts/\(sender)"),
        (.account(address: "A/../b?c"), .get, "/v2/accounts/A%2F..%2Fb%3Fc"),
        (.transactionParams, .get, "/v2/transactions/params"),
        (.pendingTransaction(id: txid), .get, "/v2/transactions/pending/\(txid)"),
        (.submit(signedTransaction: [0x82, 1, 2]), .post, "/v2/transactions"),
    ]

    @Test(arguments: requests)
    func everyCallIsItsRESTPath(api: AlgodAPI, method: ChainRequest.Method, path: String) {
        let request = api.request
        #expect(request.method == method && request.path == path && request.query.isEmpty)
        if case let .submit(bytes) = api {
            #expect(request.headers == [ChainHeader(name: "Content-Type", value: "application/x-binary")])
            #expect(request.body == bytes)
        } else {
            #expect(request.headers.isEmpty && request.body == nil)
        }
    }

    // MARK: Balances

    @Test func balancesKeepTheMinBalanceReservedAndReadASAs() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("account"))
        await transport.answer(fixture("account"))
        await transport.answer(fixture("account.empty"))
        let client = AlgorandClient(transport: transport)
        #expect(try await client.balance(address: sender)
            == ChainBalance(assetId: AssetId(chain: .algorand), available: BigUInt(4_800_000), reserved: BigUInt(200_000)))
        #expect(try await client.tokenBalances(owner: sender, tokens: ["31566704", "312769"]) == [
            ChainBalance(assetId: try AssetId(chain: .algorand, tokenId: "31566704"), available: BigUInt(2_500_000)),
            ChainBalance(assetId: try AssetId(chain: .algorand, tokenId: "312769"), available: .zero),
        ])
        #expect(try await client.balance(address: empty) == ChainBalance(assetId: AssetId(chain: .algorand), available: .zero, reserved: .zero))
        #expect(await transport.requests.map(\.path) == ["/v2/accounts/\(sender)", "/v2/accounts/\(sender)", "/v2/accounts/\(empty)"])
    }

    @Test func anAmountBelowTheMinBalanceIsZeroAvailable() {
        #expect(AlgodMapper.balance(AlgorandAccount(amount: 50_000, minBalance: 100_000, assets: [:]))
            == ChainBalance(assetId: AssetId(chain: .algorand), available: .zero, reserved: BigUInt(100_000)))
    }

    @Test(arguments: [
        (#"{"min-balance":100000}"#, "amount: not a number"),
        (#"{"amount":"5","min-balance":100000}"#, "amount: not a number"),
        (#"{"amount":-5,"min-balance":100000}"#, "amount: negative"),
        (#"{"amount":18446744073709551615,"min-balance":100000}"#, "amount: not an exact integer (fraction, or above 2^63)"),
        (#"{"amount":5}"#, "min-balance: not a number"),
        (#"{"amount":5,"min-balance":1,"assets":{}}"#, "assets: not an array"),
        (#"{"amount":5,"min-balance":1,"assets":[{"amount":1}]}"#, "assets[].asset-id: not a number"),
        (#"{"amount":5,"min-balance":1,"assets":[{"asset-id":1,"amount":1.5}]}"#, "assets[].amount: not an exact integer (fraction, or above 2^63)"),
    ])
    func aMalformedAccountIsNamed(body: String, reason: String) throws {
        let answer = try JSONParser.parse(body)
        #expect(outcome { () throws(ChainClientError) in try AlgodMapper.account(answer) } == .failure(.malformed(reason)))
    }

    @Test func badInputsNeverReachAPath() async {
        let transport = RecordingChainTransport()
        let client = AlgorandClient(transport: transport)
        await #expect(throws: ChainClientError.malformed("address: not an Algorand address")) { try await client.balance(address: "A/../b") }
        await #expect(throws: ChainClientError.malformed("token: not an asset id (0x1f)")) { try await client.tokenBalances(owner: sender, tokens: ["0x1f"]) }
        await #expect(throws: ChainClientError.malformed("token: not an asset id (18446744073709551616)")) {
            try await client.tokenBalances(owner: sender, tokens: ["18446744073709551616"])
        }
        await #expect(throws: ChainClientError.malformed("id: not a 52-character base32 transaction id")) { try await client.status(id: "abc/../") }
        #expect(await transport.requests.isEmpty)
    }

    // MARK: Error answers

    @Test(arguments: [
        (404, fixture("pending.notFound"), ChainClientError.notFound("txn does not exist")),
        (400, #"{"message":"bad request"}"#, .rpc(code: 400, message: "bad request")),
        (503, "<html>unavailable</html>", .http(status: 503, body: "<html>unavailable</html>")),
        (200, "<html>", .malformed("the answer is not JSON: <html>")),
    ])
    func anErrorAnswerIsNamedByItsMessage(status: Int, body: String, expected: ChainClientError) {
        #expect(outcome { () throws(ChainClientError) in try AlgodMapper.json(ChainResponse(status: status, body: Array(body.utf8))) } == .failure(expected))
    }

    // MARK: Params, fees

    @Test func paramsAreTheSuggestedParametersAndTheFeeIsMinFee() async throws {
        #expect(try AlgodMapper.transactionParams(try json(fixture("params"))) == params)
        let transport = RecordingChainTransport()
        await transport.answer(fixture("params"))
        await transport.answer(fixture("params"))
        await transport.answer(fixture("params"))
        let client = AlgorandClient(transport: transport)
        #expect(try await client.feeRates() == FeeRates(unit: .nativeUnit, rates: [
            FeeRate(priority: .slow, value: BigUInt(1_000)), FeeRate(priority: .normal, value: BigUInt(1_000)), FeeRate(priority: .fast, value: BigUInt(1_000)),
        ]))
        #expect(try await client.latestBlock() == 45_000_000)
        #expect(try await client.networkId() == Chain.algorand.config.networkId)
        #expect(await transport.requests.map(\.path) == Array(repeating: "/v2/transactions/params", count: 3))
    }

    @Test(arguments: [
        (#"{"genesis-id":"mainnet-v1.0","genesis-hash":"wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=","min-fee":1000}"#, "last-round: not a number"),
        (#"{"last-round":1,"genesis-hash":"wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=","min-fee":1000}"#, "genesis-id: not a string"),
        (#"{"last-round":1,"genesis-id":"","genesis-hash":"wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=","min-fee":1000}"#, "genesis-id: not 1 to 64 bytes"),
        (#"{"last-round":1,"genesis-id":"mainnet-v1.0","genesis-hash":"wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzk=","min-fee":1000}"#, "genesis-hash: not base64 of 32 bytes"),
        (#"{"last-round":1,"genesis-id":"mainnet-v1.0","genesis-hash":"!GHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=","min-fee":1000}"#, "genesis-hash: not base64 of 32 bytes"),
        (#"{"last-round":1,"genesis-id":"mainnet-v1.0","genesis-hash":"wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=","min-fee":"1000"}"#, "min-fee: not a number"),
    ])
    func malformedParamsAreNamed(body: String, reason: String) throws {
        let answer = try JSONParser.parse(body)
        #expect(outcome { () throws(ChainClientError) in try AlgodMapper.transactionParams(answer) } == .failure(.malformed(reason)))
    }

    // MARK: Preload → signer → broadcast

    @Test func aPreloadSignsAndBroadcastsTheRawMsgpack() async throws {
        let key = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x07, count: 32))
        let from = AlgorandAddress.derive(key.publicKey.bytes)
        let transport = RecordingChainTransport()
        await transport.answer(fixture("params"))
        await transport.answer(fixture("account"))
        let client = AlgorandClient(transport: transport)
        let preload = try await client.preload(sender: from, assetId: 31_566_704)
        #expect(preload == AlgorandPreload(params: params, balance: BigUInt(4_800_000), assetBalance: BigUInt(2_500_000)))
        #expect(await transport.requests.map(\.path) == ["/v2/transactions/params", "/v2/accounts/\(from)"])

        let input = preload.signerInput(receiver: empty, asset: .native, amount: BigUInt(1_000_000))
        #expect(input == AlgorandSignerInput(receiver: empty, asset: .native, amount: BigUInt(1_000_000), fee: 1_000, firstValid: 45_000_000,
                                             lastValid: 45_001_000, genesisId: "mainnet-v1.0", genesisHash: genesisHash,
                                             balance: BigUInt(4_800_000)))
        #expect(preload.signerInput(receiver: empty, asset: .asset(id: 31_566_704), amount: BigUInt(1)).assetBalance == BigUInt(2_500_000))
        let signed = try AlgorandSigner.sign(input, key: key)
        await transport.answer(#"{"txId":"\#(signed.hash)"}"#)
        #expect(try await client.broadcast(signed) == signed.hash)
        let request = await transport.requests.last
        #expect(request?.path == "/v2/transactions" && request?.body == signed.bytes)
        #expect(request?.headers == [ChainHeader(name: "Content-Type", value: "application/x-binary")])
    }

    // MARK: Broadcast and status

    @Test func broadcastAnswersTheTxIdAndARefusalIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("transactions"))
        await transport.answer(fixture("transactions.error"), status: 400)
        await transport.answer(#"{"txId":"ABC"}"#)
        await transport.answer("bad gateway", status: 502)
        let client = AlgorandClient(transport: transport)
        let signed = SignedTransaction(bytes: [0x82], encoded: "82", hash: txid)
        #expect(try await client.broadcast(signed) == txid)
        await #expect(throws: ChainClientError.rejected(ChainClientError.prefix(
            "TransactionPool.Remember: transaction YW6VRDLDUKJ3C3TESTLNMY2LCEQQXLRG6RXPWK4P2P27XXHLHPFQ: overspend (account RFQN2EJP6PFQRRYJT3KRABFGKNHQS5VYBHOJQ75RHNKJZ7NPXOQPHBJRIM, data {_struct:{} Status:Offline MicroAlgos:{Raw:5000000}}, tried to spend {9000000})"))) {
            try await client.broadcast(signed)
        }
        await #expect(throws: ChainClientError.malformed("txId: not a 52-character base32 transaction id")) { try await client.broadcast(signed) }
        await #expect(throws: ChainClientError.http(status: 502, body: "bad gateway")) { try await client.broadcast(signed) }
    }

    @Test(arguments: [
        (200, "pending.confirmed", ChainTransactionStatus(state: .confirmed, blockNumber: 45_000_001, fee: BigUInt(1_000))),
        (200, "pending", ChainTransactionStatus(state: .pending)),
        (200, "pending.poolError", ChainTransactionStatus(state: .failed)),
        (404, "pending.notFound", ChainTransactionStatus(state: .pending)),
    ])
    func statusIsTheConfirmedRoundOrThePoolError(status: Int, name: String, expected: ChainTransactionStatus) async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture(name), status: status)
        #expect(try await AlgorandClient(transport: transport).status(id: txid) == expected)
        #expect(await transport.requests.first?.path == "/v2/transactions/pending/\(txid)")
    }

    @Test func statusMapperQuirks() throws {
        let cases: [(String, String)] = [
            (#"{"confirmed-round":"5","pool-error":""}"#, "confirmed-round: not a number"),
            (#"{"confirmed-round":5,"txn":{"txn":{"fee":-1}}}"#, "txn.txn.fee: negative"),
            (#"{"pool-error":5}"#, "pool-error: not a string"),
        ]
        for (body, reason) in cases {
            let answer = try JSONParser.parse(body)
            #expect(outcome { () throws(ChainClientError) in try AlgodMapper.transactionStatus(answer) } == .failure(.malformed(reason)))
        }
        #expect(try AlgodMapper.transactionStatus(try JSONParser.parse(#"{"confirmed-round":0,"pool-error":""}"#)) == ChainTransactionStatus(state: .pending))
        #expect(try AlgodMapper.transactionStatus(try JSONParser.parse(#"{"confirmed-round":9}"#)) == ChainTransactionStatus(state: .confirmed, blockNumber: 9))
    }

    @Test(arguments: [ChainClientError.offline("no route"), .timeout("30 s")])
    func aTransportFailureIsThrownByEveryCall(error: ChainClientError) async {
        let transport = RecordingChainTransport()
        for _ in 0..<8 { await transport.fail(error) }
        let client = AlgorandClient(transport: transport)
        await #expect(throws: error) { try await client.balance(address: sender) }
        await #expect(throws: error) { try await client.tokenBalances(owner: sender, tokens: ["31566704"]) }
        await #expect(throws: error) { try await client.feeRates() }
        await #expect(throws: error) { try await client.preload(sender: sender) }
        await #expect(throws: error) { try await client.broadcast(SignedTransaction(bytes: [1], encoded: "01", hash: txid)) }
        await #expect(throws: error) { try await client.status(id: txid) }
        await #expect(throws: error) { try await client.latestBlock() }
        await #expect(throws: error) { try await client.networkId() }
    }
}
