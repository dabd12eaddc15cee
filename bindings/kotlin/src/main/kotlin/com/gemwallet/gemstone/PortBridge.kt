package com.gemwallet.gemstone

import com.gemwallet.gemstone.ffi.GemHttpTransportTable
import com.gemwallet.gemstone.ffi.GemPortFn
import com.gemwallet.gemstone.ffi.GemReleaseFn
import com.gemwallet.gemstone.ffi.SizeT
import com.sun.jna.CallbackThreadInitializer
import com.sun.jna.Function
import com.sun.jna.Library
import com.sun.jna.Memory
import com.sun.jna.NativeLibrary
import com.sun.jna.Native
import com.sun.jna.Pointer
import org.json.JSONObject
import java.io.IOException
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicLong

/**
 * Serves the core's port calls from Kotlin port objects.
 *
 * Every table the binding hands to the core uses the same native callbacks (one per port method,
 * alive for the whole process); a table's `context` is a number that keys its Kotlin port here.
 * The entry is dropped when the core calls `release(context)` (its last use of the table), or by
 * the service constructor when the core refused the table (then no release comes). A call that
 * names no live entry is failed with [GemStatus.PORT].
 */
internal object PortBridge {
    private val ports = ConcurrentHashMap<Long, Any>()
    private val numbers = AtomicLong(0)
    private val io = daemonPool("gemstone-io")
    private val stale = AtomicLong(0)
    private val releases = AtomicLong(0)

    /** Port tables the core has not released yet. */
    val liveCount: Int get() = ports.size

    /** Answers (ok or fail) the core refused as stale: the call had already been failed or answered. */
    val staleAnswers: Long get() = stale.get()

    /** Tables released by the core so far. */
    val releaseCount: Long get() = releases.get()

    fun register(port: Any): Pointer {
        val number = numbers.incrementAndGet()
        ports[number] = port
        return Pointer(number)
    }

    /** Forgets a context the core never took (its constructor failed, so no release will come). */
    fun unregister(context: Pointer) {
        ports.remove(Pointer.nativeValue(context))
    }

    val release: GemReleaseFn = object : GemReleaseFn {
        override fun invoke(context: Pointer?) {
            if (ports.remove(Pointer.nativeValue(context)) != null) releases.incrementAndGet()
        }
    }

    // gem_preferences_store (SYNC: always answered inline)

    val preferencesGet: GemPortFn = method<PreferencesStore>(GemStatus.STORE, GemStatus.STORE, inline = true) { store, args ->
        store.get(args.requireString("key"))?.let { jsonStringOf(it) } ?: "null"
    }

    val preferencesSet: GemPortFn = method<PreferencesStore>(GemStatus.STORE, GemStatus.STORE, inline = true) { store, args ->
        store.set(args.requireString("key"), args.requireString("value"))
        "null"
    }

    val preferencesRemove: GemPortFn = method<PreferencesStore>(GemStatus.STORE, GemStatus.STORE, inline = true) { store, args ->
        store.remove(args.requireString("key"))
        "null"
    }

    // gem_price_alert_store (the core calls it on a thread where blocking is allowed)

    val priceAlertsGet: GemPortFn = method<PriceAlertStore>(GemStatus.STORE, GemStatus.STORE, inline = true) { store, args ->
        PriceAlert.listToJson(store.getPriceAlerts(args.stringOrNull("asset_id"))).toString()
    }

    val priceAlertsUpdate: GemPortFn = method<PriceAlertStore>(GemStatus.STORE, GemStatus.STORE, inline = true) { store, args ->
        val update = PriceAlertStoreUpdate.fromJson(args)
        store.updatePriceAlerts(update.alerts, update.deleteIds)
        "null"
    }

    // gem_http_transport (run on the binding's I/O threads: a slow server holds none of the core's)

    val httpRequest: GemPortFn = method<HttpTransport>(GemStatus.PORT, GemStatus.OFFLINE, inline = false) { transport, args ->
        transport.request(HttpRequest.fromJson(args)).toJson().toString()
    }

    /** The `gem_http_transport` table of the transport registered under [context]. */
    fun transportTable(context: Pointer) = GemHttpTransportTable().apply {
        this.context = context
        release = PortBridge.release
        request = httpRequest
    }

