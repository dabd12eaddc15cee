package com.gemwallet.gemstone

/**
 * [TransactionStore] over the table `transactions (id PRIMARY KEY, wallet_id, created_at, json)` of [database]
 * (the layout gem-host's SQLite file uses): the [Transaction] record's JSON under its id, listed by wallet,
 * newest first. [updateTransactions] is one transaction; a row whose stored JSON is the same is not written.
 */
class SqliteTransactionStore(private val database: SqliteDatabase) : TransactionStore {
    init {
        database.transaction { connection ->
            connection.createStatement().using {
                it.execute(
                    "CREATE TABLE IF NOT EXISTS transactions (id TEXT PRIMARY KEY, wallet_id TEXT NOT NULL, " +
                        "created_at INTEGER NOT NULL, json TEXT NOT NULL)"
                )
                it.execute("CREATE INDEX IF NOT EXISTS transactions_wallet ON transactions(wallet_id, created_at)")
            }
        }
    }

    override fun getTransactions(walletId: String): List<Transaction> = database.read { connection ->
        connection.prepareStatement("SELECT json FROM transactions WHERE wallet_id = ? ORDER BY created_at DESC, id DESC")
            .using { statement ->
                statement.setString(1, walletId)
                statement.executeQuery().using { rows ->
                    val found = ArrayList<Transaction>()
                    while (rows.next()) found.add(Transaction.fromJson(org.json.JSONObject(rows.getString(1))))
                    found
                }
            }
    }

    override fun getTransaction(id: String): Transaction? = database.read { connection ->
        connection.prepareStatement("SELECT json FROM transactions WHERE id = ?").using { statement ->
            statement.setString(1, id)
            statement.executeQuery().using { rows ->
                if (rows.next()) Transaction.fromJson(org.json.JSONObject(rows.getString(1))) else null
            }
        }
    }

    override fun updateTransactions(transactions: List<Transaction>) {
        database.transaction { connection ->
            connection.prepareStatement(
                "INSERT INTO transactions (id, wallet_id, created_at, json) VALUES (?, ?, ?, ?) " +
                    "ON CONFLICT (id) DO UPDATE SET wallet_id = excluded.wallet_id, created_at = excluded.created_at, " +
                    "json = excluded.json WHERE json IS NOT excluded.json"
            ).using { upsert ->
                for (transaction in transactions) {
                    upsert.setString(1, transaction.id)
                    upsert.setString(2, transaction.walletId)
                    upsert.setLong(3, transaction.createdAt)
                    upsert.setString(4, transaction.toJson().toString())
                    upsert.executeUpdate()
                }
            }
        }
    }
}
