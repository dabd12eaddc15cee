package com.gemwallet.gemstone

/** [PreferencesStore] over the `preferences (key PRIMARY KEY, value)` table of [database]. */
class SqlitePreferencesStore(private val database: SqliteDatabase) : PreferencesStore {
    init {
        database.read { connection ->
            connection.createStatement().using {
                it.execute("CREATE TABLE IF NOT EXISTS preferences (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)")
            }
        }
    }

    override fun get(key: String): String? = database.read { connection ->
        connection.prepareStatement("SELECT value FROM preferences WHERE key = ?").using { statement ->
            statement.setString(1, key)
            statement.executeQuery().using { rows -> if (rows.next()) rows.getString(1) else null }
        }
    }

    override fun set(key: String, value: String) {
        database.read { connection ->
            connection.prepareStatement(
                "INSERT INTO preferences (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
            ).using { statement ->
                statement.setString(1, key)
                statement.setString(2, value)
                statement.executeUpdate()
            }
        }
    }

    override fun remove(key: String) {
        database.read { connection ->
            connection.prepareStatement("DELETE FROM preferences WHERE key = ?").using { statement ->
                statement.setString(1, key)
                statement.executeUpdate()
            }
        }
    }
}
