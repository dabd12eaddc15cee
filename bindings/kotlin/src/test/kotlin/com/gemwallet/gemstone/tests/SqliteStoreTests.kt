package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.PriceAlert
import com.gemwallet.gemstone.PriceDirection
import com.gemwallet.gemstone.SqliteDatabase
import com.gemwallet.gemstone.SqlitePreferencesStore
import com.gemwallet.gemstone.SqlitePriceAlertStore
import java.sql.SQLException

/** The SQLite stores on their own (no library): transactions, only changed rows written, filters. */
class SqliteStoreTests : Suite {
    override val name = "sqlite"

    private val btc = PriceAlert("bitcoin", "USD", price = 100000.0, priceDirection = PriceDirection.UP, id = "bitcoin:USD:100000::up")
    private val eth = PriceAlert("ethereum", "USD", pricePercentChange = 5.0, id = "ethereum:USD::5:")
    private val sol = PriceAlert("solana", "EUR", id = "solana:EUR:::")

    private fun fresh(): Pair<SqliteDatabase, SqlitePriceAlertStore> {
        val database = SqliteDatabase(temporaryDatabaseFile().path)
        val store = SqlitePriceAlertStore(database)
        database.countAlertWrites()
        return database to store
    }

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("alerts are stored under their id and read back in order, all or by asset") {
            val (database, store) = fresh()
            database.use {
                store.updatePriceAlerts(listOf(btc, eth, sol), emptyList())
                checkEqual(listOf(btc, eth, sol), store.getPriceAlerts(null), "all")
                checkEqual(listOf(eth), store.getPriceAlerts("ethereum"), "ethereum")
                checkEqual(emptyList<PriceAlert>(), store.getPriceAlerts("tron"), "tron")
            }
        },
        test("an update writes only the rows that change") {
            val (database, store) = fresh()
            database.use {
                store.updatePriceAlerts(listOf(btc, eth), emptyList())
                val before = database.alertWrites().size
                val notified = eth.copy(lastNotifiedAt = 1_700_000_000L)
                store.updatePriceAlerts(listOf(btc, notified), emptyList())
                checkEqual(listOf("update:${eth.id}"), database.alertWrites().drop(before), "writes")
                checkEqual(listOf(btc, notified), store.getPriceAlerts(null), "stored")
            }
        },
        test("an update with nothing new writes nothing") {
            val (database, store) = fresh()
            database.use {
                store.updatePriceAlerts(listOf(btc, eth), emptyList())
                val before = database.alertWrites().size
                store.updatePriceAlerts(listOf(eth, btc), listOf("absent-id"))
                checkEqual(before, database.alertWrites().size, "writes after a no-op update")
            }
        },
        test("deletes remove the ids asked") {
            val (database, store) = fresh()
            database.use {
                store.updatePriceAlerts(listOf(btc, eth, sol), emptyList())
                store.updatePriceAlerts(listOf(), listOf(eth.id!!, sol.id!!))
                checkEqual(listOf(btc.id), database.storedAlertIds(), "ids left")
            }
        },
        test("an update is one transaction: a failing row leaves nothing written") {
            val (database, store) = fresh()
            database.use {
                store.updatePriceAlerts(listOf(btc), emptyList())
                database.read { connection ->
                    connection.createStatement().apply {
                        execute("CREATE TRIGGER refuse_tron BEFORE INSERT ON price_alerts WHEN NEW.asset_id = 'tron' BEGIN SELECT RAISE(ABORT, 'refused'); END")
                        close()
                    }
                }
                val tron = PriceAlert("tron", "USD", id = "tron:USD:::")
                checkThrows<SQLException>("update with a refused row") {
                    store.updatePriceAlerts(listOf(eth, tron), listOf(btc.id!!))
                }
                checkEqual(listOf(btc.id), database.storedAlertIds(), "ids after the failed update")
            }
        },
        test("an alert without id is refused and nothing is written") {
            val (database, store) = fresh()
            database.use {
                checkThrows<IllegalArgumentException>("alert without id") {
                    store.updatePriceAlerts(listOf(eth, btc.copy(id = null)), emptyList())
                }
                checkEqual(emptyList<String>(), database.storedAlertIds(), "ids")
            }
        },
        test("alerts persist in the file across connections") {
            val file = temporaryDatabaseFile()
            SqliteDatabase(file.path).use { SqlitePriceAlertStore(it).updatePriceAlerts(listOf(btc), emptyList()) }
            SqliteDatabase(file.path).use { checkEqual(listOf(btc), SqlitePriceAlertStore(it).getPriceAlerts(null), "reopened") }
        },
        test("the preferences store gets, sets, replaces and removes") {
            SqliteDatabase(":memory:").use { database ->
                val store = SqlitePreferencesStore(database)
                checkEqual(null, store.get("currency"), "absent")
                store.set("currency", "EUR")
                store.set("currency", "CHF")
                checkEqual("CHF", store.get("currency"), "replaced")
                store.remove("currency")
                checkEqual(null, store.get("currency"), "removed")
                store.remove("never-set")
            }
        }
    )
}
