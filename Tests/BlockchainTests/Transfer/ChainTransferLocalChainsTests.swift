import Blockchain
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GemCrypto
import Primitives
import Testing

/// `ChainTransfer` end to end against the local chains (tests/chains): every stage over real HTTP, the signed
/// transaction executed by the node (py-evm, LiteSVM, Bitcoin Core's consensus library), tracked with `status` to
/// confirmed, the balances read back. Runs when `GEM_TRANSFER_CHAINS` names `run.py`'s ready file:
///
///     python3 tests/chains/run.py evm solana blockbook --ready-file /tmp/transfer-chains.json &
///     GEM_TRANSFER_CHAINS=/tmp/transfer-chains.json swift test --filter ChainTransferLocalChainsTests
///
/// (`scripts/test-transfer-chains.sh` does both.) Each test sends from the servers' test accounts to a fresh
/// recipient, so the tests can run in any order against one set of servers.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["GEM_TRANSFER_CHAINS"] != nil), .serialized)
struct ChainTransferLocalChainsTests {
    typealias HTTPTransport = ChainClientLocalChainsTests.HTTPTransport

    static func url(_ server: String) throws -> String {
        let urls = ChainClientLocalChainsTests.load("GEM_TRANSFER_CHAINS")
        return try #require(urls[server] as? String, "no \(server) URL in GEM_TRANSFER_CHAINS")
    }