    // gem_notification_permissions

    val permissionsRequest: GemPortFn = method<NotificationPermissions>(GemStatus.PORT, GemStatus.PORT, inline = true) { permissions, _ ->
        if (permissions.request()) "true" else "false"
    }

    init {
        val threads = CallbackThreadInitializer(true, false, "gemstone-core")
        listOf(
            release, preferencesGet, preferencesSet, preferencesRemove, priceAlertsGet, priceAlertsUpdate,
            httpRequest, permissionsRequest
        ).forEach { Native.setCallbackThreadInitializer(it, threads) }
    }

    /**
     * A port method whose answer is JSON text: see [portMethod].
     */
    private inline fun <reified P : Any> method(
        failure: Int,
        ioFailure: Int,
        inline: Boolean,
        crossinline body: (P, JSONObject) -> String
    ): GemPortFn = portMethod(P::class.java, failure, ioFailure, inline) { port, args -> body(port, args).toByteArray(Charsets.UTF_8) }

    /**
     * A port method: finds the port of [type] for `context`, reads the borrowed args (copied before
     * the callback returns), runs [body] inline or on the I/O pool, and answers the call exactly
     * once with the bytes [body] returns. A [secret] answer is handed to the core from native memory
     * the binding wipes, and the returned array is zeroed, once the core has copied it.
     */
    fun <P : Any> portMethod(
        type: Class<P>,
        failure: Int,
        ioFailure: Int,
        inline: Boolean,
        secret: Boolean = false,
        body: (P, JSONObject) -> ByteArray
    ): GemPortFn = object : GemPortFn {
        override fun invoke(context: Pointer?, args: Pointer?, argsLen: SizeT, call: Pointer?) {
            try {
                val port = ports[Pointer.nativeValue(context)]?.takeIf { type.isInstance(it) }?.let { type.cast(it) }
                    ?: return fail(call, GemStatus.PORT, "the port of this call was released or is not a ${type.simpleName}")
                val length = argsLen.toLong()
                val bytes = if (args == null || length <= 0) ByteArray(0) else args.getByteArray(0, length.toInt())
                val work = Runnable { serve(call, failure, ioFailure, secret) { body(port, parseObject(bytes)) } }
                if (inline) work.run() else io.execute(work)
            } catch (e: Throwable) {
                fail(call, GemStatus.PORT, "port call failed: ${describe(e)}")
            }
        }
    }

    /**
     * `gem_call_ok` taking the answer from native memory the binding owns (and wipes), rather than
     * from a JNA-managed copy of an array that would be freed unwiped.
     */
    private val callOkFromMemory: Function by lazy {
        Gemstone.library // loads and checks the library first
        NativeLibrary.getInstance(Gemstone.location, mapOf(Library.OPTION_STRING_ENCODING to "UTF-8")).getFunction("gem_call_ok")
    }

    private fun serve(call: Pointer?, failure: Int, ioFailure: Int, secret: Boolean, answer: () -> ByteArray) {
        val bytes = try {
            answer()
        } catch (e: GemException) {
            return fail(call, e.status, e.message ?: e.type)
        } catch (e: IOException) {
            return fail(call, ioFailure, describe(e))
        } catch (e: Throwable) {
            return fail(call, failure, describe(e))
        }
        if (!secret || bytes.isEmpty()) {
            note(Gemstone.library.gem_call_ok(call, bytes, SizeT(bytes.size.toLong())))
            return
        }
        val memory = Memory(bytes.size.toLong())
        try {
            memory.write(0, bytes, 0, bytes.size)
            bytes.fill(0)
            note(callOkFromMemory.invokeInt(arrayOf(call, memory, SizeT(bytes.size.toLong()))))
        } finally {
            memory.clear()
        }
    }

    private fun fail(call: Pointer?, status: Int, message: String) {
        note(Gemstone.library.gem_call_fail(call, status, message))
    }

    private fun note(status: Int) {
        if (status == GemStatus.STALE_CALL) stale.incrementAndGet()
    }

    private fun describe(e: Throwable): String = e.message?.let { "${e.javaClass.simpleName}: $it" } ?: e.javaClass.simpleName
}
