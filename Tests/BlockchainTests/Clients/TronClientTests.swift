import Blockchain
import Foundation
import GemCrypto
import Primitives
import Testing

/// A Tron answer body from Vectors/clients/tron (sources: that folder's README.md, chain-apis.md § 6).
private func fixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/tron"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

private func json(_ body: String, status: Int = 200) throws -> JSON {
    try TronMapper.json(ChainResponse(status: status, body: Array(body.utf8)))
}

private func outcome<T>(_ body: () throws(ChainClientError) -> T) -> Result<T, ChainClientError> {
    Result { () throws(ChainClientError) -> T in try body() }
}

private let sender = "TX1tPQnZSmUGcGcJL3E5yiD7mp9wce2cMD"
private let newAccount = "TE5oyqhEV9ofLrTXkLpT4Z1GupykgnbozX"
private let usdt = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
private let txid = "166afb0cd88857a97fdeb0fabbba69af26ebdfa9ea66cbdb92c0fff23fd04c31"
private let senderWord = "000000000000000000000000e6dc59c3952fafd14b233e3e36e1d8bd5bcf0ac8"

@Suite struct TronClientTests {
    static let requests: [(TronAPI, ChainRequest.Method, String, String?)] = [
        (.account(address: sender), .post, "/wallet/getaccount", #"{"address":"\#(sender)","visible":true}"#),
        (.accountResource(address: sender), .post, "/wallet/getaccountresource", #"{"address":"\#(sender)","visible":true}"#),
        (.tokenBalance(owner: sender, contract: usdt), .post, "/wallet/triggerconstantcontract",
         #"{"owner_address":"T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb","contract_address":"\#(usdt)","function_selector":"balanceOf(address)","parameter":"\#(senderWord)","visible":true}"#),
        (.estimateTransfer(owner: sender, contract: usdt, recipient: sender, amount: BigUInt(1_000_000)), .post, "/wallet/triggerconstantcontract",
         #"{"owner_address":"\#(sender)","contract_address":"\#(usdt)","function_selector":"transfer(address,uint256)","parameter":"\#(senderWord)00000000000000000000000000000000000000000000000000000000000f4240","visible":true}"#),
        (.nowBlock, .post, "/wallet/getnowblock", "{}"),
        (.chainParameters, .get, "/wallet/getchainparameters", nil),
        (.latestBlock, .get, "/wallet/getblock", nil),
        (.broadcast(transaction: #"{"txID":"ab"}"#), .post, "/wallet/broadcasttransaction", #"{"txID":"ab"}"#),
    ]

    @Test(arguments: requests)
    func everyCallIsItsPathAndBody(api: TronAPI, method: ChainRequest.Method, path: String, body: String?) {
        let request = api.request
        #expect(request.method == method && request.path == path && request.query.isEmpty)
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == body)
        #expect(request.headers == (body == nil ? [] : [ChainHeader(name: "Content-Type", value: "application/json")]))
    }

    @Test func transactionInfoIsAQuery() {
        let request = TronAPI.transactionInfo(id: txid).request
        #expect(request.method == .get && request.path == "/wallet/gettransactioninfobyid" && request.body == nil)
        #expect(request.url(base: "https://api.trongrid.io") == "https://api.trongrid.io/wallet/gettransactioninfobyid?value=\(txid)")
    }

    // MARK: Balances

    @Test func balancesAreSunAndTheBalanceOfWord() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getaccount"))
        await transport.answer(fixture("balanceOf"))
        let client = TronClient(transport: transport)
        #expect(try await client.balance(address: sender) == ChainBalance(assetId: AssetId(chain: .tron), available: BigUInt(25_000_000)))
        #expect(try await client.tokenBalances(owner: sender, tokens: [usdt]) == [
            ChainBalance(assetId: try AssetId(chain: .tron, tokenId: usdt), available: BigUInt(12_500_000)),
        ])
        #expect(await transport.body(0) == #"{"address":"\#(sender)","visible":true}"#)
        #expect(await transport.body(1).contains(#""parameter":"\#(senderWord)""#))
    }

    @Test func aNewAccountHoldsZero() throws {
        #expect(try TronMapper.balance(try json(fixture("getaccount_new"))).available == BigUInt(0))
        #expect(TronMapper.isNewAccount(try json(fixture("getaccount_new"))))
        #expect(!TronMapper.isNewAccount(try json(fixture("getaccount"))))
    }

    @Test(arguments: [
        (#"{"balance":-1}"#, "balance: negative"),
        (#"{"balance":"25"}"#, "balance: not a number"),
        (#"{"balance":1e30}"#, "balance: not an exact integer (fraction, or above 2^63)"),
    ])
    func aBalanceThatIsNotASunCountIsMalformed(body: String, reason: String) throws {
        let answer = try json(body)
        #expect(outcome { () throws(ChainClientError) in try TronMapper.balance(answer) } == .failure(.malformed(reason)))
    }

    @Test(arguments: [
        (#"{"constant_result":[]}"#, Result<BigUInt, ChainClientError>.success(BigUInt(0))),
        (#"{"constant_result":[""]}"#, .success(BigUInt(0))),
        (#"{"result":{"result":true}}"#, .success(BigUInt(0))),
        (#"{"constant_result":["\#(String(repeating: "f", count: 64))"]}"#, .success((BigUInt(1) << 256).saturatingSubtracting(BigUInt(1)))),
        (#"{"constant_result":["\#(String(repeating: "0", count: 65))"]}"#, .failure(.malformed("constant_result[0]: not a 32-byte hex word"))),
        (#"{"constant_result":["0x12"]}"#, .failure(.malformed("constant_result[0]: not a 32-byte hex word"))),
        (#"{"constant_result":["zz"]}"#, .failure(.malformed("constant_result[0]: not a 32-byte hex word"))),
        (#"{"constant_result":[12]}"#, .failure(.malformed("constant_result[0]: not a string"))),
        (#"{"constant_result":"00"}"#, .failure(.malformed("constant_result: not an array"))),
        (fixture("triggerconstantcontract.revert"), .failure(.rpc(code: 0, message: "contract validate error : account does not exist"))),
    ])
    func tokenBalanceWords(body: String, expected: Result<BigUInt, ChainClientError>) throws {
        let answer = try json(body)
        #expect(outcome { () throws(ChainClientError) in try TronMapper.tokenBalance(answer, assetId: AssetId(chain: .tron)).available } == expected)
    }

    @Test func addressesThatAreNotTronNeverReachABody() async {
        let transport = RecordingChainTransport()
        let client = TronClient(transport: transport)
        await #expect(throws: ChainClientError.malformed("address: not a Tron address")) { try await client.balance(address: "T123") }
        await #expect(throws: ChainClientError.malformed("token: not a Tron address")) { try await client.tokenBalances(owner: sender, tokens: ["0xdac17f"]) }
        await #expect(throws: ChainClientError.malformed("recipient: not a Tron address")) {
            try await client.preload(sender: sender, recipient: "1BoatSLRHtKNngkdXEeobR76b53LETtpyT", asset: .trx, amount: BigUInt(1))
        }
        await #expect(throws: ChainClientError.malformed("hash: not 64 hex digits")) { try await client.status(hash: "12") }
        #expect(await transport.requests.isEmpty)
    }

    // MARK: Error answers

    @Test(arguments: [
        (200, fixture("error"), ChainClientError.rpc(code: 0, message: "class org.tron.core.exception.BadItemException : Invalid address")),
        (503, "<html>unavailable</html>", .http(status: 503, body: "<html>unavailable</html>")),
        (200, "<html>", .malformed("the answer is not JSON: <html>")),
        (200, "[1]", .malformed("the answer is not an object")),
    ])
    func anErrorAnswerIsNamed(status: Int, body: String, expected: ChainClientError) {
        #expect(outcome { () throws(ChainClientError) in try TronMapper.json(ChainResponse(status: status, body: Array(body.utf8))) } == .failure(expected))
    }

    // MARK: Fees

    @Test func feeRatesAreTheAppsPlaceholder() {
        #expect(TronClient(transport: RecordingChainTransport()).feeRates() == FeeRates(unit: .nativeUnit, rates: [FeeRate(priority: .normal, value: BigUInt(1))]))
    }

    @Test func chainParametersAreTheFourPrices() throws {
        #expect(try TronMapper.chainParameters(try json(fixture("getchainparameters")))
            == TronChainParameters(bandwidthPrice: 1_000, energyPrice: 210, activationFee: 1_000_000, createAccountFee: 100_000))
        let cases: [(String, String)] = [
            (#"{"chainParameter":[{"key":"getTransactionFee","value":1000}]}"#, "getEnergyFee: missing"),
            (#"{"chainParameter":[{"key":"getTransactionFee"}]}"#, "getTransactionFee: not a number"),
            (#"{}"#, "chainParameter: not an array"),
        ]
        for (body, reason) in cases {
            let answer = try json(body)
            #expect(outcome { () throws(ChainClientError) in try TronMapper.chainParameters(answer) } == .failure(.malformed(reason)))
        }
    }

    @Test func accountUsageReadsTheSixFields() throws {
        let usage = try TronMapper.accountUsage(try json(fixture("getaccountresource")))
        #expect(usage == TronAccountUsage(freeNetUsed: 120, freeNetLimit: 600, netUsed: 0, netLimit: 1_500, energyUsed: 1_000, energyLimit: 4_000))
        #expect(usage.availableBandwidth == 1_980 && usage.availableEnergy == 3_000)
        #expect(TronAccountUsage(freeNetUsed: 700, freeNetLimit: 600, netUsed: 9, netLimit: 1).availableBandwidth == 0)
        #expect(try TronMapper.accountUsage(try json("{}")) == TronAccountUsage())
        let answer = try json(#"{"NetLimit":"5"}"#)
        #expect(outcome { () throws(ChainClientError) in try TronMapper.accountUsage(answer) } == .failure(.malformed("NetLimit: not a number")))
    }

    static let prices = TronChainParameters(bandwidthPrice: 1_000, energyPrice: 420, activationFee: 1_000_000, createAccountFee: 100_000)

    /// The load step's pricing (chain-apis.md § 6, `preload_mapper.rs`), with a 300-byte transfer.
    @Test(arguments: [
        (TronAccountUsage(freeNetLimit: 300), false, UInt64?.none, TronTransferFee(fee: BigUInt(0), feeLimit: nil)),
        (TronAccountUsage(freeNetLimit: 100, netLimit: 200), false, nil, TronTransferFee(fee: BigUInt(0), feeLimit: nil)),
        (TronAccountUsage(freeNetLimit: 299), false, nil, TronTransferFee(fee: BigUInt(300_000), feeLimit: nil)),
        (TronAccountUsage(), true, nil, TronTransferFee(fee: BigUInt(1_100_000), feeLimit: nil)),
        (TronAccountUsage(freeNetLimit: 600), true, nil, TronTransferFee(fee: BigUInt(1_000_000), feeLimit: nil)),
        (TronAccountUsage(), false, 64_285, TronTransferFee(fee: BigUInt(77_142 * 420 + 300_000), feeLimit: 77_142 * 420)),
        (TronAccountUsage(freeNetLimit: 300, energyLimit: 60_000), false, 64_285, TronTransferFee(fee: BigUInt(17_142 * 420), feeLimit: 77_142 * 420)),
        (TronAccountUsage(freeNetLimit: 300, energyLimit: 100_000), false, 64_285, TronTransferFee(fee: BigUInt(0), feeLimit: 77_142 * 420)),
    ])
    func transferFeeIsBandwidthEnergyAndActivation(usage: TronAccountUsage, isNew: Bool, estimate: UInt64?, expected: TronTransferFee) {
        #expect(TronMapper.transferFee(parameters: Self.prices, usage: usage, isNewAccount: isNew, energyEstimate: estimate) == expected)
    }

    @Test func energyEstimateAddsThePenalty() throws {
        #expect(try TronMapper.energyEstimate(try json(fixture("transfer_estimate"))) == 114_285)
        #expect(try TronMapper.energyEstimate(try json(#"{"energy_used":945}"#)) == 945)
        let revert = try json(fixture("triggerconstantcontract.revert"))
        #expect(outcome { () throws(ChainClientError) in try TronMapper.energyEstimate(revert) }
            == .failure(.rpc(code: 0, message: "contract validate error : account does not exist")))
        let missing = try json(#"{"result":{"result":true}}"#)
        #expect(outcome { () throws(ChainClientError) in try TronMapper.energyEstimate(missing) } == .failure(.malformed("energy_used: not a number")))
        let huge = try json(#"{"energy_used":9223372036854775807,"energy_penalty":1}"#)
        #expect(outcome { () throws(ChainClientError) in try TronMapper.energyEstimate(huge) } == .failure(.malformed("energy_used: above 2^63")))
    }

    // MARK: Blocks

    @Test func theNowBlockIsTheReferenceBlock() throws {
        let block = try TronMapper.block(try json(fixture("getnowblock")))
        #expect(Hex.encode(block.id) == "000000000496edbb337b2d09d3c3a4f424b4daeaabbc686f06749dc01c6227ea")
        #expect(block.number == 77_000_123 && block.timestamp == 1_764_590_769_000)
        let cases: [(String, String)] = [
            (#"{"blockID":"00","block_header":{"raw_data":{"number":1,"timestamp":1}}}"#, "blockID: not 32 bytes of hex"),
            (#"{"blockID":"000000000496edbc337b2d09d3c3a4f424b4daeaabbc686f06749dc01c6227ea","block_header":{"raw_data":{"number":77000123,"timestamp":1}}}"#,
             "blockID: does not begin with block 77000123"),
            (#"{"blockID":"000000000496edbb337b2d09d3c3a4f424b4daeaabbc686f06749dc01c6227ea","block_header":{"raw_data":{"number":77000123}}}"#,
             "block_header.raw_data.timestamp: not a number"),
            (#"{"block_header":{}}"#, "blockID: not a string"),
        ]
        for (body, reason) in cases {
            let answer = try json(body)
            #expect(outcome { () throws(ChainClientError) in try TronMapper.block(answer) } == .failure(.malformed(reason)))
        }
    }

    @Test func latestBlockIsGetBlockAndNetworkIdIsTheGenesisBlocksLastFourBytes() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getblock"))
        await transport.answer(#"{"block_header":{"raw_data":{}}}"#)
        // TRON mainnet's genesis block id (its last four bytes are the chain id 0x2b6653dc).
        await transport.answer(#"{"blockID":"00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc"}"#)
        await transport.answer(#"{"blockID":"00"}"#)
        let client = TronClient(transport: transport)
        #expect(try await client.latestBlock() == 77_000_124)
        await #expect(throws: ChainClientError.malformed("block_header.raw_data.number: not a number")) { try await client.latestBlock() }
        #expect(try await client.networkId() == Chain.tron.config.networkId)
        await #expect(throws: ChainClientError.malformed("blockID: not 32 bytes of hex")) { try await client.networkId() }
        #expect(await transport.requests.map(\.path) == ["/wallet/getblock", "/wallet/getblock", "/wallet/getblockbynum", "/wallet/getblockbynum"])
        #expect(await transport.requests[2].query == [ChainHeader(name: "num", value: "0")])
    }

    // MARK: Preload, sign, broadcast

    @Test func aTRXPreloadSignsAndBroadcasts() async throws {
        let key = try Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x42, count: 32))
        let from = TronAddress.derive(key.publicKey)
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getnowblock"))
        await transport.answer(fixture("getchainparameters"))
        await transport.answer(#"{"freeNetUsed":500,"freeNetLimit":600}"#)
        await transport.answer(fixture("getaccount_new"))
        await transport.answer(fixture("getaccount"))
        let client = TronClient(transport: transport)
        let preload = try await client.preload(sender: from, recipient: newAccount, asset: .trx, amount: BigUInt(1_000_000))
        #expect(preload.isNewAccount && preload.balance == BigUInt(25_000_000) && preload.tokenBalance == nil)
        #expect(preload.fee == TronTransferFee(fee: BigUInt(1_100_000), feeLimit: nil))
        #expect(await transport.requests.map(\.path) == ["/wallet/getnowblock", "/wallet/getchainparameters", "/wallet/getaccountresource",
                                                         "/wallet/getaccount", "/wallet/getaccount"])
        #expect(await transport.body(2) == #"{"address":"\#(from)","visible":true}"#)
        #expect(await transport.body(3) == #"{"address":"\#(newAccount)","visible":true}"#)

        let timestamp = preload.block.timestamp
        let input = preload.signerInput(asset: .trx, recipient: newAccount, amount: BigUInt(1_000_000), timestamp: timestamp,
                                        expiration: timestamp + 60_000)
        #expect(input == TronSignerInput(asset: .trx, recipient: newAccount, amount: BigUInt(1_000_000), referenceBlockId: preload.block.id,
                                         timestamp: timestamp, expiration: timestamp + 60_000, fee: BigUInt(1_100_000), balance: BigUInt(25_000_000)))
        let signed = try TronSigner.sign(input, key: key)
        // ref_block_bytes and ref_block_hash are bytes 6..<8 and 8..<16 of the now block's id.
        #expect(signed.encoded.contains(#""ref_block_bytes":"edbb","ref_block_hash":"337b2d09d3c3a4f4""#))
        await transport.answer(#"{"result":true,"txid":"\#(signed.hash)"}"#)
        #expect(try await client.broadcast(signed) == signed.hash)
        let request = await transport.requests.last
        #expect(request?.path == "/wallet/broadcasttransaction" && request?.body == Array(signed.encoded.utf8))
    }

    @Test func aTRC20PreloadEstimatesEnergyAndReadsTheToken() async throws {
        let key = try Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x42, count: 32))
        let from = TronAddress.derive(key.publicKey)
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getnowblock"))
        await transport.answer(fixture("getchainparameters"))
        await transport.answer(fixture("getaccountresource"))
        await transport.answer(fixture("transfer_estimate"))
        await transport.answer(#"{"address":"\#(from)","balance":100000000}"#)
        await transport.answer(fixture("balanceOf"))
        let client = TronClient(transport: transport)
        let preload = try await client.preload(sender: from, recipient: sender, asset: .trc20(contract: usdt), amount: BigUInt(1_000_000))
        // energy 114,285 × 1.2 = 137,142; the sender has 3,000 → 134,142 × 210 burnt; 1,980 bytes of bandwidth free.
        #expect(preload.fee == TronTransferFee(fee: BigUInt(134_142 * 210), feeLimit: 137_142 * 210))
        #expect(!preload.isNewAccount && preload.balance == BigUInt(100_000_000) && preload.tokenBalance == BigUInt(12_500_000))
        #expect(await transport.body(3) == #"{"owner_address":"\#(from)","contract_address":"\#(usdt)","function_selector":"transfer(address,uint256)","parameter":"\#(senderWord)00000000000000000000000000000000000000000000000000000000000f4240","visible":true}"#)
        let input = preload.signerInput(asset: .trc20(contract: usdt), recipient: sender, amount: BigUInt(1_000_000),
                                        timestamp: preload.block.timestamp, expiration: preload.block.timestamp + 60_000)
        #expect(input.feeLimit == 137_142 * 210 && input.tokenBalance == BigUInt(12_500_000))
        let signed = try TronSigner.sign(input, key: key)
        await transport.answer(fixture("broadcast.sigerror"))
        await #expect(throws: ChainClientError.rejected("SIGERROR: validate signature error")) { try await client.broadcast(signed) }
    }

    // MARK: Broadcast and status

    @Test func broadcastAnswersTheTxidAndARefusalIsRejected() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("broadcast"))
        await transport.answer(fixture("error"))
        await transport.answer(#"{"result":false,"code":"DUP_TRANSACTION_ERROR"}"#)
        await transport.answer(#"{"result":true,"txid":"12"}"#)
        await transport.answer("bad gateway", status: 502)
        let client = TronClient(transport: transport)
        let signed = SignedTransaction(bytes: [], encoded: "{}", hash: txid)
        #expect(try await client.broadcast(signed) == txid)
        await #expect(throws: ChainClientError.rejected("class org.tron.core.exception.BadItemException : Invalid address")) { try await client.broadcast(signed) }
        await #expect(throws: ChainClientError.rejected("DUP_TRANSACTION_ERROR")) { try await client.broadcast(signed) }
        await #expect(throws: ChainClientError.malformed("txid: not 64 hex digits")) { try await client.broadcast(signed) }
        await #expect(throws: ChainClientError.http(status: 502, body: "bad gateway")) { try await client.broadcast(signed) }
    }

    @Test(arguments: [
        ("gettransactioninfobyid", ChainTransactionStatus(state: .confirmed, blockNumber: 77_000_124, fee: BigUInt(345_000))),
        ("gettransactioninfobyid.unknown", ChainTransactionStatus(state: .pending)),
        ("gettransactioninfobyid.outOfEnergy", ChainTransactionStatus(state: .reverted, blockNumber: 77_000_130, fee: BigUInt(27_255_900))),
        ("gettransactioninfobyid.freeTransfer", ChainTransactionStatus(state: .confirmed, blockNumber: 77_000_125, fee: BigUInt(0))),
    ])
    func statusIsTheReceiptAndTheBlock(name: String, expected: ChainTransactionStatus) async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture(name))
        #expect(try await TronClient(transport: transport).status(hash: txid.uppercased()) == expected)
        #expect(await transport.requests.first?.query == [ChainHeader(name: "value", value: txid)])
    }

    @Test func statusMapperQuirks() throws {
        let cases: [(String, Result<ChainTransactionStatus, ChainClientError>)] = [
            (#"{"id":"\#(txid)","blockNumber":0}"#, .success(ChainTransactionStatus(state: .pending))),
            (#"{"id":"\#(txid)","blockNumber":5,"receipt":{"result":"FAILED"}}"#, .success(ChainTransactionStatus(state: .reverted, blockNumber: 5, fee: BigUInt(0)))),
            (#"{"id":"\#(txid)","blockNumber":5,"receipt":{"result":"REVERT"}}"#, .success(ChainTransactionStatus(state: .confirmed, blockNumber: 5, fee: BigUInt(0)))),
            (#"{"id":"\#(txid)","blockNumber":"5"}"#, .failure(.malformed("blockNumber: not a number"))),
            (#"{"id":"\#(txid)","blockNumber":5,"fee":-3}"#, .failure(.malformed("fee: negative"))),
            (#"{"id":"\#(txid)","blockNumber":5,"receipt":{"result":1}}"#, .failure(.malformed("receipt.result: not a string"))),
        ]
        for (body, expected) in cases {
            let answer = try json(body)
            #expect(outcome { () throws(ChainClientError) in try TronMapper.transactionStatus(answer) } == expected)
        }
    }

    @Test(arguments: [ChainClientError.offline("no route"), .timeout("30 s")])
    func aTransportFailureIsThrownByEveryCall(error: ChainClientError) async {
        let transport = RecordingChainTransport()
        for _ in 0..<6 { await transport.fail(error) }
        let client = TronClient(transport: transport)
        await #expect(throws: error) { try await client.balance(address: sender) }
        await #expect(throws: error) { try await client.tokenBalances(owner: sender, tokens: [usdt]) }
        await #expect(throws: error) { try await client.preload(sender: sender, recipient: newAccount, asset: .trx, amount: BigUInt(1)) }
        await #expect(throws: error) { try await client.broadcast(SignedTransaction(bytes: [], encoded: "{}", hash: txid)) }
        await #expect(throws: error) { try await client.status(hash: txid) }
        await #expect(throws: error) { try await client.latestBlock() }
    }
}
