package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.GemException
import com.gemwallet.gemstone.GemStatus
import com.gemwallet.gemstone.Gemstone
import com.gemwallet.gemstone.PortBridge
import com.gemwallet.gemstone.PreferencesService
import com.gemwallet.gemstone.PriceAlert
import com.gemwallet.gemstone.PriceAlertService
import com.gemwallet.gemstone.SqliteDatabase
import com.gemwallet.gemstone.SqlitePreferencesStore
import com.gemwallet.gemstone.SqlitePriceAlertStore
import com.gemwallet.gemstone.FixedNotificationPermissions
import com.gemwallet.gemstone.UrlConnectionTransport
import com.gemwallet.gemstone.await
import com.gemwallet.gemstone.ffi.GemBuffer
import com.gemwallet.gemstone.ffi.GemCompletionFn
import com.gemwallet.gemstone.ffi.GemPreferencesStoreTable
import com.gemwallet.gemstone.ffi.SizeT
import com.sun.jna.Pointer
import com.sun.jna.ptr.PointerByReference
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit

/**
 * NULL and malformed input, through the raw ABI and through the classes: every case gives a
 * status and a readable error record (a GemException carrying it), nothing crashes, and nothing
 * stored is lost.
 */
class InvalidInputTests : Suite {
    override val name = "invalid-input"

    private val library = Gemstone.library

    /** A completion for the raw async functions: records (status, record) once. */
    private class RawCompletion : GemCompletionFn {
        val outcome = CompletableFuture<Pair<Int, String>>()
        override fun invoke(context: Pointer?, status: Int, data: Pointer?, len: SizeT) {
            val text = data?.getByteArray(0, len.toInt())?.toString(Charsets.UTF_8) ?: ""
            if (!outcome.complete(status to text)) outcome.obtrudeValue(-1000 to "completed twice")
        }
    }

    private fun checkRecord(status: Int, bytes: ByteArray, expected: Int, what: String): GemException {
        checkEqual(expected, status, "$what status")
        val error = GemException.of(status, bytes)
        checkEqual(GemStatus.name(expected), error.record.optString("type"), "$what record type")
        check(!error.record.optString("message").isNullOrEmpty()) { "$what: record without message: ${error.record}" }
        return error
    }

    private fun rawBuffer(call: (GemBuffer) -> Int): Pair<Int, ByteArray> {
        val buffer = GemBuffer()
        val status = call(buffer)
        val bytes = buffer.bytes()
        library.gem_buffer_free(buffer)
        check(buffer.data == null) { "gem_buffer_free left data set" }
        return status to bytes
    }

    private fun rawAsync(begin: (GemCompletionFn) -> Int): Pair<Int, String> {
        val completion = RawCompletion()
        checkEqual(GemStatus.OK, begin(completion), "start status")
        val outcome = completion.outcome.get(10, TimeUnit.SECONDS)
        Thread.sleep(20) // a second call would land here
        checkEqual(outcome, completion.outcome.getNow(null), "completion called once")
        return outcome
    }

