package com.gemwallet.gemstone

import java.util.concurrent.atomic.AtomicInteger

/**
 * [NotificationPermissions] that always gives the same answer, e.g. from a command-line flag or
 * a setting; counts how often the core asked.
 */
class FixedNotificationPermissions(val granted: Boolean) : NotificationPermissions {
    private val asked = AtomicInteger(0)

    /** How many times the core asked. */
    val askCount: Int get() = asked.get()

    override fun request(): Boolean {
        asked.incrementAndGet()
        return granted
    }
}
