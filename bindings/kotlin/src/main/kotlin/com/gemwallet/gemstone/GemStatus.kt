package com.gemwallet.gemstone

/** The `gem_status` codes of gemstone.h. Codes are never renumbered. */
object GemStatus {
    const val OK = 0
    const val INVALID_ARGUMENT = -1
    const val CANCELLED = -2
    const val OFFLINE = -3
    const val API = -4
    const val STORE = -5
    const val INVALID_INPUT = -6
    const val NOT_FOUND = -7
    const val TIMEOUT = -8
    const val STALE_CALL = -9
    const val PORT = -10
    const val PERMISSION_DENIED = -11
    const val CRYPTO = -12
    const val INTERNAL = -13

    private val names = mapOf(
        OK to "ok",
        INVALID_ARGUMENT to "invalid_argument",
        CANCELLED to "cancelled",
        OFFLINE to "offline",
        API to "api",
        STORE to "store",
        INVALID_INPUT to "invalid_input",
        NOT_FOUND to "not_found",
        TIMEOUT to "timeout",
        STALE_CALL to "stale_call",
        PORT to "port",
        PERMISSION_DENIED to "permission_denied",
        CRYPTO to "crypto",
        INTERNAL to "internal"
    )

    /** The snake_case name the error record's `type` carries for [status], or `status_<n>` for an unknown code. */
    @JvmStatic
    fun name(status: Int): String = names[status] ?: "status_$status"
}
