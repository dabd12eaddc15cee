package com.gemwallet.gemstone

import java.math.BigInteger
import java.sql.Connection
import java.sql.PreparedStatement

/**
 * [NodeStore] over two tables of [database]: `nodes (chain, url)`, the added nodes in the order
 * added (rowid), and `node_selections (chain PRIMARY KEY, url)`. [updateNodes] is one transaction
 * (any failure rolls it back); a node already stored, or a selection set to the URL it has, is not
 * written again.
 */
class SqliteNodeStore(private val database: SqliteDatabase) : NodeStore {
    init {
        database.transaction { connection ->
            connection.createStatement().using {
                it.execute("CREATE TABLE IF NOT EXISTS nodes (chain TEXT NOT NULL, url TEXT NOT NULL, PRIMARY KEY (chain, url))")
                it.execute("CREATE TABLE IF NOT EXISTS node_selections (chain TEXT PRIMARY KEY NOT NULL, url TEXT NOT NULL)")
            }
        }
    }

    override fun getNodes(): List<ChainNode> = database.read { connection ->
        connection.prepareStatement("SELECT chain, url FROM nodes ORDER BY rowid").using { statement -> readNodes(statement) }
    }

    override fun updateNodes(add: List<ChainNode>, delete: List<ChainNode>) {
        database.transaction { connection ->
            connection.prepareStatement("INSERT INTO nodes (chain, url) VALUES (?, ?) ON CONFLICT (chain, url) DO NOTHING").using { insert ->
                for (node in add) {
                    insert.setString(1, node.chain)
                    insert.setString(2, node.url)
                    insert.executeUpdate()
                }
            }
            connection.prepareStatement("DELETE FROM nodes WHERE chain = ? AND url = ?").using { remove ->
                for (node in delete) {
                    remove.setString(1, node.chain)
                    remove.setString(2, node.url)
                    remove.executeUpdate()
                }
            }
        }
    }

    override fun getSelections(): List<ChainNode> = database.read { connection ->
        connection.prepareStatement("SELECT chain, url FROM node_selections ORDER BY chain").using { statement -> readNodes(statement) }
    }

    override fun setSelection(chain: String, url: String?) {
        database.transaction { connection ->
            if (url == null) {
                connection.prepareStatement("DELETE FROM node_selections WHERE chain = ?").using { statement ->
                    statement.setString(1, chain)
                    statement.executeUpdate()
                }
            } else {
                connection.prepareStatement(
                    "INSERT INTO node_selections (chain, url) VALUES (?, ?) " +
                        "ON CONFLICT (chain) DO UPDATE SET url = excluded.url WHERE url IS NOT excluded.url"
                ).using { statement ->
                    statement.setString(1, chain)
                    statement.setString(2, url)
                    statement.executeUpdate()
                }
            }
        }
    }

    private fun readNodes(statement: PreparedStatement): List<ChainNode> = statement.executeQuery().using { rows ->
        val nodes = ArrayList<ChainNode>()
        while (rows.next()) nodes.add(ChainNode(rows.getString(1), rows.getString(2)))
        nodes
    }
}

/**
 * [AssetStore] over two tables of [database]: `assets (id PRIMARY KEY, name, symbol, decimals, type)`,
 * the token assets the device knows, and `wallet_assets (wallet_id, asset_id)`, each wallet's tokens
 * in the order added (rowid). Each write is one transaction (any failure rolls it back) and writes
 * only rows that change: an asset stored with the same record, or a token already listed, is not
 * written again.
 */
class SqliteAssetStore(private val database: SqliteDatabase) : AssetStore {
    init {
        database.transaction { connection ->
            connection.createStatement().using {
                it.execute(
                    "CREATE TABLE IF NOT EXISTS assets (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, symbol TEXT NOT NULL, " +
                        "decimals INTEGER NOT NULL, type TEXT NOT NULL)"
                )
                it.execute(
                    "CREATE TABLE IF NOT EXISTS wallet_assets (wallet_id TEXT NOT NULL, asset_id TEXT NOT NULL, " +
                        "PRIMARY KEY (wallet_id, asset_id))"
                )
            }
        }
    }

    /** The stored assets among [ids], in the order of [ids], read in one transaction. */
    override fun getAssets(ids: List<String>): List<Asset> = database.transaction { connection ->
        connection.prepareStatement("SELECT id, name, symbol, decimals, type FROM assets WHERE id = ?").using { statement ->
            val assets = ArrayList<Asset>()
            for (id in ids.distinct()) {
                statement.setString(1, id)
                statement.executeQuery().using { rows ->
                    if (rows.next()) {
                        assets.add(Asset(rows.getString(1), rows.getString(2), rows.getString(3), rows.getInt(4), AssetType.fromJson(rows.getString(5))))
                    }
                }
            }
            assets
        }
    }

