import Blockchain
import Foundation
import GemCrypto
import Primitives
import Testing

/// A Sui answer body from Vectors/clients/sui (sources: that folder's README.md, chain-apis.md § 8).
private func fixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/sui"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

private func result(_ body: String) throws -> JSON {
    try JSONRPC.result(ChainResponse(status: 200, body: Array(body.utf8)))
}

private func outcome<T>(_ body: () throws(ChainClientError) -> T) -> Result<T, ChainClientError> {
    Result { () throws(ChainClientError) -> T in try body() }
}

private let owner = "0x" + String(repeating: "a1", count: 32)
private let usdc = "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC"
private let digest = "2qo2mC7GvBBEPZTmZeYXsc5KhzboKSen6DekBytar1fy"
private let coin1 = SuiSignerInput.Coin(objectId: "0x3644e00fd3196b1ad88f89473972558af0928fc5e2179c856081ea8a732ec9b6", version: 103_626,
                                        digest: "C47TySmRgyfwwgh41SmYGiZoVZiCkVXLTzJvZHNuUHrK", balance: BigUInt(2_000_000_000))
private let coin2 = SuiSignerInput.Coin(objectId: "0xb7599e24d1d3c2f6ab7cd4d6df2468a2c843c8865f3af7cf680195607abb6dbf", version: UInt64.max,
                                        digest: "3cJiW8n455n3B5ZqMieY6bwCTjRGB5sENAs8oeUwtMnt", balance: BigUInt(1_000_000_000))
private let coin3 = SuiSignerInput.Coin(objectId: "0xf667be85bd09e8f7390aef4cde857787049c07ae50dde2359383297191c16304", version: 7,
                                        digest: "7UohyCPApm9nUNVzYR17dFp9BkVBGbwqFUUPyDs8vyCc", balance: BigUInt(5_000_000))

