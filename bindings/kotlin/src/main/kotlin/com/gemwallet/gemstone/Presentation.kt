package com.gemwallet.gemstone

import org.json.JSONObject

/*
 * The presentation answers of include/gemstone.h ("Presentation answers") as typed Kotlin values:
 * the core decides what a screen shows and the app renders it. Every call is synchronous; a
 * malformed request throws GemException.InvalidArgument, a request that breaks a rule the header names
 * throws GemException.InvalidInput. Atomic amounts are BigIntegers here and decimal strings on the wire.
 */

// Every presentation function and its records are declared in schema/ and generated: the functions are
// extensions of Presentation (generated/Projections.kt), the records are in generated/Records.kt.

/** The presentation answers, one synchronous call each (generated/Projections.kt). */
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
}
