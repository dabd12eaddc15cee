package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.GemException
import com.gemwallet.gemstone.PreferencesService
import com.gemwallet.gemstone.PreferencesStore
import com.gemwallet.gemstone.SqliteDatabase
import com.gemwallet.gemstone.SqlitePreferencesStore

/** The preferences service over the SQLite store: defaults, updates, persistence, the sync port contract. */
class PreferencesTests : Suite {
    override val name = "preferences"

    /** Records the thread each port method ran on. */
    private class ThreadRecordingStore(val inner: PreferencesStore) : PreferencesStore {
        val threads = java.util.Collections.synchronizedList(ArrayList<Thread>())
        override fun get(key: String): String? { threads.add(Thread.currentThread()); return inner.get(key) }
        override fun set(key: String, value: String) { threads.add(Thread.currentThread()); inner.set(key, value) }
        override fun remove(key: String) { threads.add(Thread.currentThread()); inner.remove(key) }
    }

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("a fresh store reads the defaults") {
            SqliteDatabase(":memory:").use { database ->
                PreferencesService(SqlitePreferencesStore(database)).use { preferences ->
                    val read = preferences.get()
                    checkEqual("USD", read.currency, "default currency")
                    checkEqual(null, read.deviceId, "default device id")
                    checkEqual(false, read.priceAlertsEnabled, "default alerts")
                }
            }
        },
        test("updates are returned, stored in SQLite and read by a new service") {
            val file = temporaryDatabaseFile()
            SqliteDatabase(file.path).use { database ->
                PreferencesService(SqlitePreferencesStore(database)).use { preferences ->
                    val updated = preferences.update(currency = "EUR", deviceId = "device-é")
                    checkEqual("EUR", updated.currency, "returned currency")
                    checkEqual("device-é", updated.deviceId, "returned device id")
                    val partial = preferences.update(currency = "CHF")
                    checkEqual("device-é", partial.deviceId, "a patch without device id keeps it")
                }
            }
            SqliteDatabase(file.path).use { database ->
                PreferencesService(SqlitePreferencesStore(database)).use { preferences ->
                    checkEqual("CHF", preferences.get().currency, "currency after reopening")
                    checkEqual("device-é", preferences.get().deviceId, "device id after reopening")
                }
            }
        },
        test("a patch with one valid and one invalid field writes nothing") {
            SqliteDatabase(":memory:").use { database ->
                PreferencesService(SqlitePreferencesStore(database)).use { preferences ->
                    preferences.update(currency = "EUR", deviceId = "device-1")
                    checkThrows<GemException.InvalidInput>("valid currency, bad device id") {
                        preferences.update(currency = "GBP", deviceId = "has space")
                    }
                    checkThrows<GemException.InvalidInput>("bad currency, valid device id") {
                        preferences.update(currency = "gbp", deviceId = "device-2")
                    }
                    checkEqual("EUR", preferences.get().currency, "currency kept")
                    checkEqual("device-1", preferences.get().deviceId, "device id kept")
                }
            }
        },
        test("the sync store is called on the calling thread") {
            SqliteDatabase(":memory:").use { database ->
                val store = ThreadRecordingStore(SqlitePreferencesStore(database))
                PreferencesService(store).use { preferences ->
                    preferences.update(deviceId = "d")
                    preferences.get()
                }
                check(store.threads.isNotEmpty()) { "the store was never called" }
                check(store.threads.all { it === Thread.currentThread() }) { "store called on ${store.threads.map { it.name }.toSet()}" }
            }
        },
        test("a closed service refuses calls and closing twice is harmless") {
            SqliteDatabase(":memory:").use { database ->
                val preferences = PreferencesService(SqlitePreferencesStore(database))
                preferences.close()
                preferences.close()
                check(preferences.isClosed) { "isClosed after close" }
                checkThrows<IllegalStateException>("get after close") { preferences.get() }
            }
        }
    )
}
