package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.GemException
import com.gemwallet.gemstone.GemStatus
import com.gemwallet.gemstone.NotificationPermission
import com.gemwallet.gemstone.Preferences
import com.gemwallet.gemstone.PriceAlert
import com.gemwallet.gemstone.RecordException
import com.gemwallet.gemstone.PriceAlertAddResult
import com.gemwallet.gemstone.PriceAlertSyncResult
import com.gemwallet.gemstone.PriceAlertsToggle
import com.gemwallet.gemstone.PriceDirection
import org.json.JSONObject

/** The records' JSON shapes (DESIGN § 3: snake_case keys, absent optionals left out) and the error mapping. */
class JsonRecordTests : Suite {
    override val name = "json"

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("a price alert writes snake_case keys and leaves absent optionals out") {
            val json = PriceAlert("bitcoin", "USD", price = 70000.5, priceDirection = PriceDirection.UP).toJson()
            checkEqual(setOf("asset_id", "currency", "price", "price_direction"), json.keys().asSequence().toSet(), "keys")
            checkEqual(70000.5, json.getDouble("price"), "price")
            checkEqual("up", json.getString("price_direction"), "direction")
        },
        test("a price alert survives a JSON round trip with every field") {
            val alert = PriceAlert("ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7", "EUR", null, 5.0, PriceDirection.DOWN, 1_700_000_000L, "id-1")
            checkEqual(alert, PriceAlert.fromJson(JSONObject(alert.toJson().toString())), "round trip")
        },
        test("an integral price reads back as the same double") {
            val read = PriceAlert.fromJson(JSONObject("""{"asset_id":"bitcoin","currency":"USD","price":100000}"""))
            checkEqual(100000.0, read.price, "price")
        },
        test("a non-finite price cannot be written") {
            val error = checkThrows<RecordException>("NaN price") { PriceAlert("bitcoin", "USD", price = Double.NaN).toJson() }
            check(error.message?.contains("not a finite number") == true) { "message: ${error.message}" }
        },
        test("a wrong type or unknown direction is rejected when reading") {
            checkThrows<IllegalArgumentException>("price as string") {
                PriceAlert.fromJson(JSONObject("""{"asset_id":"bitcoin","currency":"USD","price":"1"}"""))
            }
            checkThrows<IllegalArgumentException>("direction sideways") {
                PriceAlert.fromJson(JSONObject("""{"asset_id":"bitcoin","currency":"USD","price":1,"price_direction":"sideways"}"""))
            }
        },
        test("preferences read an absent device id as null") {
            checkEqual(
                Preferences("USD", false, null),
                Preferences.fromJson(JSONObject("""{"currency":"USD","price_alerts_enabled":false}""")),
                "preferences"
            )
        },
        test("results read their records") {
            checkEqual(
                PriceAlertsToggle(false, null),
                PriceAlertsToggle.fromJson(JSONObject("""{"enabled":false}""")),
                "toggle off"
            )
            checkEqual(
                PriceAlertsToggle(false, NotificationPermission.DENIED),
                PriceAlertsToggle.fromJson(JSONObject("""{"enabled":false,"permission":"denied"}""")),
                "toggle denied"
            )
            val add = PriceAlertAddResult.fromJson(JSONObject(
                """{"alert":{"id":"bitcoin:USD:100000::up","asset_id":"bitcoin","currency":"USD","price":100000,"price_direction":"up"},"enabled":true,"permission":"granted"}"""
            ))
            checkEqual("bitcoin:USD:100000::up", add.alert.id, "added id")
            checkEqual(NotificationPermission.GRANTED, add.permission, "permission")
            val sync = PriceAlertSyncResult.fromJson(JSONObject("""{"upserted":[],"deleted_ids":["a"]}"""))
            checkEqual(listOf("a"), sync.deletedIds, "deleted ids")
            check(sync.deletedIds.isNotEmpty()) { "a sync that deleted is not empty" }
        },
        test("each status maps to its exception class with the record") {
            val cases = listOf(
                GemStatus.INVALID_ARGUMENT to GemException.InvalidArgument::class.java,
                GemStatus.CANCELLED to GemException.Cancelled::class.java,
                GemStatus.OFFLINE to GemException.Offline::class.java,
                GemStatus.API to GemException.Api::class.java,
                GemStatus.STORE to GemException.Store::class.java,
                GemStatus.INTERNAL to GemException.Internal::class.java
            )
            for ((status, type) in cases) {
                val record = """{"type":"${GemStatus.name(status)}","message":"m $status"}"""
                val error = GemException.of(status, record.toByteArray())
                checkEqual(type, error.javaClass, "class for $status")
                checkEqual(status, error.status, "status")
                checkEqual("m $status", error.message, "message")
            }
            val api = GemException.of(GemStatus.API, """{"type":"api","status":409,"message":"refused"}""".toByteArray()) as GemException.Api
            checkEqual(409, api.httpStatus, "HTTP status of an API refusal")
        },
        test("an unreadable error record still gives the status and the text") {
            val error = GemException.of(GemStatus.STORE, "not json".toByteArray())
            check(error is GemException.Store) { "class $error" }
            checkEqual("store", error.type, "type")
            check(error.message!!.contains("not json")) { "message ${error.message}" }
            val unknown = GemException.of(-99, ByteArray(0))
            checkEqual(-99, unknown.status, "unknown status")
            checkEqual("status_-99", unknown.type, "unknown type")
        }
    )
}
