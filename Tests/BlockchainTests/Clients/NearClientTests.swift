import Blockchain
import Foundation
import GemCrypto
import Primitives
import Testing

/// A NEAR answer body from Vectors/clients/near (sources: that folder's README.md, chain-apis.md § 10).
private func fixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/near"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

private func response(_ body: String, status: Int = 200) -> ChainResponse {
    ChainResponse(status: status, body: Array(body.utf8))
}

private func result(_ body: String) throws -> JSON { try JSONRPC.result(response(body)) }

private func outcome<T>(_ body: () throws(ChainClientError) -> T) -> Result<T, ChainClientError> {
    Result { () throws(ChainClientError) -> T in try body() }
}

private let sender = "9d3f1c2a9d3f1c2a9d3f1c2a9d3f1c2a9d3f1c2a9d3f1c2a9d3f1c2a9d3f1c2a"
private let senderKey = "ed25519:BappkqJGtmkpGUALZvHPbUNfyS3HvUCs5nL39rZdHvy7"
private let txHash = "Ensa1bmGaEqBvNmLucP5uZ3TXrm1SWekrD8fsoiSCDgU"
private let blockHash = "8f5a49cc361db3571cfce9c9da319eace0df306f35522f6b5052947dba9b979b"

@Suite struct NearClientTests {
    // MARK: Requests

