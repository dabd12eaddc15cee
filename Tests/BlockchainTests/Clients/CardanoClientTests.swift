import Blockchain
import Foundation
import GemCrypto
import Primitives
import Testing

/// A cardano-graphql answer body from Vectors/clients/cardano (sources: that folder's README.md, chain-apis.md § 14).
private func fixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/cardano"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

private func data(_ body: String, status: Int = 200) throws -> JSON {
    try CardanoGraphQLMapper.data(ChainResponse(status: status, body: Array(body.utf8)))
}

private func outcome<T>(_ body: () throws(ChainClientError) -> T) -> Result<T, ChainClientError> {
    Result { () throws(ChainClientError) -> T in try body() }
}

private let address = "addr1v9nh8jpxefcraqjq5d3unlhnxmtds20kftzu2zsg8587c2gua8s80"
private let hash = "b8dddb3c819c3b18253e08c22f90e01bd875bd7721462db2793ef16e2b786d14"

@Suite struct CardanoClientTests {
    static let bodies: [(CardanoGraphQL, String)] = [
        (.balance(address: address), #"{"operationName":"GetBalance","variables":{"address":"\#(address)"},"query":"query GetBalance($address: String!) { utxos: utxos_aggregate(where: { address: { _eq: $address }  } ) { aggregate { sum { value } } } }"}"#),
        (.utxos(address: address), #"{"operationName":"UtxoSetForAddress","variables":{"address":"\#(address)"},"query":"query UtxoSetForAddress($address: String!) { utxos(order_by: { value: desc } , where: { address: { _eq: $address }  } ) { address value txHash index tokens { quantity asset { fingerprint policyId assetName } } } }"}"#),
        (.networkMagic, #"{"operationName":"GetNetworkMagic","variables":{},"query":"query GetNetworkMagic { genesis { shelley { networkMagic } } }"}"#),
        (.tipNumber, #"{"query":"{ cardano { tip { number } } }"}"#),
        (.tip, #"{"query":"{ cardano { tip { number slotNo } } }"}"#),
        (.submit(transactionHex: "84a4"), #"{"operationName":"SubmitTransaction","variables":{"transaction":"84a4"},"query":"mutation SubmitTransaction($transaction: String!) { submitTransaction(transaction: $transaction) { hash } }"}"#),
        (.transaction(hash: hash), #"{"operationName":"GetTransaction","variables":{"hash":"\#(hash)"},"query":"query GetTransaction($hash: Hash32Hex!) { transactions(where: { hash: { _eq: $hash } }) { hash fee validContract block { number } } }"}"#),
        (.balance(address: #"a"}"#), #"{"operationName":"GetBalance","variables":{"address":"a\"}"},"query":"query GetBalance($address: String!) { utxos: utxos_aggregate(where: { address: { _eq: $address }  } ) { aggregate { sum { value } } } }"}"#),
    ]

    @Test(arguments: bodies)
    func everyCallIsAGraphQLPostToTheRoot(query: CardanoGraphQL, body: String) {
        let request = query.request
        #expect(request.method == .post && request.path == "/" && request.query.isEmpty)
        #expect(request.headers == [ChainHeader(name: "Content-Type", value: "application/json")])
        #expect(String(decoding: request.body ?? [], as: UTF8.self) == body)
    }

    // MARK: Balances

    @Test func balanceIsTheUTxOSumAndNullIsZero() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("GetBalance"))
        await transport.answer(fixture("GetBalance.empty"))
        let client = CardanoClient(transport: transport)
        #expect(try await client.balance(address: address) == ChainBalance(assetId: AssetId(chain: .cardano), available: BigUInt(4_500_000)))
        #expect(try await client.balance(address: address) == ChainBalance(assetId: AssetId(chain: .cardano), available: .zero))
        #expect(try await client.tokenBalances(owner: address, tokens: ["asset1x"]) == [
            ChainBalance(assetId: try AssetId(chain: .cardano, tokenId: "asset1x"), available: .zero),
        ])
        #expect(await transport.requests.count == 2)
    }

    @Test(arguments: [
        (#"{"data":{"utxos":{"aggregate":{"sum":{"value":4500000}}}}}"#, "utxos.aggregate.sum.value: not a decimal string"),
        (#"{"data":{"utxos":{"aggregate":{}}}}"#, "utxos.aggregate.sum: missing"),
        (#"{"data":{}}"#, "utxos: missing"),
    ])
    func aMalformedBalanceIsNamed(body: String, reason: String) throws {
        let answer = try data(body)
        #expect(outcome { () throws(ChainClientError) in try CardanoGraphQLMapper.balance(answer) } == .failure(.malformed(reason)))
    }

    @Test func badInputsNeverReachABody() async {
        let transport = RecordingChainTransport()
        let client = CardanoClient(transport: transport)
        await #expect(throws: ChainClientError.malformed("address: not a Cardano mainnet address")) { try await client.balance(address: "addr_test1xyz") }
        await #expect(throws: ChainClientError.malformed("address: not a Cardano mainnet address")) { try await client.preload(sender: #"a"}"#) }
        await #expect(throws: ChainClientError.malformed("hash: not 64 hex digits")) { try await client.status(hash: "zz") }
        #expect(await transport.requests.isEmpty)
    }

    // MARK: Error answers

    @Test(arguments: [
        (200, fixture("SubmitTransaction.error"), ChainClientError.rpc(code: 200, message: "The transaction could not be submitted: BadInputsUTxO")),
        (400, #"{"errors":[{"message":"Syntax Error"}]}"#, .rpc(code: 400, message: "Syntax Error")),
        (503, "<html>unavailable</html>", .http(status: 503, body: "<html>unavailable</html>")),
        (502, #"{"message":"bad gateway"}"#, .http(status: 502, body: #"{"message":"bad gateway"}"#)),
        (200, "<html>", .malformed("the answer is not JSON: <html>")),
        (200, #"{"data":null}"#, .malformed("data: missing")),
    ])
    func anErrorAnswerIsItsFirstMessage(status: Int, body: String, expected: ChainClientError) {
        #expect(outcome { () throws(ChainClientError) in try CardanoGraphQLMapper.data(ChainResponse(status: status, body: Array(body.utf8))) } == .failure(expected))
    }

    // MARK: UTxOs, preload → signer → broadcast

    @Test func utxosAreLargestFirstWithTheirTokensMarked() throws {
        #expect(try CardanoGraphQLMapper.utxos(try data(fixture("UtxoSetForAddress"))) == [
            CardanoUTXO(transactionId: try Hex.decode("29f2c16dde9d28c5472ffd851283a4b84d5f55e889945c522d22c86e8e690c13"), index: 0,
                        lovelace: BigUInt(3_000_000)),
            CardanoUTXO(transactionId: try Hex.decode("dd8c9199efa2cb460bc6645bc1929d80e1966ae94b3ba0fb44c1ffb31fafde6c"), index: 1,
                        lovelace: BigUInt(1_500_000), hasTokens: true),
        ])
        let utxo = { (fields: String) in #"{"utxos":[{\#(fields)}]}"# }
        let cases: [(String, String)] = [
            (utxo(#""txHash":"12","index":0,"value":"1""#), "utxos[].txHash: not 64 hex digits"),
            (utxo(#""txHash":"\#(hash)","index":65536,"value":"1""#), "utxos[].index: above 65535"),
            (utxo(#""txHash":"\#(hash)","index":"0","value":"1""#), "utxos[].index: not a number"),
            (utxo(#""txHash":"\#(hash)","index":0,"value":1"#), "utxos[].value: not a decimal string"),
            (utxo(#""txHash":"\#(hash)","index":0,"value":"18446744073709551616""#), "utxos[].value: above u64"),
            (utxo(#""txHash":"\#(hash)","index":0,"value":"1","tokens":{}"#), "utxos[].tokens: not an array"),
            (#"{"utxos":null}"#, "utxos: not an array"),
        ]
        for (body, reason) in cases {
            let answer = try JSONParser.parse(body)
            #expect(outcome { () throws(ChainClientError) in try CardanoGraphQLMapper.utxos(answer) } == .failure(.malformed(reason)))
        }
    }

    /// The preload of the signer's first pycardano vector (Vectors/signing/cardano.json "one-input-with-change":
    /// one 10 ADA UTxO, ttl 150000000) signs the oracle's exact bytes, and those bytes are what is submitted.
    @Test func aPreloadSignsTheOracleBytesAndBroadcastsThem() async throws {
        guard let url = Bundle.module.url(forResource: "cardano", withExtension: "json", subdirectory: "Vectors/signing"),
              let file = try? JSONParser.parse(Array(try Data(contentsOf: url))),
              let vector = file["vectors"]?.arrayValue?.first(where: { $0["name"]?.stringValue == "one-input-with-change" }),
              let input = vector["input"], let sender = input["sender"]?.stringValue, let recipient = input["recipient"]?.stringValue,
              let mnemonic = input["mnemonic"]?.stringValue, let raw = vector["expected"]?["raw"]?.stringValue,
              let txid = vector["expected"]?["hash"]?.stringValue
        else { Issue.record("missing signing vector"); return }
        let key = try CardanoHDKey(mnemonic: try Mnemonic(mnemonic)).derive(try DerivationPath("m/1852'/1815'/0'/0/0"))

        let transport = RecordingChainTransport()
        await transport.answer(#"{"data":{"utxos":[{"address":"\#(sender)","value":"10000000","txHash":"\#(String(repeating: "01", count: 32))","index":0,"tokens":[]}]}}"#)
        await transport.answer(fixture("tip.slot"))
        let client = CardanoClient(transport: transport)
        let preload = try await client.preload(sender: sender)
        #expect(preload == CardanoPreload(utxos: [CardanoUTXO(transactionId: [UInt8](repeating: 1, count: 32), index: 0, lovelace: BigUInt(10_000_000))],
                                          tipSlot: 149_992_800))
        let signerInput = preload.signerInput(sender: sender, recipient: recipient, amount: BigUInt(1_500_000))
        #expect(signerInput.ttl == 150_000_000)
        let signed = try CardanoSigner.sign(signerInput, key: key)
        #expect(signed.encoded == raw && signed.hash == txid)

        await transport.answer(#"{"data":{"submitTransaction":{"hash":"\#(txid)"}}}"#)
        #expect(try await client.broadcast(signed) == txid)
        let body = await transport.body(2)
        #expect(body == #"{"operationName":"SubmitTransaction","variables":{"transaction":"\#(raw)"},"query":"mutation SubmitTransaction($transaction: String!) { submitTransaction(transaction: $transaction) { hash } }"}"#)
        #expect(await transport.body(0).contains(#""variables":{"address":"\#(sender)"}"#))
        #expect(await transport.body(1) == #"{"query":"{ cardano { tip { number slotNo } } }"}"#)
    }

    // MARK: Broadcast and status

    @Test func broadcastAnswersTheHashAndARefusalIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("SubmitTransaction"))
        await transport.answer(fixture("SubmitTransaction.error"))
        await transport.answer(#"{"data":{"submitTransaction":null}}"#)
        await transport.answer(#"{"data":{"submitTransaction":{"hash":"12"}}}"#)
        let client = CardanoClient(transport: transport)
        let signed = SignedTransaction(bytes: [0x84], encoded: "84", hash: hash)
        #expect(try await client.broadcast(signed) == hash)
        await #expect(throws: ChainClientError.rejected("The transaction could not be submitted: BadInputsUTxO")) { try await client.broadcast(signed) }
        await #expect(throws: ChainClientError.malformed("submitTransaction: missing")) { try await client.broadcast(signed) }
        await #expect(throws: ChainClientError.malformed("submitTransaction.hash: not 64 hex digits")) { try await client.broadcast(signed) }
    }

    @Test(arguments: [
        ("GetTransaction", ChainTransactionStatus(state: .confirmed, blockNumber: 12_000_001, fee: BigUInt(168_141))),
        ("GetTransaction.notFound", ChainTransactionStatus(state: .pending)),
    ])
    func statusIsTheTransactionsBlock(name: String, expected: ChainTransactionStatus) async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture(name))
        #expect(try await CardanoClient(transport: transport).status(hash: hash) == expected)
    }

    @Test func statusMapperQuirks() throws {
        #expect(try CardanoGraphQLMapper.transactionStatus(try JSONParser.parse(#"{"transactions":[{"hash":"a","fee":"5","validContract":false,"block":{"number":3}}]}"#))
            == ChainTransactionStatus(state: .failed, blockNumber: 3, fee: BigUInt(5)))
        #expect(try CardanoGraphQLMapper.transactionStatus(try JSONParser.parse(#"{"transactions":[{"hash":"a","fee":"5","block":null}]}"#))
            == ChainTransactionStatus(state: .pending))
        for (body, reason) in [
            (#"{"transactions":[{"fee":5,"block":{"number":3}}]}"#, "transactions[].fee: not a decimal string"),
            (#"{"transactions":[{"fee":"5","block":{"number":-3}}]}"#, "transactions[].block.number: negative"),
            (#"{"transactions":{}}"#, "transactions: not an array"),
        ] {
            let answer = try JSONParser.parse(body)
            #expect(outcome { () throws(ChainClientError) in try CardanoGraphQLMapper.transactionStatus(answer) } == .failure(.malformed(reason)))
        }
    }

    // MARK: Fees, block and network

    @Test func feesAreTheAppsPlaceholderWithoutARequest() async throws {
        let transport = RecordingChainTransport()
        #expect(try await CardanoClient(transport: transport).feeRates().rates.map(\.value) == Array(repeating: BigUInt(1_000_000), count: 3))
        #expect(await transport.requests.isEmpty)
    }

    @Test func latestBlockAndNetworkId() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("tip"))
        await transport.answer(fixture("GetNetworkMagic"))
        await transport.answer(#"{"data":{"cardano":{"tip":{"number":"1"}}}}"#)
        await transport.answer(#"{"data":{"genesis":{"shelley":{"networkMagic":4294967296}}}}"#)
        let client = CardanoClient(transport: transport)
        #expect(try await client.latestBlock() == 12_000_000)
        #expect(try await client.networkId() == Chain.cardano.config.networkId)
        await #expect(throws: ChainClientError.malformed("cardano.tip.number: not a number")) { try await client.latestBlock() }
        await #expect(throws: ChainClientError.malformed("genesis.shelley.networkMagic: above u32")) { try await client.networkId() }
        let tipData = try data(fixture("tip"))
        #expect(outcome { () throws(ChainClientError) in try CardanoGraphQLMapper.tip(tipData) }
            == .failure(.malformed("cardano.tip.slotNo: not a number")))
    }

    @Test(arguments: [ChainClientError.offline("no route"), .timeout("30 s")])
    func aTransportFailureIsThrownByEveryCall(error: ChainClientError) async {
        let transport = RecordingChainTransport()
        for _ in 0..<8 { await transport.fail(error) }
        let client = CardanoClient(transport: transport)
        await #expect(throws: error) { try await client.balance(address: address) }
        await #expect(throws: error) { try await client.preload(sender: address) }
        await #expect(throws: error) { try await client.broadcast(SignedTransaction(bytes: [1], encoded: "01", hash: hash)) }
        await #expect(throws: error) { try await client.status(hash: hash) }
        await #expect(throws: error) { try await client.latestBlock() }
        await #expect(throws: error) { try await client.networkId() }
    }
}