    override fun addAssets(assets: List<Asset>) {
        database.transaction { connection ->
            connection.prepareStatement(
                "INSERT INTO assets (id, name, symbol, decimals, type) VALUES (?, ?, ?, ?, ?) " +
                    "ON CONFLICT (id) DO UPDATE SET name = excluded.name, symbol = excluded.symbol, " +
                    "decimals = excluded.decimals, type = excluded.type " +
                    "WHERE name IS NOT excluded.name OR symbol IS NOT excluded.symbol OR " +
                    "decimals IS NOT excluded.decimals OR type IS NOT excluded.type"
            ).using { statement ->
                for (asset in assets) {
                    statement.setString(1, asset.id)
                    statement.setString(2, asset.name)
                    statement.setString(3, asset.symbol)
                    statement.setInt(4, asset.decimals)
                    statement.setString(5, asset.type.json)
                    statement.executeUpdate()
                }
            }
        }
    }

    override fun getWalletAssets(walletId: String): List<String> = database.read { connection ->
        connection.prepareStatement("SELECT asset_id FROM wallet_assets WHERE wallet_id = ? ORDER BY rowid").using { statement ->
            statement.setString(1, walletId)
            statement.executeQuery().using { rows ->
                val ids = ArrayList<String>()
                while (rows.next()) ids.add(rows.getString(1))
                ids
            }
        }
    }

    override fun updateWalletAssets(update: WalletAssetsUpdate) {
        database.transaction { connection ->
            connection.prepareStatement(
                "INSERT INTO wallet_assets (wallet_id, asset_id) VALUES (?, ?) ON CONFLICT (wallet_id, asset_id) DO NOTHING"
            ).using { insert ->
                for (id in update.add) {
                    insert.setString(1, update.walletId)
                    insert.setString(2, id)
                    insert.executeUpdate()
                }
            }
            connection.prepareStatement("DELETE FROM wallet_assets WHERE wallet_id = ? AND asset_id = ?").using { remove ->
                for (id in update.remove) {
                    remove.setString(1, update.walletId)
                    remove.setString(2, id)
                    remove.executeUpdate()
                }
            }
        }
    }
}

/**
 * [BalanceStore] over the `balances (wallet_id, asset_id, available, staked, pending, locked,
 * reserved)` table of [database], one row per (wallet, asset), amounts as decimal text (they reach
 * 2^256 - 1). A chain's [updateBalances] is ONE transaction: every row or, when any fails, none. Only
 * the rows given are written, and a row whose stored values are the same is not written again.
 */
class SqliteBalanceStore(private val database: SqliteDatabase) : BalanceStore {
    init {
        database.transaction { connection ->
            connection.createStatement().using {
                it.execute(
                    "CREATE TABLE IF NOT EXISTS balances (wallet_id TEXT NOT NULL, asset_id TEXT NOT NULL, " +
                        "available TEXT NOT NULL, staked TEXT NOT NULL, pending TEXT NOT NULL, locked TEXT NOT NULL, " +
                        "reserved TEXT NOT NULL, PRIMARY KEY (wallet_id, asset_id))"
                )
            }
        }
    }

    /** The stored rows among [assetIds], in the order of [assetIds], read in one transaction. */
    override fun getBalances(walletId: String, assetIds: List<String>): List<Balance> = database.transaction { connection ->
        connection.prepareStatement(
            "SELECT asset_id, available, staked, pending, locked, reserved FROM balances WHERE wallet_id = ? AND asset_id = ?"
        ).using { statement ->
            val balances = ArrayList<Balance>()
            for (id in assetIds.distinct()) {
                statement.setString(1, walletId)
                statement.setString(2, id)
                statement.executeQuery().using { rows ->
                    if (rows.next()) {
                        balances.add(
                            Balance(
                                rows.getString(1), BigInteger(rows.getString(2)), BigInteger(rows.getString(3)),
                                BigInteger(rows.getString(4)), BigInteger(rows.getString(5)), BigInteger(rows.getString(6))
                            )
                        )
                    }
                }
            }
            balances
        }
    }

    override fun updateBalances(update: BalanceUpdate) {
        database.transaction { connection -> upsert(connection, update) }
    }

    private fun upsert(connection: Connection, update: BalanceUpdate) {
        connection.prepareStatement(
            "INSERT INTO balances (wallet_id, asset_id, available, staked, pending, locked, reserved) VALUES (?, ?, ?, ?, ?, ?, ?) " +
                "ON CONFLICT (wallet_id, asset_id) DO UPDATE SET available = excluded.available, staked = excluded.staked, " +
                "pending = excluded.pending, locked = excluded.locked, reserved = excluded.reserved " +
                "WHERE available IS NOT excluded.available OR staked IS NOT excluded.staked OR pending IS NOT excluded.pending " +
                "OR locked IS NOT excluded.locked OR reserved IS NOT excluded.reserved"
        ).using { statement ->
            for (balance in update.balances) {
                statement.setString(1, update.walletId)
                statement.setString(2, balance.assetId)
                statement.setString(3, balance.available.toString())
                statement.setString(4, balance.staked.toString())
                statement.setString(5, balance.pending.toString())
                statement.setString(6, balance.locked.toString())
                statement.setString(7, balance.reserved.toString())
                statement.executeUpdate()
            }
        }
    }
}
