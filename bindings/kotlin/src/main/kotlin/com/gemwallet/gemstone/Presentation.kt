package com.gemwallet.gemstone

import org.json.JSONArray
import org.json.JSONObject
import java.math.BigInteger

/*
 * The presentation answers of include/gemstone.h ("Presentation answers") as typed Kotlin values:
 * the core decides what a screen shows and the app renders it. Every call is synchronous; a
 * malformed request throws GemException.InvalidArgument, a request that breaks a rule the header names
 * throws GemException.InvalidInput. Atomic amounts are BigIntegers here and decimal strings on the wire.
 */


private fun JSONObject.requireObject(key: String): JSONObject =
    (if (has(key)) get(key) else null) as? JSONObject ?: throw IllegalArgumentException("\"$key\" is not an object")

private fun JSONObject.objectOrNull(key: String): JSONObject? =
    if (!has(key) || isNull(key)) null else get(key) as? JSONObject ?: throw IllegalArgumentException("\"$key\" is not an object")

private fun JSONObject.requireLong(key: String): Long = longOrNull(key) ?: throw IllegalArgumentException("\"$key\" is missing")
private fun JSONObject.requireInt(key: String): Int = requireLong(key).toInt()
private fun JSONObject.requireDouble(key: String): Double = doubleOrNull(key) ?: throw IllegalArgumentException("\"$key\" is missing")
private fun JSONObject.bigOrNull(key: String): BigInteger? = stringOrNull(key)?.let { BigInteger(it) }
private fun JSONObject.requireBig(key: String): BigInteger = bigOrNull(key) ?: throw IllegalArgumentException("\"$key\" is missing")
private fun JSONObject.type(): String = requireString("type")


/** What typed text reads as: an exact atomic value, or its amount error. */
data class InputValue(val value: BigInteger? = null, val error: AmountError? = null) {
    companion object {
        fun fromJson(json: JSONObject) =
            if (json.type() == "value") InputValue(value = json.requireBig("value")) else InputValue(error = AmountError.fromJson(json.requireObject("error")))
    }
}

// CopyKind, Copy, Transaction, PricedAsset and TransactionRow are generated from schema/ (generated/Records.kt).

/** The amount screen's state, a value the app keeps: each event returns the next session. */
data class AmountSession(
    val asset: Asset, val balance: BigInteger, val currency: String, val format: NumberFormat,
    val minimum: BigInteger? = null, val text: String = "", val isMax: Boolean = false
) {
    fun toJson(): JSONObject = JSONObject().put("asset", asset.toJson()).put("balance", balance.toString()).put("currency", currency)
        .put("format", format.toJson()).apply { minimum?.let { put("minimum", it.toString()) } }.put("text", text).put("is_max", isMax)
    companion object {
        fun fromJson(json: JSONObject) = AmountSession(Asset.fromJson(json.requireObject("asset")), json.requireBig("balance"),
            json.requireString("currency"), NumberFormat.fromJson(json.requireObject("format")), json.bigOrNull("minimum"),
            json.requireString("text"), json.requireBoolean("is_max"))
    }
}

/** An event of the amount screen. */
sealed class AmountEvent {
    abstract fun toJson(): JSONObject
    data class Typed(val text: String) : AmountEvent() {
        override fun toJson(): JSONObject = JSONObject().put("type", "typed").put("text", text)
    }
    object MaxToggled : AmountEvent() {
        override fun toJson(): JSONObject = JSONObject().put("type", "max_toggled")
    }
    data class BalanceChanged(val balance: BigInteger) : AmountEvent() {
        override fun toJson(): JSONObject = JSONObject().put("type", "balance_changed").put("balance", balance.toString())
    }
}

data class AmountViewState(
    val value: BigInteger?, val check: String, val error: AmountErrorDisplay, val fiat: FormattedNumber?,
    val isMax: Boolean, val canContinue: Boolean
) {
    companion object {
        fun fromJson(json: JSONObject) = AmountViewState(json.bigOrNull("value"), json.requireString("check"),
            AmountErrorDisplay.fromJson(json.requireObject("error")), json.objectOrNull("fiat")?.let { FormattedNumber.fromJson(it) },
            json.requireBoolean("is_max"), json.requireBoolean("can_continue"))
    }
}

/** The presentation answers, one synchronous call each. */
object Presentation {
    private inline fun answer(request: JSONObject, call: (String, com.gemwallet.gemstone.ffi.GemBuffer) -> Int): Any? {
        val bytes = bufferCall { buffer -> call(request.toString(), buffer) }
        return try {
            parseJson(bytes)
        } catch (e: Exception) {
            throw unreadable("unreadable answer from libgemstone: ${e.message}")
        }
    }

    /** Calls a pure projection function with [request] and reads its answer with [read] (generated/Projections.kt). */
    internal fun <T> project(request: JSONObject, call: (String, com.gemwallet.gemstone.ffi.GemBuffer) -> Int, read: (Any?) -> T): T {
        val answer = answer(request, call)
        return try {
            read(answer)
        } catch (e: RecordException) {
            throw unreadable("unreadable answer from libgemstone: ${e.message}")
        }
    }

    private fun unreadable(message: String) =
        GemException.Internal("internal", message, JSONObject().put("type", "internal").put("message", message))
    private fun Any?.obj(): JSONObject = this as? JSONObject ?: throw unreadable("the answer is not a JSON object")
    private fun Any?.array(): JSONArray = this as? JSONArray ?: throw unreadable("the answer is not a JSON array")
    private fun Any?.text(): String = this as? String ?: throw unreadable("the answer is not a JSON string")
    private val lib get() = Gemstone.library

