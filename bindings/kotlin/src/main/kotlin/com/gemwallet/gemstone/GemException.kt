package com.gemwallet.gemstone

import org.json.JSONObject

/**
 * A failed gemstone call: the `gem_status` code, the error record's `type` and `message`, and the
 * whole record (which may carry more fields, e.g. the HTTP status of an API refusal).
 * Each status has its own subclass; [of] picks it.
 */
open class GemException(
    val status: Int,
    val type: String,
    message: String,
    /** The error record as the core sent it (or as the binding made it for a local failure). */
    val record: JSONObject = recordOf(type, message)
) : Exception(message) {

    override fun toString(): String = "${javaClass.simpleName}($type, status $status): $message"

    companion object {
        /** The exception for [status] with the error record [bytes] (UTF-8 JSON). */
        @JvmStatic
        fun of(status: Int, bytes: ByteArray): GemException {
            val text = String(bytes, Charsets.UTF_8)
            val record = try {
                JSONObject(text)
            } catch (e: Exception) {
                recordOf(GemStatus.name(status), if (text.length == 0) "no error record" else "unreadable error record: $text")
            }
            return of(status, record)
        }

        /** The exception for [status] with an error [record] (`{"type":…,"message":…}`). */
        @JvmStatic
        fun of(status: Int, record: JSONObject): GemException {
            val type = record.stringOrNull("type") ?: GemStatus.name(status)
            val message = record.stringOrNull("message") ?: type
            return when (status) {
                GemStatus.INVALID_ARGUMENT -> InvalidArgumentException(type, message, record)
                GemStatus.CANCELLED -> CancelledException(type, message, record)
                GemStatus.OFFLINE -> OfflineException(type, message, record)
                GemStatus.API -> ApiException(type, message, record)
                GemStatus.STORE -> StoreException(type, message, record)
                GemStatus.INVALID_INPUT -> InvalidInputException(type, message, record)
                GemStatus.NOT_FOUND -> NotFoundException(type, message, record)
                GemStatus.TIMEOUT -> TimeoutException(type, message, record)
                GemStatus.STALE_CALL -> StaleCallException(type, message, record)
                GemStatus.PORT -> PortException(type, message, record)
                GemStatus.PERMISSION_DENIED -> PermissionDeniedException(type, message, record)
                GemStatus.CRYPTO -> CryptoException(type, message, record)
                GemStatus.INTERNAL -> InternalException(type, message, record)
                else -> GemException(status, type, message, record)
            }
        }

        /** A failure the binding detects itself, shaped like the core's error records. */
        @JvmStatic
        fun local(status: Int, message: String): GemException =
            of(status, recordOf(GemStatus.name(status), message))

        internal fun recordOf(type: String, message: String): JSONObject =
            JSONObject().put("type", type).put("message", message)
    }
}

class InvalidArgumentException(type: String, message: String, record: JSONObject) :
    GemException(GemStatus.INVALID_ARGUMENT, type, message, record)

class CancelledException(type: String, message: String, record: JSONObject) :
    GemException(GemStatus.CANCELLED, type, message, record)

class OfflineException(type: String, message: String, record: JSONObject) :
    GemException(GemStatus.OFFLINE, type, message, record)

class ApiException(type: String, message: String, record: JSONObject) :
    GemException(GemStatus.API, type, message, record) {
    /** The HTTP status of the refusal, when the record carries one. */
    val httpStatus: Int? get() = record.intOrNull("status")
}

class StoreException(type: String, message: String, record: JSONObject) :
    GemException(GemStatus.STORE, type, message, record)

class InvalidInputException(type: String, message: String, record: JSONObject) :
    GemException(GemStatus.INVALID_INPUT, type, message, record)

class NotFoundException(type: String, message: String, record: JSONObject) :
    GemException(GemStatus.NOT_FOUND, type, message, record)

class TimeoutException(type: String, message: String, record: JSONObject) :
    GemException(GemStatus.TIMEOUT, type, message, record)

class StaleCallException(type: String, message: String, record: JSONObject) :
    GemException(GemStatus.STALE_CALL, type, message, record)

class PortException(type: String, message: String, record: JSONObject) :
    GemException(GemStatus.PORT, type, message, record)

class PermissionDeniedException(type: String, message: String, record: JSONObject) :
    GemException(GemStatus.PERMISSION_DENIED, type, message, record)

class CryptoException(type: String, message: String, record: JSONObject) :
    GemException(GemStatus.CRYPTO, type, message, record)

class InternalException(type: String, message: String, record: JSONObject) :
    GemException(GemStatus.INTERNAL, type, message, record)
