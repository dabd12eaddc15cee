package com.gemwallet.gemstone

import org.json.JSONObject

/** The OS's answer when the core asked for notification permission. */
enum class NotificationPermission(val json: String) {
    GRANTED("granted"),
    DENIED("denied"),
    NOT_ASKED("not_asked");

    companion object {
        @JvmStatic
        fun fromJson(value: String): NotificationPermission =
            values().firstOrNull { it.json == value } ?: throw IllegalArgumentException("unknown permission \"$value\"")
    }
}

/**
 * The answer to [PriceAlertService.setEnabled]: whether alerts are on now, and the OS's answer
 * when it was asked (turning on asks every time; turning off does not ask, [permission] is then
 * null or [NotificationPermission.NOT_ASKED]). A refusal is a value, not an exception.
 */
data class PriceAlertsToggle(
    val enabled: Boolean,
    val permission: NotificationPermission?
) {
    companion object {
        @JvmStatic
        fun fromJson(json: JSONObject): PriceAlertsToggle = PriceAlertsToggle(
            enabled = json.requireBoolean("enabled"),
            permission = json.stringOrNull("permission")?.let { NotificationPermission.fromJson(it) }
        )
    }
}

/**
 * The answer to [PriceAlertService.add]: the alert as stored (with its [PriceAlert.id]) and the
 * state of alerts after the add turned them on (a refused permission keeps the alert and turns
 * alerts off).
 */
data class PriceAlertAddResult(
    val alert: PriceAlert,
    val enabled: Boolean,
    val permission: NotificationPermission
) {
    companion object {
        @JvmStatic
        fun fromJson(json: JSONObject): PriceAlertAddResult = PriceAlertAddResult(
            alert = PriceAlert.fromJson(json.getJSONObject("alert")),
            enabled = json.requireBoolean("enabled"),
            permission = NotificationPermission.fromJson(json.requireString("permission"))
        )
    }
}

/**
 * What a [PriceAlertService.sync] changed locally: the remote alerts written because they were
 * missing or different, and the ids of local alerts deleted because the remote side no longer
 * has them. Both empty when the two sides agreed (nothing was written).
 */
data class PriceAlertSyncResult(
    val upserted: List<PriceAlert>,
    val deletedIds: List<String>
) {
    val isEmpty: Boolean get() = upserted.isEmpty() && deletedIds.isEmpty()

    companion object {
        @JvmStatic
        fun fromJson(json: JSONObject): PriceAlertSyncResult = PriceAlertSyncResult(
            upserted = PriceAlert.listFromJson(json.arrayOrEmpty("upserted")),
            deletedIds = json.arrayOrEmpty("deleted_ids").strings()
        )
    }
}
