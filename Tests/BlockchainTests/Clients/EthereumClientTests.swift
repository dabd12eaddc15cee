import Foundation
import Primitives
import Testing

@testable import Blockchain

// Fixtures (Tests/BlockchainTests/Vectors/clients/ethereum/) are whole JSON-RPC answer bodies in the shapes the
// Ethereum execution API documents (ethereum.org/developers/docs/apis/json-rpc; execution-apis `eth_*` schemas)
// and chain-apis.md § 1 reads: each test names the method whose answer it replays.

private func fixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/ethereum"),
          let data = try? Data(contentsOf: url)
    else { preconditionFailure("Vectors/clients/ethereum/\(name).json is missing") }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

private func result(_ name: String) -> JSON {
    let body = fixture(name)
    guard let json = try? JSONRPC.result(ChainResponse(status: 200, body: Array(body.utf8))) else {
        preconditionFailure("\(name).json has no result")
    }
    return json
}

private func outcome<T>(_ body: () throws(ChainClientError) -> T) -> Result<T, ChainClientError> {
    do {
        return .success(try body())
    } catch {
        return .failure(error)
    }
}

private func outcome<T>(_ body: () async throws(ChainClientError) -> T) async -> Result<T, ChainClientError> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}

private func client(_ transport: RecordingChainTransport, chain: Chain = .ethereum) -> EthereumClient {
    guard let client = EthereumClient(chain: chain, transport: transport) else { preconditionFailure("\(chain) is an EVM chain") }
    return client
}

private let sender = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
private let recipient = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"
private let usdt = "0xdAC17F958D2ee523a2206206994597C13D831ec7"
private let usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
private let jsonHeaders = [ChainHeader(name: "Content-Type", value: "application/json")]

private func envelope(_ method: String, _ params: String, id: Int = 1) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
}

private func word(_ hex: String) -> String {
    String(repeating: "0", count: 64 - hex.count) + hex
}

// MARK: - Requests

@Suite struct EthereumRPCTests {
    static let account = String(sender.lowercased().dropFirst(2))

