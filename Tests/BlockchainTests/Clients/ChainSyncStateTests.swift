import Blockchain
import Primitives
import Testing

/// The node sync state a node check shows, from the two APIs that report it.
@Suite struct ChainSyncStateTests {
    @Test func anEVMNodeAnsweringFalseIsInSync() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(#"{"jsonrpc":"2.0","id":1,"result":false}"#)
        let client = try #require(EthereumClient(chain: .ethereum, transport: transport))
        #expect(try await client.syncState() == .inSync)
        #expect(await transport.body(0) == #"{"jsonrpc":"2.0","id":1,"method":"eth_syncing","params":[]}"#)
    }

    @Test func anEVMNodeAnsweringProgressIsSyncing() async throws {
        let transport = RecordingChainTransport()
        // The execution API's sync object (ethereum/execution-apis, eth_syncing).
        await transport.answer(#"{"jsonrpc":"2.0","id":1,"result":{"startingBlock":"0x0","currentBlock":"0x1f","highestBlock":"0x64"}}"#)
        let client = try #require(EthereumClient(chain: .polygon, transport: transport))
        #expect(try await client.syncState() == .syncing)
    }

    @Test func anEVMNodeAnsweringSomethingElseIsMalformed() async throws {
        let transport = RecordingChainTransport()
        await transport.answer(#"{"jsonrpc":"2.0","id":1,"result":true}"#)
        let client = try #require(EthereumClient(chain: .ethereum, transport: transport))
        await #expect(throws: ChainClientError.self) { try await client.syncState() }
    }

    @Test(arguments: [(true, ChainSyncState.inSync), (false, ChainSyncState.syncing)])
    func aBlockbookNodeReportsInSync(inSync: Bool, state: ChainSyncState) async throws {
        let transport = RecordingChainTransport()
        let status = blockbookFixture("status_btc").replacingOccurrences(of: "\"inSync\":true", with: "\"inSync\":\(inSync)")
        await transport.answer(status)
        let client = try #require(BitcoinClient(chain: .bitcoin, transport: transport))
        #expect(try await client.syncState() == state)
        #expect(await transport.requests.map(\.path) == ["/api/"])
    }

    @Test func theClientsOfThoseFamiliesReportIt() {
        let transport = RecordingChainTransport()
        #expect(ChainClients.client(for: .arbitrum, transport: transport) is any ChainSyncReporting)
        #expect(ChainClients.client(for: .doge, transport: transport) is any ChainSyncReporting)
        #expect(!(ChainClients.client(for: .solana, transport: transport) is any ChainSyncReporting))
    }
}
