package com.gemwallet.gemstone

import org.json.JSONArray
import org.json.JSONObject
import org.json.JSONTokener

// Small helpers over the org.json API Android ships: absent and JSON null both read as Kotlin null,
// and a value of the wrong type is an error rather than a silent default.

internal fun JSONObject.stringOrNull(key: String): String? =
    if (!has(key) || isNull(key)) null else get(key) as? String ?: throw IllegalArgumentException("\"$key\" is not a string")

internal fun JSONObject.requireString(key: String): String =
    stringOrNull(key) ?: throw IllegalArgumentException("\"$key\" is missing")

internal fun JSONObject.doubleOrNull(key: String): Double? =
    if (!has(key) || isNull(key)) null else (get(key) as? Number)?.toDouble() ?: throw IllegalArgumentException("\"$key\" is not a number")

internal fun JSONObject.longOrNull(key: String): Long? =
    if (!has(key) || isNull(key)) null else (get(key) as? Number)?.toLong() ?: throw IllegalArgumentException("\"$key\" is not a number")

internal fun JSONObject.intOrNull(key: String): Int? = try {
    longOrNull(key)?.toInt()
} catch (e: IllegalArgumentException) {
    null
}

internal fun JSONObject.requireBoolean(key: String): Boolean =
    get(key) as? Boolean ?: throw IllegalArgumentException("\"$key\" is not a boolean")

internal fun JSONObject.arrayOrEmpty(key: String): JSONArray =
    if (!has(key) || isNull(key)) JSONArray() else get(key) as? JSONArray ?: throw IllegalArgumentException("\"$key\" is not an array")

internal fun JSONObject.requireArray(key: String): JSONArray =
    if (!has(key) || isNull(key)) throw IllegalArgumentException("\"$key\" is missing") else get(key) as? JSONArray ?: throw IllegalArgumentException("\"$key\" is not an array")

internal fun JSONArray.objects(): List<JSONObject> = (0 until length()).map {
    get(it) as? JSONObject ?: throw IllegalArgumentException("element $it is not an object")
}

internal fun JSONArray.strings(): List<String> = (0 until length()).map {
    get(it) as? String ?: throw IllegalArgumentException("element $it is not a string")
}

/** Parses one JSON value of any kind (object, array, string, number, boolean, null). */
internal fun parseJson(bytes: ByteArray): Any? {
    val text = String(bytes, Charsets.UTF_8)
    val tokener = JSONTokener(text)
    val value = tokener.nextValue()
    if (tokener.nextClean() != '\u0000') throw IllegalArgumentException("trailing characters after the JSON value")
    return if (value == JSONObject.NULL) null else value
}

internal fun parseObject(bytes: ByteArray): JSONObject =
    parseJson(bytes) as? JSONObject ?: throw IllegalArgumentException("not a JSON object")

internal fun parseArray(bytes: ByteArray): JSONArray =
    parseJson(bytes) as? JSONArray ?: throw IllegalArgumentException("not a JSON array")

internal fun jsonStringOf(value: String): String = JSONObject.quote(value)

internal fun ByteArray.utf8(): String = String(this, Charsets.UTF_8)

/**
 * Reads a result the core sent with [read]; a result the binding cannot read is an
 * [GemException.Internal] (the core and this binding disagree on a record's shape).
 */
internal fun <T> decodeResult(what: String, bytes: ByteArray, read: (ByteArray) -> T): T = try {
    read(bytes)
} catch (e: Exception) {
    throw GemException.local(GemStatus.INTERNAL, "unreadable $what from libgemstone (${e.message}): ${bytes.utf8().take(200)}")
}

/** A generated config record's JSON as a constructor's config_json: null (every default) when it sets nothing. */
internal fun configArgument(config: JSONObject): String? = if (config.length() == 0) null else config.toString()