    @Test(arguments: [
        (EthereumRPC.chainId, envelope("eth_chainId", "[]")),
        (.blockNumber, envelope("eth_blockNumber", "[]")),
        (.balance(address: sender, block: .latest), envelope("eth_getBalance", #"["\#(sender)","latest"]"#)),
        (.transactionCount(address: sender, block: .pending), envelope("eth_getTransactionCount", #"["\#(sender)","pending"]"#)),
        (.call(to: usdt, data: ERC20Call.decimals, block: .latest),
         envelope("eth_call", #"[{"to":"\#(usdt)","data":"0x313ce567"},"latest"]"#)),
        (.estimateGas(from: sender, to: recipient, value: .zero, data: []),
         envelope("eth_estimateGas", #"[{"from":"\#(sender)","to":"\#(recipient)","value":"0x0","data":"0x"},"latest"]"#)),
        (.estimateGas(from: sender, to: usdt, value: BigUInt(1_000_000_000_000_000_000), data: [0xa9, 0x05, 0x9c, 0xbb]),
         envelope("eth_estimateGas", #"[{"from":"\#(sender)","to":"\#(usdt)","value":"0xde0b6b3a7640000","data":"0xa9059cbb"},"latest"]"#)),
        (.feeHistory(blockCount: 15, rewardPercentiles: [20, 40, 60]), envelope("eth_feeHistory", #"["0xf","latest",[20,40,60]]"#)),
        (.sendRawTransaction("02f86b"), envelope("eth_sendRawTransaction", #"["0x02f86b"]"#)),
        (.sendRawTransaction("0x02f86b"), envelope("eth_sendRawTransaction", #"["0x02f86b"]"#)),
        (.transactionReceipt(hash: "0x" + String(repeating: "ab", count: 32)),
         envelope("eth_getTransactionReceipt", #"["0x\#(String(repeating: "ab", count: 32))"]"#)),
    ])
    func eachCallIsItsJSONRPCEnvelope(rpc: EthereumRPC, body: String) {
        let request = rpc.request()
        #expect(request.method == .post && request.path == "" && request.query.isEmpty)
        #expect(request.headers == jsonHeaders)
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == body)
    }

    @Test(arguments: [
        (BigUInt.zero, "0x0"), (BigUInt(1), "0x1"), (BigUInt(255), "0xff"), (BigUInt(4096), "0x1000"),
        (BigUInt(limbs: [0, 1]), "0x10000000000000000"),
    ])
    func quantitiesHaveNoLeadingZeros(value: BigUInt, text: String) {
        #expect(EthereumRPC.quantity(value) == text)
    }

    @Test func balanceOfIsTheSelectorAndTheAccountWord() throws {
        let data = ERC20Call.balanceOf(try EthereumAddress.decode(sender))
        #expect(EthereumRPC.data(data) == "0x70a08231" + word(Self.account))
        #expect(data.count == 36)
    }

    @Test func aBatchIsAnArrayOfEnvelopesNumberedFromOne() {
        let request = EthereumRPC.batch([.chainId, .blockNumber, .call(to: usdt, data: ERC20Call.symbol, block: .latest)])
        #expect(request.headers == jsonHeaders && request.method == .post)
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == "[" + [
            envelope("eth_chainId", "[]", id: 1), envelope("eth_blockNumber", "[]", id: 2),
            envelope("eth_call", #"[{"to":"\#(usdt)","data":"0x95d89b41"},"latest"]"#, id: 3),
        ].joined(separator: ",") + "]")
    }
}

// MARK: - Mappers

@Suite struct EthereumMapperTests {
    @Test(arguments: [
        ("0x0", BigUInt.zero), ("0x1", BigUInt(1)), ("0x1bc16d674ec80000", BigUInt(2_000_000_000_000_000_000)),
        ("0xFF", BigUInt(255)), ("0x" + String(repeating: "f", count: 64), (BigUInt(1) << 256).subtracting(BigUInt(1)) ?? .zero),
    ])
    func quantitiesParse(text: String, value: BigUInt) {
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.quantity(text, field: "q") } == .success(value))
    }

    @Test(arguments: [
        ("", "q is not a 0x quantity: "), ("1", "q is not a 0x quantity: 1"), ("0X1", "q is not a 0x quantity: 0X1"),
        (" 0x1", "q is not a 0x quantity:  0x1"), ("0x", "q has no digits"), ("0x01", "q has leading zeros"),
        ("0x00", "q has leading zeros"), ("0xg", "q is not hex: 0xg"), ("0x1 ", "q is not hex: 0x1 "), ("0x-1", "q is not hex: 0x-1"),
        ("0x1" + String(repeating: "0", count: 64), "q is beyond 256 bits"),
        ("0x" + String(repeating: "f", count: 100_000), "q is beyond 256 bits"),
    ])
    func garbageQuantitiesAreRefused(text: String, reason: String) {
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.quantity(text, field: "q") } == .failure(.malformed(reason)))
    }

    @Test func quantitiesMustBeStringsAndSixtyFourBitFieldsMustFit() {
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.quantity(.int(1), field: "q") } == .failure(.malformed("q is not a string")))
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.quantity(nil, field: "q") } == .failure(.malformed("q is not a string")))
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.blockNumber(.string("0x10000000000000000")) }
            == .failure(.malformed("blockNumber is beyond 64 bits")))
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.nonce(.string("0xffffffffffffffff")) } == .success(UInt64.max))
    }

    @Test func dataIsEvenHexWithAPrefixAndBounded() {
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.data(.string("0x"), field: "d") } == .success([]))
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.data(.string("0x0aFf"), field: "d") } == .success([0x0a, 0xff]))
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.data(.string("0xabc"), field: "d") } == .failure(.malformed("d is not hex data")))
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.data(.string("abcd"), field: "d") } == .failure(.malformed("d is not 0x data: abcd")))
        let huge = "0x" + String(repeating: "00", count: EthereumMappers.maxDataBytes + 1)
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.data(.string(huge), field: "d") }
            == .failure(.malformed("d is longer than 65536 bytes")))
    }

    @Test func abiStringsAndBytes32TextsDecode() throws {
        let body = Array(fixture("token_metadata_abi_string").utf8)
        let answers = try JSONRPC.results(ChainResponse(status: 200, body: body), count: 3)
        let usdtName = try EthereumMappers.data(answers.first, field: "n")
        #expect(try EthereumMappers.abiString(usdtName, field: "n") == "Tether USD")
        var bytes32 = Array("MKR".utf8)
        bytes32 += [UInt8](repeating: 0, count: 29)
        #expect(try EthereumMappers.abiString(bytes32, field: "n") == "MKR")
    }

    @Test(arguments: [
        // offset beyond the data
        "0x" + word("40") + word("4") + word("54455354"),
        // length beyond the data
        "0x" + word("20") + word("21") + word("54455354"),
        // an offset no Int holds
        "0x" + String(repeating: "f", count: 64) + word("4") + word("54455354"),
        // not UTF-8
        "0x" + word("20") + word("2") + "fffe" + String(repeating: "0", count: 60),
        // neither a dynamic string nor one word
        "0x1234",
        // a bytes32 that is not UTF-8
        "0xff" + String(repeating: "0", count: 62),
    ])
    func malformedABIStringsAreRefused(hex: String) throws {
        let bytes = try EthereumMappers.data(.string(hex), field: "n")
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.abiString(bytes, field: "name()") }
            == .failure(.malformed("name() is not an ABI string")))
    }

    @Test func tokenMetadataRefusesEmptyTextsAndDecimalsBeyondAByte() {
        let name = JSON.string("0x" + word("20") + word("4") + "54455354" + String(repeating: "0", count: 56))
        let empty = JSON.string("0x" + word("20") + word("0"))
        func map(_ n: JSON, _ s: JSON, _ d: JSON) -> Result<EthereumTokenMetadata, ChainClientError> {
            outcome { () throws(ChainClientError) in try EthereumMappers.tokenMetadata(name: n, symbol: s, decimals: d) }
        }
        #expect(map(name, name, .string("0x" + word("12"))) == .success(EthereumTokenMetadata(name: "TEST", symbol: "TEST", decimals: 18)))
        #expect(map(name, name, .string("0x")) == .success(EthereumTokenMetadata(name: "TEST", symbol: "TEST", decimals: 0)))
        #expect(map(empty, name, .string("0x" + word("12"))) == .failure(.malformed("name() is empty")))
        #expect(map(name, empty, .string("0x" + word("12"))) == .failure(.malformed("symbol() is empty")))
        #expect(map(name, name, .string("0x" + word("100"))) == .failure(.malformed("decimals() is beyond 255")))
        #expect(map(name, name, .string("0x" + String(repeating: "f", count: 64))) == .failure(.malformed("decimals() is beyond 255")))
        #expect(map(name, name, .string("0x12")) == .failure(.malformed("decimals() is 1 bytes, not an ABI word")))
    }

    @Test func tokenBalancesZipWithTheTokensAndRefuseAMismatch() {
        let words = [JSON.string("0x" + word("1")), .string("0x" + word("ff"))]
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.tokenBalances(words, tokens: [usdt, usdc], chain: .base) }
            .map { $0.map(\.available) } == .success([BigUInt(1), BigUInt(255)]))
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.tokenBalances(words, tokens: [usdt], chain: .base) }
            == .failure(.malformed("2 token balances for 1 tokens")))
        // A call to an address without code answers "0x": no ABI word, refused rather than read as zero.
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.tokenBalances([.string("0x")], tokens: [usdt], chain: .base) }
            == .failure(.malformed("balanceOf(\(usdt)) is 0 bytes, not an ABI word")))
    }

    @Test func feeHistoryAveragesEachPercentileAndTakesTheNextBaseFee() throws {
        // eth_feeHistory answer, five blocks (fee_history.json): averages 148893464, 584926205, 962019260 wei.
        let rates = try EthereumMappers.feeRates(result("fee_history"), minPriorityFee: BigUInt(100_000_000))
        #expect(rates.unit == .weiPerGas)
        #expect(rates.baseFee == BigUInt(2_541_053_471))
        #expect(rates.rates == [FeeRate(priority: .slow, value: BigUInt(148_893_464)), FeeRate(priority: .normal, value: BigUInt(584_926_205)),
                                FeeRate(priority: .fast, value: BigUInt(962_019_260))])
    }

    @Test func priorityFeesAreRaisedToTheChainMinimumAndSorted() throws {
        let polygon = try EthereumMappers.feeRates(result("fee_history"), minPriorityFee: BigUInt(30_000_000_000))
        #expect(polygon.rates.map(\.value) == [BigUInt(30_000_000_000), BigUInt(30_000_000_000), BigUInt(30_000_000_000)])
        let unsorted = JSON.object([("baseFeePerGas", .array([.string("0x0")])),
                                    ("reward", .array([.array([.string("0x30"), .string("0x10"), .string("0x20")])]))])
        let sorted = try EthereumMappers.feeRates(unsorted, minPriorityFee: .zero)
        #expect(sorted.rates.map(\.value) == [BigUInt(16), BigUInt(32), BigUInt(48)])
        #expect(sorted.rates.map(\.priority) == [.slow, .normal, .fast])
        #expect(sorted.baseFee == .zero)
    }

    @Test(arguments: [
        (#"{"baseFeePerGas":[],"reward":[["0x1","0x2","0x3"]]}"#, "baseFeePerGas is missing or empty"),
        (#"{"reward":[["0x1","0x2","0x3"]]}"#, "baseFeePerGas is missing or empty"),
        (#"{"baseFeePerGas":["0x1"]}"#, "reward is missing or empty"),
        (#"{"baseFeePerGas":["0x1"],"reward":[]}"#, "reward is missing or empty"),
        (#"{"baseFeePerGas":["0x1"],"reward":[["0x1","0x2"]]}"#, "a reward row does not have 3 percentiles"),
        (#"{"baseFeePerGas":["0x1"],"reward":["0x1"]}"#, "a reward row does not have 3 percentiles"),
        (#"{"baseFeePerGas":["0x1"],"reward":[["0x1","0x02","0x3"]]}"#, "reward has leading zeros"),
        (#"{"baseFeePerGas":["1"],"reward":[["0x1","0x2","0x3"]]}"#, "baseFeePerGas is not a 0x quantity: 1"),
    ])
    func malformedFeeHistoriesAreRefused(body: String, reason: String) throws {
        let json = try JSONParser.parse(body)
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.feeRates(json, minPriorityFee: .zero) }
            == .failure(.malformed(reason)))
    }

    @Test(arguments: [(UInt64(21_000), UInt64(21_000)), (21_001, 31_501), (46_109, 69_163), (100_000, 150_000), (UInt64.max, UInt64.max)])
    func gasLimitsAddHalfExceptAPlainTransfer(estimate: UInt64, limit: UInt64) {
        #expect(EthereumMappers.gasLimit(estimate: estimate) == limit)
    }

    @Test(arguments: [
        ("receipt_null", ChainTransactionStatus(state: .pending)),
        ("receipt_confirmed", ChainTransactionStatus(state: .confirmed, blockNumber: 22_300_000, fee: BigUInt(63_000_000_000_000))),
        ("receipt_reverted", ChainTransactionStatus(state: .reverted, blockNumber: 22_300_000, fee: BigUInt(90_369_000_000_000))),
        ("receipt_op_stack", ChainTransactionStatus(state: .confirmed, blockNumber: 22_300_000, fee: BigUInt(63_000_001_234_567))),
    ])
    func receiptsMapToTheirStatus(name: String, status: ChainTransactionStatus) {
        // eth_getTransactionReceipt answers: null before it is mined; status 0x1 / 0x0 after; l1Fee on OP-stack chains.
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.transactionStatus(result(name)) } == .success(status))
    }

    @Test(arguments: [
        (#"{"blockNumber":null,"status":"0x1","gasUsed":"0x5208","effectiveGasPrice":"0x1"}"#, Result<ChainTransactionStatus, ChainClientError>.success(ChainTransactionStatus(state: .pending))),
        (#"{"blockNumber":"0x1","status":"0x2","gasUsed":"0x5208","effectiveGasPrice":"0x1"}"#, .failure(.malformed("status is not 0x0 or 0x1"))),
        (#"{"blockNumber":"0x1","gasUsed":"0x5208","effectiveGasPrice":"0x1"}"#, .failure(.malformed("status is not 0x0 or 0x1"))),
        (#"{"blockNumber":"0x1","status":"0x1","effectiveGasPrice":"0x1"}"#, .failure(.malformed("gasUsed is not a string"))),
        (#"{"blockNumber":"0x1","status":"0x1","gasUsed":"0x5208"}"#, .failure(.malformed("effectiveGasPrice is not a string"))),
        (#"{"blockNumber":"0x01","status":"0x1","gasUsed":"0x5208","effectiveGasPrice":"0x1"}"#, .failure(.malformed("blockNumber has leading zeros"))),
        (#"{"blockNumber":"0x1","status":"0x1","gasUsed":"0x5208","effectiveGasPrice":"0x1\#(String(repeating: "0", count: 64))"}"#,
         .failure(.malformed("effectiveGasPrice is beyond 256 bits"))),
        (#"{"blockNumber":"0x1","status":"0x1","gasUsed":"0x1","effectiveGasPrice":"0x1","l1Fee":"fee"}"#,
         .failure(.malformed("l1Fee is not a 0x quantity: fee"))),
        (#"{"blockNumber":"0x1","status":"0x1","gasUsed":"0x1","effectiveGasPrice":"0x1","l1Fee":null}"#,
         .success(ChainTransactionStatus(state: .confirmed, blockNumber: 1, fee: BigUInt(1)))),
        (#""0x1""#, .failure(.malformed("the receipt is not an object"))),
    ])
    func receiptQuirks(body: String, expected: Result<ChainTransactionStatus, ChainClientError>) throws {
        let json = try JSONParser.parse(body)
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.transactionStatus(json) } == expected)
    }

    @Test func aFullWidthFeeDoesNotOverflow() throws {
        let max = "0x" + String(repeating: "f", count: 64)
        let json = try JSONParser.parse(#"{"blockNumber":"0x1","status":"0x1","gasUsed":"\#(max)","effectiveGasPrice":"\#(max)"}"#)
        let fee = try EthereumMappers.transactionStatus(json).fee
        #expect(fee?.bitLength == 512)
    }

    @Test(arguments: [
        (200, "send_raw_transaction", Result<String, ChainClientError>.success("0x" + String(repeating: "ab", count: 32))),
        (200, "send_raw_transaction_error", .failure(.rejected("nonce too low: next nonce 27, tx nonce 26"))),
        // A proxy that sends the node's error object with an HTTP error status: still the node's refusal.
        (500, "send_raw_transaction_error", .failure(.rejected("nonce too low: next nonce 27, tx nonce 26"))),
    ])
    func broadcastAnswers(status: Int, name: String, expected: Result<String, ChainClientError>) {
        let response = ChainResponse(status: status, body: Array(fixture(name).utf8))
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.broadcastHash(response) } == expected)
    }

    @Test(arguments: [
        (502, "<html>bad gateway</html>", Result<String, ChainClientError>.failure(.http(status: 502, body: "<html>bad gateway</html>"))),
        (200, #"{"jsonrpc":"2.0","id":1,"result":"0x1234"}"#, .failure(.malformed("the transaction hash is 2 bytes"))),
        (200, #"{"jsonrpc":"2.0","id":1,"result":null}"#, .failure(.malformed("transaction hash is not a string"))),
        (200, #"{"jsonrpc":"2.0","id":1,"result":"0xAB\#(String(repeating: "ab", count: 31))"}"#, .success("0x" + String(repeating: "ab", count: 32))),
        (200, #"{"jsonrpc":"2.0","id":1,"error":{"code":-32000}}"#, .failure(.rejected("the node refused the transaction"))),
    ])
    func broadcastQuirks(status: Int, body: String, expected: Result<String, ChainClientError>) {
        let response = ChainResponse(status: status, body: Array(body.utf8))
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.broadcastHash(response) } == expected)
    }

    @Test func chainIdsAreDecimalNetworkIds() {
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.networkId(.string("0x38")) } == .success("56"))
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.networkId(.string("0xa4b1")) } == .success("42161"))
        #expect(outcome { () throws(ChainClientError) in try EthereumMappers.networkId(.int(1)) } == .failure(.malformed("chainId is not a string")))
    }

    @Test func everyEVMChainHasFeeParametersAndNoOtherDoes() {
        for chain in Chain.allCases {
            let fees = EthereumChainFees.of(chain)
            #expect((fees != nil) == (chain.config.type == .ethereum), "\(chain)")
            #expect((EthereumClient(chain: chain, transport: RecordingChainTransport()) != nil) == (chain.config.type == .ethereum), "\(chain)")
        }
        #expect(EthereumChainFees.of(.ethereum)?.feeHistoryBlocks == 5)
        #expect(EthereumChainFees.of(.gnosis)?.feeHistoryBlocks == 12)
        #expect(EthereumChainFees.of(.polygon)?.feeHistoryBlocks == 15)
        #expect(EthereumChainFees.of(.seiEvm)?.feeHistoryBlocks == 15)
        #expect(EthereumChainFees.of(.plasma)?.minPriorityFee == 100_000)
    }
}

// MARK: - Batches

@Suite struct JSONRPCBatchTests {
    private func results(_ body: String, count: Int, status: Int = 200) -> Result<[JSON], ChainClientError> {
        outcome { () throws(ChainClientError) in try JSONRPC.results(ChainResponse(status: status, body: Array(body.utf8)), count: count) }
    }

    @Test func answersAreMatchedById() {
        #expect(results(#"[{"jsonrpc":"2.0","id":2,"result":"0xb"},{"jsonrpc":"2.0","id":1,"result":"0xa"}]"#, count: 2)
            == .success([.string("0xa"), .string("0xb")]))
    }

    @Test(arguments: [
        (#"[{"id":1,"result":"0xa"}]"#, 2, ChainClientError.malformed("the batch answer has 1 entries for 2 calls")),
        (#"[{"id":1,"result":"0xa"},{"id":1,"result":"0xb"}]"#, 2, .malformed("the batch answer repeats id 1")),
        (#"[{"id":1,"result":"0xa"},{"id":3,"result":"0xb"}]"#, 2, .malformed("a batch answer has no id in 1…2")),
        (#"[{"result":"0xa"}]"#, 1, .malformed("a batch answer has no id in 1…1")),
        (#"[{"id":1}]"#, 1, .malformed("batch answer 1 has no result")),
        (#"{"id":1,"result":"0xa"}"#, 1, .malformed("the batch answer is not an array")),
        (#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"batch too large"}}"#, 1, .rpc(code: -32600, message: "batch too large")),
        (#"[{"id":1,"result":"0xa"},{"id":2,"error":{"code":3,"message":"execution reverted"}}]"#, 2,
         .rpc(code: 3, message: "batch request [1]: execution reverted")),
        ("not json", 1, .malformed("the answer is not JSON: not json")),
    ])
    func malformedBatchesAreRefused(body: String, count: Int, error: ChainClientError) {
        #expect(results(body, count: count) == .failure(error))
    }

    @Test func anHTTPErrorIsThrown() {
        #expect(results("busy", count: 1, status: 429) == .failure(.http(status: 429, body: "busy")))
    }
}

// MARK: - Client

@Suite struct EthereumClientTests {
    @Test func balanceReadsTheLatestBalance() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("balance"))
        let balance = try await client(transport, chain: .arbitrum).balance(address: sender)
        #expect(balance == ChainBalance(assetId: AssetId(chain: .arbitrum), available: BigUInt(2_000_000_000_000_000_000)))
        let requests = await transport.requests
        #expect(requests.count == 1 && requests.first?.headers == jsonHeaders && requests.first?.method == .post)
        #expect(await transport.body(0) == envelope("eth_getBalance", #"["\#(sender)","latest"]"#))
    }

    @Test func tokenBalancesAreOneBatchOfBalanceOfCalls() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("token_balances"))  // answered out of order: id 2 first
        let balances = try await client(transport).tokenBalances(address: sender, tokens: [usdt, usdc])
        #expect(balances == [
            ChainBalance(assetId: try AssetId(chain: .ethereum, tokenId: usdt), available: BigUInt(1_234_567_890_123)),
            ChainBalance(assetId: try AssetId(chain: .ethereum, tokenId: usdc), available: .zero),
        ])
        let data = "0x70a08231" + word(String(sender.lowercased().dropFirst(2)))
        #expect(await transport.body(0) == "[" + envelope("eth_call", #"[{"to":"\#(usdt)","data":"\#(data)"},"latest"]"#, id: 1) + ","
            + envelope("eth_call", #"[{"to":"\#(usdc)","data":"\#(data)"},"latest"]"#, id: 2) + "]")
        #expect(await transport.requests.first?.headers == jsonHeaders)
    }

    @Test func longTokenListsAreSentInBatchesOfTheLimit() async throws {
        let transport = RecordingChainTransport()
        let one = #"{"jsonrpc":"2.0","id":1,"result":"0x\#(word("1"))"}"#
        let two = #"{"jsonrpc":"2.0","id":2,"result":"0x\#(word("2"))"}"#
        await transport.answer("[\(one),\(two)]")
        await transport.answer("[\(one)]")
        guard let ethereum = EthereumClient(chain: .ethereum, transport: transport, batchLimit: 2) else { return }
        let tokens = [usdt, usdc, recipient]
        let balances = try await ethereum.tokenBalances(address: sender, tokens: tokens)
        #expect(balances.map(\.available) == [BigUInt(1), BigUInt(2), BigUInt(1)])
        #expect(balances.map(\.assetId.tokenId) == tokens)
        let data = "0x70a08231" + word(String(sender.lowercased().dropFirst(2)))
        #expect(await transport.requests.count == 2)
        #expect(await transport.body(1) == "[" + envelope("eth_call", #"[{"to":"\#(recipient)","data":"\#(data)"},"latest"]"#, id: 1) + "]")
    }

    @Test func noTokensSendNothingAndABadAddressIsRefusedBeforeSending() async {
        let transport = RecordingChainTransport()
        #expect(await outcome { () async throws(ChainClientError) in try await client(transport).tokenBalances(address: sender, tokens: []) }
            == .success([]))
        #expect(await outcome { () async throws(ChainClientError) in try await client(transport).tokenBalances(address: "0x1234", tokens: [usdt]) }
            == .failure(.malformed("not an EVM address: 0x1234")))
        #expect(await transport.requests.isEmpty)
    }

    @Test func aRevertingTokenFailsTheBatch() async {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("token_balances_error"))
        #expect(await outcome { () async throws(ChainClientError) in try await client(transport).tokenBalances(address: sender, tokens: [usdt, usdc]) }
            == .failure(.rpc(code: -32000, message: "batch request [1]: execution reverted")))
    }

    @Test(arguments: [
        ("token_metadata_abi_string", EthereumTokenMetadata(name: "Tether USD", symbol: "USDT", decimals: 6)),
        ("token_metadata_bytes32", EthereumTokenMetadata(name: "Maker", symbol: "MKR", decimals: 18)),
    ])
    func tokenMetadataIsOneBatchOfNameSymbolDecimals(name: String, metadata: EthereumTokenMetadata) async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture(name))
        #expect(try await client(transport).tokenMetadata(contract: usdt) == metadata)
        #expect(await transport.body(0) == "[" + [("0x06fdde03", 1), ("0x95d89b41", 2), ("0x313ce567", 3)].map {
            envelope("eth_call", #"[{"to":"\#(usdt)","data":"\#($0.0)"},"latest"]"#, id: $0.1)
        }.joined(separator: ",") + "]")
    }

    @Test func feeRatesAskForAMinuteOfBlocksAtThreePercentiles() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("fee_history"))
        await transport.answer(fixture("fee_history"))
        let ethereum = try await client(transport).feeRates()
        #expect(ethereum.rate(.normal) == BigUInt(584_926_205) && ethereum.baseFee == BigUInt(2_541_053_471))
        let polygon = try await client(transport, chain: .polygon).feeRates()
        #expect(polygon.rate(.fast) == BigUInt(30_000_000_000))
        #expect(await transport.body(0) == envelope("eth_feeHistory", #"["0x5","latest",[20,40,60]]"#))
        #expect(await transport.body(1) == envelope("eth_feeHistory", #"["0xf","latest",[20,40,60]]"#))
    }

    @Test func preloadReadsThePendingNonceTheFeesAndTheGasEstimate() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("nonce"))
        await transport.answer(fixture("fee_history"))
        await transport.answer(fixture("estimate_gas_token"))
        let transfer = [UInt8]([0xa9, 0x05, 0x9c, 0xbb]) + [UInt8](repeating: 0, count: 64)
        let preload = try await client(transport).preload(from: sender, to: usdt, value: .zero, data: transfer)
        #expect(preload.chainId == 1 && preload.nonce == 26 && preload.gasEstimate == 46_109 && preload.gasLimit == 69_163)
        #expect(preload.maxPriorityFeePerGas(.fast) == BigUInt(962_019_260))
        #expect(preload.maxFeePerGas(.fast) == BigUInt(2_541_053_471 + 962_019_260))
        #expect(preload.fee(.fast) == BigUInt((2_541_053_471 + 962_019_260) * 69_163))
        let input = preload.signerInput(chain: .ethereum, operation: .tokenTransfer(token: usdt, to: recipient, amount: BigUInt(5)),
                                        priority: .normal, balance: BigUInt(1), tokenBalance: BigUInt(5))
        #expect(input.nonce == 26 && input.gasLimit == 69_163 && input.type == .eip1559)
        #expect(input.maxFeePerGas == BigUInt(2_541_053_471 + 584_926_205) && input.maxPriorityFeePerGas == BigUInt(584_926_205))
        #expect(await transport.body(0) == envelope("eth_getTransactionCount", #"["\#(sender)","pending"]"#))
        #expect(await transport.body(1) == envelope("eth_feeHistory", #"["0x5","latest",[20,40,60]]"#))
        #expect(await transport.body(2) == envelope("eth_estimateGas",
            #"[{"from":"\#(sender)","to":"\#(usdt)","value":"0x0","data":"0x\#(EthereumRPC.data(transfer).dropFirst(2))"},"latest"]"#))
        #expect(await transport.requests.allSatisfy { $0.headers == jsonHeaders && $0.method == .post && $0.path == "" })
    }

    @Test func aPlainTransferKeepsTheIntrinsicGas() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("nonce"))
        await transport.answer(fixture("fee_history"))
        await transport.answer(fixture("estimate_gas_transfer"))
        let preload = try await client(transport, chain: .base).preload(from: sender, to: recipient, value: BigUInt(1_000), data: [])
        #expect(preload.gasLimit == 21_000 && preload.chainId == 8453)
        #expect(await transport.body(2) == envelope("eth_estimateGas",
            #"[{"from":"\#(sender)","to":"\#(recipient)","value":"0x3e8","data":"0x"},"latest"]"#))
    }

    @Test func aFailingEstimateFailsThePreload() async {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("nonce"))
        await transport.answer(fixture("fee_history"))
        await transport.answer(#"{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"insufficient funds for transfer"}}"#)
        #expect(await outcome { () async throws(ChainClientError) in try await client(transport).preload(from: sender, to: recipient, value: .zero, data: []) }
            == .failure(.rpc(code: -32000, message: "insufficient funds for transfer")))
        #expect(await transport.requests.count == 3)
    }

    @Test func opStackChainsReadTheL1FeeFromTheOracle() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(#"{"jsonrpc":"2.0","id":1,"result":"0x\#(word("12d687"))"}"#)
        await transport.answer(#"{"jsonrpc":"2.0","id":1,"result":"0x"}"#)
        #expect(try await client(transport, chain: .base).l1Fee(unsignedTransaction: [0x02, 0xc0]) == BigUInt(1_234_567))
        #expect(await outcome { () async throws(ChainClientError) in try await client(transport, chain: .optimism).l1Fee(unsignedTransaction: []) }
            == .failure(.malformed("getL1Fee is 0 bytes, not an ABI word")))
        let data = "0x49948e0e" + word("20") + word("2") + "02c0" + String(repeating: "0", count: 60)
        #expect(await transport.body(0) == envelope("eth_call", #"[{"to":"0x420000000000000000000000000000000000000F","data":"\#(data)"},"latest"]"#))
        #expect(await transport.body(1) == envelope("eth_call",
            #"[{"to":"0x420000000000000000000000000000000000000F","data":"0x49948e0e\#(word("20") + word("0"))"},"latest"]"#))
        // Not an OP-stack chain: no L1 fee and no request.
        #expect(try await client(transport, chain: .arbitrum).l1Fee(unsignedTransaction: [0x02, 0xc0]) == .zero)
        #expect(await transport.requests.count == 2)
        #expect([Chain.optimism, .base, .opBNB, .celo, .world, .ink, .unichain].allSatisfy { EthereumChainFees.of($0)?.isOpStack == true })
        #expect(Chain.allCases.filter { EthereumChainFees.of($0)?.isOpStack == true }.count == 7)
    }

    @Test func broadcastSendsTheRawHexAndChecksTheHash() async throws {
        let hash = "0x" + String(repeating: "ab", count: 32)
        let transport = RecordingChainTransport()
        await transport.answer(fixture("send_raw_transaction"))
        await transport.answer(fixture("send_raw_transaction"))
        await transport.answer(fixture("send_raw_transaction_error"))
        let signed = SignedTransaction(bytes: [0x02, 0xf8], encoded: "0x02f8", hash: hash)
        #expect(try await client(transport).broadcast(signed) == hash)
        let other = SignedTransaction(bytes: [0x02, 0xf8], encoded: "0x02f8", hash: "0x" + String(repeating: "cd", count: 32))
        #expect(await outcome { () async throws(ChainClientError) in try await client(transport).broadcast(other) }
            == .failure(.malformed("the node answered hash \(hash) for transaction \(other.hash)")))
        #expect(await outcome { () async throws(ChainClientError) in try await client(transport).broadcast(signed) }
            == .failure(.rejected("nonce too low: next nonce 27, tx nonce 26")))
        #expect(await transport.body(0) == envelope("eth_sendRawTransaction", #"["0x02f8"]"#))
        #expect(await transport.requests.first?.headers == jsonHeaders)
    }

    @Test func statusIsTheReceipt() async throws {
        let hash = "0x" + String(repeating: "22", count: 32)
        let transport = RecordingChainTransport()
        await transport.answer(fixture("receipt_null"))
        await transport.answer(fixture("receipt_reverted"))
        #expect(try await client(transport).status(hash: hash) == ChainTransactionStatus(state: .pending))
        #expect(try await client(transport).status(hash: hash).state == .reverted)
        #expect(await transport.body(0) == envelope("eth_getTransactionReceipt", #"["\#(hash)"]"#))
    }

    @Test func latestBlockAndNetworkId() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("block_number"))
        await transport.answer(fixture("chain_id"))
        #expect(try await client(transport).latestBlock() == 22_285_117)
        #expect(try await client(transport).networkId() == Chain.ethereum.config.networkId)
        #expect(await transport.body(0) == envelope("eth_blockNumber", "[]"))
        #expect(await transport.body(1) == envelope("eth_chainId", "[]"))
    }

    @Test(arguments: [
        Result<ChainResponse, ChainClientError>.failure(.offline("no route to host")),
        .failure(.timeout("10 s")),
        .success(ChainResponse(status: 503, body: Array("busy".utf8))),
        .success(ChainResponse(status: 200, body: Array("<html>".utf8))),
        .success(ChainResponse(status: 200, body: Array(#"{"jsonrpc":"2.0","id":1}"#.utf8))),
    ])
    func transportAndEnvelopeErrorsReachTheCaller(answer: Result<ChainResponse, ChainClientError>) async {
        let expected: ChainClientError = switch answer {
        case let .failure(error): error
        case let .success(response) where response.status == 503: .http(status: 503, body: "busy")
        case let .success(response) where response.body.first == UInt8(ascii: "<"): .malformed("the answer is not JSON: <html>")
        case .success: .malformed("the answer has no result")
        }
        for call in 0..<4 {
            let transport = RecordingChainTransport([answer])
            let ethereum = client(transport)
            let result: Result<Bool, ChainClientError> = await outcome { () async throws(ChainClientError) in
                switch call {
                case 0: _ = try await ethereum.balance(address: sender)
                case 1: _ = try await ethereum.latestBlock()
                case 2: _ = try await ethereum.tokenBalances(address: sender, tokens: [usdt])
                default: _ = try await ethereum.status(hash: "0x00")
                }
                return true
            }
            // A batch reads a JSON object without an error as "not an array", not "no result".
            let batchExpected = call == 2 && expected == .malformed("the answer has no result")
                ? ChainClientError.malformed("the batch answer is not an array") : expected
            #expect(result == .failure(batchExpected), "call \(call)")
        }
    }

    @Test func aNodeErrorObjectIsAnRPCError() async {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("rpc_error"))
        #expect(await outcome { () async throws(ChainClientError) in try await client(transport).balance(address: "0x1234") }
            == .failure(.rpc(code: -32602, message: "invalid argument 0: hex string has length 39, want 40 for common.Address")))
    }
}

