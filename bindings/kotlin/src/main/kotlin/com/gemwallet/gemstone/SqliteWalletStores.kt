package com.gemwallet.gemstone

import java.io.File
import java.nio.file.Files
import java.nio.file.attribute.PosixFilePermissions
import java.sql.Connection
import java.sql.ResultSet

/**
 * [WalletStore] over two tables of [database]: `wallets` (one row per wallet) and `accounts` (one
 * row per account, in the wallet's order). Every write is one transaction; any failure rolls it
 * back. Adding an id already stored fails with [GemException.Store] and writes nothing; saving writes
 * only the columns and accounts that changed, and saving an id not stored is a [GemException.NotFound].
 */
class SqliteWalletStore(private val database: SqliteDatabase) : WalletStore {
    init {
        database.transaction { connection ->
            connection.createStatement().using {
                it.execute(
                    "CREATE TABLE IF NOT EXISTS wallets (" +
                        "id TEXT PRIMARY KEY NOT NULL, external_id TEXT, name TEXT NOT NULL, " +
                        "wallet_index INTEGER NOT NULL, type TEXT NOT NULL, wallet_order INTEGER NOT NULL, " +
                        "is_pinned INTEGER NOT NULL, image_url TEXT, source TEXT NOT NULL)"
                )
                it.execute(
                    "CREATE TABLE IF NOT EXISTS accounts (" +
                        "wallet_id TEXT NOT NULL, position INTEGER NOT NULL, chain TEXT NOT NULL, address TEXT NOT NULL, " +
                        "derivation_path TEXT NOT NULL, extended_public_key TEXT, PRIMARY KEY (wallet_id, position))"
                )
            }
        }
    }

    /** Every wallet, by order then index, read in one transaction (wallets and accounts agree). */
    override fun getWallets(): List<Wallet> = database.transaction { connection ->
        val accounts = HashMap<String, MutableList<Account>>()
        connection.prepareStatement("$SELECT_ACCOUNTS ORDER BY wallet_id, position").using { statement ->
            statement.executeQuery().using { rows ->
                while (rows.next()) accounts.getOrPut(rows.getString(1)) { ArrayList() }.add(readAccount(rows))
            }
        }
        connection.prepareStatement("$SELECT_WALLETS ORDER BY wallet_order, wallet_index").using { statement ->
            statement.executeQuery().using { rows ->
                val wallets = ArrayList<Wallet>()
                while (rows.next()) wallets.add(readWallet(rows, accounts[rows.getString(1)].orEmpty()))
                wallets
            }
        }
    }

    override fun getWallet(walletId: String): Wallet? = database.transaction { connection -> select(connection, walletId) }

    override fun addWallet(wallet: Wallet) {
        database.transaction { connection ->
            if (exists(connection, wallet.id)) throw GemException.local(GemStatus.STORE, "a wallet with id ${wallet.id} is already stored")
            connection.prepareStatement(
                "INSERT INTO wallets (id, external_id, name, wallet_index, type, wallet_order, is_pinned, image_url, source) " +
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ).using { statement ->
                statement.setString(1, wallet.id)
                statement.setString(2, wallet.externalId)
                statement.setString(3, wallet.name)
                statement.setInt(4, wallet.index)
                statement.setString(5, wallet.type.json)
                statement.setInt(6, wallet.order)
                statement.setInt(7, if (wallet.isPinned) 1 else 0)
                statement.setString(8, wallet.imageUrl)
                statement.setString(9, wallet.source.json)
                statement.executeUpdate()
            }
            insertAccounts(connection, wallet)
        }
    }

    override fun saveWallet(wallet: Wallet) {
        database.transaction { connection ->
            val stored = select(connection, wallet.id)
                ?: throw GemException.local(GemStatus.NOT_FOUND, "no wallet with id ${wallet.id} is stored")
            val changes = ArrayList<Pair<String, Any?>>()
            if (stored.externalId != wallet.externalId) changes.add("external_id" to wallet.externalId)
            if (stored.name != wallet.name) changes.add("name" to wallet.name)
            if (stored.index != wallet.index) changes.add("wallet_index" to wallet.index)
            if (stored.type != wallet.type) changes.add("type" to wallet.type.json)
            if (stored.order != wallet.order) changes.add("wallet_order" to wallet.order)
            if (stored.isPinned != wallet.isPinned) changes.add("is_pinned" to if (wallet.isPinned) 1 else 0)
            if (stored.imageUrl != wallet.imageUrl) changes.add("image_url" to wallet.imageUrl)
            if (stored.source != wallet.source) changes.add("source" to wallet.source.json)
            if (changes.isNotEmpty()) {
                val sql = "UPDATE wallets SET ${changes.joinToString { "${it.first} = ?" }} WHERE id = ?"
                connection.prepareStatement(sql).using { statement ->
                    changes.forEachIndexed { index, change -> statement.setObject(index + 1, change.second) }
                    statement.setString(changes.size + 1, wallet.id)
                    statement.executeUpdate()
                }
            }
            if (stored.accounts != wallet.accounts) {
                deleteAccounts(connection, wallet.id)
                insertAccounts(connection, wallet)
            }
        }
    }

    override fun deleteWallet(walletId: String) {
        database.transaction { connection ->
            deleteAccounts(connection, walletId)
            connection.prepareStatement("DELETE FROM wallets WHERE id = ?").using { statement ->
                statement.setString(1, walletId)
                statement.executeUpdate()
            }
        }
    }

    private fun exists(connection: Connection, walletId: String): Boolean =
        connection.prepareStatement("SELECT 1 FROM wallets WHERE id = ?").using { statement ->
            statement.setString(1, walletId)
            statement.executeQuery().using { it.next() }
        }

