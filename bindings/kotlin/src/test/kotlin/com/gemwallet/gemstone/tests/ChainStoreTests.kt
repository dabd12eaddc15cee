package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.Asset
import com.gemwallet.gemstone.AssetType
import com.gemwallet.gemstone.Balance
import com.gemwallet.gemstone.BalanceUpdate
import com.gemwallet.gemstone.ChainNode
import com.gemwallet.gemstone.SqliteAssetStore
import com.gemwallet.gemstone.SqliteBalanceStore
import com.gemwallet.gemstone.SqliteDatabase
import com.gemwallet.gemstone.SqliteNodeStore
import com.gemwallet.gemstone.WalletAssetsUpdate
import java.io.File
import java.math.BigInteger
import java.sql.SQLException

/**
 * The SQLite chain stores on their own (the paired store tests through the core are in the chains
 * suite): each write one transaction that a failure on a later row rolls back whole, only the rows
 * given written, and a row already stored with the same values not written again (counted by
 * triggers).
 */
class ChainStoreTests : Suite {
    override val name = "chain-sqlite"

    private class Stores(val database: SqliteDatabase) {
        val nodes = SqliteNodeStore(database)
        val assets = SqliteAssetStore(database)
        val balances = SqliteBalanceStore(database)

        init {
            database.countChainWrites()
        }
    }

    private fun <T> fresh(body: (Stores) -> T): T = SqliteDatabase(File(temporaryDirectory(), "chains.db").path).use { body(Stores(it)) }

    private fun balance(assetId: String, available: Long, staked: Long = 0) =
        Balance(assetId, BigInteger.valueOf(available), BigInteger.valueOf(staked), BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO)

