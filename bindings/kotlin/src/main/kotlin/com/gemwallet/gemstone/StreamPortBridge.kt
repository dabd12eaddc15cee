package com.gemwallet.gemstone

import com.gemwallet.gemstone.ffi.GemPortFn
import com.gemwallet.gemstone.ffi.GemStreamConnectionTable
import com.sun.jna.CallbackThreadInitializer
import com.sun.jna.Native
import com.sun.jna.Pointer

/**
 * The native callbacks of `gem_stream_connection`, served through [PortBridge] (one callback per
 * method for the life of the process), and the table built from them. Both methods run inline: the
 * core calls the connection on a dispatch thread where blocking is allowed.
 */
internal object StreamPortBridge {
    val isConnected: GemPortFn = PortBridge.portMethod(StreamConnection::class.java, GemStatus.OFFLINE, GemStatus.OFFLINE, inline = true) { connection, _ ->
        (if (connection.isConnected()) "true" else "false").toByteArray(Charsets.UTF_8)
    }

    val send: GemPortFn = PortBridge.portMethod(StreamConnection::class.java, GemStatus.OFFLINE, GemStatus.OFFLINE, inline = true) { connection, args ->
        connection.send(StreamMessage.fromJson(args))
        "null".toByteArray(Charsets.UTF_8)
    }

    init {
        val threads = CallbackThreadInitializer(true, false, "gemstone-core")
        listOf(isConnected, send).forEach { Native.setCallbackThreadInitializer(it, threads) }
    }

    /** The `gem_stream_connection` table of the connection registered under [context]. */
    fun connectionTable(context: Pointer) = GemStreamConnectionTable().apply {
        this.context = context
        release = PortBridge.release
        is_connected = isConnected
        send = this@StreamPortBridge.send
    }
}
