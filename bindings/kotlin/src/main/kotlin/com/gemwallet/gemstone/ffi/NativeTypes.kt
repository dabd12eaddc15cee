package com.gemwallet.gemstone.ffi

import com.sun.jna.Callback
import com.sun.jna.IntegerType
import com.sun.jna.Native
import com.sun.jna.Pointer
import com.sun.jna.Structure

/** C `size_t`: unsigned, as wide as a pointer. */
class SizeT(value: Long) : IntegerType(Native.SIZE_T_SIZE, value, true) {
    /** JNA builds values read from native memory through this constructor. */
    constructor() : this(0)

    // kotlin.Number declares these abstract; java.lang.Number (IntegerType's base) does not.
    override fun toByte(): Byte = toLong().toByte()
    override fun toChar(): Char = toLong().toChar()
    override fun toShort(): Short = toLong().toShort()
}

/**
 * `gem_buffer`: bytes the core filled for the caller. Passed by reference; the caller releases
 * a filled buffer with `gem_buffer_free` (which wipes the bytes). When `data` is non-null it
 * holds `len` bytes followed by a NUL byte.
 */
@Structure.FieldOrder("data", "len")
class GemBuffer : Structure() {
    @JvmField var data: Pointer? = null
    @JvmField var len: SizeT = SizeT()

    /** A copy of the bytes (empty when none). Read before `gem_buffer_free`. */
    fun bytes(): ByteArray {
        val data = data ?: return ByteArray(0)
        val length = len.toLong()
        require(length in 0..Int.MAX_VALUE.toLong()) { "gem_buffer of $length bytes" }
        return data.getByteArray(0, length.toInt())
    }
}

/**
 * `gem_completion_fn`: called exactly once per started async command, on a core thread.
 * `data`/`len` are borrowed for the duration of the callback.
 */
interface GemCompletionFn : Callback {
    fun invoke(context: Pointer?, status: Int, data: Pointer?, len: SizeT)
}

/**
 * `gem_port_fn`: one port method. `args`/`argsLen` is a JSON object borrowed for the duration of
 * the callback; `call` is answered exactly once with `gem_call_ok` or `gem_call_fail`.
 */
interface GemPortFn : Callback {
    fun invoke(context: Pointer?, args: Pointer?, argsLen: SizeT, call: Pointer?)
}

/** `gem_release_fn`: called once, on any thread, after the core's last use of a port table. */
interface GemReleaseFn : Callback {
    fun invoke(context: Pointer?)
}