    fun loadStateRefreshed(showsValue: Boolean, syncError: ServiceError? = null): LoadState = LoadState.fromJson(
        answer(JSONObject().put("shows_value", showsValue).apply { syncError?.let { put("sync_error", it.toJson()) } }) { r, o -> lib.gem_load_state_refreshed(r, o) }.obj())

    /** Null only in once_loaded before the first sync answers. */
    fun listPhase(mode: ListPhaseMode, state: LoadState, hasRows: Boolean, empty: EmptyState): ListPhase? =
        answer(JSONObject().put("mode", mode.json).put("state", state.toJson()).put("has_rows", hasRows).put("empty", empty.toJson())) { r, o ->
            lib.gem_list_phase(r, o)
        }?.let { ListPhase.fromJson(it.obj()) }

    fun emptyState(kind: EmptyStateKind): EmptyState =
        EmptyState.fromJson(answer(JSONObject().put("kind", kind.json)) { r, o -> lib.gem_empty_state(r, o) }.obj())

    fun listWindowOnEndReached(window: ListWindow, rowCount: Long): ListWindow = ListWindow.fromJson(
        answer(JSONObject().put("window", window.toJson()).put("row_count", rowCount)) { r, o -> lib.gem_list_window_on_end_reached(r, o) }.obj())

    /** style: currency, fiat or abbreviated. */
    fun formattedCurrency(value: Double, code: String, style: String = "currency", signed: Boolean = false): FormattedNumber = FormattedNumber.fromJson(
        answer(JSONObject().put("value", value).put("code", code).put("style", style).put("signed", signed)) { r, o -> lib.gem_formatted_currency(r, o) }.obj())

    /** style: full, short or auto. */
    fun formattedAmount(value: Double, style: String = "short", symbol: String? = null): FormattedNumber = FormattedNumber.fromJson(
        answer(JSONObject().put("value", value).put("style", style).apply { symbol?.let { put("symbol", it) } }) { r, o -> lib.gem_formatted_amount(r, o) }.obj())

    fun durationParts(seconds: Long, maxParts: Int = 2): List<DurationPart> =
        answer(JSONObject().put("seconds", seconds).put("max_parts", maxParts)) { r, o -> lib.gem_duration_parts(r, o) }.array().objects().map { DurationPart.fromJson(it) }

    /** A machine decimal; "" for no amount, null when the text is not a number. */
    fun plainNumber(format: NumberFormat, text: String): String? =
        answer(JSONObject().put("format", format.toJson()).put("text", text)) { r, o -> lib.gem_plain_number(r, o) }?.text()

    fun valueFromInput(format: NumberFormat, text: String, decimals: Int): InputValue = InputValue.fromJson(
        answer(JSONObject().put("format", format.toJson()).put("text", text).put("decimals", decimals)) { r, o -> lib.gem_value_from_input(r, o) }.obj())

    fun inputText(format: NumberFormat, value: BigInteger, decimals: Int): String =
        answer(JSONObject().put("format", format.toJson()).put("value", value.toString()).put("decimals", decimals)) { r, o -> lib.gem_input_text(r, o) }.text()

    fun valueText(format: NumberFormat, value: Double): String =
        answer(JSONObject().put("format", format.toJson()).put("value", value)) { r, o -> lib.gem_value_text(r, o) }.text()

    fun amountErrorDisplay(error: AmountError): AmountErrorDisplay = AmountErrorDisplay.fromJson(
        answer(JSONObject().put("error", error.toJson())) { r, o -> lib.gem_amount_error_display(r, o) }.obj())

    fun dayBoundaries(now: Long, utcOffsetSeconds: Int): DayBoundaries = DayBoundaries.fromJson(
        answer(JSONObject().put("now", now).put("utc_offset_seconds", utcOffsetSeconds)) { r, o -> lib.gem_day_boundaries(r, o) }.obj())

    fun dayLabels(boundaries: DayBoundaries, days: List<Day>): List<String> =
        answer(JSONObject().put("boundaries", boundaries.toJson()).put("days", JSONArray(days.map { it.toJson() }))) { r, o -> lib.gem_day_labels(r, o) }.array().strings()

    fun transactionRows(transactions: List<Transaction>, assets: List<PricedAsset>, currency: String): List<TransactionRow> =
        answer(JSONObject().put("transactions", JSONArray(transactions.map { it.toJson() })).put("assets", JSONArray(assets.map { it.toJson() }))
            .put("currency", currency)) { r, o -> lib.gem_transaction_rows(r, o) }.array().objects().map { TransactionRow.fromJson(it) }

    fun amountSessionNew(asset: Asset, balance: BigInteger, currency: String, format: NumberFormat, minimum: BigInteger? = null): AmountSession =
        AmountSession.fromJson(answer(JSONObject().put("asset", asset.toJson()).put("balance", balance.toString()).put("currency", currency)
            .put("format", format.toJson()).apply { minimum?.let { put("minimum", it.toString()) } }) { r, o -> lib.gem_amount_session_new(r, o) }.obj())

    fun amountSessionApply(session: AmountSession, event: AmountEvent): AmountSession = AmountSession.fromJson(
        answer(JSONObject().put("session", session.toJson()).put("event", event.toJson())) { r, o -> lib.gem_amount_session_apply(r, o) }.obj())

    fun amountSessionViewState(session: AmountSession, price: Double? = null): AmountViewState = AmountViewState.fromJson(
        answer(JSONObject().put("session", session.toJson()).apply { price?.let { put("price", it) } }) { r, o -> lib.gem_amount_session_view_state(r, o) }.obj())
}