    /// `POST <base>/_control/<name>` with a JSON body; the answer as an object.
    static func control(_ base: String, _ name: String, _ body: [String: Any] = [:]) async throws -> [String: Any] {
        var request = URLRequest(url: try #require(URL(string: base + "/_control/" + name)))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, _) = try await URLSession.shared.data(for: request)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// A fresh recipient key's bytes (never the test key), different per call.
    static func freshKey() -> [UInt8] {
        (0..<32).map { _ in UInt8.random(in: 1...0xFE) }
    }

    /// Runs every stage at `.normal`, broadcasts, and polls `status` until final; answers the load and the status.
    static func send(_ transfer: any ChainTransfer, _ input: TransferInput, key: TransferKey,
                     mine: (() async throws -> Void)? = nil) async throws -> (TransferLoad, ChainTransactionStatus) {
        async let preload = transfer.preload(input)
        async let rates = transfer.feeRates(input)
        let load = try await transfer.load(input, preload: try await preload, rates: try await rates)
        #expect(load.check(.normal) == .sufficient)
        let signed = try transfer.sign(load, priority: .normal, key: key)
        let hash = try await transfer.broadcast(signed)
        #expect(hash == signed.hash)
        for _ in 0..<40 {
            let status = try await transfer.status(hash: hash, input: input)
            if !status.state.isInFlight { return (load, status) }
            if let mine { try await mine() }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        Issue.record("\(input.assetId) transfer \(hash) not final after 40 polls")
        return (load, ChainTransactionStatus(state: .pending))
    }

    /// A fresh key whose address of `kind` the faucet paid `values` on `chain` (Blockbook's chain name `name`), in
    /// blocks mined past coinbase maturity, and a fresh recipient address of the same kind.
    static func fundedUTXOKey(_ base: String, chain: Chain = .bitcoin, name: String = "bitcoin", kind: UTXOAddressKind = .p2wpkh,
                              values: [Int]) async throws -> (Secp256k1PrivateKey, String, String) {
        let key = try Secp256k1PrivateKey(bytes: freshKey())
        guard case let .utxo(network, _) = chain.config.addressFormat else { throw ChainClientError.unsupported(chain.id) }
        let sender = try BitcoinAddress.derive(key.publicKey, kind: kind, network: network)
        let recipient = try BitcoinAddress.derive(try Secp256k1PrivateKey(bytes: freshKey()).publicKey, kind: kind, network: network)
        for value in values {
            _ = try await control(base, "fund", ["chain": name, "address": sender, "value": value])
        }
        _ = try await control(base, "mine", ["chain": name, "blocks": 100])  // coinbase maturity
        return (key, sender, recipient)
    }

    // MARK: EVM (evm_node.py: key 0x11…11, 100 ETH, 1,000,000 TST)

    @Test func ethAndTheERC20TokenAreSentAndConfirmed() async throws {
        let base = try Self.url("evm")
        let info = try await Self.control(base, "info")
        let token = try #require(info["token"] as? String)
        let key = try Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x11, count: 32))
        let sender = EthereumAddress.derive(key.publicKey)
        let recipient = EthereumAddress.derive(try Secp256k1PrivateKey(bytes: Self.freshKey()).publicKey)
        let transport = HTTPTransport(base: base)
        let transfer = try #require(ChainTransfers.transfer(for: .ethereum, transport: transport))
        let client = ChainClients.client(for: .ethereum, transport: transport)

        let amount = BigUInt(1_234_567_000_000_000 as UInt64)
        let ethBefore = try await client.coinBalance(address: sender).available
        let (ethLoad, ethStatus) = try await Self.send(transfer, TransferInput(assetId: AssetId(chain: .ethereum), sender: sender,
                                                                               recipient: recipient, amount: amount), key: .secp256k1(key))
        #expect(ethStatus.state == .confirmed)
        #expect(try await client.coinBalance(address: recipient).available == amount)
        let paid = try #require(ethStatus.fee)
        #expect(!(try #require(ethLoad.fee(.normal)?.fee) < paid))  // the fee shown is the most paid
        #expect(try await client.coinBalance(address: sender).available == ethBefore.subtracting(amount + paid))

        let units = BigUInt(250_000)
        let tstInput = TransferInput(assetId: try AssetId(chain: .ethereum, tokenId: token), sender: sender, recipient: recipient, amount: units)
        let (_, tstStatus) = try await Self.send(transfer, tstInput, key: .secp256k1(key))
        #expect(tstStatus.state == .confirmed)
        #expect(try await client.tokenBalances(address: recipient, tokenIds: [token]).first?.available == units)

        // (A send back from the recipient is not tried here: eth-tester's eth_estimateGas asks the sender to afford
        // the block gas limit at 1 gwei, 0.03 ETH, which a node like geth does not; the recorded tests cover the
        // insufficient fee balance.)
    }

    @Test func aReplayedEVMTransactionIsRejected() async throws {
        let base = try Self.url("evm")
        let key = try Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x11, count: 32))
        let transport = HTTPTransport(base: base)
        let transfer = try #require(ChainTransfers.transfer(for: .ethereum, transport: transport))
        let input = TransferInput(assetId: AssetId(chain: .ethereum), sender: EthereumAddress.derive(key.publicKey),
                                  recipient: EthereumAddress.derive(try Secp256k1PrivateKey(bytes: Self.freshKey()).publicKey), amount: BigUInt(1))
        async let preload = transfer.preload(input)
        async let rates = transfer.feeRates(input)
        let load = try await transfer.load(input, preload: try await preload, rates: try await rates)
        let signed = try transfer.sign(load, priority: .normal, key: .secp256k1(key))
        _ = try await transfer.broadcast(signed)
        do {
            _ = try await transfer.broadcast(signed)
            Issue.record("the node accepted the same nonce twice")
        } catch {
            guard case .rejected = error else { Issue.record("expected rejected, got \(error)"); return }
        }
    }

    // MARK: Solana (solana_node.py: seed 0x11…11, 100 SOL, 1,000 SPL units)

    @Test func solAndAnSPLTokenAreSentAndConfirmed() async throws {
        let base = try Self.url("solana")
        let info = try await Self.control(base, "info")
        let mint = try #require(info["splMint"] as? String)
        let key = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32))
        let sender = SolanaAddress.derive(key.publicKey.bytes)
        let recipient = SolanaAddress.derive(try Ed25519PrivateKey(seed: Self.freshKey()).publicKey.bytes)
        let transport = HTTPTransport(base: base)
        let transfer = try #require(ChainTransfers.transfer(for: .solana, transport: transport))
        let client = ChainClients.client(for: .solana, transport: transport)
        let mine = { () async throws in _ = try await Self.control(base, "mine", ["slots": 1]) }

        let lamports = BigUInt(1_500_000_000 as UInt64)
        let before = try await client.coinBalance(address: sender).available
        let (solLoad, solStatus) = try await Self.send(transfer, TransferInput(assetId: AssetId(chain: .solana), sender: sender,
                                                                               recipient: recipient, amount: lamports, memo: "gem transfer"),
                                                       key: .ed25519(key), mine: mine)
        #expect(solStatus.state == .confirmed)
        #expect(try await client.coinBalance(address: recipient).available == lamports)
        let fee = try #require(solLoad.fee(.normal)?.fee)
        #expect(try await client.coinBalance(address: sender).available == before.subtracting(lamports + fee))

        // A fresh account must receive the rent-exempt minimum: the load says so, and the chain refuses less.
        let dust = TransferInput(assetId: AssetId(chain: .solana), sender: sender,
                                 recipient: SolanaAddress.derive(try Ed25519PrivateKey(seed: Self.freshKey()).publicKey.bytes), amount: BigUInt(1_000))
        let dustLoad = try await transfer.load(dust, preload: try await transfer.preload(dust), rates: try await transfer.feeRates(dust))
        #expect(dustLoad.check(.normal) == .belowRecipientMinimum(minimum: BigUInt(890_880)))
        do {
            _ = try await transfer.broadcast(try transfer.sign(dustLoad, priority: .normal, key: .ed25519(key)))
            Issue.record("the chain accepted a new account below its rent-exempt minimum")
        } catch let error as ChainClientError {
            guard case .rejected = error else { Issue.record("expected rejected, got \(error)"); return }
        }

        // The recipient has no token account: the transfer creates it, and the rent is part of the fee.
        let units = BigUInt(3_000_000)
        let splInput = TransferInput(assetId: try AssetId(chain: .solana, tokenId: mint), sender: sender, recipient: recipient, amount: units)
        let (splLoad, splStatus) = try await Self.send(transfer, splInput, key: .ed25519(key), mine: mine)
        #expect(splStatus.state == .confirmed)
        guard case let .solana(preload, _) = splLoad.chain else { Issue.record("not a Solana load"); return }
        #expect(preload.token?.recipientAccountExists == false)
        #expect(try await client.tokenBalances(address: recipient, tokenIds: [mint]).first?.available == units)
    }

    @Test func aToken2022TransferIsConfirmed() async throws {
        let base = try Self.url("solana")
        let mint = try #require(try await Self.control(base, "info")["token2022Mint"] as? String)
        let key = try Ed25519PrivateKey(seed: [UInt8](repeating: 0x11, count: 32))
        let recipient = SolanaAddress.derive(try Ed25519PrivateKey(seed: Self.freshKey()).publicKey.bytes)
        let transport = HTTPTransport(base: base)
        let transfer = try #require(ChainTransfers.transfer(for: .solana, transport: transport))
        let units = BigUInt(7_000_000_000 as UInt64)
        let input = TransferInput(assetId: try AssetId(chain: .solana, tokenId: mint), sender: SolanaAddress.derive(key.publicKey.bytes),
                                  recipient: recipient, amount: units)
        let (_, status) = try await Self.send(transfer, input, key: .ed25519(key), mine: { _ = try await Self.control(base, "mine", ["slots": 1]) })
        #expect(status.state == .confirmed)
        let balances = try await ChainClients.client(for: .solana, transport: transport).tokenBalances(address: recipient, tokenIds: [mint])
        #expect(balances.first?.available == units)
    }

    // MARK: Max sends (fresh accounts funded by each server)

    @Test func maxSendsKeepTheFeeBackAndAreAccepted() async throws {
        // EVM: 1 ETH to a fresh key, all of it back less the fee (the node charges at most the fee kept back).
        let evm = try Self.url("evm")
        let evmKey = try Secp256k1PrivateKey(bytes: Self.freshKey())
        let evmSender = EthereumAddress.derive(evmKey.publicKey)
        let oneEther = BigUInt(1_000_000_000_000_000_000 as UInt64)
        _ = try await Self.control(evm, "fund", ["address": evmSender, "wei": "1000000000000000000"])
        let evmTransport = HTTPTransport(base: evm)
        let evmClient = ChainClients.client(for: .ethereum, transport: evmTransport)
        #expect(try await evmClient.coinBalance(address: evmSender).available == oneEther)
        let evmTransfer = try #require(ChainTransfers.transfer(for: .ethereum, transport: evmTransport))
        // Two ETH from one: the load still answers its fees and reports the shortfall.
        let tooMuch = TransferInput(assetId: AssetId(chain: .ethereum), sender: evmSender, recipient: ChainClientLocalChainsTests.evmAddress,
                                    amount: oneEther + oneEther)
        let short = try await evmTransfer.load(tooMuch, preload: try await evmTransfer.preload(tooMuch), rates: try await evmTransfer.feeRates(tooMuch))
        let shortFee = try #require(short.fee(.normal)?.fee)
        #expect(short.check(.normal) == .insufficientBalance(required: oneEther + oneEther + shortFee, available: oneEther))
        let evmInput = TransferInput(assetId: AssetId(chain: .ethereum), sender: evmSender, recipient: ChainClientLocalChainsTests.evmAddress,
                                     amount: .zero, isMax: true)
        let (evmLoad, evmStatus) = try await Self.send(evmTransfer, evmInput, key: .secp256k1(evmKey))
        #expect(evmStatus.state == .confirmed)
        let kept = try #require(evmLoad.fee(.normal)?.fee)
        let paid = try #require(evmStatus.fee)
        #expect(try await evmClient.coinBalance(address: evmSender).available == kept.subtracting(paid))

        // Solana: 0.5 SOL airdropped, all of it sent on; the account ends empty.
        let sol = try Self.url("solana")
        let solKey = try Ed25519PrivateKey(seed: Self.freshKey())
        let solSender = SolanaAddress.derive(solKey.publicKey.bytes)
        _ = try await Self.control(sol, "fund", ["address": solSender, "lamports": 500_000_000])
        let solTransport = HTTPTransport(base: sol)
        let solTransfer = try #require(ChainTransfers.transfer(for: .solana, transport: solTransport))
        let solRecipient = SolanaAddress.derive(try Ed25519PrivateKey(seed: Self.freshKey()).publicKey.bytes)
        let solInput = TransferInput(assetId: AssetId(chain: .solana), sender: solSender, recipient: solRecipient, amount: .zero, isMax: true)
        let (solLoad, solStatus) = try await Self.send(solTransfer, solInput, key: .ed25519(solKey),
                                                       mine: { _ = try await Self.control(sol, "mine", ["slots": 1]) })
        #expect(solStatus.state == .confirmed)
        let solClient = ChainClients.client(for: .solana, transport: solTransport)
        #expect(try await solClient.coinBalance(address: solSender).available == .zero)
        #expect(try await solClient.coinBalance(address: solRecipient).available == solLoad.fee(.normal)?.amount)

        // Bitcoin: two outputs swept to one, the fee the coin selection's.
        let bb = try Self.url("blockbook")
        let (btcKey, btcSender, btcRecipient) = try await Self.fundedUTXOKey(bb, values: [30_000, 40_000])
        let btcTransport = HTTPTransport(base: bb)
        let btcTransfer = try #require(ChainTransfers.transfer(for: .bitcoin, transport: btcTransport))
        let btcInput = TransferInput(assetId: AssetId(chain: .bitcoin), sender: btcSender, recipient: btcRecipient, amount: .zero, isMax: true)
        let (btcLoad, btcStatus) = try await Self.send(btcTransfer, btcInput, key: .secp256k1(btcKey),
                                                       mine: { _ = try await Self.control(bb, "mine", ["chain": "bitcoin", "blocks": 1]) })
        #expect(btcStatus.state == .confirmed && btcStatus.fee == btcLoad.fee(.normal)?.fee)
        let btcClient = ChainClients.client(for: .bitcoin, transport: btcTransport)
        #expect(try await btcClient.coinBalance(address: btcSender).available == .zero)
        #expect(try await btcClient.coinBalance(address: btcRecipient).available == btcLoad.fee(.normal)?.amount)
    }

    // MARK: Bitcoin family (blockbook.py: an address funded through the faucet; Bitcoin and Litecoin spent P2WPKH,
    // Dogecoin P2PKH, each verified by Bitcoin Core's consensus code before it is accepted)

    @Test(arguments: [
        (Chain.bitcoin, "bitcoin", UTXOAddressKind.p2wpkh, 200_000, 50_000, UInt64(120_000)),
        (.litecoin, "litecoin", .p2wpkh, 2_000_000, 500_000, 1_200_000),
        (.doge, "dogecoin", .p2pkh, 2_000_000_000, 500_000_000, 1_200_000_000),
    ])
    func aUTXOSpendIsAcceptedAndConfirmed(chain: Chain, name: String, kind: UTXOAddressKind, first: Int, second: Int, send: UInt64) async throws {
        let server = try Self.url("blockbook")
        let (key, sender, recipient) = try await Self.fundedUTXOKey(server, chain: chain, name: name, kind: kind, values: [first, second])
        let transport = HTTPTransport(base: server + "/" + name)
        let transfer = try #require(ChainTransfers.transfer(for: chain, transport: transport))
        let client = ChainClients.client(for: chain, transport: transport)
        let mine = { () async throws in _ = try await Self.control(server, "mine", ["chain": name, "blocks": 1]) }

        let amount = BigUInt(send)
        let (load, status) = try await Self.send(transfer, TransferInput(assetId: AssetId(chain: chain), sender: sender, recipient: recipient,
                                                                         amount: amount), key: .secp256k1(key), mine: mine)
        #expect(status.state == .confirmed)
        #expect(status.fee == load.fee(.normal)?.fee)
        #expect(try await client.coinBalance(address: recipient).available == amount)
        let fee = try #require(load.fee(.normal)?.fee)
        #expect(try await client.coinBalance(address: sender).available == BigUInt(UInt64(first + second)).subtracting(amount + fee))
    }
}
