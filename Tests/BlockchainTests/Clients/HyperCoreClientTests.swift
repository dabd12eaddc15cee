import Blockchain
import Foundation
import GemCrypto
import Primitives
import Testing

/// A Hyperliquid answer body from Vectors/clients/hypercore (sources: that folder's README.md, chain-apis.md § 15).
private func fixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/hypercore"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

private func response(_ body: String, status: Int = 200) -> ChainResponse {
    ChainResponse(status: status, body: Array(body.utf8))
}

private func json(_ body: String) throws(ChainClientError) -> JSON { try HyperCoreMapper.body(response(body)) }

private func outcome<T>(_ body: () throws(ChainClientError) -> T) -> Result<T, ChainClientError> {
    Result { () throws(ChainClientError) -> T in try body() }
}

private let user = "0xb0bba4dec4b021e2b5e9bc0066e45262bd317a9b"
private let usdc = "USDC::0x6d1e7cde53ba9467b783cb7c530ce054::0"
private let purr = "PURR::0xc4bf3f870c0e9465323c0b6ed28096c2::1"
private let json200 = [ChainHeader(name: "Content-Type", value: "application/json")]

@Suite struct HyperCoreClientTests {
    static let bodies: [(HyperCoreRequest, String, [ChainHeader])] = [
        (.spotClearinghouseState(user: user), #"{"type":"spotClearinghouseState","user":"\#(user)"}"#, json200),
        (.spotMeta, #"{"type":"spotMeta"}"#, json200 + [ChainHeader(name: "x-cache-ttl", value: "3600")]),
        (.delegatorSummary(user: user), #"{"type":"delegatorSummary","user":"\#(user)"}"#, json200),
        (.userNonFundingLedgerUpdates(user: user), #"{"type":"userNonFundingLedgerUpdates","user":"\#(user)"}"#, json200),
    ]

    @Test(arguments: bodies)
    func everyInfoCallIsAPostOfItsType(target: HyperCoreRequest, body: String, headers: [ChainHeader]) {
        let request = target.request
        #expect(request.method == .post && request.path == "/info" && request.query.isEmpty && request.headers == headers)
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == body)
    }

    @Test func theExchangeBodyIsPassedThrough() {
        let request = HyperCoreRequest.exchange(body: Array(#"{"a":1}"#.utf8)).request
        #expect(request.method == .post && request.path == "/exchange" && request.headers == json200 && request.body == Array(#"{"a":1}"#.utf8))
    }

    @Test func balancesScaleTheDecimalTotals() throws {
        let state = try json(fixture("spotClearinghouseState"))
        let balance = try HyperCoreMapper.balance(state: state, delegator: try json(fixture("delegatorSummary")))
        #expect(balance == ChainBalance(assetId: AssetId(chain: .hyperCore), available: BigUInt(1_250_000_000), staked: BigUInt(10_000_000_000),
                                        pending: BigUInt(500_000_000)))
        let tokens = try HyperCoreMapper.spotTokens(try json(fixture("spotMeta")))
        #expect(tokens.first == HyperCoreSpotToken(name: "USDC", index: 0, weiDecimals: 8, tokenId: "0x6d1e7cde53ba9467b783cb7c530ce054"))
        #expect(try HyperCoreMapper.tokenBalances(state: state, tokens: tokens, tokenIds: [usdc, purr, usdc]) == [
            ChainBalance(assetId: try AssetId(chain: .hyperCore, tokenId: usdc), available: BigUInt(25_012_345_678)),
            ChainBalance(assetId: try AssetId(chain: .hyperCore, tokenId: purr), available: .zero),
        ])
        let empty = try json(#"{"balances":[]}"#)
        #expect(try HyperCoreMapper.balance(state: empty, delegator: try json(fixture("delegatorSummary"))).available == .zero)
    }

    static let badAnswers: [(String, String)] = [
        (#"{"balances":{}}"#, "balances: not an array"),
        (#"{"balances":[{"token":"150","total":"1"}]}"#, "balances[0].token: not a number"),
        (#"{"balances":[{"token":150}]}"#, "balances[0].total: missing"),
        (#"{"balances":[{"token":150,"total":"1.123456789"}]}"#, "balances[token 150].total: not a decimal of at most 8 places"),
        (#"{"balances":[{"token":150,"total":12.5}]}"#, "balances[token 150].total: not a string"),
        (#"{"balances":[{"token":150,"total":"-1"}]}"#, "balances[token 150].total: not a decimal of at most 8 places"),
    ]

    @Test(arguments: badAnswers)
    func aMalformedStateIsNamed(body: String, reason: String) throws {
        let state = try json(body)
        let delegator = try json(fixture("delegatorSummary"))
        #expect(outcome { () throws(ChainClientError) in try HyperCoreMapper.balance(state: state, delegator: delegator) } == .failure(.malformed(reason)))
    }

    @Test func malformedMetaAndDelegatorAreNamed() throws {
        #expect(outcome { () throws(ChainClientError) in try HyperCoreMapper.spotTokens(try json(#"{"tokens":[{"name":"X","index":1,"weiDecimals":99,"tokenId":"0x"}]}"#)) }
            == .failure(.malformed("tokens[0].weiDecimals: above 30")))
        #expect(outcome { () throws(ChainClientError) in try HyperCoreMapper.spotTokens(try json(#"{"universe":[]}"#)) } == .failure(.malformed("tokens: not an array")))
        let state = try json(fixture("spotClearinghouseState"))
        #expect(outcome { () throws(ChainClientError) in try HyperCoreMapper.balance(state: state, delegator: try json(#"{"delegated":"1"}"#)) }
            == .failure(.malformed("totalPendingWithdrawal: not a string")))
        #expect(outcome { () throws(ChainClientError) in try HyperCoreMapper.body(response("busy", status: 429)) } == .failure(.http(status: 429, body: "busy")))
    }

    @Test func broadcastAnswersTheActionIdOrIsRejected() {
        #expect(outcome { () throws(ChainClientError) in try HyperCoreMapper.broadcast(response(fixture("exchange")), nonce: 7) } == .success("action:7"))
        #expect(outcome { () throws(ChainClientError) in try HyperCoreMapper.broadcast(response(fixture("exchange.err")), nonce: 7) }
            == .failure(.rejected("Insufficient balance for token transfer.")))
        #expect(outcome { () throws(ChainClientError) in try HyperCoreMapper.broadcast(response(fixture("exchange.order")), nonce: 7) } == .success("77738308"))
        #expect(outcome { () throws(ChainClientError) in try HyperCoreMapper.broadcast(response(fixture("exchange.orderError")), nonce: 7) }
            == .failure(.rejected("Order must have minimum value of $10.")))
        #expect(outcome { () throws(ChainClientError) in try HyperCoreMapper.broadcast(response(#"{"response":{}}"#), nonce: 7) }
            == .failure(.malformed("status: not a string")))
    }

    @Test func anActionIsPendingUntilTheLedgerListsItsNonce() throws {
        let updates = try json(fixture("userNonFundingLedgerUpdates"))
        #expect(try HyperCoreMapper.actionStatus(updates, nonce: 1_764_590_460_000) == ChainTransactionStatus(state: .confirmed))
        #expect(try HyperCoreMapper.actionStatus(updates, nonce: 1) == ChainTransactionStatus(state: .pending))
        #expect(outcome { () throws(ChainClientError) in try HyperCoreMapper.actionStatus(try json(#"[{"delta":{"nonce":"1"}}]"#), nonce: 1) }
            == .failure(.malformed("updates[0].delta.nonce: not a number")))
        #expect(try HyperCoreMapper.actionNonce("action:42") == 42)
        #expect(outcome { () throws(ChainClientError) in try HyperCoreMapper.actionNonce("77738308") } == .failure(.malformed("id: not action:<nonce>")))
        #expect(HyperCoreMapper.feeRates() == FeeRates(unit: .nativeUnit, rates: [FeeRate(priority: .normal, value: BigUInt(1))]))
    }

    @Test func theClientSendsEachCall() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("spotClearinghouseState"))
        await transport.answer(fixture("delegatorSummary"))
        await transport.answer(fixture("spotClearinghouseState"))
        await transport.answer(fixture("spotMeta"))
        await transport.answer(fixture("userNonFundingLedgerUpdates"))
        let client = HyperCoreClient(transport: transport)
        #expect(try await client.balance(address: user).staked == BigUInt(10_000_000_000))
        #expect(try await client.tokenBalances(owner: user, tokenIds: [usdc]).map(\.available) == [BigUInt(25_012_345_678)])
        #expect(try await client.tokenBalances(owner: user, tokenIds: []).isEmpty)
        #expect(try await client.status(id: "action:1764590460000", sender: user).state == .confirmed)
        #expect(client.networkId() == "1337" && client.latestBlock() == 1)
        #expect(await transport.requests == [
            HyperCoreRequest.spotClearinghouseState(user: user).request, HyperCoreRequest.delegatorSummary(user: user).request,
            HyperCoreRequest.spotClearinghouseState(user: user).request, HyperCoreRequest.spotMeta.request,
            HyperCoreRequest.userNonFundingLedgerUpdates(user: user).request,
        ])
    }

    @Test func aTransferPreloadsSignsAndBroadcasts() async throws {
        let key = try Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x07, count: 32))
        let transport = RecordingChainTransport()
        await transport.answer(fixture("spotClearinghouseState"))
        await transport.answer(fixture("spotMeta"))
        let client = HyperCoreClient(transport: transport)
        let held = try await client.tokenBalances(owner: user, tokenIds: [usdc])
        let input = client.preload(action: .spotSend(token: "USDC:0x6d1e7cde53ba9467b783cb7c530ce054"), destination: "0x0000000000000000000000000000000000000001",
                                   amount: BigUInt(150_000_000), decimals: 8, timeMillis: 1_764_590_460_000, balance: held.first?.available ?? .zero)
        #expect(input.time == 1_764_590_460_000 && input.balance == BigUInt(25_012_345_678))
        let signed = try HyperCoreSigner.sign(input, key: key)
        await transport.answer(fixture("exchange"))
        #expect(try await client.broadcast(signed) == "action:1764590460000")
        #expect(await transport.requests.last == HyperCoreRequest.exchange(body: signed.bytes).request)
        #expect(await transport.body(2) == signed.encoded)
    }
}