// MARK: - Mutated answers

/// Every fixture mutated many ways (bytes replaced, cut short, spliced), fed to every mapper: each answers a value or
/// a typed refusal, never a trap.
@Suite struct EthereumMutatedAnswerTests {
    static let names = [
        "chain_id", "block_number", "balance", "nonce", "estimate_gas_transfer", "token_balances", "token_balances_error",
        "token_metadata_abi_string", "token_metadata_bytes32", "fee_history", "send_raw_transaction", "send_raw_transaction_error",
        "receipt_null", "receipt_confirmed", "receipt_reverted", "receipt_op_stack", "rpc_error",
    ]

    /// xorshift64*, seeded, so a failure replays.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return Int((state &* 2_685_821_657_736_338_717) % UInt64(max(bound, 1)))
        }
    }

    static func mutate(_ body: [UInt8], _ generator: inout Generator) -> [UInt8] {
        var bytes = body
        let alphabet = Array("0x123456789abcdefgABCDEF\"{}[],:-. null".utf8) + [0x00, 0xff]
        switch generator.next(4) {
        case 0:
            for _ in 0...generator.next(4) where !bytes.isEmpty {
                bytes[generator.next(bytes.count)] = alphabet[generator.next(alphabet.count)]
            }
        case 1:
            bytes = Array(bytes.prefix(generator.next(bytes.count + 1)))
        case 2:
            let start = generator.next(bytes.count)
            let length = generator.next(bytes.count - start + 1)
            bytes.insert(contentsOf: bytes[start..<(start + length)], at: generator.next(bytes.count + 1))
        default:
            let digits = Array("0123456789abcdef".utf8)
            let at = generator.next(bytes.count + 1)
            bytes.insert(contentsOf: (0..<generator.next(200)).map { _ in digits[generator.next(digits.count)] }, at: at)
        }
        return bytes
    }

    @Test(arguments: names)
    func mutatedAnswersAreRefusedOrRead(name: String) {
        var generator = Generator(state: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }) | 1)
        let body = Array(fixture(name).utf8)
        var refused = 0
        for _ in 0..<400 {
            let response = ChainResponse(status: 200, body: Self.mutate(body, &generator))
            _ = try? EthereumMappers.broadcastHash(response)
            _ = try? JSONRPC.results(response, count: 2)
            _ = try? JSONRPC.results(response, count: 3)
            guard let json = try? JSONRPC.result(response) else {
                refused += 1
                continue
            }
            _ = try? EthereumMappers.balance(json, chain: .ethereum)
            _ = try? EthereumMappers.blockNumber(json)
            _ = try? EthereumMappers.networkId(json)
            _ = try? EthereumMappers.feeRates(json, minPriorityFee: BigUInt(1))
            _ = try? EthereumMappers.transactionStatus(json)
            _ = try? EthereumMappers.tokenBalances([json], tokens: [usdt], chain: .ethereum)
            _ = try? EthereumMappers.tokenMetadata(name: json, symbol: json, decimals: json)
            if let bytes = try? EthereumMappers.data(json, field: "d") {
                _ = try? EthereumMappers.abiString(bytes, field: "d")
                _ = try? EthereumMappers.abiUInt(bytes, field: "d")
            }
        }
        #expect(refused < 400 || name.hasPrefix("token_") || name == "rpc_error" || name.hasSuffix("_error"))
    }
}
