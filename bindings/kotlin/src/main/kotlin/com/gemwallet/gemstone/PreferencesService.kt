package com.gemwallet.gemstone

import com.gemwallet.gemstone.ffi.GemPreferencesStoreTable
import com.sun.jna.ptr.PointerByReference
import java.io.Closeable

/**
 * The user's preferences (`GemPreferencesService`) over a host [PreferencesStore]. Synchronous:
 * the store is called on the calling thread. Close it when done; a [PriceAlertService] made with
 * it keeps the core service alive on its own, so closing this one early is safe.
 */
class PreferencesService(store: PreferencesStore) : Closeable {
    private val library = Gemstone.library
    internal val handle: NativeHandle

    init {
        val context = PortBridge.register(store)
        val table = GemPreferencesStoreTable().apply {
            this.context = context
            release = PortBridge.release
            get = PortBridge.preferencesGet
            set = PortBridge.preferencesSet
            remove = PortBridge.preferencesRemove
        }
        val out = PointerByReference()
        try {
            bufferCall { library.gem_preferences_service_new(table, out, it) }
        } catch (e: Throwable) {
            PortBridge.unregister(context)
            throw e
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_preferences_service_new gave no service")
        handle = NativeHandle(pointer, "PreferencesService") { Gemstone.library.gem_preferences_service_free(it) }  // not the field: the cleaner must not hold the service
    }

    /** Every preference the core owns. */
    fun get(): Preferences = handle.use { service ->
        val bytes = bufferCall { library.gem_preferences_service_get(service, it) }
        decodeResult("preferences", bytes) { Preferences.fromJson(parseObject(it)) }
    }

    /** Applies [patch] and returns the updated preferences; a bad currency is [GemException.InvalidInput]. */
    fun update(patch: PreferencesPatch): Preferences = updateJson(patch.toJson().toString())

    @JvmOverloads
    fun update(currency: String? = null, deviceId: String? = null): Preferences = update(PreferencesPatch(currency, deviceId))

    /** Applies a patch given as JSON (`{"currency":"EUR","device_id":"…"}`); malformed JSON is [GemException.InvalidArgument]. */
    fun updateJson(patchJson: String?): Preferences = handle.use { service ->
        val bytes = bufferCall { library.gem_preferences_service_update(service, patchJson, it) }
        decodeResult("preferences", bytes) { Preferences.fromJson(parseObject(it)) }
    }

    val isClosed: Boolean get() = handle.isClosed

    /** Releases the binding's reference to the core service. Idempotent. */
    override fun close() = handle.close()
}
