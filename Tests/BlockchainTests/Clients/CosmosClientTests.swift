import Blockchain
import Foundation
import GemCrypto
import Primitives
import Testing

/// Reads Tests/BlockchainTests/Vectors/clients/cosmos/<name>.json (Cosmos SDK REST answer shapes; sources in its README).
private func fixture(_ name: String) -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/clients/cosmos"),
          let data = try? Data(contentsOf: url) else { return "" }
    return String(decoding: data, as: UTF8.self)
}

private func response(_ body: String, status: Int = 200) -> ChainResponse {
    ChainResponse(status: status, body: Array(body.utf8))
}

private func parsed(_ body: String) -> JSON {
    (try? JSONParser.parse(body)) ?? .null
}

private func outcome<T>(_ body: () throws(ChainClientError) -> T) -> Result<T, ChainClientError> {
    Result { () throws(ChainClientError) -> T in try body() }
}

private let hash = "D1E9B6C9F2A54F4F8C7E3E6F2B8A1C0D9E8F7A6B5C4D3E2F1A0B9C8D7E6F5A4B"
private let ibc = "ibc/0025F8A87464A471E66B234C4F93AEC5B4DA3D42D7986451A059273426290DD5"
private let address = "cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02"

@Suite struct CosmosRequestTests {
    @Test(arguments: [
        (CosmosAPI.balances(address: address), "/cosmos/bank/v1beta1/balances/" + address),
        (.account(address: address), "/cosmos/auth/v1beta1/accounts/" + address),
        (.transaction(hash: hash), "/cosmos/tx/v1beta1/txs/" + hash),
        (.nodeInfo, "/cosmos/base/tendermint/v1beta1/node_info"),
        (.latestBlock, "/cosmos/base/tendermint/v1beta1/blocks/latest"),
        (.balances(address: "cosmos1/../x?y"), "/cosmos/bank/v1beta1/balances/cosmos1%2F..%2Fx%3Fy"),
    ])
    func eachGetIsItsPath(target: CosmosAPI, path: String) {
        let request = target.request
        #expect(request.method == .get && request.path == path && request.query.isEmpty && request.body == nil && request.headers.isEmpty)
    }

    @Test func broadcastPostsModeAndTxBytes() {
        let request = CosmosAPI.broadcast(txBytes: "CpIBCo8BChwv").request
        #expect(request.method == .post && request.path == "/cosmos/tx/v1beta1/txs")
        #expect(request.headers == [ChainHeader(name: "Content-Type", value: "application/json")])
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == #"{"mode":"BROADCAST_MODE_SYNC","tx_bytes":"CpIBCo8BChwv"}"#)
    }
}

@Suite struct CosmosMapperTests {
    // MARK: balances (chain-apis.md § 4 "Native balance", "Token balances")

