import Blockchain
import Foundation
import GemCrypto
import Primitives
import Testing

/// A Horizon answer body from Vectors/clients/stellar (sources: that folder's README.md, chain-apis.md § 11).
private func fixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/stellar"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

private func json(_ body: String, status: Int = 200) throws -> JSON {
    try HorizonMapper.json(ChainResponse(status: status, body: Array(body.utf8)))
}

private func outcome<T>(_ body: () throws(ChainClientError) -> T) -> Result<T, ChainClientError> {
    Result { () throws(ChainClientError) -> T in try body() }
}

private let sender = "GCFIRY65OQE7DFP5KLNS2PF2LVZMUZYJX4OZIEQ36N2IQANUB5XVYOJR"
private let destination = "GCATS5YOVB6ROX2WUNKGNQ2MP3GMXDMKSG2O4N5CLX3A6W4PZGZZI55U"
private let missing = "GDWUSKGGFDI4FRXK5EBTRECZSVQSSWJHHJOGH6JWG3AUMFFMQ435DIAG"
private let usdc = "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN::USDC"
private let hash = "0836405b09a06df0b7d72e0706399465b1130a2e5bc968dd95463da1568bcedf"

@Suite struct StellarClientTests {
    static let requests: [(HorizonAPI, ChainRequest.Method, String)] = [
        (.root, .get, "/"),
        (.account(id: sender), .get, "/accounts/\(sender)"),
        (.account(id: "G/../x?y"), .get, "/accounts/G%2F..%2Fx%3Fy"),
        (.feeStats, .get, "/fee_stats"),
        (.transaction(hash: hash), .get, "/transactions/\(hash)"),
    ]

    @Test(arguments: requests)
    func everyCallIsItsRESTPath(api: HorizonAPI, method: ChainRequest.Method, path: String) {
        let request = api.request
        #expect(request.method == method && request.path == path && request.query.isEmpty)
        #expect(request.headers.isEmpty && request.body == nil)
    }

    @Test func submitIsAFormWithThePercentEncodedEnvelope() {
        let request = HorizonAPI.submitAsync(envelopeBase64: "AAAA+b/c=").request
        #expect(request.method == .post && request.path == "/transactions_async")
        #expect(request.headers == [ChainHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")])
        #expect(request.body == Array("tx=AAAA%2Bb%2Fc%3D".utf8))
    }

    // MARK: Accounts and balances

