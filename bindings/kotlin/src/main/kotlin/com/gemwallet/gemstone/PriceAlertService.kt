package com.gemwallet.gemstone

import com.gemwallet.gemstone.ffi.GemCompletionFn
import com.gemwallet.gemstone.ffi.GemNotificationPermissionsTable
import com.gemwallet.gemstone.ffi.GemPriceAlertStoreTable
import com.sun.jna.Pointer
import com.sun.jna.ptr.PointerByReference
import org.json.JSONArray
import java.io.Closeable
import java.util.concurrent.CompletableFuture

/**
 * Price alerts (`GemPriceAlertService`), kept in [store] and on the remote API at [apiUrl]
 * (reached through [transport]), with the device id and the on/off preference in [preferences].
 *
 * Every command has a blocking form (`add`) that throws [GemException], and a
 * [CompletableFuture] form (`addAsync`) that completes on a binding thread, never on a core
 * thread. Do not call a blocking form from inside a port method: the port would wait on itself.
 * Closing the service completes its in-flight commands with [GemException.Cancelled].
 *
 * [timeoutMs] bounds each transport call and [storeTimeoutMs] each price-alert store call (the core's
 * defaults when null: 30 s each; a call not answered by then fails its command with [GemException.Timeout]).
 */
class PriceAlertService @JvmOverloads constructor(
    apiUrl: String,
    transport: HttpTransport,
    preferences: PreferencesService,
    store: PriceAlertStore,
    permissions: NotificationPermissions,
    timeoutMs: Int? = null,
    storeTimeoutMs: Int? = null
) : Closeable {
    private val library = Gemstone.library
    internal val handle: NativeHandle

    init {
        val config = PriceAlertServiceConfig(apiUrl, timeoutMs?.toLong(), storeTimeoutMs?.toLong()).toJson().toString()
        val transportContext = PortBridge.register(transport)
        val storeContext = PortBridge.register(store)
        val permissionsContext = PortBridge.register(permissions)
        val transportTable = PortBridge.transportTable(transportContext)
        val storeTable = GemPriceAlertStoreTable().apply {
            context = storeContext
            release = PortBridge.release
            get_price_alerts = PortBridge.priceAlertsGet
            update_price_alerts = PortBridge.priceAlertsUpdate
        }
        val permissionsTable = GemNotificationPermissionsTable().apply {
            context = permissionsContext
            release = PortBridge.release
            request = PortBridge.permissionsRequest
        }
        val out = PointerByReference()
        try {
            preferences.handle.use { preferencesService ->
                bufferCall {
                    library.gem_price_alert_service_new(
                        config, transportTable, preferencesService, storeTable, permissionsTable, out, it
                    )
                }
            }
        } catch (e: Throwable) {
            // The core took none of the tables: no release will come for these contexts.
            listOf(transportContext, storeContext, permissionsContext).forEach { PortBridge.unregister(it) }
            throw e
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_price_alert_service_new gave no service")
        handle = NativeHandle(pointer, "PriceAlertService") { Gemstone.library.gem_price_alert_service_free(it) }  // not the field: the cleaner must not hold the service
    }

    // Reads

    /** The stored alerts, each with its id; all of them when [assetId] is null. */
    @JvmOverloads
    fun getPriceAlerts(assetId: String? = null): List<PriceAlert> = getPriceAlertsAsync(assetId).await()

    @JvmOverloads
    fun getPriceAlertsAsync(assetId: String? = null): CompletableFuture<List<PriceAlert>> =
        command("price alerts", { PriceAlert.listFromJson(parseArray(it)) }) { service, done, context ->
            library.gem_price_alert_service_get_price_alerts(service, assetId, done, context)
        }

    /** Whether price alerts are on (the stored preference). */
    fun isEnabled(): Boolean = handle.use { service ->
        val bytes = bufferCall { library.gem_price_alert_service_is_enabled(service, it) }
        decodeResult("is_enabled", bytes) { parseJson(it) as? Boolean ?: throw IllegalArgumentException("not a boolean") }
    }

    // Commands

    /** Makes the local alerts equal the remote ones, writing only the difference. */
    @JvmOverloads
    fun sync(assetId: String? = null): PriceAlertSyncResult = syncAsync(assetId).await()

    @JvmOverloads
    fun syncAsync(assetId: String? = null): CompletableFuture<PriceAlertSyncResult> =
        command("sync result", { PriceAlertSyncResult.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_price_alert_service_sync(service, assetId, done, context)
        }

    /**
     * Adds [alert]: stored locally first, then sent to the API; an API refusal removes it again and
     * throws [GemException.Api]. Asks the permission port and turns alerts on when granted.
     */
    fun add(alert: PriceAlert): PriceAlertAddResult = addAsync(alert).await()

    fun addAsync(alert: PriceAlert): CompletableFuture<PriceAlertAddResult> = addJsonAsync(alert.toJson().toString())

    /** [addAsync] for an alert already in JSON; malformed JSON fails with [GemException.InvalidArgument]. */
    fun addJsonAsync(alertJson: String?): CompletableFuture<PriceAlertAddResult> =
        command("add result", { PriceAlertAddResult.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_price_alert_service_add(service, alertJson, done, context)
        }

    /** Deletes alerts by id, locally then on the API (a refusal restores them); returns the alerts deleted. */
    fun delete(ids: List<String>): List<PriceAlert> = deleteAsync(ids).await()

    fun deleteAsync(ids: List<String>): CompletableFuture<List<PriceAlert>> =
        deleteJsonAsync(JSONArray().also { array -> ids.forEach { array.put(it) } }.toString())

    /** [deleteAsync] for ids already in JSON (`["id", …]`). */
    fun deleteJsonAsync(idsJson: String?): CompletableFuture<List<PriceAlert>> =
        command("deleted alerts", { PriceAlert.listFromJson(parseArray(it)) }) { service, done, context ->
            library.gem_price_alert_service_delete(service, idsJson, done, context)
        }

    /** Turns alerts on (asking the permission port every time) or off. A refusal is a value. */
    fun setEnabled(enabled: Boolean): PriceAlertsToggle = setEnabledAsync(enabled).await()

    fun setEnabledAsync(enabled: Boolean): CompletableFuture<PriceAlertsToggle> =
        command("toggle", { PriceAlertsToggle.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_price_alert_service_set_enabled(service, if (enabled) 1 else 0, done, context)
        }

    val isClosed: Boolean get() = handle.isClosed

    /** Releases the binding's reference; in-flight commands complete with [GemException.Cancelled]. Idempotent. */
    override fun close() = handle.close()

    private fun <T> command(
        what: String,
        read: (ByteArray) -> T,
        begin: (Pointer, GemCompletionFn, Pointer) -> Int
    ): CompletableFuture<T> {
        val started = handle.use { service -> Completions.start { done, context -> begin(service, done, context) } }
        return started.thenApply { bytes -> decodeResult(what, bytes, read) }
    }
}
