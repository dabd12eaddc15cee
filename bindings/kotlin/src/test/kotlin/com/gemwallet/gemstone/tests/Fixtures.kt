package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.FixedNotificationPermissions
import com.gemwallet.gemstone.HttpTransport
import com.gemwallet.gemstone.PreferencesService
import com.gemwallet.gemstone.PriceAlertService
import com.gemwallet.gemstone.PriceAlertStore
import com.gemwallet.gemstone.SqliteDatabase
import com.gemwallet.gemstone.SqlitePreferencesStore
import com.gemwallet.gemstone.SqlitePriceAlertStore
import com.gemwallet.gemstone.UrlConnectionTransport
import java.io.File
import java.nio.file.Files

/** A fresh SQLite file in a temporary directory. */
fun temporaryDatabaseFile(): File {
    val directory = Files.createTempDirectory("gemstone-kotlin").toFile()
    directory.deleteOnExit()
    return File(directory, "wallet.db").apply { deleteOnExit() }
}

/** Counts every row written to price_alerts (insert, update, delete) in a `writes` table, through triggers. */
fun SqliteDatabase.countAlertWrites() {
    read { connection ->
        connection.createStatement().apply {
            execute("CREATE TABLE IF NOT EXISTS writes (kind TEXT NOT NULL, id TEXT NOT NULL)")
            execute("CREATE TRIGGER IF NOT EXISTS log_insert AFTER INSERT ON price_alerts BEGIN INSERT INTO writes VALUES ('insert', NEW.id); END")
            execute("CREATE TRIGGER IF NOT EXISTS log_update AFTER UPDATE ON price_alerts BEGIN INSERT INTO writes VALUES ('update', NEW.id); END")
            execute("CREATE TRIGGER IF NOT EXISTS log_delete AFTER DELETE ON price_alerts BEGIN INSERT INTO writes VALUES ('delete', OLD.id); END")
            close()
        }
    }
}

/** The rows logged by [countAlertWrites], as `kind:id`, oldest first. */
fun SqliteDatabase.alertWrites(): List<String> = read { connection ->
    connection.createStatement().executeQuery("SELECT kind, id FROM writes ORDER BY rowid").let { rows ->
        val writes = ArrayList<String>()
        while (rows.next()) writes.add("${rows.getString(1)}:${rows.getString(2)}")
        rows.close()
        writes
    }
}

/** The ids stored in price_alerts, read with SQL (not through the store). */
fun SqliteDatabase.storedAlertIds(): List<String> = read { connection ->
    connection.createStatement().executeQuery("SELECT id FROM price_alerts ORDER BY rowid").let { rows ->
        val ids = ArrayList<String>()
        while (rows.next()) ids.add(rows.getString(1))
        rows.close()
        ids
    }
}

/** A host as a front end builds it: one SQLite file, the stores over it, the services over the stores. */
class Host(
    apiUrl: String,
    val file: File = temporaryDatabaseFile(),
    granted: Boolean = true,
    transport: HttpTransport = UrlConnectionTransport(),
    store: ((SqliteDatabase) -> PriceAlertStore)? = null,
    timeoutMs: Int? = null
) : java.io.Closeable {
    val database = SqliteDatabase(file.path)
    val alertStore: PriceAlertStore = store?.invoke(database) ?: SqlitePriceAlertStore(database)
    val permissions = FixedNotificationPermissions(granted)
    val preferences = PreferencesService(SqlitePreferencesStore(database))
    val alerts = PriceAlertService(apiUrl, transport, preferences, alertStore, permissions, timeoutMs)

    override fun close() {
        alerts.close()
        preferences.close()
        database.close()
    }
}