    @Test func anAccountIsItsSequenceNativeAndIssuedBalances() throws {
        #expect(try HorizonMapper.account(try json(fixture("account")))
            == StellarAccount(sequence: 231_928_233_984, nativeBalance: BigUInt(255_000_000), tokens: [usdc: BigUInt(1_000_000_000)]))
        #expect(try HorizonMapper.account(try json(fixture("account.destination")))
            == StellarAccount(sequence: 240_518_168_576, nativeBalance: BigUInt(30_000_000), tokens: [:]))
    }

    @Test func balancesReserveOneXLMAndTokensAreMatchedByIssuerAndCode() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("account"))
        await transport.answer(fixture("account"))
        await transport.answer(fixture("account.notFound"), status: 404)
        await transport.answer(fixture("account.notFound"), status: 404)
        let client = StellarClient(transport: transport)
        #expect(try await client.balance(address: sender)
            == ChainBalance(assetId: AssetId(chain: .stellar), available: BigUInt(245_000_000), reserved: BigUInt(10_000_000)))
        let other = "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN::EURC"
        #expect(try await client.tokenBalances(owner: sender, tokens: [usdc, other]) == [
            ChainBalance(assetId: try AssetId(chain: .stellar, tokenId: usdc), available: BigUInt(1_000_000_000)),
            ChainBalance(assetId: try AssetId(chain: .stellar, tokenId: other), available: .zero),
        ])
        #expect(try await client.balance(address: missing)
            == ChainBalance(assetId: AssetId(chain: .stellar), available: .zero, reserved: .zero))
        #expect(try await client.tokenBalances(owner: missing, tokens: [usdc]).map(\.available) == [.zero])
        #expect(await transport.requests.map(\.path) == ["/accounts/\(sender)", "/accounts/\(sender)", "/accounts/\(missing)", "/accounts/\(missing)"])
    }

    @Test func aBalanceBelowTheReserveIsZeroAvailable() {
        let account = StellarAccount(sequence: 1, nativeBalance: BigUInt(4_000_000), tokens: [:])
        #expect(HorizonMapper.balance(account) == ChainBalance(assetId: AssetId(chain: .stellar), available: .zero, reserved: BigUInt(10_000_000)))
    }

    @Test(arguments: [
        (#"{"balances":[]}"#, "sequence: not a decimal string"),
        (#"{"sequence":"-1","balances":[]}"#, "sequence: not a decimal integer"),
        (#"{"sequence":"9223372036854775808","balances":[]}"#, "sequence: above 2^63 - 1"),
        (#"{"sequence":"1"}"#, "balances: not an array"),
        (#"{"sequence":"1","balances":[]}"#, "balances: no native entry"),
        (#"{"sequence":"1","balances":[{"asset_type":"native","balance":"1.00000001"}]}"#, "balances[].balance: not a 7-place decimal amount"),
        (#"{"sequence":"1","balances":[{"asset_type":"native","balance":"922337203685.4775808"}]}"#, "balances[].balance: above int64"),
        (#"{"sequence":"1","balances":[{"asset_type":"native","balance":100}]}"#, "balances[].balance: not a string"),
        (#"{"sequence":"1","balances":[{"asset_type":"native","balance":"1"},{"asset_type":"native","balance":"1"}]}"#, "balances: two native entries"),
        (#"{"sequence":"1","balances":[{"asset_type":"native","balance":"1"},{"asset_type":"credit_alphanum4","asset_code":"USDC","balance":"1"}]}"#, "balances[].asset_issuer: not a string"),
        (#"{"sequence":"1","balances":[{"asset_type":"native","balance":"1"},{"asset_type":"credit_alphanum4","asset_code":"","asset_issuer":"G","balance":"1"}]}"#, "balances[]: not an asset code and issuer"),
    ])
    func aMalformedAccountIsNamed(body: String, reason: String) throws {
        let answer = try JSONParser.parse(body)
        #expect(outcome { () throws(ChainClientError) in try HorizonMapper.account(answer) } == .failure(.malformed(reason)))
    }

    @Test func aLiquidityPoolShareIsSkipped() throws {
        let answer = try JSONParser.parse(#"{"sequence":"7","balances":[{"asset_type":"liquidity_pool_shares","liquidity_pool_id":"ab","balance":"5.0000000"},{"asset_type":"native","balance":"2.0000000"}]}"#)
        #expect(try HorizonMapper.account(answer) == StellarAccount(sequence: 7, nativeBalance: BigUInt(20_000_000), tokens: [:]))
    }

    @Test func anAddressThatIsNotStellarNeverReachesAPath() async {
        let transport = RecordingChainTransport()
        let client = StellarClient(transport: transport)
        await #expect(throws: ChainClientError.malformed("address: not a Stellar account id")) { try await client.balance(address: "G/../x") }
        await #expect(throws: ChainClientError.malformed("address: not a Stellar account id")) { try await client.preload(sender: sender.lowercased(), destination: destination) }
        await #expect(throws: ChainClientError.malformed("hash: not 64 hex digits")) { try await client.status(hash: "ab/../") }
        await #expect(throws: ChainClientError.malformed("token: not a token id ()")) { try await client.tokenBalances(owner: sender, tokens: [""]) }
        #expect(await transport.requests.isEmpty)
    }

    // MARK: Error answers

    @Test(arguments: [
        (404, fixture("account.notFound"), ChainClientError.notFound("Resource Missing")),
        (400, fixture("transactions_async.malformed"), .rpc(code: 400, message: "Transaction Malformed")),
        (503, "<html>unavailable</html>", .http(status: 503, body: "<html>unavailable</html>")),
        (200, "<html>", .malformed("the answer is not JSON: <html>")),
    ])
    func anErrorAnswerIsNamedByItsTitle(status: Int, body: String, expected: ChainClientError) {
        #expect(outcome { () throws(ChainClientError) in try HorizonMapper.json(ChainResponse(status: status, body: Array(body.utf8))) } == .failure(expected))
    }

    // MARK: Fees

    @Test func feeRatesAreMinMinAndTwiceP95() throws {
        #expect(try HorizonMapper.feeRates(try json(fixture("fee_stats"))) == FeeRates(unit: .nativeUnit, rates: [
            FeeRate(priority: .slow, value: BigUInt(100)), FeeRate(priority: .normal, value: BigUInt(100)), FeeRate(priority: .fast, value: BigUInt(500)),
        ]))
        for (body, reason) in [
            (#"{"last_ledger_base_fee":"100"}"#, "fee_charged: missing"),
            (#"{"fee_charged":{"min":100,"p95":"250"}}"#, "fee_charged.min: not a decimal string"),
            (#"{"fee_charged":{"min":"100"}}"#, "fee_charged.p95: not a decimal string"),
            (#"{"fee_charged":{"min":"100","p95":"18446744073709551616"}}"#, "fee_charged.p95: above u64"),
        ] {
            let answer = try JSONParser.parse(body)
            #expect(outcome { () throws(ChainClientError) in try HorizonMapper.feeRates(answer) } == .failure(.malformed(reason)))
        }
    }

    // MARK: Preload → signer → broadcast

    @Test func aPreloadSignsWithHorizonsSequencePlusOneAndBroadcasts() async throws {
        let key = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x01, count: 32))
        #expect(StellarAddress.derive(key.publicKey.bytes) == sender)
        let transport = RecordingChainTransport()
        await transport.answer(fixture("account"))
        await transport.answer(fixture("account.destination"))
        await transport.answer(fixture("fee_stats"))
        let client = StellarClient(transport: transport)
        let preload = try await client.preload(sender: sender, destination: destination)
        let fees = try HorizonMapper.feeRates(try json(fixture("fee_stats")))
        #expect(preload == StellarPreload(sequence: 231_928_233_984, destinationExists: true, fees: fees, balance: BigUInt(245_000_000)))
        #expect(await transport.requests.map(\.path) == ["/accounts/\(sender)", "/accounts/\(destination)", "/fee_stats"])

        let input = preload.signerInput(destination: destination, asset: .native, amount: BigUInt(12_345_678), priority: .fast,
                                        memo: .id(42), validUntil: 1_800_000_000)
        #expect(input == StellarSignerInput(destination: destination, asset: .native, amount: BigUInt(12_345_678), fee: 500,
                                            accountSequence: 231_928_233_984, destinationExists: true, memo: .id(42),
                                            validUntil: 1_800_000_000, balance: BigUInt(245_000_000)))
        let signed = try StellarSigner.sign(input, key: key)
        // Envelope type (4) ‖ source muxed account (4 + 32) ‖ fee (4) ‖ sequence (8): Horizon's sequence + 1, once.
        #expect(Array(signed.bytes[44..<52]) == [0, 0, 0, 0x36, 0, 0, 0, 0x01])
        #expect(231_928_233_985 == 0x36_0000_0001)
        await transport.answer(#"{"tx_status":"PENDING","hash":"\#(signed.hash)"}"#, status: 201)
        #expect(try await client.broadcast(signed) == signed.hash)
        let request = await transport.requests.last
        #expect(request?.path == "/transactions_async")
        #expect(request?.headers == [ChainHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")])
        let body = await transport.body(3)
        #expect(body == "tx=" + signed.encoded.replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: "/", with: "%2F")
            .replacingOccurrences(of: "=", with: "%3D"))
    }

    @Test func aMissingDestinationIsCreatedAndAMissingSenderIsNotFound() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("account"))
        await transport.answer(fixture("account.notFound"), status: 404)
        await transport.answer(fixture("fee_stats"))
        await transport.answer(fixture("account.notFound"), status: 404)
        let client = StellarClient(transport: transport)
        let preload = try await client.preload(sender: sender, destination: missing)
        #expect(preload.destinationExists == false && preload.sequence == 231_928_233_984)
        let key = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x01, count: 32))
        let signed = try StellarSigner.sign(preload.signerInput(destination: missing, asset: .native, amount: BigUInt(20_000_000), validUntil: 0), key: key)
        // The operation after the memo (none: 4 bytes) and its count and absent source: CREATE_ACCOUNT (0).
        #expect(Array(signed.bytes[52 + 20 + 4 + 4 + 4..<52 + 20 + 4 + 4 + 8]) == [0, 0, 0, 0])
        await #expect(throws: ChainClientError.notFound("sender: the account does not exist")) {
            try await client.preload(sender: missing, destination: sender)
        }
    }

    // MARK: Broadcast and status

    @Test func broadcastAnswersTheHashAndARefusalIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("transactions_async"), status: 201)
        await transport.answer(#"{"tx_status":"DUPLICATE","hash":"\#(hash.uppercased())"}"#, status: 409)
        await transport.answer(fixture("transactions_async.error"), status: 400)
        await transport.answer(fixture("transactions_async.tryAgainLater"), status: 503)
        await transport.answer(fixture("transactions_async.malformed"), status: 400)
        await transport.answer(#"{"tx_status":"PENDING","hash":"12"}"#, status: 201)
        await transport.answer(#"{"hash":"\#(hash)"}"#, status: 201)
        await transport.answer("bad gateway", status: 502)
        let client = StellarClient(transport: transport)
        let signed = SignedTransaction(bytes: [1], encoded: "AQ==", hash: hash)
        #expect(try await client.broadcast(signed) == hash)
        #expect(try await client.broadcast(signed) == hash)
        await #expect(throws: ChainClientError.rejected("AAAAAAAAAGT////7AAAAAA==")) { try await client.broadcast(signed) }
        await #expect(throws: ChainClientError.rejected("TRY_AGAIN_LATER")) { try await client.broadcast(signed) }
        await #expect(throws: ChainClientError.rejected("Transaction Malformed")) { try await client.broadcast(signed) }
        await #expect(throws: ChainClientError.malformed("hash: not 64 hex digits")) { try await client.broadcast(signed) }
        await #expect(throws: ChainClientError.malformed("tx_status: not a string")) { try await client.broadcast(signed) }
        await #expect(throws: ChainClientError.http(status: 502, body: "bad gateway")) { try await client.broadcast(signed) }
        #expect(await transport.body(0) == "tx=AQ%3D%3D")
    }

    @Test(arguments: [
        (200, "transaction", ChainTransactionStatus(state: .confirmed, blockNumber: 54_000_001, fee: BigUInt(100))),
        (200, "transaction.failed", ChainTransactionStatus(state: .failed, blockNumber: 54_000_001, fee: BigUInt(200))),
        (404, "transaction.notFound", ChainTransactionStatus(state: .pending)),
    ])
    func statusIsSuccessfulInItsLedgerWithTheFeeCharged(status: Int, name: String, expected: ChainTransactionStatus) async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture(name), status: status)
        #expect(try await StellarClient(transport: transport).status(hash: hash) == expected)
        #expect(await transport.requests.first?.path == "/transactions/\(hash)")
    }

    @Test func statusMapperQuirks() throws {
        let cases: [(String, String)] = [
            (#"{"fee_charged":"100","ledger":1}"#, "successful: not a boolean"),
            (#"{"successful":true,"fee_charged":100,"ledger":1}"#, "fee_charged: not a decimal string"),
            (#"{"successful":true,"fee_charged":"100","ledger":"1"}"#, "ledger: not a number"),
            (#"{"successful":true,"fee_charged":"100","ledger":-1}"#, "ledger: negative"),
        ]
        for (body, reason) in cases {
            let answer = try JSONParser.parse(body)
            #expect(outcome { () throws(ChainClientError) in try HorizonMapper.transactionStatus(answer) } == .failure(.malformed(reason)))
        }
    }

    // MARK: Block and network

    @Test func latestBlockAndNetworkIdAreTheRoot() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("root"))
        await transport.answer(fixture("root"))
        await transport.answer(fixture("root"))
        await transport.answer(#"{"ingest_latest_ledger":1}"#)
        await transport.answer(#"{"network_passphrase":"x","ingest_latest_ledger":"1"}"#)
        let client = StellarClient(transport: transport)
        #expect(try await client.latestBlock() == 54_000_001)
        #expect(try await client.networkId() == StellarSignerInput.publicNetworkPassphrase)
        #expect(try await client.networkId() == Chain.stellar.config.networkId)
        await #expect(throws: ChainClientError.malformed("network_passphrase: not a string")) { try await client.networkId() }
        await #expect(throws: ChainClientError.malformed("ingest_latest_ledger: not a number")) { try await client.latestBlock() }
    }

    @Test(arguments: [ChainClientError.offline("no route"), .timeout("30 s")])
    func aTransportFailureIsThrownByEveryCall(error: ChainClientError) async {
        let transport = RecordingChainTransport()
        for _ in 0..<8 { await transport.fail(error) }
        let client = StellarClient(transport: transport)
        await #expect(throws: error) { try await client.balance(address: sender) }
        await #expect(throws: error) { try await client.tokenBalances(owner: sender, tokens: [usdc]) }
        await #expect(throws: error) { try await client.feeRates() }
        await #expect(throws: error) { try await client.preload(sender: sender, destination: destination) }
        await #expect(throws: error) { try await client.broadcast(SignedTransaction(bytes: [1], encoded: "AQ==", hash: hash)) }
        await #expect(throws: error) { try await client.status(hash: hash) }
        await #expect(throws: error) { try await client.latestBlock() }
        await #expect(throws: error) { try await client.networkId() }
    }
}