    private val tst = Asset("ethereum_0x5FbDB2315678afecb367f032d93F642f64180aa3", "Test Token", "TST", 6, AssetType.ERC20)
    private val usdc = Asset("solana_EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "USD Coin", "USDC", 6, AssetType.SPL)

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("node store: added nodes in the order added, a stored node not written again, deletes") {
            fresh { s ->
                val a = ChainNode("ethereum", "https://a.example")
                val b = ChainNode("ethereum", "https://b.example")
                val c = ChainNode("solana", "https://c.example")
                s.nodes.updateNodes(listOf(b, a, c), emptyList())
                checkEqual(listOf(b, a, c), s.nodes.getNodes(), "nodes")
                s.database.clearChainWrites()
                s.nodes.updateNodes(listOf(a), listOf(b))
                checkEqual(listOf(a, c), s.nodes.getNodes(), "after adding a stored node and deleting one")
                checkEqual(listOf("DELETE nodes"), s.database.chainWrites(), "writes")
            }
        },
        test("node store: update_nodes is one transaction (a failure on its 2nd node writes none)") {
            fresh { s ->
                val kept = ChainNode("ethereum", "https://kept.example")
                s.nodes.updateNodes(listOf(kept), emptyList())
                s.database.failWrites("nodes", "url", "https://bad.example")
                val before = s.database.chainSnapshot()
                checkThrows<SQLException>("update with a failing 2nd node") {
                    s.nodes.updateNodes(listOf(ChainNode("ethereum", "https://new.example"), ChainNode("ethereum", "https://bad.example")), listOf(kept))
                }
                checkEqual(before, s.database.chainSnapshot(), "rows after the failed update")
            }
        },
        test("node store: a selection per chain, set to the same URL not written, null clears") {
            fresh { s ->
                s.nodes.setSelection("ethereum", "https://a.example")
                s.nodes.setSelection("bitcoin", "https://b.example")
                s.nodes.setSelection("ethereum", "https://c.example")
                checkEqual(
                    listOf(ChainNode("bitcoin", "https://b.example"), ChainNode("ethereum", "https://c.example")),
                    s.nodes.getSelections(), "selections"
                )
                s.database.clearChainWrites()
                s.nodes.setSelection("ethereum", "https://c.example")
                checkEqual(emptyList<String>(), s.database.chainWrites(), "writes of an unchanged selection")
                s.nodes.setSelection("ethereum", null)
                s.nodes.setSelection("solana", null)
                checkEqual(listOf(ChainNode("bitcoin", "https://b.example")), s.nodes.getSelections(), "after clearing")
                checkEqual(listOf("DELETE node_selections"), s.database.chainWrites(), "writes")
            }
        },
        test("asset store: assets by id, an unchanged asset not written again, a changed one updated") {
            fresh { s ->
                s.assets.addAssets(listOf(tst, usdc))
                checkEqual(listOf(usdc, tst), s.assets.getAssets(listOf(usdc.id, "ethereum_0xnone", tst.id)), "assets among ids")
                s.database.clearChainWrites()
                val renamed = tst.copy(name = "Test Token v2")
                s.assets.addAssets(listOf(usdc, renamed))
                checkEqual(listOf("UPDATE assets"), s.database.chainWrites(), "writes")
                checkEqual(listOf(renamed), s.assets.getAssets(listOf(tst.id)), "updated asset")
            }
        },
        test("asset store: a wallet's tokens in the order added; update_wallet_assets is one transaction") {
            fresh { s ->
                s.assets.updateWalletAssets(WalletAssetsUpdate("w1", listOf(usdc.id, tst.id), emptyList()))
                s.assets.updateWalletAssets(WalletAssetsUpdate("w2", listOf(tst.id), emptyList()))
                checkEqual(listOf(usdc.id, tst.id), s.assets.getWalletAssets("w1"), "w1 tokens")
                s.database.clearChainWrites()
                s.assets.updateWalletAssets(WalletAssetsUpdate("w1", listOf(tst.id), listOf(usdc.id)))
                checkEqual(listOf(tst.id), s.assets.getWalletAssets("w1"), "w1 after")
                checkEqual(listOf(tst.id), s.assets.getWalletAssets("w2"), "w2 untouched")
                checkEqual(listOf("DELETE wallet_assets"), s.database.chainWrites(), "writes (a listed token is not written again)")

                s.database.failWrites("wallet_assets", "asset_id", "ethereum_0xbad")
                val before = s.database.chainSnapshot()
                checkThrows<SQLException>("update with a failing 2nd token") {
                    s.assets.updateWalletAssets(WalletAssetsUpdate("w1", listOf(usdc.id, "ethereum_0xbad"), listOf(tst.id)))
                }
                checkEqual(before, s.database.chainSnapshot(), "rows after the failed update")
            }
        },
        test("balance store: a chain's batch is atomic (a failure on its 2nd row leaves none of it)") {
            fresh { s ->
                s.balances.updateBalances(BalanceUpdate("w1", "ethereum", listOf(balance("ethereum", 5))))
                s.database.failWrites("balances", "asset_id", tst.id)
                val before = s.database.chainSnapshot()
                checkThrows<SQLException>("batch with a failing 2nd row") {
                    s.balances.updateBalances(BalanceUpdate("w1", "ethereum", listOf(balance("ethereum", 7), balance(tst.id, 9))))
                }
                checkEqual(before, s.database.chainSnapshot(), "rows after the failed batch")
                checkEqual(listOf(balance("ethereum", 5)), s.balances.getBalances("w1", listOf("ethereum", tst.id)), "stored rows")
                s.database.stopFailingWrites("balances")
                s.balances.updateBalances(BalanceUpdate("w1", "ethereum", listOf(balance("ethereum", 7), balance(tst.id, 9))))
                checkEqual(listOf(balance(tst.id, 9), balance("ethereum", 7)), s.balances.getBalances("w1", listOf(tst.id, "ethereum")), "after the retry")
            }
        },
        test("balance store: only the rows given are written, an unchanged row not at all, keyed by wallet") {
            fresh { s ->
                s.balances.updateBalances(BalanceUpdate("w1", "ethereum", listOf(balance("ethereum", 5), balance(tst.id, 1))))
                s.balances.updateBalances(BalanceUpdate("w2", "ethereum", listOf(balance("ethereum", 6))))
                s.database.clearChainWrites()
                s.balances.updateBalances(BalanceUpdate("w1", "ethereum", listOf(balance("ethereum", 5, staked = 2))))
                checkEqual(listOf("UPDATE balances"), s.database.chainWrites(), "writes of one changed row")
                s.database.clearChainWrites()
                s.balances.updateBalances(BalanceUpdate("w1", "ethereum", listOf(balance("ethereum", 5, staked = 2), balance(tst.id, 1))))
                checkEqual(emptyList<String>(), s.database.chainWrites(), "writes of unchanged rows")
                checkEqual(listOf(balance("ethereum", 5, staked = 2), balance(tst.id, 1)), s.balances.getBalances("w1", listOf("ethereum", tst.id)), "w1")
                checkEqual(listOf(balance("ethereum", 6)), s.balances.getBalances("w2", listOf("ethereum", tst.id)), "w2 untouched")
            }
        },
        test("balance store: amounts up to 2^256 - 1 round trip exactly") {
            fresh { s ->
                val max = BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE)
                val row = Balance("ethereum", max, BigInteger.ONE, BigInteger.valueOf(2), BigInteger.valueOf(3), max)
                s.balances.updateBalances(BalanceUpdate("w1", "ethereum", listOf(row)))
                checkEqual(listOf(row), s.balances.getBalances("w1", listOf("ethereum")), "row")
            }
        }
    )
}
