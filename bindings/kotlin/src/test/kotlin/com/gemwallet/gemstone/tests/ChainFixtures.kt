package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.AssetStore
import com.gemwallet.gemstone.AssetsService
import com.gemwallet.gemstone.BalanceService
import com.gemwallet.gemstone.BalanceStore
import com.gemwallet.gemstone.HttpTransport
import com.gemwallet.gemstone.NodeService
import com.gemwallet.gemstone.NodeStore
import com.gemwallet.gemstone.SqliteAssetStore
import com.gemwallet.gemstone.SqliteBalanceStore
import com.gemwallet.gemstone.SqliteDatabase
import com.gemwallet.gemstone.SqliteNodeStore
import com.gemwallet.gemstone.UrlConnectionTransport

/** The chain store tables the SQLite stores keep. */
val CHAIN_TABLES = listOf("nodes", "node_selections", "assets", "wallet_assets", "balances")

/**
 * Logs every row written to the chain tables (insert, update, delete) in a `chain_writes` table,
 * through triggers: what "only changed rows are written" counts.
 */
fun SqliteDatabase.countChainWrites() {
    read { connection ->
        connection.createStatement().apply {
            execute("CREATE TABLE IF NOT EXISTS chain_writes (kind TEXT NOT NULL)")
            for (table in CHAIN_TABLES) for (op in listOf("INSERT", "UPDATE", "DELETE")) {
                execute("CREATE TRIGGER IF NOT EXISTS log_${table}_$op AFTER $op ON $table BEGIN INSERT INTO chain_writes VALUES ('$op $table'); END")
            }
            close()
        }
    }
}

/** The writes logged by [countChainWrites], oldest first, as "INSERT balances". */
fun SqliteDatabase.chainWrites(): List<String> = rows("SELECT kind FROM chain_writes ORDER BY rowid")

/** Forgets the writes logged so far. */
fun SqliteDatabase.clearChainWrites() {
    read { connection -> connection.createStatement().apply { execute("DELETE FROM chain_writes"); close() } }
}

/**
 * Makes SQLite itself refuse (RAISE(ABORT)) any insert or update of [table] whose [column] is [value]:
 * a real failure in the middle of a transaction, as a full disk or a constraint would be.
 */
fun SqliteDatabase.failWrites(table: String, column: String, value: String) {
    read { connection ->
        connection.createStatement().apply {
            for (op in listOf("INSERT", "UPDATE")) {
                execute(
                    "CREATE TRIGGER IF NOT EXISTS fail_${table}_$op BEFORE $op ON $table WHEN NEW.$column = '$value' " +
                        "BEGIN SELECT RAISE(ABORT, 'injected failure on $value'); END"
                )
            }
            close()
        }
    }
}

fun SqliteDatabase.stopFailingWrites(table: String) {
    read { connection ->
        connection.createStatement().apply {
            for (op in listOf("INSERT", "UPDATE")) execute("DROP TRIGGER IF EXISTS fail_${table}_$op")
            close()
        }
    }
}

/** Every row of [sql]'s answer, its columns joined with "|" (NULL as "NULL"). */
fun SqliteDatabase.rows(sql: String): List<String> = read { connection ->
    connection.createStatement().executeQuery(sql).let { rows ->
        val values = ArrayList<String>()
        val columns = rows.metaData.columnCount
        while (rows.next()) values.add((1..columns).joinToString("|") { rows.getString(it) ?: "NULL" })
        rows.close()
        values
    }
}

/** Every row of every chain table: what "nothing was written" compares. */
fun SqliteDatabase.chainSnapshot(): List<String> =
    CHAIN_TABLES.flatMap { table -> rows("SELECT * FROM $table ORDER BY rowid").map { "$table $it" } }

/**
 * A wallet host with the chain services, as a front end builds it: the wallet host's SQLite file
 * holds the node, asset and balance tables too; the three services run over the SQLite stores and
 * [transport]. [nodes] overrides the built-in nodes (the local chains' URLs). [stores] may wrap a
 * store to watch or break it.
 */
class ChainHost(
    nodes: Map<String, List<String>>? = null,
    transport: HttpTransport = UrlConnectionTransport(connectTimeoutMs = 2_000, readTimeoutMs = 10_000),
    timeoutMs: Int? = 10_000,
    stores: (ChainStores) -> ChainStores = { it },
    val wallet: WalletHost = WalletHost()
) : java.io.Closeable {
    val database: SqliteDatabase get() = wallet.database
    val stores: ChainStores = stores(
        ChainStores(SqliteNodeStore(wallet.database), SqliteAssetStore(wallet.database), SqliteBalanceStore(wallet.database))
    )
    val nodes = NodeService(transport, this.stores.nodes, timeoutMs, nodes)
    val assets = AssetsService(this.nodes, wallet.sessions, this.stores.assets)
    val balances = BalanceService(this.nodes, assets, wallet.sessions, this.stores.balances)

    init {
        wallet.database.countChainWrites()
    }

    override fun close() {
        balances.close()
        assets.close()
        nodes.close()
        wallet.close()
    }
}

/** The three chain stores a host hands to the services. */
data class ChainStores(val nodes: NodeStore, val assets: AssetStore, val balances: BalanceStore)
