package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.Asset
import com.gemwallet.gemstone.AssetType
import com.gemwallet.gemstone.BalanceRefresh
import com.gemwallet.gemstone.ChainNode
import com.gemwallet.gemstone.ChainRefresh
import com.gemwallet.gemstone.GemException
import com.gemwallet.gemstone.HttpRequest
import com.gemwallet.gemstone.HttpResponse
import com.gemwallet.gemstone.HttpTransport
import com.gemwallet.gemstone.UrlConnectionTransport
import com.gemwallet.gemstone.NodeCheckRow
import com.gemwallet.gemstone.NodeCheckStatus
import com.gemwallet.gemstone.NodeKind
import com.gemwallet.gemstone.WalletImport
import com.gemwallet.gemstone.wallet
import com.gemwallet.gemstone.account
import org.json.JSONObject
import java.math.BigInteger
import java.util.concurrent.CountDownLatch
import java.util.concurrent.ExecutionException
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.TimeUnit

/**
 * The refresh scenario every front end runs (FRONTENDS.md), against the local chains of tests/chains
 * started as subprocesses: an EVM node (py-evm, the TST ERC-20) and a Solana node (LiteSVM). The
 * services run over the SQLite stores and [com.gemwallet.gemstone.UrlConnectionTransport]; every
 * built-in node is replaced by a closed loopback URL, so nothing leaves the machine and the local node
 * is reached only through `node add` + `node select`.
 */
class ChainScenarioTests : Suite {
    override val name = "chain-scenario"

    private val evm = LocalChain("evm", "evm_node.py", "--chain-id", "1", "--call-stubs", JSONObject().put(MULTICALL3_AGGREGATE3, noEverstakeStake()).toString())
    private val solana = try {
        LocalChain("solana", "solana_node.py")
    } catch (e: Throwable) {
        evm.close()
        throw e
    }
    private val evmInfo = evm.control("info")
    private val token: String = evmInfo.getString("token")
    private val tokenId = "ethereum_$token"
    private val solanaInfo = solana.control("info")

    private val evmNode = ChainNode("ethereum", "${evm.url}/ethereum")
    private val solanaNode = ChainNode("solana", "${solana.url}/solana")

    private fun host() = ChainHost(mapOf("ethereum" to listOf(closedUrl("/ethereum")), "solana" to listOf(closedUrl("/solana"))))

    private fun ChainHost.useLocalNodes() {
        for (node in listOf(evmNode, solanaNode)) {
            val added = nodes.add(node)
            check(added.nodes.any { it.url == node.url && it.kind == NodeKind.CUSTOM }) { "${node.chain} nodes after add: $added" }
            checkEqual(node.url, nodes.select(node).selectedUrl, "${node.chain} node in use")
        }
    }

    private fun ChainHost.importEthereum(): String {
        val imported = wallet.wallets.importWallet(WalletImport.PrivateKey(TEST_KEY, "ethereum", "Local EVM")).wallet
        checkEqual(EVM_TEST_ADDRESS, imported.account("ethereum")?.address, "imported address")
        return imported.id
    }

    private fun ChainHost.balanceRows(walletId: String): List<String> =
        database.rows("SELECT asset_id, available, staked FROM balances WHERE wallet_id = '$walletId' ORDER BY asset_id")