@Suite struct SuiClientTests {
    static let bodies: [(SuiRPC, String)] = [
        (.balance(owner: owner, coinType: nil), #"{"jsonrpc":"2.0","id":1,"method":"suix_getBalance","params":["\#(owner)"]}"#),
        (.balance(owner: owner, coinType: usdc), #"{"jsonrpc":"2.0","id":1,"method":"suix_getBalance","params":["\#(owner)","\#(usdc)"]}"#),
        (.allBalances(owner: owner), #"{"jsonrpc":"2.0","id":1,"method":"suix_getAllBalances","params":["\#(owner)"]}"#),
        (.coins(owner: owner, coinType: "0x2::sui::SUI", cursor: nil),
         #"{"jsonrpc":"2.0","id":1,"method":"suix_getCoins","params":["\#(owner)","0x2::sui::SUI",null,null]}"#),
        (.coins(owner: owner, coinType: usdc, cursor: "0xabc"), #"{"jsonrpc":"2.0","id":1,"method":"suix_getCoins","params":["\#(owner)","\#(usdc)","0xabc",null]}"#),
        (.referenceGasPrice, #"{"jsonrpc":"2.0","id":1,"method":"suix_getReferenceGasPrice","params":[]}"#),
        (.executeTransactionBlock(txBytes: "AAAB", signatures: ["AKJ="]),
         #"{"jsonrpc":"2.0","id":1,"method":"sui_executeTransactionBlock","params":["AAAB",["AKJ="],null,"WaitForLocalExecution"]}"#),
        (.transactionBlock(digest: digest),
         #"{"jsonrpc":"2.0","id":1,"method":"sui_getTransactionBlock","params":["\#(digest)",{"showInput":true,"showEffects":true,"showEvents":true,"showObjectChanges":true,"showBalanceChanges":true}]}"#),
        (.chainIdentifier, #"{"jsonrpc":"2.0","id":1,"method":"sui_getChainIdentifier","params":[]}"#),
        (.latestCheckpoint, #"{"jsonrpc":"2.0","id":1,"method":"sui_getLatestCheckpointSequenceNumber","params":[]}"#),
    ]

    @Test(arguments: bodies)
    func everyCallIsAJSONRPCPostWithTheNodesParams(rpc: SuiRPC, body: String) {
        let request = rpc.request
        #expect(request.method == .post && request.path == "" && request.query.isEmpty)
        #expect(request.headers == [ChainHeader(name: "Content-Type", value: "application/json")])
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == body)
    }

    // MARK: Balances

    @Test func balanceAndTokenBalances() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("suix_getBalance"))
        await transport.answer(fixture("suix_getAllBalances"))
        let client = SuiClient(transport: transport)
        #expect(try await client.balance(address: owner) == ChainBalance(assetId: AssetId(chain: .sui), available: BigUInt(3_000_000_000)))
        let full = "0x0000000000000000000000000000000000000000000000000000000000000002::sui::SUI"
        let absent = "0x" + String(repeating: "0", count: 63) + "9::x::X"
        let balances = try await client.tokenBalances(owner: owner, coinTypes: [usdc, full, absent])
        #expect(balances == [
            ChainBalance(assetId: try AssetId(chain: .sui, tokenId: usdc), available: try #require(BigUInt("340282366920938463463374607431768211455"))),
            ChainBalance(assetId: try AssetId(chain: .sui, tokenId: full), available: BigUInt(3_000_000_000)),
            ChainBalance(assetId: try AssetId(chain: .sui, tokenId: absent), available: .zero),
        ])
        #expect(await transport.body(0) == Self.bodies[0].1)
        #expect(await transport.body(1) == Self.bodies[2].1)
        #expect(try await client.tokenBalances(owner: owner, coinTypes: []) == [])
        #expect(await transport.requests.count == 2)
    }

    @Test(arguments: [
        ("0x2::sui::SUI", "0x0000000000000000000000000000000000000000000000000000000000000002::sui::SUI"),
        ("0xABC::a::B<0x2::sui::SUI>", "0x0000000000000000000000000000000000000000000000000000000000000abc::a::B<0x0000000000000000000000000000000000000000000000000000000000000002::sui::SUI>"),
        ("0x2", "0x2"),
        ("plain::text", "plain::text"),
    ])
    func coinTypesCompareInFullForm(type: String, normalized: String) {
        #expect(SuiMapper.normalizedCoinType(type) == normalized)
    }

    @Test(arguments: [
        (#"{"totalBalance":"340282366920938463463374607431768211456"}"#, "totalBalance: above u128"),
        (#"{"totalBalance":3000000000}"#, "totalBalance: not a decimal string"),
        (#"{"totalBalance":"0x10"}"#, "totalBalance: not a decimal integer"),
        (#"{}"#, "totalBalance: not a decimal string"),
    ])
    func aBalanceOffTheShapeIsMalformed(json: String, reason: String) throws {
        let answer = try JSONParser.parse(json)
        #expect(outcome { () throws(ChainClientError) in try SuiMapper.balance(answer) } == .failure(.malformed(reason)))
    }

    // MARK: Coins, fees, preload

    @Test func coinsAreReadWithTheirCursor() throws {
        #expect(try SuiMapper.coins(try result(fixture("suix_getCoins.sui")))
            == SuiCoinPage(coins: [coin1, coin2], nextCursor: "0xb7599e24d1d3c2f6ab7cd4d6df2468a2c843c8865f3af7cf680195607abb6dbf"))
        #expect(try SuiMapper.coins(try result(fixture("suix_getCoins.usdc"))) == SuiCoinPage(coins: [coin3], nextCursor: nil))
    }

    /// One coin of suix_getCoins with one field replaced.
    private static func coin(id: String = #""0x3644e00fd3196b1ad88f89473972558af0928fc5e2179c856081ea8a732ec9b6""#,
                             version: String = #""1""#, digest: String = #""C47TySmRgyfwwgh41SmYGiZoVZiCkVXLTzJvZHNuUHrK""#,
                             balance: String = #""5""#) -> String {
        #"{"data":[{"coinType":"0x2::sui::SUI","coinObjectId":\#(id),"version":\#(version),"digest":\#(digest),"balance":\#(balance)}],"hasNextPage":false}"#
    }

    @Test(arguments: [
        (coin(id: #""0x3644""#), "data[0].coinObjectId: not 0x + 64 hex digits"),
        (coin(version: #""18446744073709551616""#), "data[0].version: above u64"),
        (coin(version: "1"), "data[0].version: not a decimal string"),
        (coin(digest: #""C47TySmRgyfwwgh41SmYGiZoVZiCkVXLTzJvZHNuUHr0""#), "data[0].digest: not base58 of 32 bytes"),
        (coin(balance: #""-5""#), "data[0].balance: not a decimal integer"),
        (#"{"data":null}"#, "data: not an array"),
    ])
    func aCoinOffTheShapeIsMalformed(json: String, reason: String) throws {
        let answer = try JSONParser.parse(json)
        #expect(outcome { () throws(ChainClientError) in try SuiMapper.coins(answer) } == .failure(.malformed(reason)))
    }

    @Test func feeRatesAreTheReferencePriceAsTheAppRatesIt() throws {
        // gemwalletcom/core test_map_transaction_rate_rates: 497 → 497, 546, 994.
        let rates = try SuiMapper.feeRates(try result(fixture("suix_getReferenceGasPrice")))
        #expect(rates == FeeRates(unit: .nativeUnit, rates: [FeeRate(priority: .slow, value: BigUInt(497)),
                                                             FeeRate(priority: .normal, value: BigUInt(546)),
                                                             FeeRate(priority: .fast, value: BigUInt(994))]))
        for (json, reason) in [(#""abc""#, "result: not a decimal integer"), ("1000", "result: not a decimal string"),
                               (#""18446744073709551615""#, "result: the gas price by priority is above u64")] {
            let answer = try JSONParser.parse(json)
            #expect(outcome { () throws(ChainClientError) in try SuiMapper.feeRates(answer) } == .failure(.malformed(reason)))
        }
    }

    @Test func aSuiPreloadSignsAndBroadcasts() async throws {
        let key = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x22, count: 32))
        let sender = try SuiAddress.derive(key.publicKey.bytes)
        let transport = RecordingChainTransport()
        await transport.answer(fixture("suix_getReferenceGasPrice"))
        await transport.answer(fixture("suix_getCoins.sui"))
        let client = SuiClient(transport: transport)
        let preload = try await client.preload(sender: sender)
        #expect(preload.gasCoins == [coin1, coin2] && preload.tokenCoins == nil)
        #expect(await transport.requests.count == 2)
        #expect(await transport.body(1) == #"{"jsonrpc":"2.0","id":1,"method":"suix_getCoins","params":["\#(sender)","0x2::sui::SUI",null,null]}"#)

        let recipient = "0x" + String(repeating: "b2", count: 32)
        let input = preload.signerInput(recipient: recipient, amount: BigUInt(1_000), priority: .fast)
        #expect(input == SuiSignerInput(asset: .sui, recipient: recipient, amount: BigUInt(1_000), gasCoins: [coin1, coin2], gasPrice: 994,
                                        gasBudget: 25_000_000))
        let signed = try SuiSigner.sign(input, key: key)
        await transport.answer(#"{"jsonrpc":"2.0","result":{"digest":"\#(signed.hash)","confirmedLocalExecution":true},"id":1}"#)
        #expect(try await client.broadcast(signed) == signed.hash)
        let json = try JSONParser.parse(signed.encoded)
        let txBytes = try #require(json["tx_bytes"]?.stringValue)
        let signature = try #require(json["signatures"]?.arrayValue?.first?.stringValue)
        #expect(await transport.body(2)
            == #"{"jsonrpc":"2.0","id":1,"method":"sui_executeTransactionBlock","params":["\#(txBytes)",["\#(signature)"],null,"WaitForLocalExecution"]}"#)
    }

    @Test func aTokenPreloadReadsBothCoinTypes() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("suix_getReferenceGasPrice"))
        await transport.answer(fixture("suix_getCoins.sui"))
        await transport.answer(fixture("suix_getCoins.usdc"))
        let preload = try await SuiClient(transport: transport).preload(sender: owner, coinType: usdc)
        #expect(preload.tokenCoins == [coin3])
        #expect(await transport.body(2) == #"{"jsonrpc":"2.0","id":1,"method":"suix_getCoins","params":["\#(owner)","\#(usdc)",null,null]}"#)
        #expect(preload.signerInput(recipient: owner, amount: BigUInt(5)).asset == .coin(coins: [coin3]))
    }

    // MARK: Broadcast and status

    @Test func broadcastAnswersTheDigestAndARefusalIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("sui_executeTransactionBlock"))
        await transport.answer(fixture("sui_executeTransactionBlock.error"))
        await transport.answer(#"{"jsonrpc":"2.0","result":{"digest":"0x12"},"id":1}"#)
        await transport.answer("busy", status: 503)
        let client = SuiClient(transport: transport)
        #expect(try await client.broadcast(txBytes: "AAAB", signatures: ["AKJ="]) == digest)
        #expect(await transport.body(0) == Self.bodies[6].1)
        await #expect(throws: ChainClientError.rejected("Transaction validator signing failed due to issues with transaction inputs, please review the errors and try again:\n- Balance of gas object 10 is lower than the needed amount: 100.\n (-32002)")) {
            try await client.broadcast(txBytes: "AAAB", signatures: ["AKJ="])
        }
        await #expect(throws: ChainClientError.malformed("digest: not base58 of 32 bytes")) { try await client.broadcast(txBytes: "AAAB", signatures: ["AKJ="]) }
        await #expect(throws: ChainClientError.http(status: 503, body: "busy")) { try await client.broadcast(txBytes: "AAAB", signatures: ["AKJ="]) }
        await #expect(throws: ChainClientError.malformed("signed transaction: not SuiSigner's {tx_bytes, signatures}")) {
            try await client.broadcast(SignedTransaction(bytes: [], encoded: "AAAB", hash: ""))
        }
        #expect(await transport.requests.count == 4)
    }

    @Test(arguments: [
        ("sui_getTransactionBlock", ChainTransactionStatus(state: .confirmed, blockNumber: 150_000_000, fee: BigUInt(2_219_080))),
        ("sui_getTransactionBlock.failure", ChainTransactionStatus(state: .reverted, blockNumber: 150_000_000, fee: BigUInt(2_219_080))),
        ("sui_getTransactionBlock.noCheckpoint", ChainTransactionStatus(state: .confirmed, fee: BigUInt(2_219_080))),
        ("sui_getTransactionBlock.notFound", ChainTransactionStatus(state: .pending)),
    ])
    func statusIsTheEffectsStatusWithCheckpointAndNetGas(name: String, expected: ChainTransactionStatus) async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture(name))
        #expect(try await SuiClient(transport: transport).status(digest: digest) == expected)
        #expect(await transport.body(0) == Self.bodies[7].1)
    }

    @Test func statusMapperQuirks() throws {
        let cases: [(String, Result<ChainTransactionStatus, ChainClientError>)] = [
            (#"{"digest":"x"}"#, .success(ChainTransactionStatus(state: .pending))),
            (#"{"effects":{"status":{"status":"unknown"}},"checkpoint":"5"}"#, .success(ChainTransactionStatus(state: .pending, blockNumber: 5))),
            (#"{"effects":{"status":{"status":"success"},"gasUsed":{"computationCost":"1","storageCost":"2","storageRebate":"10"}}}"#,
             .success(ChainTransactionStatus(state: .confirmed, fee: .zero))),
            (#"{"effects":{"status":{"status":"success"}}}"#, .failure(.malformed("effects.gasUsed: missing"))),
            (#"{"effects":{"status":{"status":"success"},"gasUsed":{"computationCost":"1","storageCost":"2"}}}"#,
             .failure(.malformed("effects.gasUsed.storageRebate: not a decimal string"))),
            (#"{"checkpoint":150}"#, .failure(.malformed("checkpoint: not a decimal string"))),
        ]
        for (json, expected) in cases {
            let answer = try JSONParser.parse(json)
            #expect(outcome { () throws(ChainClientError) in try SuiMapper.transactionStatus(answer) } == expected)
        }
    }

    @Test func anotherNodeErrorOnStatusIsThrown() async {
        let transport = RecordingChainTransport()
        await transport.answer(#"{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params"},"id":1}"#)
        await #expect(throws: ChainClientError.rpc(code: -32602, message: "Invalid params")) {
            try await SuiClient(transport: transport).status(digest: "x")
        }
    }

    // MARK: Block and network

    @Test func latestBlockAndNetworkId() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("sui_getLatestCheckpointSequenceNumber"))
        await transport.answer(fixture("sui_getChainIdentifier"))
        await transport.answer(#"{"jsonrpc":"2.0","result":"35834A8A","id":1}"#)
        await transport.answer(#"{"jsonrpc":"2.0","result":150000000,"id":1}"#)
        let client = SuiClient(transport: transport)
        #expect(try await client.latestBlock() == 150_000_000)
        #expect(try await client.networkId() == "35834a8a")
        await #expect(throws: ChainClientError.malformed("result: not 8 lower-case hex digits")) { try await client.networkId() }
        await #expect(throws: ChainClientError.malformed("result: not a decimal string")) { try await client.latestBlock() }
        #expect(await transport.body(0) == Self.bodies[9].1)
        #expect(await transport.body(1) == Self.bodies[8].1)
    }

    @Test(arguments: [ChainClientError.offline("no route"), .timeout("30 s")])
    func aTransportFailureIsThrownByEveryCall(error: ChainClientError) async {
        let transport = RecordingChainTransport()
        for _ in 0..<8 { await transport.fail(error) }
        let client = SuiClient(transport: transport)
        await #expect(throws: error) { try await client.balance(address: owner) }
        await #expect(throws: error) { try await client.tokenBalances(owner: owner, coinTypes: [usdc]) }
        await #expect(throws: error) { try await client.coins(owner: owner, coinType: usdc) }
        await #expect(throws: error) { try await client.feeRates() }
        await #expect(throws: error) { try await client.preload(sender: owner) }
        await #expect(throws: error) { try await client.broadcast(txBytes: "AAAB", signatures: ["AKJ="]) }
        await #expect(throws: error) { try await client.status(digest: digest) }
        await #expect(throws: error) { try await client.networkId() }
    }
}
