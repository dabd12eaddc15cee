import Blockchain
import Foundation
import GemCrypto
import Primitives
import Testing

/// A Solana answer body from Vectors/clients/solana (sources: that folder's README.md, chain-apis.md § 3).
private func fixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/solana"),
          let data = try? Data(contentsOf: url) else { return "missing fixture \(name)" }
    return String(decoding: data, as: UTF8.self)
}

/// The JSON-RPC `result` of an answer body.
private func result(_ body: String) throws -> JSON {
    try JSONRPC.result(ChainResponse(status: 200, body: Array(body.utf8)))
}

private func outcome<T>(_ body: () throws(ChainClientError) -> T) -> Result<T, ChainClientError> {
    Result { () throws(ChainClientError) -> T in try body() }
}

private let owner = "A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd"
private let recipient = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
private let usdc = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
private let pyusd = "2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo"
private let signature = "2id3YC2jK9G5Wo2phDx4gJVAew8DcY5NAojnVuao8rkxwPYPe8cSwE5GzhEgJA2y8fVjDEo6iR6ykBvDxrTQrtpb"

@Suite struct SolanaClientTests {
    // MARK: Requests

    static let bodies: [(SolanaRPC, String)] = [
        (.balance(address: owner), #"{"jsonrpc":"2.0","id":1,"method":"getBalance","params":["\#(owner)"]}"#),
        (.tokenAccountsByMint(owner: owner, mint: usdc),
         #"{"jsonrpc":"2.0","id":1,"method":"getTokenAccountsByOwner","params":["\#(owner)",{"mint":"\#(usdc)"},{"encoding":"jsonParsed"}]}"#),
        (.tokenAccountsByProgram(owner: owner, program: .token),
         #"{"jsonrpc":"2.0","id":1,"method":"getTokenAccountsByOwner","params":["\#(owner)",{"programId":"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"},{"encoding":"jsonParsed"}]}"#),
        (.tokenAccountsByProgram(owner: owner, program: .token2022),
         #"{"jsonrpc":"2.0","id":1,"method":"getTokenAccountsByOwner","params":["\#(owner)",{"programId":"TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb"},{"encoding":"jsonParsed"}]}"#),
        (.accountInfo(address: usdc), #"{"jsonrpc":"2.0","id":1,"method":"getAccountInfo","params":["\#(usdc)",{"encoding":"jsonParsed"}]}"#),
        (.latestBlockhash, #"{"jsonrpc":"2.0","id":1,"method":"getLatestBlockhash","params":[]}"#),
        (.recentPrioritizationFees, #"{"jsonrpc":"2.0","id":1,"method":"getRecentPrioritizationFees","params":[]}"#),
        (.minimumBalanceForRentExemption(size: 165), #"{"jsonrpc":"2.0","id":1,"method":"getMinimumBalanceForRentExemption","params":[165]}"#),
        (.sendTransaction(base64: "AQID", skipPreflight: nil), #"{"jsonrpc":"2.0","id":1,"method":"sendTransaction","params":["AQID",{"encoding":"base64"}]}"#),
        (.sendTransaction(base64: "AQID", skipPreflight: true),
         #"{"jsonrpc":"2.0","id":1,"method":"sendTransaction","params":["AQID",{"encoding":"base64","skipPreflight":true}]}"#),
        (.signatureStatuses([signature]),
         #"{"jsonrpc":"2.0","id":1,"method":"getSignatureStatuses","params":[["\#(signature)"],{"searchTransactionHistory":true}]}"#),
        (.transaction(signature: signature),
         #"{"jsonrpc":"2.0","id":1,"method":"getTransaction","params":["\#(signature)",{"maxSupportedTransactionVersion":0}]}"#),
        (.slot, #"{"jsonrpc":"2.0","id":1,"method":"getSlot","params":[]}"#),
        (.blockHeight, #"{"jsonrpc":"2.0","id":1,"method":"getBlockHeight","params":[]}"#),
        (.genesisHash, #"{"jsonrpc":"2.0","id":1,"method":"getGenesisHash","params":[]}"#),
    ]

    @Test(arguments: bodies)
    func everyCallIsAJSONRPCPostWithTheNodesParams(rpc: SolanaRPC, body: String) {
        let request = rpc.request
        #expect(request.method == .post && request.path == "" && request.query.isEmpty)
        #expect(request.headers == [ChainHeader(name: "Content-Type", value: "application/json")])
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == body)
    }

    // MARK: Balances

    @Test func balanceIsTheLamportsOfGetBalance() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getBalance"))
        let balance = try await SolanaClient(transport: transport).balance(address: owner)
        #expect(balance == ChainBalance(assetId: AssetId(chain: .solana), available: BigUInt(2_039_280)))
        #expect(await transport.body(0) == Self.bodies[0].1)
    }

    @Test func tokenBalancesSumEachMintOverBothProgramsInTheOrderAsked() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getTokenAccountsByOwner.spl"))
        await transport.answer(fixture("getTokenAccountsByOwner.token2022"))
        let absent = "So11111111111111111111111111111111111111112"
        let balances = try await SolanaClient(transport: transport).tokenBalances(owner: owner, mints: [pyusd, usdc, absent, usdc])
        #expect(balances == [
            ChainBalance(assetId: try AssetId(chain: .solana, tokenId: pyusd), available: BigUInt(UInt64.max)),
            ChainBalance(assetId: try AssetId(chain: .solana, tokenId: usdc), available: BigUInt(1_750_000)),
            ChainBalance(assetId: try AssetId(chain: .solana, tokenId: absent), available: .zero),
        ])
        #expect(await transport.requests.count == 2)
        #expect(await transport.body(0) == Self.bodies[2].1)
        #expect(await transport.body(1) == Self.bodies[3].1)
    }

    @Test func noMintsAsksNothing() async throws {
        let transport = RecordingChainTransport()
        #expect(try await SolanaClient(transport: transport).tokenBalances(owner: owner, mints: []) == [])
        #expect(await transport.requests.isEmpty)
    }

    @Test func tokenAccountsAreReadPerAccount() throws {
        let accounts = try SolanaMapper.tokenAccounts(try result(fixture("getTokenAccountsByOwner.token2022")))
        #expect(accounts == [SolanaTokenAccount(address: "6mBUe3SMBZLWUXEsRrDvDeyvCxNe6DKSNHSDDBNTrcVp", mint: pyusd, program: .token2022,
                                                amount: BigUInt(UInt64.max))])
        #expect(try SolanaMapper.tokenAccounts(try result(fixture("getTokenAccountsByOwner.empty"))) == [])
    }

    /// One account of getTokenAccountsByOwner.spl.json with one field replaced.
    private static func account(amount: String = #""1500000""#, mint: String = #""\#(usdc)""#,
                                owner programOwner: String = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA") -> String {
        #"{"context":{"slot":1},"value":[{"pubkey":"C2gJg6tKpQs41PRS1nC8aw3ZKNZK3HQQZGVrDFDup5nx","account":{"data":{"parsed":{"info":{"mint":\#(mint),"tokenAmount":{"amount":\#(amount),"decimals":6}},"type":"account"},"program":"spl-token","space":165},"owner":"\#(programOwner)","lamports":2039280}}]}"#
    }

    @Test(arguments: [
        (account(amount: #""18446744073709551616""#), "value[0].info.tokenAmount.amount: above u64"),
        (account(amount: #""-1""#), "value[0].info.tokenAmount.amount: not a decimal integer"),
        (account(amount: "1500000"), "value[0].info.tokenAmount.amount: not a decimal string"),
        (account(amount: #""1.5""#), "value[0].info.tokenAmount.amount: not a decimal integer"),
        (account(mint: #""EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1O""#), "value[0].info.mint: not base58 of 32 bytes"),
        (account(mint: #""EPjFWdd5AufqSSqeM2qN1xzybapC8G4""#), "value[0].info.mint: not base58 of 32 bytes"),
        (account(owner: "11111111111111111111111111111111"), "value[0].account.owner: not a token program (11111111111111111111111111111111)"),
        (#"{"context":{"slot":1},"value":null}"#, "value: not an array"),
        (#"{"context":{"slot":1},"value":[{"account":{}}]}"#, "value[0].pubkey: not a string"),
    ])
    func aTokenAccountOffTheDocumentedShapeIsMalformed(json: String, reason: String) throws {
        let answer = try JSONParser.parse(json)
        #expect(outcome { () throws(ChainClientError) in try SolanaMapper.tokenAccounts(answer) } == .failure(.malformed(reason)))
    }

    @Test(arguments: [
        (#"{"context":{"slot":1},"value":-1}"#, "value: negative"),
        (#"{"context":{"slot":1},"value":18446744073709551616}"#, "value: not an exact integer (fraction, or above 2^63)"),
        (#"{"context":{"slot":1},"value":"5"}"#, "value: not a number"),
        (#"{"context":{"slot":1}}"#, "value: not a number"),
    ])
    func aBalanceThatIsNotAU64IsMalformed(json: String, reason: String) throws {
        let answer = try JSONParser.parse(json)
        #expect(outcome { () throws(ChainClientError) in try SolanaMapper.balance(answer) } == .failure(.malformed(reason)))
    }

    // MARK: Token metadata and accounts

    @Test func tokenMetadataReadsDecimalsProgramAndAccountSize() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getAccountInfo.usdcMint"))
        await transport.answer(fixture("getAccountInfo.pyusdMint"))
        let client = SolanaClient(transport: transport)
        #expect(try await client.tokenMetadata(mint: usdc) == SolanaTokenMetadata(mint: usdc, decimals: 6, program: .token, accountSize: 165))
        // 165 + account type 1 + ImmutableOwner 4 + TransferFeeAmount 12 + TransferHookAccount 5.
        #expect(try await client.tokenMetadata(mint: pyusd) == SolanaTokenMetadata(mint: pyusd, decimals: 6, program: .token2022, accountSize: 187))
        #expect(await transport.body(0) == Self.bodies[4].1)
    }

    @Test func aMissingMintIsNotFoundAndATokenAccountIsNotAMint() throws {
        let missing = try result(fixture("getAccountInfo.null"))
        #expect(outcome { () throws(ChainClientError) in try SolanaMapper.tokenMetadata(missing, mint: usdc) } == .failure(.notFound("mint \(usdc)")))
        let tokenAccount = try result(fixture("getAccountInfo.tokenAccount"))
        #expect(outcome { () throws(ChainClientError) in try SolanaMapper.tokenMetadata(tokenAccount, mint: usdc) }
            == .failure(.malformed("value.data.parsed.type: not a mint")))
        let wide = try JSONParser.parse(#"{"value":{"owner":"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA","data":{"parsed":{"type":"mint","info":{"decimals":256}}}}}"#)
        #expect(outcome { () throws(ChainClientError) in try SolanaMapper.tokenMetadata(wide, mint: usdc) }
            == .failure(.malformed("value.data.parsed.info.decimals: above 255")))
        let base64 = try JSONParser.parse(#"{"value":{"owner":"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA","data":["AAAA","base64"]}}"#)
        #expect(outcome { () throws(ChainClientError) in try SolanaMapper.tokenMetadata(base64, mint: usdc) }
            == .failure(.malformed("value.data.parsed: missing")))
    }

    @Test func anAccountExistsUnlessItsValueIsNull() throws {
        #expect(try SolanaMapper.accountExists(try result(fixture("getAccountInfo.null"))) == false)
        #expect(try SolanaMapper.accountExists(try result(fixture("getAccountInfo.tokenAccount"))) == true)
        let noValue = try JSONParser.parse(#"{"context":{"slot":1}}"#)
        #expect(outcome { () throws(ChainClientError) in try SolanaMapper.accountExists(noValue) } == .failure(.malformed("value: missing")))
        let text = try JSONParser.parse(#"{"value":"account"}"#)
        #expect(outcome { () throws(ChainClientError) in try SolanaMapper.accountExists(text) } == .failure(.malformed("value: not an account or null")))
    }

    // MARK: Fees

    @Test func feeRatesFollowTheSpecificationsApp() throws {
        let fees = try result(fixture("getRecentPrioritizationFees"))
        // Top five 225k, 200k, 175k, 150k, 125k: mean 175,000, already a multiple of 25,000.
        let native = try SolanaMapper.feeRates(fees)
        #expect(native.unit == .microLamportsPerComputeUnit && native.baseFee == nil)
        #expect(native.rates == [FeeRate(priority: .slow, value: BigUInt(87_500)), FeeRate(priority: .normal, value: BigUInt(175_000)),
                                 FeeRate(priority: .fast, value: BigUInt(525_000))])
        // Rounded up to a multiple of 50,000 for a token transfer, 100,000 for a swap.
        #expect(try SolanaMapper.feeRates(fees, kind: .tokenTransfer).rate(.normal) == BigUInt(200_000))
        #expect(try SolanaMapper.feeRates(fees, kind: .swap).rate(.fast) == BigUInt(600_000))
        // No samples: the multiple itself (gemwalletcom/core test_calculate_fee_rates_empty_fees: 12,500 / 25,000 / 75,000).
        let empty = try SolanaMapper.feeRates(try result(fixture("getRecentPrioritizationFees.empty")))
        #expect(empty.rates.map(\.value) == [BigUInt(12_500), BigUInt(25_000), BigUInt(75_000)])
        // All-zero samples: never below the multiple.
        let zeros = try SolanaMapper.feeRates(try JSONParser.parse(#"[{"slot":1,"prioritizationFee":0},{"slot":2,"prioritizationFee":0}]"#))
        #expect(zeros.rate(.normal) == BigUInt(25_000))
        // A mean that is not a multiple rounds up: 30,001 → 50,000.
        let odd = try SolanaMapper.feeRates(try JSONParser.parse(#"[{"slot":1,"prioritizationFee":30001}]"#))
        #expect(odd.rate(.normal) == BigUInt(50_000))
    }

    @Test(arguments: [
        (#"[{"slot":1,"prioritizationFee":-5}]"#, "[0].prioritizationFee: negative"),
        (#"[{"slot":1,"prioritizationFee":1.5}]"#, "[0].prioritizationFee: not an exact integer (fraction, or above 2^63)"),
        (#"[{"slot":1,"prioritizationFee":18446744073709551615}]"#, "[0].prioritizationFee: not an exact integer (fraction, or above 2^63)"),
        (#"[{"slot":1,"prioritizationFee":9223372036854775807}]"#, "prioritizationFee: the compute-unit price is above u64"),
        (#"[{"slot":1}]"#, "[0].prioritizationFee: not a number"),
        (#"{"value":[]}"#, "result: not an array"),
    ])
    func feeSamplesOffTheShapeAreMalformed(json: String, reason: String) throws {
        let answer = try JSONParser.parse(json)
        #expect(outcome { () throws(ChainClientError) in try SolanaMapper.feeRates(answer) } == .failure(.malformed(reason)))
    }

    @Test func feeRatesAskTheNode() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getRecentPrioritizationFees"))
        #expect(try await SolanaClient(transport: transport).feeRates(kind: .tokenTransfer).rate(.slow) == BigUInt(100_000))
        #expect(await transport.body(0) == Self.bodies[6].1)
    }

    // MARK: Preload

    @Test func aNativePreloadIsBlockhashFeesAndBalanceAndSigns() async throws {
        let key = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32))
        let sender = SolanaAddress.derive(key.publicKey.bytes)
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getLatestBlockhash"))
        await transport.answer(fixture("getRecentPrioritizationFees"))
        await transport.answer(fixture("getBalance"))
        let client = SolanaClient(transport: transport)
        let preload = try await client.preload(sender: sender, recipient: recipient)
        #expect(preload.blockhash == SolanaBlockhash(blockhash: "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N", lastValidBlockHeight: 3090))
        #expect(preload.balance == BigUInt(2_039_280) && preload.token == nil)
        #expect(preload.fees.rate(.normal) == BigUInt(175_000))
        #expect(await transport.body(0) == Self.bodies[5].1)
        #expect(await transport.body(1) == Self.bodies[6].1)
        #expect(await transport.body(2) == #"{"jsonrpc":"2.0","id":1,"method":"getBalance","params":["\#(sender)"]}"#)

        let input = preload.signerInput(recipient: recipient, amount: BigUInt(1_000_000), priority: .fast)
        #expect(input == SolanaSignerInput(asset: .native, recipient: recipient, amount: BigUInt(1_000_000), balance: BigUInt(2_039_280),
                                           recentBlockhash: "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N", computeUnitLimit: 100_000,
                                           computeUnitPrice: 525_000))
        let signed = try SolanaSigner.sign(input, key: key)
        await transport.answer(#"{"jsonrpc":"2.0","result":"\#(signed.hash)","id":1}"#)
        #expect(try await client.broadcast(signed.encoded) == signed.hash)
        #expect(await transport.body(3) == #"{"jsonrpc":"2.0","id":1,"method":"sendTransaction","params":["\#(signed.encoded)",{"encoding":"base64"}]}"#)
    }

    @Test func aTokenPreloadFindsTheSendersAccountAndCreatesAMissingRecipientAccount() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getLatestBlockhash"))
        await transport.answer(fixture("getRecentPrioritizationFees"))
        await transport.answer(fixture("getBalance"))
        await transport.answer(fixture("getTokenAccountsByOwner.byMint"))
        await transport.answer(fixture("getAccountInfo.null"))
        await transport.answer(fixture("getMinimumBalanceForRentExemption"))
        let metadata = SolanaTokenMetadata(mint: usdc, decimals: 6, program: .token, accountSize: 165)
        let preload = try await SolanaClient(transport: transport).preload(sender: owner, recipient: recipient, token: metadata)
        // The associated accounts (solders find_program_address): the sender's 5vEif…, the recipient's FGETo8….
        #expect(preload.token == SolanaPreload.Token(
            metadata: metadata, senderTokenAccount: "5vEif6ypkhvxFLuU1595N31Z1Cui6f74pHM53f16ePdw", tokenBalance: BigUInt(1_500_000),
            recipientTokenAccount: "FGETo8T8wMcN2wCjav8VK6eh3dLk63evNDPxzLSJra8B", recipientAccountExists: false,
            accountCreationLamports: BigUInt(2_039_280)))
        #expect(preload.fees.rate(.normal) == BigUInt(200_000))
        #expect(await transport.requests.count == 6)
        #expect(await transport.body(3) == Self.bodies[1].1)
        #expect(await transport.body(4)
            == #"{"jsonrpc":"2.0","id":1,"method":"getAccountInfo","params":["FGETo8T8wMcN2wCjav8VK6eh3dLk63evNDPxzLSJra8B",{"encoding":"jsonParsed"}]}"#)
        #expect(await transport.body(5) == Self.bodies[7].1)

        let input = preload.signerInput(recipient: recipient, amount: BigUInt(1_000_000))
        #expect(input.asset == .token(SolanaSignerInput.TokenTransfer(
            mint: usdc, program: .token, decimals: 6, tokenBalance: BigUInt(1_500_000),
            senderTokenAccount: "5vEif6ypkhvxFLuU1595N31Z1Cui6f74pHM53f16ePdw", recipientTokenAccount: nil,
            createRecipientAccount: true, accountCreationLamports: BigUInt(2_039_280))))
        #expect(input.computeUnitPrice == 200_000)
    }

    @Test func aTokenPreloadThatCreatesTheRecipientAccountSigns() async throws {
        let key = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32))
        let sender = SolanaAddress.derive(key.publicKey.bytes)
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getLatestBlockhash"))
        await transport.answer(fixture("getRecentPrioritizationFees"))
        await transport.answer(fixture("getBalance"))
        await transport.answer(fixture("getTokenAccountsByOwner.byMint"))
        await transport.answer(fixture("getAccountInfo.null"))
        await transport.answer(fixture("getMinimumBalanceForRentExemption"))
        let metadata = SolanaTokenMetadata(mint: usdc, decimals: 6, program: .token, accountSize: 165)
        let preload = try await SolanaClient(transport: transport).preload(sender: sender, recipient: recipient, token: metadata)
        var input = preload.signerInput(recipient: recipient, amount: BigUInt(100_000))
        // The rent the preload read reaches the signer's balance check: 2,039,280 rent + 5,000 signature fee +
        // 200,000 µ-lamports × 100,000 CU = 20,000 lamports priority fee.
        #expect(throws: SignerError.insufficientBalance(required: BigUInt(2_064_280), available: BigUInt(2_039_280))) {
            try SolanaSigner.sign(input, key: key)
        }
        input.balance = BigUInt(1_000_000_000)
        let signed = try SolanaSigner.sign(input, key: key)
        #expect(!signed.encoded.isEmpty && signed.hash.count >= 86)
    }

    @Test func aTokenPreloadToAnExistingAccountAsksNoRent() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getLatestBlockhash"))
        await transport.answer(fixture("getRecentPrioritizationFees.empty"))
        await transport.answer(fixture("getBalance"))
        await transport.answer(fixture("getTokenAccountsByOwner.empty"))
        await transport.answer(fixture("getAccountInfo.tokenAccount"))
        let metadata = SolanaTokenMetadata(mint: pyusd, decimals: 6, program: .token2022, accountSize: 187)
        let preload = try await SolanaClient(transport: transport).preload(sender: owner, recipient: recipient, token: metadata)
        #expect(preload.token == SolanaPreload.Token(
            metadata: metadata, senderTokenAccount: nil, tokenBalance: .zero,
            recipientTokenAccount: "897krAvWH3RbymaCYE3o9emopUwocieHuKTUk9nySpq6", recipientAccountExists: true, accountCreationLamports: nil))
        #expect(preload.fees.rate(.normal) == BigUInt(50_000))
        #expect(await transport.requests.count == 5)
        let input = preload.signerInput(recipient: recipient, amount: BigUInt(1))
        guard case let .token(transfer) = input.asset else { Issue.record("not a token transfer"); return }
        #expect(transfer.recipientTokenAccount == "897krAvWH3RbymaCYE3o9emopUwocieHuKTUk9nySpq6" && !transfer.createRecipientAccount)
    }

    @Test func aPreloadToAnAddressThatIsNotSolanasIsRefusedBeforeTheTokenCalls() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getLatestBlockhash"))
        await transport.answer(fixture("getRecentPrioritizationFees"))
        await transport.answer(fixture("getBalance"))
        let metadata = SolanaTokenMetadata(mint: usdc, decimals: 6, program: .token, accountSize: 165)
        await #expect(throws: ChainClientError.malformed("recipient: not a Solana address")) {
            try await SolanaClient(transport: transport).preload(sender: owner, recipient: "0xdeadbeef", token: metadata)
        }
        #expect(await transport.requests.count == 3)
    }

    // MARK: Broadcast

    @Test func broadcastAnswersTheSignature() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("sendTransaction"))
        #expect(try await SolanaClient(transport: transport).broadcast("AQID", skipPreflight: true) == signature)
        #expect(await transport.body(0) == Self.bodies[9].1)
    }

    @Test(arguments: [
        (200, fixture("sendTransaction.preflightError"), ChainClientError.rejected("Transaction simulation failed: Blockhash not found (-32002)")),
        (200, #"{"jsonrpc":"2.0","error":{"code":-32003,"message":"Transaction signature verification failure"},"id":1}"#,
         .rejected("Transaction signature verification failure (-32003)")),
        (429, "Too many requests", .http(status: 429, body: "Too many requests")),
        (200, #"{"jsonrpc":"2.0","result":"not-base58-0OIl","id":1}"#, .malformed("result: not base58 of 64 bytes")),
        (200, #"{"jsonrpc":"2.0","result":"EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N","id":1}"#, .malformed("result: not base58 of 64 bytes")),
        (200, #"{"jsonrpc":"2.0","result":null,"id":1}"#, .malformed("result: not a string")),
    ])
    func aRefusedBroadcastIsRejectedAndOtherFailuresKeepTheirKind(status: Int, body: String, expected: ChainClientError) async {
        let transport = RecordingChainTransport()
        await transport.answer(body, status: status)
        await #expect(throws: expected) { try await SolanaClient(transport: transport).broadcast("AQID") }
    }

    // MARK: Status

    @Test func aSignatureNotYetSeenOrOnlyProcessedIsPendingAfterOneRequest() async throws {
        for (name, expected) in [("getSignatureStatuses.unknown", ChainTransactionStatus(state: .pending)),
                                 ("getSignatureStatuses.processed", ChainTransactionStatus(state: .pending, blockNumber: 81))] {
            let transport = RecordingChainTransport()
            await transport.answer(fixture(name))
            #expect(try await SolanaClient(transport: transport).status(signature: signature) == expected)
            #expect(await transport.requests.count == 1)
            #expect(await transport.body(0) == Self.bodies[10].1)
        }
    }

    @Test func aFinalTransactionIsConfirmedWithItsSlotAndFee() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getSignatureStatuses"))
        await transport.answer(fixture("getTransaction"))
        #expect(try await SolanaClient(transport: transport).status(signature: signature)
            == ChainTransactionStatus(state: .confirmed, blockNumber: 430, fee: BigUInt(5000)))
        #expect(await transport.body(1) == Self.bodies[11].1)
    }

    @Test func aFailedTransactionIsFailedWithTheFeeItPaid() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getSignatureStatuses.failed"))
        await transport.answer(fixture("getTransaction.failed"))
        #expect(try await SolanaClient(transport: transport).status(signature: signature)
            == ChainTransactionStatus(state: .failed, blockNumber: 341_197_933, fee: BigUInt(105_000)))
    }

    @Test func aStatusGetTransactionDoesNotYetAnswerKeepsItsStateWithoutAFee() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getSignatureStatuses.failed"))
        await transport.answer(fixture("getTransaction.null"))
        #expect(try await SolanaClient(transport: transport).status(signature: signature) == ChainTransactionStatus(state: .failed, blockNumber: 72))
    }

    @Test func transactionAndSignatureStatusMappers() throws {
        #expect(try SolanaMapper.transactionStatus(try result(fixture("getTransaction.null"))) == ChainTransactionStatus(state: .pending))
        #expect(try SolanaMapper.transactionStatus(try JSONParser.parse(#"{"slot":9,"meta":null}"#)) == ChainTransactionStatus(state: .pending, blockNumber: 9))
        #expect(try SolanaMapper.signatureStatus(try result(fixture("getSignatureStatuses"))) == ChainTransactionStatus(state: .confirmed, blockNumber: 48))
        #expect(try SolanaMapper.signatureStatus(try result(fixture("getSignatureStatuses.failed"))) == ChainTransactionStatus(state: .failed, blockNumber: 72))
        let cases: [(String, (JSON) throws(ChainClientError) -> ChainTransactionStatus, String)] = [
            (#"{"slot":9,"meta":{"err":null}}"#, SolanaMapper.transactionStatus, "meta.fee: not a number"),
            (#"{"meta":{"err":null,"fee":5000}}"#, SolanaMapper.transactionStatus, "slot: not a number"),
            (#""pending""#, SolanaMapper.transactionStatus, "result: not a transaction or null"),
            (#"{"value":[]}"#, SolanaMapper.signatureStatus, "value: empty"),
            (#"{"value":[{"slot":5,"err":null,"confirmationStatus":"rooted"}]}"#, SolanaMapper.signatureStatus, "value[0].confirmationStatus: unknown (rooted)"),
        ]
        for (json, mapper, reason) in cases {
            let answer = try JSONParser.parse(json)
            #expect(outcome { () throws(ChainClientError) in try mapper(answer) } == .failure(.malformed(reason)))
        }
    }

    // MARK: Block and network

    @Test func latestBlockHeightAndNetworkId() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("getSlot"))
        await transport.answer(fixture("getBlockHeight"))
        await transport.answer(fixture("getGenesisHash"))
        let client = SolanaClient(transport: transport)
        #expect(try await client.latestBlock() == 1234)
        #expect(try await client.blockHeight() == 1233)
        #expect(try await client.networkId() == "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d")
        #expect(await transport.body(0) == Self.bodies[12].1)
        #expect(await transport.body(1) == Self.bodies[13].1)
        #expect(await transport.body(2) == Self.bodies[14].1)
    }

    @Test func aGenesisHashOrBlockhashThatIsNotBase58Of32BytesIsMalformed() throws {
        #expect(outcome { () throws(ChainClientError) in try SolanaMapper.genesisHash(.string("5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9O")) }
            == .failure(.malformed("result: not base58 of 32 bytes")))
        #expect(outcome { () throws(ChainClientError) in try SolanaMapper.genesisHash(.string(String(repeating: "z", count: 5000))) }
            == .failure(.malformed("result: not base58 of 32 bytes")))
        let short = try JSONParser.parse(#"{"value":{"blockhash":"EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUd","lastValidBlockHeight":3090}}"#)
        #expect(outcome { () throws(ChainClientError) in try SolanaMapper.latestBlockhash(short) } == .failure(.malformed("value.blockhash: not base58 of 32 bytes")))
        let noHeight = try JSONParser.parse(#"{"value":{"blockhash":"EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N"}}"#)
        #expect(outcome { () throws(ChainClientError) in try SolanaMapper.latestBlockhash(noHeight) }
            == .failure(.malformed("value.lastValidBlockHeight: not a number")))
    }

    // MARK: Errors reach the caller as they are

    @Test(arguments: [
        ChainClientError.offline("no route"), .timeout("30 s"),
    ])
    func aTransportFailureIsThrownByEveryCall(error: ChainClientError) async {
        let transport = RecordingChainTransport()
        for _ in 0..<8 { await transport.fail(error) }
        let client = SolanaClient(transport: transport)
        await #expect(throws: error) { try await client.balance(address: owner) }
        await #expect(throws: error) { try await client.tokenBalances(owner: owner, mints: [usdc]) }
        await #expect(throws: error) { try await client.tokenMetadata(mint: usdc) }
        await #expect(throws: error) { try await client.feeRates() }
        await #expect(throws: error) { try await client.preload(sender: owner, recipient: recipient) }
        await #expect(throws: error) { try await client.broadcast("AQID") }
        await #expect(throws: error) { try await client.status(signature: signature) }
        await #expect(throws: error) { try await client.networkId() }
    }

    @Test func aNodeErrorOrHTTPStatusIsThrownAsItIs() async {
        let transport = RecordingChainTransport()
        await transport.answer(#"{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid param: WrongSize"},"id":1}"#)
        await transport.answer("<html>bad gateway</html>", status: 502)
        await transport.answer("<html>")
        let client = SolanaClient(transport: transport)
        await #expect(throws: ChainClientError.rpc(code: -32602, message: "Invalid param: WrongSize")) { try await client.balance(address: "x") }
        await #expect(throws: ChainClientError.http(status: 502, body: "<html>bad gateway</html>")) { try await client.latestBlock() }
        await #expect(throws: ChainClientError.malformed("the answer is not JSON: <html>")) { try await client.status(signature: signature) }
    }
}