    private fun alertService(database: SqliteDatabase, preferences: PreferencesService, apiUrl: String = "http://127.0.0.1:9") =
        PriceAlertService(apiUrl, UrlConnectionTransport(), preferences, SqlitePriceAlertStore(database), FixedNotificationPermissions(true))

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("NULL service and NULL out give INVALID_ARGUMENT with a record") {
            val cases = listOf<Pair<String, (GemBuffer) -> Int>>(
                "preferences_service_get" to { out -> library.gem_preferences_service_get(null, out) },
                "preferences_service_update" to { out -> library.gem_preferences_service_update(null, "{}", out) },
                "price_alert_service_is_enabled" to { out -> library.gem_price_alert_service_is_enabled(null, out) },
                "preferences_service_new(NULL table)" to { out -> library.gem_preferences_service_new(null, PointerByReference(), out) },
                "price_alert_service_new(all NULL)" to { out ->
                    library.gem_price_alert_service_new(null, null, null, null, null, PointerByReference(), out)
                }
            )
            for ((what, call) in cases) {
                val (status, bytes) = rawBuffer(call)
                checkRecord(status, bytes, GemStatus.INVALID_ARGUMENT, what)
            }
            checkEqual(GemStatus.INVALID_ARGUMENT, library.gem_preferences_service_get(null, null), "NULL service and NULL out")
            library.gem_preferences_service_free(null)
            library.gem_price_alert_service_free(null)
            library.gem_buffer_free(null)
            library.gem_buffer_free(GemBuffer())
        },
        test("NULL calls are refused") {
            checkEqual(GemStatus.INVALID_ARGUMENT, library.gem_call_ok(null, null, SizeT(0)), "gem_call_ok(NULL)")
            checkEqual(GemStatus.INVALID_ARGUMENT, library.gem_call_fail(null, GemStatus.STORE, "x"), "gem_call_fail(NULL)")
        },
        test("async commands on a NULL service complete once with INVALID_ARGUMENT") {
            val cases = listOf<Pair<String, (GemCompletionFn) -> Int>>(
                "get_price_alerts" to { done -> library.gem_price_alert_service_get_price_alerts(null, null, done, null) },
                "sync" to { done -> library.gem_price_alert_service_sync(null, "bitcoin", done, null) },
                "add" to { done -> library.gem_price_alert_service_add(null, "{}", done, null) },
                "delete" to { done -> library.gem_price_alert_service_delete(null, "[]", done, null) },
                "set_enabled" to { done -> library.gem_price_alert_service_set_enabled(null, 1, done, null) }
            )
            for ((what, begin) in cases) {
                val (status, text) = rawAsync(begin)
                checkRecord(status, text.toByteArray(), GemStatus.INVALID_ARGUMENT, what)
            }
            checkEqual(
                GemStatus.INVALID_ARGUMENT,
                library.gem_price_alert_service_sync(null, null, null, null),
                "NULL done is refused without a call"
            )
        },
        test("a port table too small or missing a method is refused, and its context kept") {
            val small = GemPreferencesStoreTable().apply { struct_size = 8 }
            val (status, bytes) = rawBuffer { library.gem_preferences_service_new(small, PointerByReference(), it) }
            checkRecord(status, bytes, GemStatus.INVALID_ARGUMENT, "struct_size 8")
            val missing = GemPreferencesStoreTable() // every method NULL
            val (status2, bytes2) = rawBuffer { library.gem_preferences_service_new(missing, PointerByReference(), it) }
            checkRecord(status2, bytes2, GemStatus.INVALID_ARGUMENT, "NULL methods")
        },
        test("malformed preference patches are GemExceptions with the record, and change nothing") {
            SqliteDatabase(":memory:").use { database ->
                PreferencesService(SqlitePreferencesStore(database)).use { preferences ->
                    preferences.update(currency = "EUR", deviceId = "device-1")
                    for (patch in listOf(null, "", "{", "[]", "{\"currency\":1}", "{\"currency\":\"EUR\"} trailing")) {
                        val error = checkThrows<GemException.InvalidArgument>("patch <$patch>") { preferences.updateJson(patch) }
                        checkEqual("invalid_argument", error.record.getString("type"), "record type for <$patch>")
                    }
                    for (currency in listOf("eur", "EURO", "")) {
                        val error = checkThrows<GemException.InvalidInput>("currency <$currency>") { preferences.update(currency = currency) }
                        checkEqual("invalid_input", error.record.getString("type"), "record type for <$currency>")
                    }
                    val kept = preferences.get()
                    checkEqual("EUR", kept.currency, "currency kept")
                    checkEqual("device-1", kept.deviceId, "device id kept")
                }
            }
        },
        test("a malformed service config is refused and every port context is given back") {
            SqliteDatabase(":memory:").use { database ->
                PreferencesService(SqlitePreferencesStore(database)).use { preferences ->
                    val live = PortBridge.liveCount
                    for (url in listOf("ftp://example.com", "not a url", "")) {
                        val error = checkThrows<GemException>("api_url <$url>") { alertService(database, preferences, url) }
                        check(error.status == GemStatus.INVALID_INPUT || error.status == GemStatus.INVALID_ARGUMENT) { "status of $error" }
                        check(error.record.has("message")) { "record ${error.record}" }
                    }
                    checkEqual(live, PortBridge.liveCount, "port contexts held after refused constructors")
                }
            }
        },
        test("malformed alerts and ids are GemExceptions and nothing stored is lost") {
            SqliteDatabase(":memory:").use { database ->
                PreferencesService(SqlitePreferencesStore(database)).use { preferences ->
                    preferences.update(deviceId = "device-1")
                    val store = SqlitePriceAlertStore(database)
                    val kept = PriceAlert("bitcoin", "USD", price = 1.0, id = "bitcoin:USD:1::")
                    store.updatePriceAlerts(listOf(kept), emptyList())
                    alertService(database, preferences).use { alerts ->
                        for (json in listOf(null, "", "{", "[]", "{\"asset_id\":\"bitcoin\"}", "{\"asset_id\":1,\"currency\":\"USD\"}")) {
                            val error = checkThrows<GemException.InvalidArgument>("alert <$json>") { alerts.addJsonAsync(json).await() }
                            checkEqual("invalid_argument", error.record.getString("type"), "record type for <$json>")
                        }
                        for (json in listOf(null, "{", "{}", "[1]")) {
                            checkThrows<GemException.InvalidArgument>("ids <$json>") { alerts.deleteJsonAsync(json).await() }
                        }
                        val invalid = listOf(
                            PriceAlert("bitcoin", "usd", price = 1.0),
                            PriceAlert("Bitcoin", "USD", price = 1.0),
                            PriceAlert("bitcoin", "USD", price = -1.0),
                            PriceAlert("bitcoin", "USD", price = 1.0, pricePercentChange = 2.0)
                        )
                        for (alert in invalid) {
                            val error = checkThrows<GemException.InvalidInput>("alert $alert") { alerts.add(alert) }
                            checkEqual("invalid_input", error.record.getString("type"), "record type for $alert")
                        }
                        checkEqual(listOf(kept), alerts.getPriceAlerts(), "stored alerts after bad input")
                    }
                }
            }
        },
        test("commands need a device id and fail before any write") {
            SqliteDatabase(":memory:").use { database ->
                PreferencesService(SqlitePreferencesStore(database)).use { preferences ->
                    alertService(database, preferences).use { alerts ->
                        checkThrows<GemException.InvalidInput>("add without device id") { alerts.add(PriceAlert("bitcoin", "USD", price = 1.0)) }
                        checkThrows<GemException.InvalidInput>("sync without device id") { alerts.sync() }
                        checkEqual(emptyList<PriceAlert>(), alerts.getPriceAlerts(), "nothing written")
                    }
                }
            }
        }
    )
}