    private fun faults(chain: LocalChain, body: JSONObject) {
        chain.control("faults", body)
    }

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("node check: the right network passes, another EVM chain's id is named, an unreachable URL is a row") {
            host().use { h ->
                h.useLocalNodes()
                val ok = h.nodes.check(evmNode)
                checkEqual(NodeCheckStatus.Ok, ok.status, "status of the EVM node as ethereum")
                checkEqual(NodeCheckRow.ChainId("1"), ok.rows.firstOrNull { it is NodeCheckRow.ChainId }, "chain id row")
                check(ok.rows.any { it is NodeCheckRow.LatestBlock }) { "no latest block row: ${ok.rows}" }
                check(ok.rows.any { it is NodeCheckRow.Latency }) { "no latency row: ${ok.rows}" }
                check(ok.rows.any { it is NodeCheckRow.InSync }) { "no sync row: ${ok.rows}" }

                val wrong = h.nodes.check(ChainNode("polygon", evmNode.url))
                checkEqual(NodeCheckStatus.WrongNetwork("137", "1"), wrong.status, "the EVM node checked as polygon")

                val solanaCheck = h.nodes.check(solanaNode)
                checkEqual(NodeCheckStatus.Ok, solanaCheck.status, "status of the Solana node")

                val unreachable = h.nodes.check(ChainNode("ethereum", closedUrl("/ethereum")))
                check(unreachable.status is NodeCheckStatus.Unreachable) { "closed URL status ${unreachable.status}" }
            }
        },
        test("scenario: import, add TST, refresh (ETH 100, TST 1,000,000), refresh again writes nothing, a failed node keeps the rows") {
            evm.control("reset")
            host().use { h ->
                h.useLocalNodes()
                val walletId = h.importEthereum()

                val asset = h.assets.addToken(walletId, tokenId)
                checkEqual("Test Token", asset.name, "token name read from the chain")
                checkEqual("TST", asset.symbol, "token symbol")
                checkEqual(6, asset.decimals, "token decimals")
                checkEqual(AssetType.ERC20, asset.type, "token type")
                checkEqual(listOf("ethereum", tokenId), h.assets.walletAssets(walletId).map { it.id }, "wallet assets")

                h.database.clearChainWrites()
                val refresh = h.balances.update(walletId)
                checkEqual(BalanceRefresh(walletId, listOf(ChainRefresh("ethereum", 2))), refresh, "first refresh")
                val eth = BigInteger.TEN.pow(20) // 100 ETH in wei
                val tst = BigInteger.valueOf(1_000_000L * 1_000_000L) // 1,000,000 TST in 10^-6 units
                val balances = h.balances.balances(walletId)
                checkEqual(listOf("ethereum", tokenId), balances.map { it.assetId }, "balance rows in asset order")
                checkEqual(eth, balances[0].available, "ETH available")
                checkEqual(tst, balances[1].available, "TST available")
                checkEqual(listOf("ethereum|$eth|0", "$tokenId|$tst|0"), h.balanceRows(walletId), "stored rows")
                checkEqual(listOf("INSERT balances", "INSERT balances"), h.database.chainWrites(), "writes of the first refresh")

                h.database.clearChainWrites()
                checkEqual(BalanceRefresh(walletId, listOf(ChainRefresh("ethereum", 0))), h.balances.update(walletId), "second refresh")
                checkEqual(emptyList<String>(), h.database.chainWrites(), "writes of the second refresh")

                val before = h.database.chainSnapshot()
                faults(evm, JSONObject().put("scope", "ethereum").put("fail", JSONObject().put("mode", "http").put("status", 503).put("message", "down")))
                try {
                    val error = checkThrows<GemException>("refresh of a failed node") { h.balances.update(walletId) }
                    check(error.message.orEmpty().startsWith("ethereum")) { "the error does not name the chain first: $error" }
                    checkEqual(before, h.database.chainSnapshot(), "rows after the failed refresh")
                    checkEqual(balances, h.balances.balances(walletId), "balances after the failed refresh")
                } finally {
                    evm.control("reset")
                }
            }
        },
        test("paired store test through the core: a failure on the 2nd row of a chain's batch writes none of it and is a store error") {
            evm.control("reset")
            host().use { h ->
                h.useLocalNodes()
                val walletId = h.importEthereum()
                h.assets.addToken(walletId, tokenId)
                h.balances.update(walletId)
                val before = h.balanceRows(walletId)

                // Both rows change: more ETH and more TST for the test account.
                evm.control("fund", JSONObject().put("address", EVM_TEST_ADDRESS).put("wei", "1000"))
                evm.control("fund", JSONObject().put("address", EVM_TEST_ADDRESS).put("token", token).put("amount", 5))
                h.database.failWrites("balances", "asset_id", tokenId)
                h.database.clearChainWrites()
                // The store's own message comes back (the core does not prefix a publication failure with the chain id).
                val error = checkThrows<GemException.Store>("refresh whose batch fails on its TST row") { h.balances.update(walletId) }
                check(error.message.orEmpty().contains("injected failure on $tokenId")) { "the store's error is not the answer: $error" }
                checkEqual(before, h.balanceRows(walletId), "rows after the failed batch (ETH not written either)")
                checkEqual(emptyList<String>(), h.database.chainWrites(), "writes")

                h.database.stopFailingWrites("balances")
                checkEqual(BalanceRefresh(walletId, listOf(ChainRefresh("ethereum", 2))), h.balances.update(walletId), "refresh after the fix")
                val rows = h.balances.balances(walletId)
                checkEqual(BigInteger.TEN.pow(20).add(BigInteger.valueOf(1000)), rows[0].available, "ETH after funding")
                checkEqual(BigInteger.valueOf(1_000_000L * 1_000_000L + 5), rows[1].available, "TST after funding")
            }
        },
        test("two chains: a Solana wallet refreshes beside the EVM one; a failed chain keeps its rows while the other writes") {
            evm.control("reset")
            solana.control("reset")
            host().use { h ->
                h.useLocalNodes()
                val solanaAddress = solanaInfo.getString("testAccount")
                val wallet = h.wallet.wallets.importWallet(WalletImport.Multicoin(ABANDON_PHRASE, listOf("ethereum", "solana"))).wallet
                checkEqual(listOf("ethereum", "solana"), wallet.accounts.map { it.chain }, "chains")
                // Fund the phrase's accounts on both local chains.
                evm.control("fund", JSONObject().put("address", wallet.account("ethereum")?.address).put("wei", "7000"))
                solana.control("fund", JSONObject().put("address", wallet.account("solana")?.address).put("lamports", 1_000_000_000))
                checkEqual(
                    BalanceRefresh(wallet.id, listOf(ChainRefresh("ethereum", 1), ChainRefresh("solana", 1))), h.balances.update(wallet.id), "refresh"
                )
                checkEqual(
                    listOf(BigInteger.valueOf(7000), BigInteger.valueOf(1_000_000_000)), h.balances.balances(wallet.id).map { it.available }, "ETH and SOL"
                )
                check(solanaAddress.isNotEmpty()) { "no Solana test account" }

                solana.control("fund", JSONObject().put("address", wallet.account("solana")?.address).put("lamports", 1))
                evm.control("fund", JSONObject().put("address", wallet.account("ethereum")?.address).put("wei", "1"))
                faults(solana, JSONObject().put("scope", "solana").put("fail", JSONObject().put("mode", "http").put("status", 503).put("message", "down")))
                try {
                    val error = checkThrows<GemException>("refresh with Solana down") { h.balances.update(wallet.id) }
                    check(error.message.orEmpty().startsWith("solana")) { "the error does not name solana first: $error" }
                    checkEqual(
                        listOf(BigInteger.valueOf(7001), BigInteger.valueOf(1_000_000_000)), h.balances.balances(wallet.id).map { it.available },
                        "ETH written, SOL kept"
                    )
                } finally {
                    solana.control("reset")
                }
            }
        },
        test("Solana: the seed 0x11…11's wallet shows 100 SOL and 1,000 of the SPL mint; a mint without metadata is refused") {
            solana.control("reset")
            host().use { h ->
                h.useLocalNodes()
                val imported = h.wallet.wallets.importWallet(WalletImport.PrivateKey(TEST_KEY, "solana", "Local Solana")).wallet
                checkEqual(solanaInfo.getString("testAccount"), imported.account("solana")?.address, "imported address")
                val mint = solanaInfo.getString("splMint")
                // The local mint has no Metaplex metadata account: the chain's answer is the error, nothing written.
                val before = h.database.chainSnapshot()
                val missing = checkThrows<GemException.NotFound>("a mint without metadata") { h.assets.addToken(imported.id, "solana_$mint") }
                check(missing.message.orEmpty().startsWith("solana")) { "the error does not name the chain: $missing" }
                checkEqual(before, h.database.chainSnapshot(), "rows after the refused token")
                // Known to the asset store (as a host shipping a token list would): listed, and its balance refreshed.
                h.stores.assets.addAssets(listOf(Asset("solana_$mint", "Local SPL", "LSPL", 6, AssetType.SPL)))
                checkEqual(6, h.assets.addToken(imported.id, "solana_$mint").decimals, "stored token decimals")
                val refresh = h.balances.update(imported.id)
                checkEqual(BalanceRefresh(imported.id, listOf(ChainRefresh("solana", 2))), refresh, "refresh")
                checkEqual(
                    listOf(BigInteger.valueOf(100_000_000_000L), BigInteger.valueOf(1_000_000_000L)),
                    h.balances.balances(imported.id).map { it.available }, "SOL and the SPL token"
                )
                h.database.clearChainWrites()
                checkEqual(BalanceRefresh(imported.id, listOf(ChainRefresh("solana", 0))), h.balances.update(imported.id), "second refresh")
                checkEqual(emptyList<String>(), h.database.chainWrites(), "writes of the second refresh")
            }
        },
        test("publication: a fast chain's rows are in SQLite while a slow chain is still answering") {
            evm.control("reset")
            solana.control("reset")
            host().use { h ->
                h.useLocalNodes()
                val wallet = h.wallet.wallets.importWallet(WalletImport.Multicoin(ABANDON_PHRASE, listOf("ethereum", "solana"))).wallet
                val solanaAddress = wallet.account("solana")?.address
                solana.control("fund", JSONObject().put("address", solanaAddress).put("lamports", 2_000_000_000))
                evm.control("fund", JSONObject().put("address", wallet.account("ethereum")?.address).put("wei", "5"))
                faults(evm, JSONObject().put("scope", "ethereum").put("delay_ms", 2500))
                try {
                    val started = System.nanoTime()
                    val pending = h.balances.updateAsync(wallet.id)
                    eventually(timeoutMs = 2000, what = "the Solana row written before Ethereum answered") {
                        h.database.rows("SELECT asset_id FROM balances WHERE wallet_id = '${wallet.id}' AND asset_id = 'solana'").isNotEmpty()
                    }
                    check(!pending.isDone) { "the refresh finished before the slow chain answered" }
                    val solanaMs = (System.nanoTime() - started) / 1_000_000
                    check(solanaMs < 2000) { "the Solana row took $solanaMs ms" }
                    val refresh = pending.get(20, TimeUnit.SECONDS)
                    check(refresh.chains.all { it.written >= 0 } && refresh.chains.map { it.chain } == listOf("ethereum", "solana")) { "refresh $refresh" }
                    checkEqual(
                        listOf("ethereum", "solana"),
                        h.database.rows("SELECT asset_id FROM balances WHERE wallet_id = '${wallet.id}' ORDER BY asset_id"), "rows after the refresh"
                    )
                } finally {
                    evm.control("reset")
                }
            }
        },
        test("publication: an older answer arriving after a newer one is dropped") {
            evm.control("reset")
            // The host's transport holds the older refresh's answer (read from the node before the second funding)
            // until the newer refresh has written: the core sees the answers last-first.
            val transport = GateTransport(UrlConnectionTransport(connectTimeoutMs = 2_000, readTimeoutMs = 10_000))
            ChainHost(mapOf("ethereum" to listOf(closedUrl("/ethereum")), "solana" to listOf(closedUrl("/solana"))), transport).use { h ->
                h.useLocalNodes()
                val wallet = h.wallet.wallets.createWallet(chains = listOf("ethereum")).wallet
                val address = wallet.accounts[0].address
                evm.control("fund", JSONObject().put("address", address).put("wei", "1"))
                transport.holdNext.set(true)
                val older = h.balances.updateAsync(wallet.id)
                try {
                    eventually(timeoutMs = 10_000, what = "the older refresh's answer read and held") { transport.held.get() == 1 }
                    evm.control("fund", JSONObject().put("address", address).put("wei", "1"))
                    checkEqual(BalanceRefresh(wallet.id, listOf(ChainRefresh("ethereum", 1))), h.balances.update(wallet.id), "newer refresh")
                    checkEqual(listOf("ethereum|2|0"), h.balanceRows(wallet.id), "rows after the newer refresh")
                } finally {
                    transport.gate.countDown()
                }
                checkEqual(BalanceRefresh(wallet.id, listOf(ChainRefresh("ethereum", 0))), older.get(30, TimeUnit.SECONDS), "older refresh (dropped)")
                checkEqual(listOf("ethereum|2|0"), h.balanceRows(wallet.id), "rows after the older answer")
            }
        },
        test("publication: a refresh answering after a wallet switch writes the wallet it was asked for") {
            evm.control("reset")
            host().use { h ->
                h.useLocalNodes()
                val first = h.wallet.wallets.createWallet(name = "First", chains = listOf("ethereum")).wallet
                val second = h.wallet.wallets.createWallet(name = "Second", chains = listOf("ethereum")).wallet
                h.wallet.wallets.setCurrentWalletId(first.id)
                evm.control("fund", JSONObject().put("address", first.accounts[0].address).put("wei", "3"))
                faults(evm, JSONObject().put("scope", "ethereum").put("delay_ms", 800))
                try {
                    val pending = h.balances.updateAsync(first.id)
                    h.wallet.wallets.setCurrentWalletId(second.id)
                    checkEqual(second.id, h.wallet.sessions.getCurrentWalletId(), "current wallet")
                    pending.get(20, TimeUnit.SECONDS)
                    checkEqual(listOf("ethereum|3|0"), h.balanceRows(first.id), "rows of the wallet asked for")
                    checkEqual(emptyList<String>(), h.balanceRows(second.id), "rows of the current wallet")
                } finally {
                    evm.control("reset")
                }
            }
        },
        test("publication: a stake answer is written while the failed coin source leaves the available balance") {
            solana.control("reset")
            host().use { h ->
                h.useLocalNodes()
                val wallet = h.wallet.wallets.createWallet(chains = listOf("solana")).wallet
                val address = wallet.accounts[0].address
                val sol = 1_000_000_000L
                solana.control("fund", JSONObject().put("address", address).put("lamports", sol))
                h.balances.update(wallet.id)
                checkEqual(listOf("solana|$sol|0"), h.balanceRows(wallet.id), "rows after the first refresh")
                solana.control("stake", JSONObject().put("address", address).put("lamports", 2 * sol))
                faults(solana, JSONObject().put("fail", JSONObject().put("methods", org.json.JSONArray().put("getBalance"))
                    .put("mode", "rpc").put("code", -32005).put("message", "limit exceeded")))
                try {
                    val error = checkThrows<GemException>("refresh with getBalance failing") { h.balances.update(wallet.id) }
                    check(error.message.orEmpty().startsWith("solana")) { "the error does not name solana first: $error" }
                    val row = h.balances.balances(wallet.id).single()
                    checkEqual(BigInteger.valueOf(sol), row.available, "available left as it was")
                    // The stake account's lamports: the 2 SOL and its rent-exempt reserve.
                    check(row.staked >= BigInteger.valueOf(2 * sol)) { "staked ${row.staked}" }
                } finally {
                    solana.control("reset")
                }
            }
        },
        test("closing the balance service cancels a refresh in flight (a slow node)") {
            evm.control("reset")
            host().use { h ->
                h.useLocalNodes()
                val walletId = h.importEthereum()
                faults(evm, JSONObject().put("scope", "ethereum").put("delay_ms", 3000))
                try {
                    val pending = h.balances.updateAsync(walletId)
                    Thread.sleep(300)
                    h.balances.close()
                    val error = try {
                        pending.get(10, TimeUnit.SECONDS)
                        null
                    } catch (e: ExecutionException) {
                        e.cause
                    }
                    // gemstone.h promises GEM_ERR_CANCELLED; the core answers the chain's cancelled request instead
                    // ("ethereum: cancelled", OFFLINE). Either way: a prompt failure, nothing written.
                    check(error is GemException.Cancelled || (error is GemException && error.message.orEmpty().endsWith("cancelled"))) {
                        "a closed service's refresh completed with $error"
                    }
                    checkEqual(emptyList<String>(), h.balanceRows(walletId), "rows of the cancelled refresh")
                } finally {
                    evm.control("reset")
                }
            }
        }
    )

    override fun close() {
        evm.close()
        solana.close()
    }

    /** A transport whose next eth_getBalance answer, once [holdNext] is set, is read from the node and then held until [gate] opens. */
    private class GateTransport(private val inner: HttpTransport) : HttpTransport {
        val holdNext = AtomicBoolean(false)
        val held = AtomicInteger(0)
        val gate = CountDownLatch(1)

        override fun request(request: HttpRequest): HttpResponse {
            val response = inner.request(request)
            if (request.body.orEmpty().contains("\"eth_getBalance\"") && holdNext.compareAndSet(true, false)) {
                held.incrementAndGet()
                gate.await(20, TimeUnit.SECONDS)
            }
            return response
        }
    }

    companion object {
        /**
         * Ethereum's stake is read from Everstake's accounting contract through Multicall3's aggregate3
         * (EthereumClient+ChainClient.swift), which the local chain does not deploy: `evm_node.py --call-stubs`
         * answers it (as tests/chains/all_chains.py does) with five successful reads of nothing staked.
         */
        const val MULTICALL3_AGGREGATE3 = "0xca11bde05977b3631167028862be2a173976ca11:82ad56cb"

        /** aggregate3's `(bool success, bytes returnData)[]`, ABI-encoded: five reads of zero (the 4th is two words). */
        fun noEverstakeStake(): String {
            fun word(value: Long) = String.format("%064x", value)
            val results = listOf(1, 1, 1, 2, 1).map { words -> (1..words).joinToString("") { word(0) } }
            val tails = results.map { data -> word(1) + word(64) + word((data.length / 2).toLong()) + data }
            var offset = 32L * results.size
            val heads = StringBuilder()
            for (tail in tails) {
                heads.append(word(offset))
                offset += tail.length / 2
            }
            return "0x" + word(32) + word(results.size.toLong()) + heads + tails.joinToString("")
        }

        const val TEST_KEY = "0x1111111111111111111111111111111111111111111111111111111111111111"
    }
}
