package com.gemwallet.gemstone

import org.json.JSONObject

/**
 * The preferences the core owns, read in one record (`gem_preferences_service_get`).
 * JSON: `{"currency":"USD","device_id":"…" (absent when unset),"price_alerts_enabled":false}`.
 */
data class Preferences(
    val currency: String,
    val deviceId: String?,
    val priceAlertsEnabled: Boolean
) {
    companion object {
        @JvmStatic
        fun fromJson(json: JSONObject): Preferences = Preferences(
            currency = json.requireString("currency"),
            deviceId = json.stringOrNull("device_id"),
            priceAlertsEnabled = json.requireBoolean("price_alerts_enabled")
        )
    }
}

/**
 * A change to [Preferences]: each non-null field is set. The currency must be three upper-case
 * letters. `price_alerts_enabled` changes only through [PriceAlertService.setEnabled].
 */
data class PreferencesPatch @JvmOverloads constructor(
    val currency: String? = null,
    val deviceId: String? = null
) {
    fun toJson(): JSONObject {
        val json = JSONObject()
        if (currency != null) json.put("currency", currency)
        if (deviceId != null) json.put("device_id", deviceId)
        return json
    }
}