    private fun select(connection: Connection, walletId: String): Wallet? {
        val accounts = connection.prepareStatement("$SELECT_ACCOUNTS WHERE wallet_id = ? ORDER BY position").using { statement ->
            statement.setString(1, walletId)
            statement.executeQuery().using { rows ->
                val accounts = ArrayList<Account>()
                while (rows.next()) accounts.add(readAccount(rows))
                accounts
            }
        }
        return connection.prepareStatement("$SELECT_WALLETS WHERE id = ?").using { statement ->
            statement.setString(1, walletId)
            statement.executeQuery().using { rows -> if (rows.next()) readWallet(rows, accounts) else null }
        }
    }

    private fun insertAccounts(connection: Connection, wallet: Wallet) {
        connection.prepareStatement(
            "INSERT INTO accounts (wallet_id, position, chain, address, derivation_path, extended_public_key) VALUES (?, ?, ?, ?, ?, ?)"
        ).using { statement ->
            wallet.accounts.forEachIndexed { position, account ->
                statement.setString(1, wallet.id)
                statement.setInt(2, position)
                statement.setString(3, account.chain)
                statement.setString(4, account.address)
                statement.setString(5, account.derivationPath)
                statement.setString(6, account.extendedPublicKey)
                statement.executeUpdate()
            }
        }
    }

    private fun deleteAccounts(connection: Connection, walletId: String) {
        connection.prepareStatement("DELETE FROM accounts WHERE wallet_id = ?").using { statement ->
            statement.setString(1, walletId)
            statement.executeUpdate()
        }
    }

    private companion object {
        const val SELECT_WALLETS =
            "SELECT id, external_id, name, wallet_index, type, wallet_order, is_pinned, image_url, source FROM wallets"
        const val SELECT_ACCOUNTS =
            "SELECT wallet_id, chain, address, derivation_path, extended_public_key FROM accounts"

        fun readWallet(rows: ResultSet, accounts: List<Account>) = Wallet(
            id = rows.getString(1),
            externalId = rows.getString(2),
            name = rows.getString(3),
            index = rows.getInt(4),
            type = WalletType.fromJson(rows.getString(5)),
            accounts = accounts,
            order = rows.getInt(6),
            isPinned = rows.getInt(7) != 0,
            imageUrl = rows.getString(8),
            source = WalletSource.fromJson(rows.getString(9))
        )

        fun readAccount(rows: ResultSet) = Account(
            chain = rows.getString(2),
            address = rows.getString(3),
            derivationPath = rows.getString(4),
            extendedPublicKey = rows.getString(5)
        )
    }
}

/**
 * [WalletSessionStore] over the `wallet_session (key PRIMARY KEY, value)` table of [database]. The
 * current id is read once and then answered from memory (the store is SYNC and called on the
 * caller's thread); a set writes the table first and changes the memory only when that succeeded.
 */
class SqliteWalletSessionStore(private val database: SqliteDatabase) : WalletSessionStore {
    private val lock = Any()
    @Volatile private var current: String?

    init {
        current = database.transaction { connection ->
            connection.createStatement().using {
                it.execute("CREATE TABLE IF NOT EXISTS wallet_session (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)")
            }
            connection.prepareStatement("SELECT value FROM wallet_session WHERE key = ?").using { statement ->
                statement.setString(1, CURRENT_WALLET_ID)
                statement.executeQuery().using { rows -> if (rows.next()) rows.getString(1) else null }
            }
        }
    }

    override fun getCurrentWalletId(): String? = current

    override fun setCurrentWalletId(walletId: String?) {
        synchronized(lock) {
            if (walletId == current) return
            database.transaction { connection ->
                val sql = if (walletId == null) {
                    "DELETE FROM wallet_session WHERE key = ?"
                } else {
                    "INSERT INTO wallet_session (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
                }
                connection.prepareStatement(sql).using { statement ->
                    statement.setString(1, CURRENT_WALLET_ID)
                    if (walletId != null) statement.setString(2, walletId)
                    statement.executeUpdate()
                }
            }
            current = walletId
        }
    }

    private companion object {
        const val CURRENT_WALLET_ID = "current_wallet_id"
    }
}

/**
 * [SecureStore] over the `keystore (key PRIMARY KEY, value)` table of [database]: the encrypted
 * keystore records, one per wallet. The records are sealed by the core under the keystore password
 * (see [KeystorePasswordFile]); as a second line, a database in a file is made readable and writable
 * by its owner only (rw-------) when this store opens it.
 */
class SqliteSecureStore(private val database: SqliteDatabase) : SecureStore {
    init {
        database.read { connection ->
            connection.createStatement().using {
                it.execute("CREATE TABLE IF NOT EXISTS keystore (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)")
            }
        }
        if (database.path != ":memory:" && database.path.isNotEmpty() && !database.path.startsWith("file:")) {
            val file = File(database.path).toPath()
            try {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"))
            } catch (e: UnsupportedOperationException) {
                // A file system without POSIX permissions: nothing to narrow.
            }
        }
    }

    override fun get(key: String): String? = database.read { connection ->
        connection.prepareStatement("SELECT value FROM keystore WHERE key = ?").using { statement ->
            statement.setString(1, key)
            statement.executeQuery().using { rows -> if (rows.next()) rows.getString(1) else null }
        }
    }

    override fun set(key: String, value: String) {
        database.transaction { connection ->
            connection.prepareStatement(
                "INSERT INTO keystore (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
            ).using { statement ->
                statement.setString(1, key)
                statement.setString(2, value)
                statement.executeUpdate()
            }
        }
    }

    override fun delete(key: String) {
        database.transaction { connection ->
            connection.prepareStatement("DELETE FROM keystore WHERE key = ?").using { statement ->
                statement.setString(1, key)
                statement.executeUpdate()
            }
        }
    }
}
