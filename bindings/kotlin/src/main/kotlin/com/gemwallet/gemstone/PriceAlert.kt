package com.gemwallet.gemstone

import org.json.JSONArray
import org.json.JSONException
import org.json.JSONObject

/** The direction an alert watches: `"up"` or `"down"`. */
enum class PriceDirection(val json: String) {
    UP("up"),
    DOWN("down");

    companion object {
        @JvmStatic
        fun fromJson(value: String): PriceDirection =
            values().firstOrNull { it.json == value } ?: throw IllegalArgumentException("unknown price direction \"$value\"")
    }
}

/**
 * A price alert: fires at a target [price] or at a [pricePercentChange] in [priceDirection] for
 * [assetId] (`bitcoin`, `ethereum_0xdAC1…`) in [currency] (three upper-case letters).
 *
 * [id] is the core's key for the alert, derived from its target: set on alerts the core lists or
 * hands to a store, ignored by the core when it reads one (leave it null when adding).
 *
 * JSON: `{"id":…,"asset_id":"bitcoin","currency":"USD","price":70000.5,"price_percent_change":5,
 * "price_direction":"up","last_notified_at":1700000000}`, absent optionals left out.
 */
data class PriceAlert @JvmOverloads constructor(
    val assetId: String,
    val currency: String,
    val price: Double? = null,
    val pricePercentChange: Double? = null,
    val priceDirection: PriceDirection? = null,
    val lastNotifiedAt: Long? = null,
    val id: String? = null
) {
    /** The record as JSON. A non-finite number cannot be written: [GemException.InvalidInput]. */
    fun toJson(): JSONObject = try {
        val json = JSONObject()
        if (id != null) json.put("id", id)
        json.put("asset_id", assetId)
        json.put("currency", currency)
        if (price != null) json.put("price", price)
        if (pricePercentChange != null) json.put("price_percent_change", pricePercentChange)
        if (priceDirection != null) json.put("price_direction", priceDirection.json)
        if (lastNotifiedAt != null) json.put("last_notified_at", lastNotifiedAt)
        json
    } catch (e: JSONException) {
        throw GemException.local(GemStatus.INVALID_INPUT, "price alert for $assetId: ${e.message}")
    }

    companion object {
        /** Reads an alert record; unknown keys are ignored, a wrong type is [IllegalArgumentException]. */
        @JvmStatic
        fun fromJson(json: JSONObject): PriceAlert = PriceAlert(
            assetId = json.requireString("asset_id"),
            currency = json.requireString("currency"),
            price = json.doubleOrNull("price"),
            pricePercentChange = json.doubleOrNull("price_percent_change"),
            priceDirection = json.stringOrNull("price_direction")?.let { PriceDirection.fromJson(it) },
            lastNotifiedAt = json.longOrNull("last_notified_at"),
            id = json.stringOrNull("id")
        )

        @JvmStatic
        fun listFromJson(json: JSONArray): List<PriceAlert> = json.objects().map { fromJson(it) }

        @JvmStatic
        fun listToJson(alerts: List<PriceAlert>): JSONArray = JSONArray().also { array -> alerts.forEach { array.put(it.toJson()) } }
    }
}