    @Test func theNativeBalanceIsItsDenomsEntry() throws {
        #expect(try CosmosMapper.nativeBalance(parsed(fixture("balances")), chain: .cosmos)
            == ChainBalance(assetId: Chain.cosmos.assetId, available: 4_213_370))
        #expect(try CosmosMapper.nativeBalance(parsed(fixture("balances_empty")), chain: .cosmos).available == 0)
        #expect(try CosmosMapper.nativeBalance(parsed(fixture("balances")), chain: .osmosis).available == 0)
        let injective = try CosmosMapper.nativeBalance(parsed(fixture("balances_injective")), chain: .injective)
        #expect(injective.available.description == "1234567890123456789012")
    }

    @Test func aNativeDenomMissingFromAPagedListIsUnknown() {
        #expect(throws: ChainClientError.malformed("the native denom is not on the first page of balances")) {
            try CosmosMapper.nativeBalance(parsed(fixture("balances_paged")), chain: .osmosis)
        }
    }

    @Test func tokenBalancesAreTheDenomsAskedFor() throws {
        let balances = try CosmosMapper.tokenBalances(parsed(fixture("balances")), chain: .cosmos, denoms: [ibc, "factory/x/y", ""])
        #expect(balances == [
            ChainBalance(assetId: try AssetId(chain: .cosmos, tokenId: ibc), available: 1_500_000),
            // Listed nowhere in a complete list: the bank module dropped a zero balance.
            ChainBalance(assetId: try AssetId(chain: .cosmos, tokenId: "factory/x/y"), available: 0),
        ])
        // On a paged list a missing denom is left out.
        let paged = try CosmosMapper.tokenBalances(parsed(fixture("balances_paged")), chain: .osmosis,
                                                   denoms: ["factory/osmo1abc/alpha", "factory/osmo1abc/beta"])
        #expect(paged == [ChainBalance(assetId: try AssetId(chain: .osmosis, tokenId: "factory/osmo1abc/alpha"), available: 1)])
    }

    @Test(arguments: [
        #"{"balances":[{"denom":"uatom","amount":4213370}]}"#,
        #"{"balances":[{"denom":"uatom","amount":"-1"}]}"#,
        #"{"balances":[{"denom":"uatom","amount":"1.5"}]}"#,
        #"{"balances":[{"denom":"uatom","amount":"01"}]}"#,
        #"{"balances":[{"denom":"uatom","amount":""}]}"#,
        // 2^256: above the SDK's Int.
        #"{"balances":[{"denom":"uatom","amount":"115792089237316195423570985008687907853269984665640564039457584007913129639936"}]}"#,
        #"{"balances":[{"denom":"","amount":"1"}]}"#,
        #"{"balances":[{"amount":"1"}]}"#,
        #"{"balances":{}}"#,
        #"{}"#,
    ])
    func malformedBalancesAreRefused(body: String) {
        let result = outcome { () throws(ChainClientError) in try CosmosMapper.nativeBalance(parsed(body), chain: .cosmos) }
        guard case .failure(.malformed) = result else {
            Issue.record("expected malformed, got \(result)")
            return
        }
    }

    @Test func theLargestSDKIntIsExact() throws {
        let max = "115792089237316195423570985008687907853269984665640564039457584007913129639935"
        #expect(try CosmosMapper.nativeBalance(parsed(#"{"balances":[{"denom":"inj","amount":"\#(max)"}]}"#), chain: .injective)
            .available.description == max)
    }

    // MARK: staking (chain-apis.md § 4 "Staking balance")

    @Test func stakeIsDelegatedUnbondingAndWholeRewards() throws {
        let staking = try CosmosMapper.staking(delegations: parsed(fixture("delegations")), unbonding: parsed(fixture("unbonding_delegations")),
                                               rewards: parsed(fixture("rewards")), chain: .cosmos)
        #expect(staking == CosmosStaking(staked: 1_250_000, pending: 319_000, rewards: 1234))
        let empty = parsed(fixture("staking_empty"))
        #expect(try CosmosMapper.staking(delegations: empty, unbonding: empty, rewards: empty, chain: .cosmos)
            == CosmosStaking(staked: 0, pending: 0, rewards: 0))
        #expect([Chain.cosmos, .osmosis, .celestia, .thorchain, .injective, .sei, .noble].map(CosmosMapper.hasStaking)
            == [true, true, true, false, true, true, false])
    }

    @Test(arguments: [
        (#"{"delegation_responses":[{"balance":{"denom":"uatom","amount":"1.5"}}]}"#, #"{"unbonding_responses":[]}"#, #"{"rewards":[]}"#),
        (#"{"delegation_responses":[]}"#, #"{"unbonding_responses":[{"entries":[{"balance":"-1"}]}]}"#, #"{"rewards":[]}"#),
        (#"{"delegation_responses":[]}"#, #"{"unbonding_responses":[{}]}"#, #"{"rewards":[]}"#),
        (#"{"delegation_responses":[]}"#, #"{"unbonding_responses":[]}"#, #"{"rewards":[{"reward":[{"denom":"uatom","amount":"1.0000000000000000001"}]}]}"#),
        (#"{"delegation_responses":[]}"#, #"{"unbonding_responses":[]}"#, #"{"rewards":[{"reward":[{"denom":"uatom","amount":"1."}]}]}"#),
        (#"{"delegation_responses":[]}"#, #"{"unbonding_responses":[]}"#, #"{"rewards":[{"reward":[{"denom":"uatom","amount":".5"}]}]}"#),
        (#"{"delegation_responses":[]}"#, #"{"unbonding_responses":[]}"#, #"{"rewards":[{"reward":[{"denom":"uatom","amount":"1e3"}]}]}"#),
        (#"{}"#, #"{"unbonding_responses":[]}"#, #"{"rewards":[]}"#),
        (#"{"delegation_responses":[]}"#, #"{"unbonding_responses":[]}"#, #"{}"#),
    ])
    func malformedStakeIsRefused(delegations: String, unbonding: String, rewards: String) {
        let result = outcome { () throws(ChainClientError) in
            try CosmosMapper.staking(delegations: parsed(delegations), unbonding: parsed(unbonding), rewards: parsed(rewards), chain: .cosmos)
        }
        guard case .failure(.malformed) = result else {
            Issue.record("expected malformed, got \(result)")
            return
        }
    }

    // MARK: account (chain-apis.md § 4 "Preload")

    @Test(arguments: [
        ("account", CosmosAccount(accountNumber: 1_039_478, sequence: 52)),
        ("account_new_pubkey", CosmosAccount(accountNumber: 90210, sequence: 0)),
        ("account_injective", CosmosAccount(accountNumber: 88347, sequence: 12)),
        ("account_vesting", CosmosAccount(accountNumber: 7, sequence: 3)),
    ])
    func accountNumberAndSequence(name: String, expected: CosmosAccount) throws {
        #expect(try CosmosMapper.account(parsed(fixture(name))) == expected)
    }

    @Test(arguments: [
        #"{"account":{"account_number":1039478,"sequence":"52"}}"#,
        #"{"account":{"account_number":"1039478"}}"#,
        #"{"account":{"account_number":"-1","sequence":"52"}}"#,
        #"{"account":{"account_number":"18446744073709551616","sequence":"52"}}"#,
        #"{"account":{"base_account":{"sequence":"1"}}}"#,
        #"{}"#,
    ])
    func malformedAccountsAreRefused(body: String) {
        let result = outcome { () throws(ChainClientError) in try CosmosMapper.account(parsed(body)) }
        guard case .failure(.malformed) = result else {
            Issue.record("expected malformed, got \(result)")
            return
        }
    }

    @Test func feeRatesAreTheAppsFixedOnes() {
        #expect(CosmosMapper.feeRates(.cosmos) == FeeRates(unit: .nativeUnit, rates: [FeeRate(priority: .normal, value: 3000),
                                                                                      FeeRate(priority: .fast, value: 6000)]))
        #expect(CosmosMapper.feeRates(.thorchain) == FeeRates(unit: .nativeUnit, rates: [FeeRate(priority: .normal, value: 2_000_000)]))
        #expect(CosmosMapper.feeRates(.injective).rate(.fast)?.description == "200000000000000")
        #expect([Chain.cosmos, .osmosis, .celestia, .thorchain, .injective, .sei, .noble].map { CosmosMapper.transferFee($0).description }
            == ["3000", "10000", "3000", "2000000", "100000000000000", "100000", "25000"])
    }

    // MARK: broadcast (chain-apis.md § 4 "Broadcast")

    @Test func anAcceptedBroadcastIsItsHash() throws {
        #expect(try CosmosMapper.broadcast(response(fixture("broadcast"))) == hash)
    }

    @Test(arguments: [
        (fixture("broadcast_failed"), 200, ChainClientError.rejected("account sequence mismatch, expected 53, got 52: incorrect account sequence")),
        (fixture("broadcast_error"), 400, .rejected("invalid empty tx: invalid request")),
        (#"{"message":"something went wrong"}"#, 500, .rejected("something went wrong")),
        (#"{}"#, 200, .rejected("the node answered no tx_response")),
        (#"{"tx_response":{"code":13,"codespace":"sdk","raw_log":"","txhash":""}}"#, 200, .rejected("sdk code 13")),
        (#"{"tx_response":{"code":5,"txhash":""}}"#, 200, .rejected("code 5")),
        (#"{"tx_response":{"code":0,"txhash":""}}"#, 200, .malformed("tx_response.txhash is not 64 hex digits")),
        (#"{"tx_response":{"code":"0","txhash":"x"}}"#, 200, .malformed("tx_response.code is not an integer")),
        ("<html>bad gateway</html>", 502, .http(status: 502, body: "<html>bad gateway</html>")),
    ])
    func refusedBroadcasts(body: String, status: Int, expected: ChainClientError) {
        #expect(outcome { () throws(ChainClientError) in try CosmosMapper.broadcast(response(body, status: status)) } == .failure(expected))
    }

    // MARK: status (chain-apis.md § 4 "Status"; the not-found quirk)

    @Test(arguments: [
        (Chain.cosmos, "tx_confirmed", ChainTransactionStatus(state: .confirmed, blockNumber: 23_012_345, fee: 3000)),
        (.osmosis, "tx_reverted", ChainTransactionStatus(state: .reverted, blockNumber: 31_000_001, fee: 10000)),
        (.thorchain, "tx_thorchain", ChainTransactionStatus(state: .confirmed, blockNumber: 19_000_000, fee: 2_000_000)),
        (.cosmos, "tx_reverted", ChainTransactionStatus(state: .reverted, blockNumber: 31_000_001, fee: nil)),  // fee in another denom
    ])
    func anIndexedTransactionIsFinal(chain: Chain, name: String, expected: ChainTransactionStatus) throws {
        #expect(try CosmosMapper.transactionStatus(response(fixture(name)), chain: chain) == expected)
    }

    @Test(arguments: [
        (fixture("tx_not_found"), 404),
        (#"{"code":2,"message":"codespace sdk code 2: tx not found"}"#, 400),
    ])
    func anUnindexedTransactionIsPending(body: String, status: Int) throws {
        #expect(try CosmosMapper.transactionStatus(response(body, status: status), chain: .cosmos) == ChainTransactionStatus(state: .pending))
    }

    @Test(arguments: [
        (#"{"code":13,"message":"internal error"}"#, 500, ChainClientError.rpc(code: 13, message: "internal error")),
        ("upstream", 503, .http(status: 503, body: "upstream")),
        (#"{"tx_response":{"code":0,"height":23012345}}"#, 200, .malformed("tx_response.height is not a decimal string")),
        (#"{"tx_response":{"height":"1"}}"#, 200, .malformed("tx_response.code is not an integer")),
        (#"{"tx":{"auth_info":{"fee":{"amount":[{"denom":"uatom","amount":"-3"}]}}},"tx_response":{"code":0,"height":"5"}}"#, 200,
         .malformed("tx.auth_info.fee.amount is not an amount: -3")),
        (#"{}"#, 200, .malformed("the answer has no tx_response")),
    ])
    func otherStatusAnswersAreErrors(body: String, status: Int, expected: ChainClientError) {
        #expect(outcome { () throws(ChainClientError) in try CosmosMapper.transactionStatus(response(body, status: status), chain: .cosmos) }
            == .failure(expected))
    }

    // MARK: chain id and latest block (chain-apis.md § 4 "Chain id / latest block")

    @Test func nodeInfoAndLatestBlock() throws {
        #expect(try CosmosMapper.networkId(parsed(fixture("node_info"))) == Chain.cosmos.config.networkId)
        #expect(try CosmosMapper.latestBlock(parsed(fixture("block_latest"))) == 23_012_400)
        #expect(throws: ChainClientError.malformed("default_node_info.network is not a chain id")) {
            try CosmosMapper.networkId(parsed(#"{"default_node_info":{"network":""}}"#))
        }
        #expect(throws: ChainClientError.malformed("block.header.height is not a uint64: 1e6")) {
            try CosmosMapper.latestBlock(parsed(#"{"block":{"header":{"height":"1e6"}}}"#))
        }
    }
}

@Suite struct CosmosClientTests {
    @Test func onlyCosmosFamilyChainsHaveACosmosClient() {
        #expect(Chain.allCases.filter { CosmosClient(chain: $0, transport: RecordingChainTransport()) != nil }
            == [.thorchain, .cosmos, .osmosis, .celestia, .injective, .sei, .noble])
    }

    @Test func nativeAndTokenBalancesReadTheBankBalances() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("balances"))
        await transport.answer(fixture("balances"))
        let cosmos = try #require(CosmosClient(chain: .cosmos, transport: transport))
        #expect(try await cosmos.balance(address: address).available == 4_213_370)
        #expect(try await cosmos.tokenBalances(address: address, denoms: [ibc]).map(\.available) == [1_500_000])
        #expect(await transport.requests.map(\.path) == Array(repeating: "/cosmos/bank/v1beta1/balances/" + address, count: 2))
    }

    @Test func stakingAsksThreeEndpointsAndNoneWithoutStaking() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("delegations"))
        await transport.answer(fixture("unbonding_delegations"))
        await transport.answer(fixture("rewards"))
        let cosmos = try #require(CosmosClient(chain: .cosmos, transport: transport))
        #expect(try await cosmos.staking(address: address) == CosmosStaking(staked: 1_250_000, pending: 319_000, rewards: 1234))
        #expect(await transport.requests.map(\.path) == ["/cosmos/staking/v1beta1/delegations/" + address,
                                                         "/cosmos/staking/v1beta1/delegators/\(address)/unbonding_delegations",
                                                         "/cosmos/distribution/v1beta1/delegators/\(address)/rewards"])
        let noble = RecordingChainTransport()
        #expect(try await CosmosClient(chain: .noble, transport: noble)?.staking(address: "noble1x") == nil)
        #expect(await noble.requests.isEmpty)
    }

    @Test func preloadIsTheAccountAndTheAppsFixedFee() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("account_injective"))
        let injective = try #require(CosmosClient(chain: .injective, transport: transport))
        let preload = try await injective.preload(address: "inj1hkhdaj2a2clmq5jq6mspsggqs32vynpk228q3r")
        #expect(preload == CosmosPreload(account: CosmosAccount(accountNumber: 88347, sequence: 12), chainId: "injective-1",
                                         fee: 100_000_000_000_000, gasLimit: 200_000))
        #expect(await transport.requests.map(\.path) == ["/cosmos/auth/v1beta1/accounts/inj1hkhdaj2a2clmq5jq6mspsggqs32vynpk228q3r"])
    }

    /// Preload → signer → broadcast: the account state the node answers is what the signer signs with, and the
    /// signer's `encoded` goes out as `{"mode","tx_bytes"}` (the cosmpy signer vectors, answered as a node would).
    @Test(arguments: CosmosVectors.shared.transfers.filter { $0.input.accountNumber != nil && $0.input.sequence != nil })
    func aPreloadFeedsTheSignerAndItsOutputIsBroadcast(_ vector: CosmosVectors.Transfer) async throws {
        let chain = try #require(Chain(id: vector.input.chain))
        let base = #"{"address":"x","pub_key":null,"account_number":"\#(vector.input.accountNumber ?? "")","sequence":"\#(vector.input.sequence ?? "")"}"#
        let transport = RecordingChainTransport()
        await transport.answer(chain == .injective ? #"{"account":{"@type":"/injective.types.v1beta1.EthAccount","base_account":\#(base)}}"#
                                                   : #"{"account":\#(base)}"#)
        let client = try #require(CosmosClient(chain: chain, transport: transport))
        let preload = try await client.preload(address: "x")
        #expect(preload.chainId == chain.config.networkId)
        var input = try vector.input.signerInput()
        input.accountNumber = preload.account.accountNumber
        input.sequence = preload.account.sequence
        let signed = try CosmosSigner.sign(input, key: try CTXVectorLoader.key(vector.input.privateKey))
        #expect(Hex.encode(signed.bytes) == vector.raw)
        await transport.answer(#"{"tx_response":{"height":"0","txhash":"\#(signed.hash)","code":0,"raw_log":""}}"#)
        #expect(try await client.broadcast(encoded: signed.encoded) == signed.hash)
        #expect(await transport.body(1) == #"{"mode":"BROADCAST_MODE_SYNC","tx_bytes":""# + vector.txBytes + #""}"#)
    }

    @Test func anUnknownAccountIsNotFound() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("account_not_found"), status: 404)
        let cosmos = try #require(CosmosClient(chain: .cosmos, transport: transport))
        await #expect(throws: ChainClientError.notFound(
            "rpc error: code = NotFound desc = account cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02 not found: key not found")) {
            try await cosmos.account(address: address)
        }
    }

    @Test func broadcastSendsTheSignersOutputAsTheAppDoes() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("broadcast"))
        await transport.answer(fixture("broadcast_failed"))
        let cosmos = try #require(CosmosClient(chain: .cosmos, transport: transport))
        let signed = #"{"tx_bytes":"CpIBCo8BChwv","mode":"BROADCAST_MODE_SYNC"}"#
        #expect(try await cosmos.broadcast(encoded: signed) == hash)
        await #expect(throws: ChainClientError.rejected("account sequence mismatch, expected 53, got 52: incorrect account sequence")) {
            try await cosmos.broadcast(encoded: signed)
        }
        #expect(await transport.body(0) == #"{"mode":"BROADCAST_MODE_SYNC","tx_bytes":"CpIBCo8BChwv"}"#)
        #expect(await transport.requests.map(\.path) == ["/cosmos/tx/v1beta1/txs", "/cosmos/tx/v1beta1/txs"])
        await #expect(throws: ChainClientError.rejected("the signed transaction is not {tx_bytes, mode}")) {
            try await cosmos.broadcast(encoded: "CpIBCo8BChwv")
        }
        #expect(await transport.requests.count == 2)
    }

    @Test func statusFollowsATransactionFromUnindexedToConfirmed() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("tx_not_found"), status: 404)
        await transport.answer(fixture("tx_confirmed"))
        let cosmos = try #require(CosmosClient(chain: .cosmos, transport: transport))
        #expect(try await cosmos.status(hash: hash) == ChainTransactionStatus(state: .pending))
        #expect(try await cosmos.status(hash: hash) == ChainTransactionStatus(state: .confirmed, blockNumber: 23_012_345, fee: 3000))
        #expect(await transport.requests.map(\.path) == Array(repeating: "/cosmos/tx/v1beta1/txs/" + hash, count: 2))
    }

    @Test func latestBlockAndNetworkId() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(fixture("block_latest"))
        await transport.answer(fixture("node_info"))
        await transport.fail(.timeout("node_info"))
        let cosmos = try #require(CosmosClient(chain: .cosmos, transport: transport))
        #expect(try await cosmos.latestBlock() == 23_012_400)
        #expect(try await cosmos.networkId() == "cosmoshub-4")
        await #expect(throws: ChainClientError.timeout("node_info")) { try await cosmos.networkId() }
        #expect(await transport.requests.map(\.path) == ["/cosmos/base/tendermint/v1beta1/blocks/latest",
                                                         "/cosmos/base/tendermint/v1beta1/node_info",
                                                         "/cosmos/base/tendermint/v1beta1/node_info"])
        #expect(cosmos.feeRates() == CosmosMapper.feeRates(.cosmos))
    }
}
