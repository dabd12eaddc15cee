package com.gemwallet.gemstone.ffi

import com.sun.jna.Pointer
import com.sun.jna.Structure

// The port callback tables of gemstone.h, field for field. Each sets struct_size to its own size
// (sizeof the C struct at this binding's compile time). The core copies a table when a service is
// made, so the native memory only has to live for that call; the callbacks and the context must
// stay valid until the core calls `release(context)`.

/** `gem_preferences_store` (SYNC: every method answers before returning). */
@Structure.FieldOrder("struct_size", "context", "release", "get", "set", "remove")
class GemPreferencesStoreTable : Structure() {
    @JvmField var struct_size: Int = 0
    @JvmField var context: Pointer? = null
    @JvmField var release: GemReleaseFn? = null
    @JvmField var get: GemPortFn? = null
    @JvmField var set: GemPortFn? = null
    @JvmField var remove: GemPortFn? = null

    init {
        struct_size = size()
    }
}

/** `gem_price_alert_store` (async; called on a core thread where blocking is allowed). */
@Structure.FieldOrder("struct_size", "context", "release", "get_price_alerts", "update_price_alerts")
class GemPriceAlertStoreTable : Structure() {
    @JvmField var struct_size: Int = 0
    @JvmField var context: Pointer? = null
    @JvmField var release: GemReleaseFn? = null
    @JvmField var get_price_alerts: GemPortFn? = null
    @JvmField var update_price_alerts: GemPortFn? = null

    init {
        struct_size = size()
    }
}

/** `gem_http_transport` (async). */
@Structure.FieldOrder("struct_size", "context", "release", "request")
class GemHttpTransportTable : Structure() {
    @JvmField var struct_size: Int = 0
    @JvmField var context: Pointer? = null
    @JvmField var release: GemReleaseFn? = null
    @JvmField var request: GemPortFn? = null

    init {
        struct_size = size()
    }
}

/** `gem_notification_permissions` (async). */
@Structure.FieldOrder("struct_size", "context", "release", "request")
class GemNotificationPermissionsTable : Structure() {
    @JvmField var struct_size: Int = 0
    @JvmField var context: Pointer? = null
    @JvmField var release: GemReleaseFn? = null
    @JvmField var request: GemPortFn? = null

    init {
        struct_size = size()
    }
}