    static let bodies: [(NearRPC, String)] = [
        (.viewAccount(accountId: sender),
         #"{"jsonrpc":"2.0","id":1,"method":"query","params":{"request_type":"view_account","finality":"final","account_id":"\#(sender)"}}"#),
        (.viewAccessKey(accountId: sender, publicKey: senderKey),
         #"{"jsonrpc":"2.0","id":1,"method":"query","params":{"request_type":"view_access_key","finality":"final","account_id":"\#(sender)","public_key":"\#(senderKey)"}}"#),
        (.gasPrice, #"{"jsonrpc":"2.0","id":1,"method":"gas_price","params":[null]}"#),
        (.finalBlock, #"{"jsonrpc":"2.0","id":1,"method":"block","params":{"finality":"final"}}"#),
        (.sendTransaction(base64: "AQID+/=="), #"{"jsonrpc":"2.0","id":1,"method":"send_tx","params":{"signed_tx_base64":"AQID+/=="}}"#),
        (.transaction(hash: txHash, sender: sender),
         #"{"jsonrpc":"2.0","id":1,"method":"tx","params":{"tx_hash":"\#(txHash)","sender_account_id":"\#(sender)","wait_until":"EXECUTED"}}"#),
        (.status, #"{"jsonrpc":"2.0","id":1,"method":"status","params":[]}"#),
    ]

    @Test(arguments: bodies)
    func everyCallIsAJSONRPCPost(rpc: NearRPC, body: String) {
        let request = rpc.request
        #expect(request.method == .post && request.path == "" && request.query.isEmpty)
        #expect(request.headers == [ChainHeader(name: "Content-Type", value: "application/json")])
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == body)
    }

    // MARK: Mappers

    @Test func theBalanceIsYoctoAndAnUnknownAccountHasNone() throws {
        #expect(try NearMapper.balance(response(fixture("view_account")))
            == ChainBalance(assetId: AssetId(chain: .near), available: BigUInt("399992611103597728750000000") ?? .zero))
        #expect(try NearMapper.balance(response(fixture("view_account_unknown"))) == ChainBalance(assetId: AssetId(chain: .near), available: .zero))
        #expect(outcome { () throws(ChainClientError) in try NearMapper.balance(response(fixture("tx.unknown"))) }
            == .failure(.rpc(code: -32000, message: "Server error")))
        #expect(outcome { () throws(ChainClientError) in try NearMapper.balance(response(#"{"jsonrpc":"2.0","id":1,"result":{"amount":1}}"#)) }
            == .failure(.malformed("amount: not a decimal string")))
        let above = "340282366920938463463374607431768211456"
        #expect(outcome { () throws(ChainClientError) in try NearMapper.balance(response(#"{"jsonrpc":"2.0","id":1,"result":{"amount":"\#(above)"}}"#)) }
            == .failure(.malformed("amount: above u128")))
    }

    @Test func feesAreTheGasPriceAndTwiceItWhenFast() throws {
        let fees = try NearMapper.feeRates(try result(fixture("gas_price")))
        #expect(fees == FeeRates(unit: .nativeUnit, rates: [
            FeeRate(priority: .slow, value: BigUInt(100_000_000)), FeeRate(priority: .normal, value: BigUInt(100_000_000)),
            FeeRate(priority: .fast, value: BigUInt(200_000_000)),
        ]))
        #expect(outcome { () throws(ChainClientError) in try NearMapper.feeRates(.object([])) } == .failure(.malformed("gas_price: not a decimal string")))
    }

    @Test func theNonceIsTheKeysPlusOneAndTheBlockIsItsHeader() throws {
        #expect(try NearMapper.nextNonce(try result(fixture("view_access_key"))) == 86)
        #expect(outcome { () throws(ChainClientError) in try NearMapper.nextNonce(.object([("nonce", .string("85"))])) }
            == .failure(.malformed("nonce: not a number")))
        let block = try NearMapper.block(try result(fixture("block")))
        #expect(block == NearBlock(height: 150_000_000, hash: try Hex.decode(blockHash)))
        #expect(outcome { () throws(ChainClientError) in try NearMapper.block(.object([("header", .object([("height", .int(1)), ("hash", .string("3yZe7d"))]))])) }
            == .failure(.malformed("header.hash: not base58 of 32 bytes")))
        #expect(outcome { () throws(ChainClientError) in try NearMapper.block(.object([])) } == .failure(.malformed("header: missing")))
        #expect(try NearMapper.implicitPublicKey(sender) == senderKey)
        #expect(outcome { () throws(ChainClientError) in try NearMapper.implicitPublicKey("alice.near") }
            == .failure(.malformed("account id: not an implicit account (64 hex digits)")))
    }

    @Test func aBroadcastAnswersTheHashOrIsRejected() {
        #expect(outcome { () throws(ChainClientError) in try NearMapper.broadcast(response(fixture("send_tx"))) } == .success(txHash))
        #expect(outcome { () throws(ChainClientError) in try NearMapper.broadcast(response(fixture("send_tx.invalid"))) }
            == .failure(.rejected(#"{"TxExecutionError":{"InvalidTxError":"InvalidNonce"}}"#)))
        let included = fixture("send_tx").replacingOccurrences(of: "EXECUTED_OPTIMISTIC", with: "INCLUDED")
        #expect(outcome { () throws(ChainClientError) in try NearMapper.broadcast(response(included)) } == .failure(.rejected("final_execution_status INCLUDED")))
        #expect(outcome { () throws(ChainClientError) in try NearMapper.broadcast(response("gateway", status: 502)) }
            == .failure(.http(status: 502, body: "gateway")))
    }

    @Test func statusIsPendingUntilKnownThenConfirmedOrFailed() throws {
        let fee = (BigUInt("22318256250000000000") ?? .zero) * BigUInt(2)
        #expect(try NearMapper.transactionStatus(response(fixture("tx"))) == ChainTransactionStatus(state: .confirmed, fee: fee))
        #expect(try NearMapper.transactionStatus(response(fixture("tx.failure"))) == ChainTransactionStatus(state: .failed, fee: fee))
        #expect(try NearMapper.transactionStatus(response(fixture("tx.unknown"))) == ChainTransactionStatus(state: .pending))
        let included = fixture("tx").replacingOccurrences(of: "EXECUTED_OPTIMISTIC", with: "INCLUDED_FINAL")
        #expect(try NearMapper.transactionStatus(response(included)) == ChainTransactionStatus(state: .pending))
        let odd = fixture("tx").replacingOccurrences(of: "EXECUTED_OPTIMISTIC", with: "SOMETHING")
        #expect(try NearMapper.transactionStatus(response(odd)).state == .failed)
        #expect(outcome { () throws(ChainClientError) in try NearMapper.transactionStatus(response(#"{"jsonrpc":"2.0","id":1,"result":{"final_execution_status":"FINAL"}}"#)) }
            == .failure(.malformed("transaction_outcome.outcome.tokens_burnt: not a decimal string")))
    }

    @Test func theNetworkIdIsTheChainId() throws {
        #expect(try NearMapper.networkId(try result(fixture("status"))) == "mainnet")
        #expect(outcome { () throws(ChainClientError) in try NearMapper.networkId(.object([])) } == .failure(.malformed("chain_id: not a string")))
    }

    // MARK: Client

    @Test func theClientSendsEachCall() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("view_account"))
        await transport.answer(fixture("gas_price"))
        await transport.answer(fixture("tx.unknown"))
        await transport.answer(fixture("block"))
        await transport.answer(fixture("status"))
        let client = NearClient(transport: transport)
        #expect(try await client.balance(address: sender).available == BigUInt("399992611103597728750000000"))
        #expect(try await client.feeRates().rate(.fast) == BigUInt(200_000_000))
        #expect(try await client.status(hash: txHash, sender: sender).state == .pending)
        #expect(try await client.latestBlock() == 150_000_000)
        #expect(try await client.networkId() == "mainnet")
        #expect(try await client.tokenBalances(owner: sender, tokenIds: ["x"]).isEmpty)
        #expect(await transport.requests == [Self.bodies[0].0.request, Self.bodies[2].0.request, Self.bodies[5].0.request,
                                             Self.bodies[3].0.request, Self.bodies[6].0.request])
    }

    // MARK: Preload → signer → broadcast

    @Test func aTransferPreloadsSignsAndBroadcasts() async throws {
        let key = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x44, count: 32))
        let account = NearAddress.derive(key.publicKey.bytes)
        let transport = RecordingChainTransport()
        await transport.answer(fixture("view_access_key"))
        await transport.answer(fixture("block"))
        await transport.answer(fixture("view_account"))
        let client = NearClient(transport: transport)
        let preload = try await client.preload(sender: account)
        let balance = BigUInt("399992611103597728750000000") ?? .zero
        #expect(preload == NearPreload(nonce: 86, blockHash: try Hex.decode(blockHash), balance: balance))
        #expect(await transport.requests == [
            NearRPC.viewAccessKey(accountId: account, publicKey: "ed25519:" + Base58.encode(key.publicKey.bytes)).request,
            NearRPC.finalBlock.request, NearRPC.viewAccount(accountId: account).request,
        ])
        let input = preload.signerInput(receiver: "bob.near", amount: BigUInt(1_000_000))
        #expect(input == NearSignerInput(receiver: "bob.near", amount: BigUInt(1_000_000), nonce: 86, blockHash: try Hex.decode(blockHash),
                                         balance: balance))
        let signed = try NearSigner.sign(input, key: key)
        let answer = fixture("send_tx").replacingOccurrences(of: txHash, with: signed.hash)
        await transport.answer(answer)
        #expect(try await client.broadcast(signed) == signed.hash)
        #expect(await transport.body(3) == #"{"jsonrpc":"2.0","id":1,"method":"send_tx","params":{"signed_tx_base64":"\#(signed.encoded)"}}"#)
    }
}
