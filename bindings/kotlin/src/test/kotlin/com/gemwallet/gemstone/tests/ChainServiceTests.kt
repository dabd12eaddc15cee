package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.Asset
import com.gemwallet.gemstone.AssetStore
import com.gemwallet.gemstone.AssetsService
import com.gemwallet.gemstone.BalanceService
import com.gemwallet.gemstone.BalanceStore
import com.gemwallet.gemstone.SqliteTransactionStore
import com.gemwallet.gemstone.Transaction
import com.gemwallet.gemstone.TransactionStore
import com.gemwallet.gemstone.TransactionsRequest
import com.gemwallet.gemstone.TransactionsService
import com.gemwallet.gemstone.Wallet
import com.gemwallet.gemstone.WalletSessionService
import com.gemwallet.gemstone.WalletStore
import com.gemwallet.gemstone.AssetType
import com.gemwallet.gemstone.Balance
import com.gemwallet.gemstone.BalanceUpdate
import com.gemwallet.gemstone.ChainNode
import com.gemwallet.gemstone.ChainNodes
import com.gemwallet.gemstone.Completions
import com.gemwallet.gemstone.GemException
import com.gemwallet.gemstone.NodeCheckStatus
import com.gemwallet.gemstone.NodeItem
import com.gemwallet.gemstone.NodeKind
import com.gemwallet.gemstone.NodeService
import com.gemwallet.gemstone.NodeStore
import com.gemwallet.gemstone.PortBridge
import com.gemwallet.gemstone.SqliteNodeStore
import com.gemwallet.gemstone.UrlConnectionTransport
import com.gemwallet.gemstone.WalletImport
import com.gemwallet.gemstone.wallet
import com.gemwallet.gemstone.account
import com.gemwallet.gemstone.await
import java.math.BigInteger
import java.net.ServerSocket
import java.util.concurrent.TimeUnit

/** A loopback URL nothing listens on (a port just bound and closed again). */
fun closedUrl(path: String = ""): String {
    val port = ServerSocket(0).use { it.localPort }
    return "http://127.0.0.1:$port$path"
}

/** The watch-only address of the local EVM chain's funded test key (tests/chains/README.md). */
const val EVM_TEST_ADDRESS = "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"

/**
 * The node, assets and balance services through the C ABI without a chain answering: their
 * arguments, refusals and error statuses, what each writes through the real SQLite stores (paired:
 * a store failure inside a command is a [GemException.Store] with nothing written), and a refresh
 * whose chain fails (the error names the chain, the rows stay).
 */
class ChainServiceTests : Suite {
    override val name = "chains"

    private val first = "http://127.0.0.1:9/first"
    private val second = "http://localhost:9/second"
    private val config = mapOf("ethereum" to listOf(first, second))

    private fun host(nodes: Map<String, List<String>>? = config) = ChainHost(nodes)

    private fun viewWallet(host: ChainHost, address: String = EVM_TEST_ADDRESS, chain: String = "ethereum"): String =
        host.wallet.wallets.importWallet(WalletImport.View(address, chain, "Watched")).wallet.id

    private fun zero(assetId: String, available: Long) =
        Balance(assetId, BigInteger.valueOf(available), BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO)

