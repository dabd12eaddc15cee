import Blockchain
import Foundation
import GemCrypto
import Primitives
import Testing

/// A toncenter answer body from Vectors/clients/ton (sources: that folder's README.md, chain-apis.md § 5).
private func fixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/ton"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

private func response(_ body: String, status: Int = 200) -> ChainResponse {
    ChainResponse(status: status, body: Array(body.utf8))
}

private func v2(_ body: String) throws -> JSON { try TonMapper.v2Result(response(body)) }
private func v3(_ body: String) throws -> JSON { try TonMapper.v3Body(response(body)) }

private func outcome<T>(_ body: () throws(ChainClientError) -> T) -> Result<T, ChainClientError> {
    Result { () throws(ChainClientError) -> T in try body() }
}

private let owner = "UQDjfUSwZ0BnHE9rLi47i9pfM9aXAth_iJQWScZ5UK43Ku0h"
private let recipient = "UQD9JaNC5eSQ_dy8DR4rZCzvF4aY7-AGOVM2aSfVMoGd39ZE"
/// USDT's jetton master (Tether), user-friendly; raw 0:B113A994…621DFE.
private let usdt = "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs"
private let usdtRaw = "0:B113A994B5024A16719F69139328EB759596C38A25F59028B146FECDC3621DFE"
private let usdtWallet = "0:9BE2883D2E5807B814CE61C034EE915C5356ECDDF7E57CC5097608E0E6FBE6AF"

@Suite struct TonClientTests {
    // MARK: Requests

    static let requests: [(TonRequest, ChainRequest.Method, String, [ChainHeader])] = [
        (.addressBalance(address: owner), .get, "/api/v2/getAddressBalance", [ChainHeader(name: "address", value: owner)]),
        (.walletInformation(address: owner), .get, "/api/v2/getWalletInformation", [ChainHeader(name: "address", value: owner)]),
        (.jettonWallets(owner: owner), .get, "/api/v3/jetton/wallets", [
            ChainHeader(name: "owner_address", value: owner), ChainHeader(name: "limit", value: "100"), ChainHeader(name: "offset", value: "0"),
        ]),
        (.transactionsByMessage(hash: "e4efd1"), .get, "/api/v3/transactionsByMessage", [ChainHeader(name: "msg_hash", value: "e4efd1")]),
        (.masterchainInfo, .get, "/api/v3/masterchainInfo", []),
    ]

    @Test(arguments: requests)
    func everyReadIsAGetWithItsQuery(target: TonRequest, method: ChainRequest.Method, path: String, query: [ChainHeader]) {
        let request = target.request
        #expect(request.method == method && request.path == path && request.query == query)
        #expect(request.headers.isEmpty && request.body == nil)
    }

