import Blockchain
import Foundation
import GemCrypto
import Primitives
import Testing

/// A Sidecar answer body from Vectors/clients/polkadot (sources: that folder's README.md, chain-apis.md § 13).
private func fixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/polkadot"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

private func json(_ body: String, status: Int = 200) throws -> JSON {
    try PolkadotMapper.json(ChainResponse(status: status, body: Array(body.utf8)))
}

private func outcome<T>(_ body: () throws(ChainClientError) -> T) -> Result<T, ChainClientError> {
    Result { () throws(ChainClientError) -> T in try body() }
}

private let sender = "15U5XsYmgMLfTXsSSbuj8BwK3XXLzSVkGe97NZHvfJRii1TK"
private let recipient = "13mmW31e59zP4ZzUrUkpEkyaLpByzYKXHDtwVVYPhDdKZXAZ"
private let extrinsic = "0xfd2b1f770536109c243c5c791316631b352fc33ca02ef09051df287bd333ca3a"

@Suite struct PolkadotClientTests {
    static let requests: [(PolkadotAPI, ChainRequest.Method, String, String?)] = [
        (.balanceInfo(address: sender), .get, "/accounts/\(sender)/balance-info", nil),
        (.balanceInfo(address: "1/../x?y"), .get, "/accounts/1%2F..%2Fx%3Fy/balance-info", nil),
        (.material, .get, "/transaction/material", nil),
        (.feeEstimate(transaction: "0x4502"), .post, "/transaction/fee-estimate", #"{"tx":"0x4502"}"#),
        (.submit(transaction: "0x4502"), .post, "/transaction", #"{"tx":"0x4502"}"#),
        (.head, .get, "/blocks/head", nil),
        (.nodeVersion, .get, "/node/version", nil),
        (.headHeader, .get, "/blocks/head/header", nil),
    ]

    @Test(arguments: requests)
    func everyCallIsItsRESTPath(api: PolkadotAPI, method: ChainRequest.Method, path: String, body: String?) {
        let request = api.request
        #expect(request.method == method && request.path == path && request.query.isEmpty)
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == body)
        #expect(request.headers == (body == nil ? [] : [ChainHeader(name: "Content-Type", value: "application/json")]))
    }

    @Test func theStatusRangeIsAQuery() {
        let request = PolkadotAPI.blocks(from: 9_000_000, to: 9_000_010).request
        #expect(request.url(base: "https://sidecar") == "https://sidecar/blocks?range=9000000-9000010&noFees=true")
        #expect(PolkadotMapper.statusRange(from: 9_000_000, head: 9_000_010) == (9_000_000, 9_000_010))
        #expect(PolkadotMapper.statusRange(from: 100, head: 1_000) == (100, 164))
        #expect(PolkadotMapper.statusRange(from: 100, head: 100) == (100, 101))
        #expect(PolkadotMapper.statusRange(from: 100, head: 50) == (100, 101))
    }

    // MARK: Balances

    @Test func theBalanceIsFreeLessReserved() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("balance_info"))
        let client = PolkadotClient(transport: transport)
        #expect(try await client.balance(address: sender)
            == ChainBalance(assetId: AssetId(chain: .polkadot), available: BigUInt(24_000_000_000), reserved: BigUInt(1_000_000_000)))
        #expect(PolkadotMapper.balance(PolkadotAccount(nonce: 0, free: BigUInt(5), reserved: BigUInt(9))).available == BigUInt(0))
        #expect(try await client.tokenBalances(owner: sender, tokens: []) == [])
        await #expect(throws: ChainClientError.malformed("token: Polkadot tokens are not supported")) {
            try await client.tokenBalances(owner: sender, tokens: ["1984"])
        }
    }

    @Test func malformedBalanceAnswers() throws {
        let cases: [(String, String)] = [
            (#"{"nonce":5,"free":"1","reserved":"0"}"#, "nonce: not a decimal string"),
            (#"{"nonce":"4294967296","free":"1","reserved":"0"}"#, "nonce: above u32"),
            (#"{"nonce":"1","free":"340282366920938463463374607431768211456","reserved":"0"}"#, "free: above u128"),
            (#"{"nonce":"1","free":"1"}"#, "reserved: not a decimal string"),
        ]
        for (body, reason) in cases {
            let answer = try json(body)
            #expect(outcome { () throws(ChainClientError) in try PolkadotMapper.account(answer) } == .failure(.malformed(reason)))
        }
    }

    @Test(arguments: [
        (400, fixture("balance_info.badAddress"), ChainClientError.rpc(code: 400, message: "Invalid address: 15U5")),
        (503, "<html>unavailable</html>", .http(status: 503, body: "<html>unavailable</html>")),
        (200, "<html>", .malformed("the answer is not JSON: <html>")),
    ])
    func anErrorAnswerIsNamed(status: Int, body: String, expected: ChainClientError) {
        #expect(outcome { () throws(ChainClientError) in try PolkadotMapper.json(ChainResponse(status: status, body: Array(body.utf8))) } == .failure(expected))
    }

    @Test func addressesThatAreNotPolkadotNeverReachAPath() async {
        let transport = RecordingChainTransport()
        let client = PolkadotClient(transport: transport)
        await #expect(throws: ChainClientError.malformed("address: not a Polkadot address")) { try await client.balance(address: "1/../x") }
        await #expect(throws: ChainClientError.malformed("sender: not a Polkadot address")) { try await client.preload(sender: "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY") }
        await #expect(throws: ChainClientError.malformed("hash: not 0x + 64 hex digits")) { try await client.status(hash: "0x12", fromBlock: 1) }
        await #expect(throws: ChainClientError.malformed("block_number: must be above 0")) { try await client.status(hash: extrinsic, fromBlock: 0) }
        #expect(await transport.requests.isEmpty)
    }

    // MARK: Fees, preload

    @Test func feeRatesAreTheAppsPlaceholderAndTheEstimateIsPartialFee() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("fee_estimate"))
        let client = PolkadotClient(transport: transport)
        #expect(client.feeRates() == FeeRates(unit: .nativeUnit, rates: [FeeRate(priority: .normal, value: BigUInt(1))]))
        #expect(try await client.feeEstimate(SignedTransaction(bytes: [0x45, 0x02], encoded: "0x4502", hash: extrinsic)) == BigUInt(15_920_000))
        #expect(await transport.body(0) == #"{"tx":"0x4502"}"#)
        let bad = try json(#"{"partialFee":15920000}"#)
        #expect(outcome { () throws(ChainClientError) in try PolkadotMapper.partialFee(bad) } == .failure(.malformed("partialFee: not a decimal string")))
    }

    @Test func materialIsTheBlockGenesisAndVersions() throws {
        let material = try PolkadotMapper.material(try json(fixture("material")))
        #expect(material.blockNumber == 9_000_000 && material.specVersion == 1_004_000 && material.transactionVersion == 15)
        #expect(Hex.encode(material.blockHash) == "8e21c1c99572e94fe1689c76f9a5e35cdcb1a4cddb2180ca634c2feae64847eb")
        #expect(material.genesisHash == PolkadotRuntime.assetHubPolkadot.genesisHash)
        let cases: [(String, String)] = [
            (#"{"at":{"hash":"0x12","height":"1"},"genesisHash":"0x","specVersion":"1","txVersion":"1"}"#, "at.hash: not 0x + 64 hex digits"),
            (#"{"at":{"hash":"0x\#(String(repeating: "a", count: 64))","height":"1"},"genesisHash":"0x\#(String(repeating: "b", count: 64))","specVersion":"4294967296","txVersion":"1"}"#, "specVersion: above u32"),
            (#"{"at":{"hash":"0x\#(String(repeating: "a", count: 64))","height":1},"genesisHash":"0x\#(String(repeating: "b", count: 64))","specVersion":"1","txVersion":"1"}"#, "at.height: not a decimal string"),
        ]
        for (body, reason) in cases {
            let answer = try json(body)
            #expect(outcome { () throws(ChainClientError) in try PolkadotMapper.material(answer) } == .failure(.malformed(reason)))
        }
    }

    @Test func aPreloadSignsAndBroadcasts() async throws {
        let key = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x33, count: 32))
        let from = try PolkadotAddress.derive(key.publicKey.bytes, network: 0)
        let transport = RecordingChainTransport()
        await transport.answer(fixture("material"))
        await transport.answer(fixture("balance_info"))
        let client = PolkadotClient(transport: transport)
        let preload = try await client.preload(sender: from)
        #expect(preload.account == PolkadotAccount(nonce: 5, free: BigUInt(25_000_000_000), reserved: BigUInt(1_000_000_000)))
        #expect(await transport.requests.map(\.path) == ["/transaction/material", "/accounts/\(from)/balance-info"])

        let input = preload.signerInput(sender: from, recipient: recipient, value: BigUInt(10_000_000_000), fee: BigUInt(15_920_000))
        #expect(input.nonce == 5 && input.blockNumber == 9_000_000 && input.eraPeriod == 64 && input.specVersion == 1_004_000
            && input.transactionVersion == 15 && input.balance == BigUInt(24_000_000_000) && input.blockHash == preload.material.blockHash)
        let signed = try PolkadotSigner.sign(input, key: key)
        await transport.answer(#"{"hash":"\#(signed.hash)"}"#)
        #expect(try await client.broadcast(signed) == signed.hash)
        #expect(await transport.body(2) == #"{"tx":"\#(signed.encoded)"}"#)
    }

    // MARK: Broadcast and status

    @Test func broadcastAnswersTheHashAndARefusalIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("submit"))
        await transport.answer(fixture("submit.error"), status: 400)
        await transport.answer(#"{"hash":"0x12"}"#)
        await transport.answer("bad gateway", status: 502)
        let client = PolkadotClient(transport: transport)
        let signed = SignedTransaction(bytes: [0x45], encoded: "0x45", hash: extrinsic)
        #expect(try await client.broadcast(signed) == extrinsic)
        await #expect(throws: ChainClientError.rejected("Failed to submit transaction.: 1010: Invalid Transaction: Inability to pay some fees , e.g. account balance too low")) {
            try await client.broadcast(signed)
        }
        await #expect(throws: ChainClientError.malformed("hash: not 0x + 64 hex digits")) { try await client.broadcast(signed) }
        await #expect(throws: ChainClientError.http(status: 502, body: "bad gateway")) { try await client.broadcast(signed) }
    }

    @Test func statusFindsTheExtrinsicInTheRange() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("head"))
        await transport.answer(fixture("range"))
        let client = PolkadotClient(transport: transport)
        #expect(try await client.status(hash: extrinsic.uppercased().replacingOccurrences(of: "0X", with: "0x"), fromBlock: 9_000_000)
            == ChainTransactionStatus(state: .confirmed, blockNumber: 9_000_002))
        let requests = await transport.requests
        #expect(requests.map(\.path) == ["/blocks/head", "/blocks"])
        #expect(requests.last?.query == [ChainHeader(name: "range", value: "9000000-9000010"), ChainHeader(name: "noFees", value: "true")])
    }

    @Test func statusMapperQuirks() throws {
        let other = "0x" + String(repeating: "1", count: 64)
        let range = try json(fixture("range"))
        #expect(try PolkadotMapper.transactionStatus(range, hash: other) == ChainTransactionStatus(state: .pending))
        let failed = try json(#"[{"number":"7","extrinsics":[{"hash":"\#(extrinsic)","success":false}]}]"#)
        #expect(try PolkadotMapper.transactionStatus(failed, hash: extrinsic) == ChainTransactionStatus(state: .failed, blockNumber: 7))
        let cases: [(String, String)] = [
            (#"{"number":"7"}"#, "blocks: not an array"),
            (#"[{"number":"7"}]"#, "extrinsics: not an array"),
            (#"[{"number":7,"extrinsics":[{"hash":"\#(extrinsic)","success":true}]}]"#, "number: not a decimal string"),
            (#"[{"number":"7","extrinsics":[{"hash":"\#(extrinsic)"}]}]"#, "success: not a boolean"),
            ("[" + Array(repeating: #"{"number":"1","extrinsics":[]}"#, count: 66).joined(separator: ",") + "]", "blocks: more than 65 blocks"),
        ]
        for (body, reason) in cases {
            let answer = try json(body)
            #expect(outcome { () throws(ChainClientError) in try PolkadotMapper.transactionStatus(answer, hash: extrinsic) } == .failure(.malformed(reason)))
        }
    }

    // MARK: Block and network

    @Test func latestBlockAndNetworkId() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("head_header"))
        await transport.answer(fixture("node_version"))
        await transport.answer(#"{"number":9000010}"#)
        let client = PolkadotClient(transport: transport)
        #expect(try await client.latestBlock() == 9_000_010)
        #expect(try await client.networkId() == "Polkadot Asset Hub")
        await #expect(throws: ChainClientError.malformed("number: not a decimal string")) { try await client.latestBlock() }
        #expect(await transport.requests.map(\.path) == ["/blocks/head/header", "/node/version", "/blocks/head/header"])
    }

    @Test(arguments: [ChainClientError.offline("no route"), .timeout("30 s")])
    func aTransportFailureIsThrownByEveryCall(error: ChainClientError) async {
        let transport = RecordingChainTransport()
        for _ in 0..<7 { await transport.fail(error) }
        let client = PolkadotClient(transport: transport)
        let signed = SignedTransaction(bytes: [], encoded: "0x45", hash: extrinsic)
        await #expect(throws: error) { try await client.balance(address: sender) }
        await #expect(throws: error) { try await client.feeEstimate(signed) }
        await #expect(throws: error) { try await client.preload(sender: sender) }
        await #expect(throws: error) { try await client.broadcast(signed) }
        await #expect(throws: error) { try await client.status(hash: extrinsic, fromBlock: 9_000_000) }
        await #expect(throws: error) { try await client.latestBlock() }
        await #expect(throws: error) { try await client.networkId() }
    }
}