    private val tst = Asset("ethereum_0x5FbDB2315678afecb367f032d93F642f64180aa3", "Test Token", "TST", 6, AssetType.ERC20)

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("the header declares exactly the chain functions this binding wraps") {
            val expected = setOf(
                HeaderFunction("gem_node_service_new", 5), HeaderFunction("gem_node_service_free", 1),
                HeaderFunction("gem_node_service_nodes", 4), HeaderFunction("gem_node_service_add", 4),
                HeaderFunction("gem_node_service_remove", 4), HeaderFunction("gem_node_service_select", 4),
                HeaderFunction("gem_node_service_check", 4), HeaderFunction("gem_node_service_resolve_selections", 3),
                HeaderFunction("gem_assets_service_new", 6), HeaderFunction("gem_assets_service_free", 1),
                HeaderFunction("gem_assets_service_wallet_assets", 4), HeaderFunction("gem_assets_service_add_token", 5),
                HeaderFunction("gem_assets_service_remove_token", 5),
                HeaderFunction("gem_balance_service_new", 7), HeaderFunction("gem_balance_service_free", 1),
                HeaderFunction("gem_balance_service_update", 4), HeaderFunction("gem_balance_service_balances", 4)
            )
            val prefixes = listOf("gem_node_service_", "gem_assets_service_", "gem_balance_service_")
            val declared = HeaderFacts.functions.filter { function -> prefixes.any { function.name.startsWith(it) } }.toSet()
            checkEqual(expected, declared, "chain functions in the header (a new one needs its wrapper here)")
            val tables = HeaderFacts.structs.map { it.name }
            check(listOf("gem_node_store", "gem_asset_store", "gem_balance_store").all { it in tables }) { "store tables $tables" }
        },
        test("port tables: held while the services live, released by the core after close") {
            val live = settledLiveCount()
            val releases = PortBridge.releaseCount
            host().use { h ->
                // transport + node store, asset store, balance store; and the wallet host's 2 + 4.
                checkEqual(live + 4 + 6, PortBridge.liveCount, "tables held")
                h.nodes.nodes("ethereum")
            }
            eventually(what = "the core released the tables") { PortBridge.liveCount == live }
            checkEqual(releases + 10, PortBridge.releaseCount, "releases")
        },
        test("nodes: the configured nodes are the chain's built-in list, the first one in use") {
            host().use { h ->
                checkEqual(
                    ChainNodes("ethereum", first, listOf(NodeItem(first, NodeKind.BUILTIN, true), NodeItem(second, NodeKind.BUILTIN, false))),
                    h.nodes.nodes("ethereum"), "ethereum nodes"
                )
                val bitcoin = h.nodes.nodes("bitcoin")
                check(bitcoin.nodes.isNotEmpty() && bitcoin.nodes.all { it.kind == NodeKind.BUILTIN }) { "bitcoin nodes $bitcoin" }
                checkEqual(bitcoin.nodes.first().url, bitcoin.selectedUrl, "bitcoin in use")
                checkEqual(emptyList<String>(), h.database.chainWrites(), "writes of reads")
            }
        },
        test("nodes: add, select and remove, each written through the node store") {
            host().use { h ->
                val custom = ChainNode("ethereum", "https://node.example/rpc")
                val added = h.nodes.add(custom)
                checkEqual(NodeItem(custom.url, NodeKind.CUSTOM, false), added.nodes.last(), "added item")
                checkEqual(3, added.nodes.size, "nodes after add")
                checkEqual(listOf("ethereum|${custom.url}"), h.database.rows("SELECT chain, url FROM nodes"), "node rows")
                h.database.clearChainWrites()
                checkEqual(added, h.nodes.add(custom), "adding it again")
                checkEqual(emptyList<String>(), h.database.chainWrites(), "writes of a second add")

                val selected = h.nodes.select(custom)
                checkEqual(custom.url, selected.selectedUrl, "selected url")
                checkEqual(listOf(custom.url), selected.nodes.filter { it.selected }.map { it.url }, "selected items")
                checkEqual(listOf("ethereum|${custom.url}"), h.database.rows("SELECT chain, url FROM node_selections"), "selection rows")
                checkEqual(selected, h.nodes.nodes("ethereum"), "nodes after select")
                h.nodes.select(ChainNode("ethereum", second))
                checkEqual(second, h.nodes.nodes("ethereum").selectedUrl, "a built-in node selected")
                h.nodes.select(custom)

                val removed = h.nodes.remove(custom)
                checkEqual(first, removed.selectedUrl, "the default again after removing the selected node")
                checkEqual(2, removed.nodes.size, "nodes after remove")
                checkEqual(emptyList<String>(), h.database.rows("SELECT * FROM nodes"), "node rows after remove")
                check(h.database.rows("SELECT url FROM node_selections WHERE url = '${custom.url}'").isEmpty()) { "the removed node is still selected" }
            }
        },
        test("nodes: refusals are GemExceptions and write nothing") {
            host().use { h ->
                val before = h.database.chainSnapshot()
                checkThrows<GemException.InvalidInput>("http to a remote host") { h.nodes.add("ethereum", "http://node.example/rpc") }
                checkThrows<GemException.InvalidInput>("not a URL") { h.nodes.add("ethereum", "node.example") }
                checkThrows<GemException.InvalidInput>("a URL over 2048 bytes") { h.nodes.add("ethereum", "https://node.example/" + "a".repeat(2100)) }
                checkThrows<GemException.InvalidInput>("removing a built-in node") { h.nodes.remove(ChainNode("ethereum", first)) }
                checkThrows<GemException.NotFound>("removing a node not listed") { h.nodes.remove(ChainNode("ethereum", "https://other.example")) }
                checkThrows<GemException.NotFound>("selecting a node not listed") { h.nodes.select(ChainNode("ethereum", "https://other.example")) }
                checkThrows<GemException.InvalidArgument>("NULL node") { h.nodes.addJsonAsync(null).await() }
                checkThrows<GemException.InvalidArgument>("malformed node JSON") { h.nodes.selectJsonAsync("{\"chain\":").await() }
                checkThrows<GemException.InvalidArgument>("a node without its url") { h.nodes.removeJsonAsync("{\"chain\":\"ethereum\"}").await() }
                checkThrows<GemException.InvalidArgument>("an unknown chain") { h.nodes.add("nochain", "https://node.example") }
                checkThrows<GemException.InvalidArgument>("NULL chain") { h.nodes.nodesAsync(null).await() }
                checkThrows<GemException.InvalidArgument>("check of NULL") { h.nodes.checkJsonAsync(null).await() }
                checkEqual(before, h.database.chainSnapshot(), "rows after the refusals")
            }
        },
        test("nodes: a configuration with a remote http node is refused and no port table is kept") {
            val settled = settledLiveCount()
            com.gemwallet.gemstone.SqliteDatabase(":memory:").use { database ->
                val error = checkThrows<GemException.InvalidInput>("remote http node") {
                    NodeService(UrlConnectionTransport(), SqliteNodeStore(database), null, mapOf("ethereum" to listOf("http://node.example")))
                }
                check(error.message.orEmpty().contains("node.example")) { "the error does not name the URL: $error" }
                checkThrows<GemException.InvalidArgument>("timeout out of range") {
                    NodeService(UrlConnectionTransport(), SqliteNodeStore(database), 0, null)
                }
                checkEqual(settled, PortBridge.liveCount, "port tables kept")
            }
        },
        test("nodes: storeTimeoutMs reaches the core: a node-store call that never answers fails with Timeout") {
            com.gemwallet.gemstone.SqliteDatabase(":memory:").use { database ->
                val real = SqliteNodeStore(database)
                val gate = java.util.concurrent.CountDownLatch(1)
                val silent = object : NodeStore by real {
                    override fun getNodes(): List<ChainNode> {
                        gate.await(20, java.util.concurrent.TimeUnit.SECONDS)
                        return real.getNodes()
                    }
                    override fun getSelections(): List<ChainNode> {
                        gate.await(20, java.util.concurrent.TimeUnit.SECONDS)
                        return real.getSelections()
                    }
                }
                NodeService(UrlConnectionTransport(), silent, null, null, 200).use { nodes ->
                    val started = System.nanoTime()
                    checkThrows<GemException.Timeout>("nodes over a silent store") { nodes.nodes("ethereum") }
                    val elapsedMs = (System.nanoTime() - started) / 1_000_000
                    check(elapsedMs < 10_000) { "answered after $elapsedMs ms: the 200 ms bound was not passed (the default is 30 s)" }
                    gate.countDown()
                }
                checkThrows<GemException.InvalidArgument>("store timeout 0") {
                    NodeService(UrlConnectionTransport(), real, null, null, 0)
                }
                checkThrows<GemException.InvalidArgument>("store timeout above 600000") {
                    NodeService(UrlConnectionTransport(), real, null, null, 600_001)
                }
            }
        },
        test("storeTimeoutMs of the session, assets, balance and transactions services reaches the core") {
            host().use { h ->
                val id = viewWallet(h)
                val gate = java.util.concurrent.CountDownLatch(1)
                fun <T> held(read: () -> T): T {
                    gate.await(20, java.util.concurrent.TimeUnit.SECONDS)
                    return read()
                }
                val wallets = h.wallet.ports.store
                val silentWallets = object : WalletStore by wallets {
                    override fun getWallets(): List<Wallet> = held { wallets.getWallets() }
                }
                val assets = h.stores.assets
                val silentAssets = object : AssetStore by assets {
                    override fun getWalletAssets(walletId: String): List<String> = held { assets.getWalletAssets(walletId) }
                }
                val balances = h.stores.balances
                val silentBalances = object : BalanceStore by balances {
                    override fun getBalances(walletId: String, assetIds: List<String>): List<Balance> =
                        held { balances.getBalances(walletId, assetIds) }
                }
                val transactions = SqliteTransactionStore(h.database)
                val silentTransactions = object : TransactionStore by transactions {
                    override fun getTransactions(walletId: String): List<Transaction> = held { transactions.getTransactions(walletId) }
                }
                fun timesOut(name: String, command: () -> Unit) {
                    val started = System.nanoTime()
                    checkThrows<GemException.Timeout>(name) { command() }
                    val elapsedMs = (System.nanoTime() - started) / 1_000_000
                    check(elapsedMs < 10_000) { "$name answered after $elapsedMs ms: the 200 ms bound was not passed (the default is 30 s)" }
                }
                try {
                    WalletSessionService(silentWallets, h.wallet.ports.sessionStore, 200).use { service ->
                        timesOut("session over a silent wallet store") { service.getWallets() }
                    }
                    AssetsService(h.nodes, h.wallet.sessions, silentAssets, 200).use { service ->
                        timesOut("assets over a silent asset store") { service.walletAssets(id) }
                    }
                    BalanceService(h.nodes, h.assets, h.wallet.sessions, silentBalances, 200).use { service ->
                        timesOut("balances over a silent balance store") { service.balances(id) }
                    }
                    TransactionsService(h.assets, silentTransactions, 200).use { service ->
                        timesOut("transactions over a silent transaction store") { service.transactions(TransactionsRequest(id)) }
                    }
                } finally {
                    gate.countDown()
                }
                for (bound in listOf(0, 600_001)) {
                    checkThrows<GemException.InvalidArgument>("session store timeout $bound") {
                        WalletSessionService(wallets, h.wallet.ports.sessionStore, bound)
                    }
                    checkThrows<GemException.InvalidArgument>("assets store timeout $bound") {
                        AssetsService(h.nodes, h.wallet.sessions, assets, bound)
                    }
                    checkThrows<GemException.InvalidArgument>("balance store timeout $bound") {
                        BalanceService(h.nodes, h.assets, h.wallet.sessions, balances, bound)
                    }
                    checkThrows<GemException.InvalidArgument>("transaction store timeout $bound") {
                        TransactionsService(h.assets, transactions, bound)
                    }
                }
            }
        },
        test("nodes: resolve_selections clears a stored selection its chain no longer offers") {
            val wallet = WalletHost()
            SqliteNodeStore(wallet.database).setSelection("ethereum", "https://gone.example")
            SqliteNodeStore(wallet.database).setSelection("bitcoin", null)
            ChainHost(config, wallet = wallet).use { h ->
                checkEqual(listOf(ChainNode("ethereum", "https://gone.example")), h.nodes.resolveSelections(), "cleared")
                checkEqual(emptyList<String>(), h.database.rows("SELECT * FROM node_selections"), "selection rows")
                checkEqual(first, h.nodes.nodes("ethereum").selectedUrl, "in use")
                checkEqual(emptyList<ChainNode>(), h.nodes.resolveSelections(), "a second resolution")
            }
        },
        test("nodes: an unreachable node is a check answer with its error, not a crash") {
            host().use { h ->
                val url = closedUrl("/ethereum")
                val check = h.nodes.check(ChainNode("ethereum", url))
                checkEqual("ethereum", check.chain, "chain")
                checkEqual(url, check.url, "url")
                check(check.status is NodeCheckStatus.Unreachable) { "status ${check.status}" }
                checkEqual(emptyList<Any>(), check.rows, "rows of an unreachable node")
                checkThrows<GemException.InvalidInput>("check of a remote http URL") { h.nodes.check(ChainNode("ethereum", "http://node.example")) }
            }
        },
        test("nodes: a node store failure inside a command is a store error with nothing written") {
            host().use { h ->
                h.database.failWrites("nodes", "url", "https://bad.example")
                val before = h.database.chainSnapshot()
                checkThrows<GemException.Store>("add with a failing store") { h.nodes.add("ethereum", "https://bad.example") }
                checkEqual(before, h.database.chainSnapshot(), "rows after the failed add")
                checkEqual(2, h.nodes.nodes("ethereum").nodes.size, "nodes after the failed add")
                h.database.failWrites("node_selections", "chain", "ethereum")
                checkThrows<GemException.Store>("select with a failing store") { h.nodes.select(ChainNode("ethereum", second)) }
                checkEqual(first, h.nodes.nodes("ethereum").selectedUrl, "in use after the failed select")
            }
        },
        test("assets: a wallet shows the native coin of each of its chains, in account order") {
            host().use { h ->
                val wallet = h.wallet.wallets.importWallet(WalletImport.Multicoin(ABANDON_PHRASE, listOf("bitcoin", "ethereum", "solana"))).wallet
                val assets = h.assets.walletAssets(wallet.id)
                checkEqual(wallet.accounts.map { it.chain }, assets.map { it.id }, "asset ids")
                check(assets.all { it.type == AssetType.NATIVE }) { "types $assets" }
                checkEqual(listOf("BTC", "ETH", "SOL"), assets.map { it.symbol }, "symbols")
                checkEqual(listOf(8, 18, 9), assets.map { it.decimals }, "decimals")
                checkEqual(emptyList<String>(), h.database.chainWrites(), "writes of the native list")
            }
        },
        test("assets: refusals are GemExceptions and write nothing") {
            host().use { h ->
                val walletId = viewWallet(h)
                val before = h.database.chainSnapshot()
                checkThrows<GemException.NotFound>("an unknown wallet") { h.assets.walletAssets("multicoin_0xnone") }
                checkThrows<GemException.InvalidArgument>("NULL wallet id") { h.assets.walletAssetsAsync(null).await() }
                checkThrows<GemException.InvalidInput>("a native asset") { h.assets.addToken(walletId, "ethereum") }
                checkThrows<GemException.InvalidInput>("a chain the wallet has no account on") {
                    h.assets.addToken(walletId, "tron_TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")
                }
                checkThrows<GemException.InvalidArgument>("NULL asset id") { h.assets.addTokenAsync(walletId, null).await() }
                checkThrows<GemException.NotFound>("removing a token not listed") { h.assets.removeToken(walletId, tst.id) }
                checkThrows<GemException.NotFound>("a token for an unknown wallet") { h.assets.addToken("multicoin_0xnone", tst.id) }
                checkEqual(before, h.database.chainSnapshot(), "rows after the refusals")
            }
        },
        test("assets: a token the store knows is listed without asking the chain, then removed") {
            host(mapOf("ethereum" to listOf(closedUrl("/ethereum")))).use { h ->
                val walletId = viewWallet(h)
                h.stores.assets.addAssets(listOf(tst))
                h.database.clearChainWrites()
                checkEqual(tst, h.assets.addToken(walletId, tst.id), "added")
                checkEqual(listOf("ethereum", tst.id), h.assets.walletAssets(walletId).map { it.id }, "wallet assets")
                checkEqual(listOf("INSERT wallet_assets"), h.database.chainWrites(), "writes")
                checkEqual(tst, h.assets.addToken(walletId, tst.id), "added again")
                checkEqual(1, h.database.chainWrites().size, "writes after adding it again")
                h.assets.removeToken(walletId, tst.id)
                checkEqual(listOf("ethereum"), h.assets.walletAssets(walletId).map { it.id }, "wallet assets after remove")
                checkEqual(listOf(tst), h.stores.assets.getAssets(listOf(tst.id)), "the asset's record stays")
            }
        },
        test("assets: a failing update_wallet_assets is a store error with nothing written") {
            host().use { h ->
                val walletId = viewWallet(h)
                h.stores.assets.addAssets(listOf(tst))
                h.database.failWrites("wallet_assets", "asset_id", tst.id)
                val before = h.database.chainSnapshot()
                checkThrows<GemException.Store>("add with a failing store") { h.assets.addToken(walletId, tst.id) }
                checkEqual(before, h.database.chainSnapshot(), "rows after the failed add")
                checkEqual(listOf("ethereum"), h.assets.walletAssets(walletId).map { it.id }, "wallet assets")
            }
        },
        test("assets: a token whose chain cannot be read fails with the chain's error and writes nothing") {
            host(mapOf("ethereum" to listOf(closedUrl("/ethereum")))).use { h ->
                val walletId = viewWallet(h)
                val before = h.database.chainSnapshot()
                val error = checkThrows<GemException>("a token from an unreachable node") { h.assets.addToken(walletId, tst.id) }
                check(error !is GemException.InvalidArgument && error !is GemException.Internal) { "error $error" }
                checkEqual(before, h.database.chainSnapshot(), "rows after the failed add")
            }
        },
        test("balances: refusals are GemExceptions") {
            host().use { h ->
                checkThrows<GemException.NotFound>("refresh of an unknown wallet") { h.balances.update("multicoin_0xnone") }
                checkThrows<GemException.NotFound>("balances of an unknown wallet") { h.balances.balances("multicoin_0xnone") }
                checkThrows<GemException.InvalidArgument>("NULL wallet id") { h.balances.updateAsync(null).await() }
                checkThrows<GemException.InvalidArgument>("NULL wallet id") { h.balances.balancesAsync(null).await() }
                checkThrows<GemException.InvalidArgument>("an empty wallet id") { h.balances.update("") }
            }
        },
        test("balances: a refresh whose chain fails names the chain and leaves the rows as they were") {
            host(mapOf("ethereum" to listOf(closedUrl("/ethereum")))).use { h ->
                val walletId = viewWallet(h)
                h.stores.balances.updateBalances(BalanceUpdate(walletId, "ethereum", listOf(zero("ethereum", 42))))
                val before = h.database.chainSnapshot()
                h.database.clearChainWrites()
                val error = checkThrows<GemException>("refresh of a failing chain") { h.balances.update(walletId) }
                check(error.message.orEmpty().startsWith("ethereum")) { "the error does not start with the chain: $error" }
                checkEqual(before, h.database.chainSnapshot(), "rows after the failed refresh")
                checkEqual(emptyList<String>(), h.database.chainWrites(), "writes")
                checkEqual(listOf(zero("ethereum", 42)), h.balances.balances(walletId), "stored balances")
            }
        },
        test("balances: the stored rows of the assets a wallet shows, in its asset order") {
            host().use { h ->
                val walletId = viewWallet(h)
                checkEqual(emptyList<Balance>(), h.balances.balances(walletId), "before any refresh")
                h.stores.assets.addAssets(listOf(tst))
                h.assets.addToken(walletId, tst.id)
                h.stores.balances.updateBalances(BalanceUpdate(walletId, "ethereum", listOf(zero(tst.id, 7), zero("ethereum", 3), zero("ethereum_0xother", 1))))
                h.stores.balances.updateBalances(BalanceUpdate("view_other", "ethereum", listOf(zero("ethereum", 9))))
                checkEqual(listOf(zero("ethereum", 3), zero(tst.id, 7)), h.balances.balances(walletId), "balances")
            }
        },
        test("many concurrent commands of the three services complete once each, through garbage collections") {
            host().use { h ->
                val walletId = viewWallet(h)
                h.stores.balances.updateBalances(BalanceUpdate(walletId, "ethereum", listOf(zero("ethereum", 5))))
                val nodes = ArrayList<java.util.concurrent.CompletableFuture<ChainNodes>>()
                val assets = ArrayList<java.util.concurrent.CompletableFuture<List<Asset>>>()
                val balances = ArrayList<java.util.concurrent.CompletableFuture<List<Balance>>>()
                for (i in 1..150) {
                    if (i % 50 == 0) System.gc()
                    nodes.add(h.nodes.nodesAsync("ethereum"))
                    assets.add(h.assets.walletAssetsAsync(walletId))
                    balances.add(h.balances.balancesAsync(walletId))
                }
                System.gc()
                for (future in nodes) checkEqual(first, future.get(20, TimeUnit.SECONDS).selectedUrl, "node in use")
                for (future in assets) checkEqual(listOf("ethereum"), future.get(20, TimeUnit.SECONDS).map { it.id }, "wallet assets")
                for (future in balances) checkEqual(listOf(zero("ethereum", 5)), future.get(20, TimeUnit.SECONDS), "balances")
                eventually(what = "no completion pending") { Completions.pendingCount == 0 }
                checkEqual(0L, Completions.unknownCount, "completions for unknown commands")
            }
        },
        test("composition: the node and wallet services may be closed before the services made over them") {
            host().use { h ->
                val walletId = viewWallet(h)
                h.nodes.close()
                h.wallet.sessions.close()
                checkEqual(listOf("ethereum"), h.assets.walletAssets(walletId).map { it.id }, "wallet assets")
                checkEqual(emptyList<Balance>(), h.balances.balances(walletId), "balances")
                checkThrows<IllegalStateException>("a closed service") { h.nodes.nodes("ethereum") }
            }
        }
    )
}