    @Test func theURLPercentEncodesTheAddress() {
        let request = TonRequest.addressBalance(address: "EQA+/=").request
        #expect(request.url(base: "https://toncenter.com/") == "https://toncenter.com/api/v2/getAddressBalance?address=EQA%2B%2F%3D")
        #expect(TonRequest.jettonWallets(owner: owner).request.url(base: "https://toncenter.com")
            == "https://toncenter.com/api/v3/jetton/wallets?owner_address=\(owner)&limit=100&offset=0")
    }

    @Test func aBroadcastPostsTheBocAsJSON() {
        let request = TonRequest.sendBocReturnHash(boc: "te6cc+/=").request
        #expect(request.method == .post && request.path == "/api/v2/sendBocReturnHash" && request.query.isEmpty)
        #expect(request.headers == [ChainHeader(name: "Content-Type", value: "application/json")])
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == #"{"boc":"te6cc+/="}"#)
    }

    // MARK: Envelopes

    @Test func v2ErrorsAreRPCErrorsAndOtherAnswersAreNamed() {
        #expect(outcome { () throws(ChainClientError) in try TonMapper.v2Result(response(#"{"ok":false,"error":"bad address","code":416}"#, status: 416)) }
            == .failure(.rpc(code: 416, message: "bad address")))
        #expect(outcome { () throws(ChainClientError) in try TonMapper.v2Result(response("Bad Gateway", status: 502)) }
            == .failure(.http(status: 502, body: "Bad Gateway")))
        #expect(outcome { () throws(ChainClientError) in try TonMapper.v2Result(response("<html>")) } == .failure(.malformed("the answer is not JSON: <html>")))
        #expect(outcome { () throws(ChainClientError) in try TonMapper.v2Result(response(#"{"result":"1"}"#)) }
            == .failure(.malformed("ok: not true, or no result")))
        #expect(outcome { () throws(ChainClientError) in try TonMapper.v3Body(response(#"{"error":"not found"}"#, status: 404)) }
            == .failure(.http(status: 404, body: #"{"error":"not found"}"#)))
        #expect(outcome { () throws(ChainClientError) in try TonMapper.v3Body(response("[]")) } == .failure(.malformed("the answer is not an object")))
    }

    // MARK: Balances

    @Test func theBalanceIsNanotonsAsAString() throws {
        #expect(try TonMapper.balance(try v2(fixture("getAddressBalance"))) == ChainBalance(assetId: AssetId(chain: .ton), available: BigUInt(1_500_000_000)))
    }

    static let badBalances: [(String, String)] = [
        (#"{"ok":true,"result":1500}"#, "result: not a decimal string"),
        (#"{"ok":true,"result":"-1"}"#, "result: not a decimal integer"),
        (#"{"ok":true,"result":"18446744073709551616"}"#, "result: above u64"),
        (#"{"ok":true,"result":"1e9"}"#, "result: not a decimal integer"),
    ]

    @Test(arguments: badBalances)
    func aMalformedBalanceIsNamed(body: String, reason: String) throws {
        let result = try v2(body)
        #expect(outcome { () throws(ChainClientError) in try TonMapper.balance(result) } == .failure(.malformed(reason)))
    }

    @Test func tokenIdsAreMatchedByTheMastersRawForm() throws {
        #expect(try TonMapper.raw(usdt, "id") == usdtRaw)
        #expect(try TonMapper.raw(usdtRaw.lowercased(), "id") == usdtRaw)
        let wallets = try TonMapper.jettonWallets(try v3(fixture("jetton_wallets")))
        #expect(wallets == [TonJettonWallet(address: usdtWallet, balance: BigUInt(25_000_000), jetton: usdtRaw)])
        let other = "EQAvLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vLy8vL4B5"
        let balances = try TonMapper.tokenBalances(wallets, tokenIds: [other, usdt, usdt])
        #expect(balances == [
            ChainBalance(assetId: try AssetId(chain: .ton, tokenId: other), available: .zero),
            ChainBalance(assetId: try AssetId(chain: .ton, tokenId: usdt), available: BigUInt(25_000_000)),
        ])
        #expect(try TonMapper.jettonWallets(try v3(fixture("jetton_wallets.empty"))).isEmpty)
        #expect(outcome { () throws(ChainClientError) in try TonMapper.tokenBalances(wallets, tokenIds: ["EQnotanaddress"]) }
            == .failure(.malformed("token id: not a TON address (EQnotanaddress)")))
    }

    static let badWallets: [(String, String)] = [
        (#"{"jetton_wallets":{}}"#, "jetton_wallets: not an array"),
        (#"{"address_book":{}}"#, "jetton_wallets: not an array"),
        (#"{"jetton_wallets":[{"balance":"1","jetton":"\#(usdtRaw)"}]}"#, "jetton_wallets[0].address: not a string"),
        (#"{"jetton_wallets":[{"address":"\#(usdtWallet)","balance":1,"jetton":"\#(usdtRaw)"}]}"#, "jetton_wallets[0].balance: not a decimal string"),
        (#"{"jetton_wallets":[{"address":"\#(usdtWallet)","balance":"1","jetton":"0:zz"}]}"#, "jetton_wallets[0].jetton: not a TON address (0:zz)"),
    ]

    @Test(arguments: badWallets)
    func aMalformedJettonWalletIsNamed(body: String, reason: String) throws {
        let json = try v3(body)
        #expect(outcome { () throws(ChainClientError) in try TonMapper.jettonWallets(json) } == .failure(.malformed(reason)))
    }

    @Test func tooManyJettonWalletsAreRefused() throws {
        let entry = #"{"address":"\#(usdtWallet)","balance":"1","jetton":"\#(usdtRaw)"}"#
        let json = try v3(#"{"jetton_wallets":[\#(Array(repeating: entry, count: 1_001).joined(separator: ","))]}"#)
        #expect(outcome { () throws(ChainClientError) in try TonMapper.jettonWallets(json) } == .failure(.malformed("jetton_wallets: more than 1000 entries")))
    }

    // MARK: Fees, preload

    @Test func feesAreOneNormalRateOfACentiTon() {
        #expect(TonMapper.feeRates() == FeeRates(unit: .nativeUnit, rates: [FeeRate(priority: .normal, value: BigUInt(10_000_000))]))
    }

    @Test func walletInformationIsSeqnoDeployedAndBalance() throws {
        #expect(try TonMapper.walletInformation(try v2(fixture("getWalletInformation")))
            == TonWalletInformation(seqno: 12, deployed: true, balance: BigUInt(1_500_000_000)))
        #expect(try TonMapper.walletInformation(try v2(fixture("getWalletInformation.uninit")))
            == TonWalletInformation(seqno: 0, deployed: false, balance: BigUInt(50_000_000)))
    }

    static let badInformation: [(String, String)] = [
        (#"{"ok":true,"result":"x"}"#, "result: not an object"),
        (#"{"ok":true,"result":{"seqno":4294967296,"account_state":"active","balance":"0"}}"#, "result.seqno: above u32"),
        (#"{"ok":true,"result":{"seqno":-1,"account_state":"active","balance":"0"}}"#, "result.seqno: negative"),
        (#"{"ok":true,"result":{"seqno":"1","account_state":"active","balance":"0"}}"#, "result.seqno: not a number"),
        (#"{"ok":true,"result":{"seqno":1,"balance":"0"}}"#, "result.account_state: not a string"),
        (#"{"ok":true,"result":{"seqno":1,"account_state":"active"}}"#, "result.balance: not a decimal string"),
    ]

    @Test(arguments: badInformation)
    func malformedWalletInformationIsNamed(body: String, reason: String) throws {
        let result = try v2(body)
        #expect(outcome { () throws(ChainClientError) in try TonMapper.walletInformation(result) } == .failure(.malformed(reason)))
    }

    // MARK: Broadcast, status, chain

    @Test func aBroadcastAnswersTheHashInHex() throws {
        #expect(try TonMapper.broadcast(response(fixture("sendBocReturnHash"))) == "e4efd1bda6a2ab43eeb6457b6304a58f734b34cdcc0691f6855fc9db4036a9cc")
        #expect(outcome { () throws(ChainClientError) in try TonMapper.broadcast(response(fixture("sendBocReturnHash.error"), status: 500)) }
            == .failure(.rejected("LITE_SERVER_UNKNOWN: cannot apply external message to current state : External message was not accepted")))
        #expect(outcome { () throws(ChainClientError) in try TonMapper.broadcast(response("upstream down", status: 503)) }
            == .failure(.rejected("upstream down")))
        #expect(outcome { () throws(ChainClientError) in try TonMapper.broadcast(response(#"{"ok":true,"result":{"hash":"AQID"}}"#)) }
            == .failure(.malformed("result.hash: not base64 of 32 bytes")))
        #expect(outcome { () throws(ChainClientError) in try TonMapper.broadcast(response(#"{"ok":true,"result":{}}"#)) }
            == .failure(.malformed("result.hash: not a string")))
    }

    @Test func statusReadsTheFirstTransactionOfTheMessage() throws {
        #expect(try TonMapper.transactionStatus(try v3(fixture("transactionsByMessage")))
            == ChainTransactionStatus(state: .confirmed, blockNumber: 45_000_001, fee: BigUInt(2_927_282)))
        #expect(try TonMapper.transactionStatus(try v3(fixture("transactionsByMessage.empty"))) == ChainTransactionStatus(state: .pending))
        #expect(try TonMapper.transactionStatus(try v3(fixture("transactionsByMessage.failed")))
            == ChainTransactionStatus(state: .failed, blockNumber: 45_000_001, fee: BigUInt(2_927_282)))
        #expect(try TonMapper.transactionStatus(try v3(fixture("transactionsByMessage.reverted"))).state == .reverted)
    }

    /// One change to the confirmed fixture each, and the state it gives.
    static let statusEdits: [(String, String, TransactionState)] = [
        (#""aborted": false"#, #""aborted": true"#, .failed),
        (#""exit_code": 0"#, #""exit_code": 1"#, .confirmed),
        (#""exit_code": 0"#, #""exit_code": 33"#, .failed),
        ("\"success\": true,\n          \"msg_state_used\"", "\"success\": false,\n          \"msg_state_used\"", .failed),
        ("\"success\": true,\n          \"valid\"", "\"success\": false,\n          \"valid\"", .failed),
        (#""opcode": null"#, #""opcode": "0xD6182FCE""#, .reverted),
        (#""opcode": null"#, #""opcode": "0x77d0fee6""#, .reverted),
        (#""opcode": null"#, #""opcode": "0x0f8a7ea5""#, .confirmed),
    ]

    @Test(arguments: statusEdits)
    func eachFailureRuleDecidesTheState(original: String, replacement: String, state: TransactionState) throws {
        let text = fixture("transactionsByMessage")
        let edited = text.replacingOccurrences(of: original, with: replacement)
        #expect(edited != text)
        #expect(try TonMapper.transactionStatus(try v3(edited)).state == state)
    }

    static let badStatuses: [(String, String)] = [
        (#"{"address_book":{}}"#, "transactions: not an array"),
        (#"{"transactions":[{"description":{"aborted":false},"out_msgs":[]}]}"#, "transactions[0].total_fees: not a decimal string"),
        (#"{"transactions":[{"total_fees":"1","mc_block_seqno":"9","description":{"aborted":false},"out_msgs":[]}]}"#,
         "transactions[0].mc_block_seqno: not a number"),
        (#"{"transactions":[{"total_fees":"1","out_msgs":[]}]}"#, "transactions[0].description: missing"),
        (#"{"transactions":[{"total_fees":"1","description":{},"out_msgs":[]}]}"#, "transactions[0].description.aborted: not a boolean"),
        (#"{"transactions":[{"total_fees":"1","description":{"aborted":false}}]}"#, "transactions[0].out_msgs: not an array"),
    ]

    @Test(arguments: badStatuses)
    func aMalformedStatusIsNamed(body: String, reason: String) throws {
        let json = try v3(body)
        #expect(outcome { () throws(ChainClientError) in try TonMapper.transactionStatus(json) } == .failure(.malformed(reason)))
    }

    @Test func masterchainInfoGivesTheNetworkIdAndLatestBlock() throws {
        let info = try v3(fixture("masterchainInfo"))
        #expect(try TonMapper.networkId(info) == "K1PSE3m6d+kgA0w3NOfL6oNbuc/hnbJSaHv6DVBROc8=")
        #expect(try TonMapper.latestBlock(info) == 45_000_001)
        let bad = try v3(#"{"first":{"root_hash":""},"last":{"seqno":"1"}}"#)
        #expect(outcome { () throws(ChainClientError) in try TonMapper.networkId(bad) } == .failure(.malformed("first.root_hash: empty or too long")))
        #expect(outcome { () throws(ChainClientError) in try TonMapper.latestBlock(bad) } == .failure(.malformed("last.seqno: not a number")))
    }

    // MARK: Client

    @Test func theClientSendsEachCallAndMapsItsAnswer() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getAddressBalance"))
        await transport.answer(fixture("jetton_wallets"))
        await transport.answer(fixture("transactionsByMessage.empty"))
        await transport.answer(fixture("masterchainInfo"))
        await transport.answer(fixture("masterchainInfo"))
        let client = TonClient(transport: transport)
        #expect(try await client.balance(address: owner).available == BigUInt(1_500_000_000))
        #expect(try await client.tokenBalances(owner: owner, tokenIds: [usdt]).map(\.available) == [BigUInt(25_000_000)])
        #expect(try await client.tokenBalances(owner: owner, tokenIds: []).isEmpty)
        #expect(try await client.status(hash: "e4efd1").state == .pending)
        #expect(try await client.latestBlock() == 45_000_001)
        #expect(try await client.networkId() == "K1PSE3m6d+kgA0w3NOfL6oNbuc/hnbJSaHv6DVBROc8=")
        #expect(await transport.requests == [
            TonRequest.addressBalance(address: owner).request, TonRequest.jettonWallets(owner: owner).request,
            TonRequest.transactionsByMessage(hash: "e4efd1").request, TonRequest.masterchainInfo.request, TonRequest.masterchainInfo.request,
        ])
    }

    @Test func aTransportFailureIsPassedOn() async {
        let transport = RecordingChainTransport([.failure(.timeout("toncenter"))])
        let client = TonClient(transport: transport)
        await #expect(throws: ChainClientError.timeout("toncenter")) { try await client.balance(address: owner) }
    }

    // MARK: Preload → signer → broadcast

    @Test func aNativeTransferPreloadsSignsAndBroadcasts() async throws {
        let key = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x22, count: 32))
        let sender = TonAddress.derive(key.publicKey.bytes, version: .v4R2, workchain: 0, bounceable: false)
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getWalletInformation"))
        let client = TonClient(transport: transport)
        let preload = try await client.preload(sender: sender, recipient: recipient)
        #expect(preload == TonPreload(wallet: TonWalletInformation(seqno: 12, deployed: true, balance: BigUInt(1_500_000_000)), jetton: nil))
        #expect(await transport.requests == [TonRequest.walletInformation(address: sender).request])

        let input = try preload.signerInput(destination: recipient, amount: BigUInt(1_000_000_000), comment: "hi", validUntil: 1_764_590_465)
        #expect(input == TonSignerInput(destination: recipient, asset: .native, amount: BigUInt(1_000_000_000), comment: "hi", seqno: 12,
                                        deployed: true, validUntil: 1_764_590_465, balance: BigUInt(1_500_000_000)))
        let signed = try TonSigner.sign(input, key: key)
        await transport.answer(#"{"ok":true,"result":{"@type":"ext.message.info","hash":"\#(Base64.encode(try Hex.decode(signed.hash)))"}}"#)
        #expect(try await client.broadcast(signed) == signed.hash)
        #expect(await transport.body(1) == #"{"boc":"\#(signed.encoded)"}"#)
        #expect(await transport.requests.last?.path == "/api/v2/sendBocReturnHash")
    }

    @Test func aJettonPreloadFindsBothJettonWallets() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getWalletInformation"))
        await transport.answer(fixture("jetton_wallets"))
        await transport.answer(fixture("jetton_wallets.empty"))
        let client = TonClient(transport: transport)
        let preload = try await client.preload(sender: owner, recipient: recipient, tokenId: usdt)
        let jetton = TonPreload.Jetton(tokenId: usdt, senderJettonWallet: usdtWallet, jettonBalance: BigUInt(25_000_000), recipientJettonWallet: nil)
        #expect(preload.jetton == jetton)
        #expect(await transport.requests == [
            TonRequest.walletInformation(address: owner).request, TonRequest.jettonWallets(owner: owner).request,
            TonRequest.jettonWallets(owner: recipient).request,
        ])
        let input = try preload.signerInput(destination: recipient, amount: BigUInt(1_000_000), validUntil: 1_764_590_465)
        #expect(input.asset == .jetton(TonSignerInput.JettonTransfer(senderJettonWallet: usdtWallet, attachedAmount: BigUInt(200_000_000),
                                                                     jettonBalance: BigUInt(25_000_000))))
        let key = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x22, count: 32))
        _ = try TonSigner.sign(input, key: key)

        var existing = jetton
        existing.recipientJettonWallet = usdtWallet
        #expect(existing.attachedAmount(hasComment: false) == BigUInt(100_000_000))
        #expect(existing.attachedAmount(hasComment: true) == BigUInt(60_000_000))
        let none = TonPreload(wallet: preload.wallet, jetton: TonPreload.Jetton(tokenId: usdt, senderJettonWallet: nil, jettonBalance: .zero,
                                                                               recipientJettonWallet: nil))
        #expect(outcome { () throws(ChainClientError) in try none.signerInput(destination: recipient, amount: BigUInt(1), validUntil: 1) }
            == .failure(.notFound("the sender has no jetton wallet of \(usdt)")))
    }
}
