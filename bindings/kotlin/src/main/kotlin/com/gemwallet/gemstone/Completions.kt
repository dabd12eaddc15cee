package com.gemwallet.gemstone

import com.gemwallet.gemstone.ffi.GemCompletionFn
import com.gemwallet.gemstone.ffi.SizeT
import com.sun.jna.CallbackThreadInitializer
import com.sun.jna.Native
import com.sun.jna.Pointer
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.ExecutionException
import java.util.concurrent.atomic.AtomicLong

/**
 * The completions of async commands. One native callback serves every command: its `context` is
 * a command number that keys the command's future here until the core fires it (exactly once, by
 * contract). The callback object itself lives as long as this object, i.e. for the whole process,
 * so the core can never call a collected trampoline.
 *
 * The callback copies the borrowed bytes and returns at once; futures are completed on the
 * binding's own threads, so a caller's continuation never runs on (or blocks) a core thread.
 */
internal object Completions {
    private val pending = ConcurrentHashMap<Long, CompletableFuture<ByteArray>>()
    private val numbers = AtomicLong(0)
    private val executor = daemonPool("gemstone-completion")
    private val unknown = AtomicLong(0)

    /** Commands started and not yet completed. */
    val pendingCount: Int get() = pending.size

    /** Completions that named no pending command (a second call, which the contract forbids). */
    val unknownCount: Long get() = unknown.get()

    val callback: GemCompletionFn = object : GemCompletionFn {
        override fun invoke(context: Pointer?, status: Int, data: Pointer?, len: SizeT) {
            val future = pending.remove(Pointer.nativeValue(context))
            if (future == null) {
                unknown.incrementAndGet()
                return
            }
            val outcome: Result = try {
                val length = len.toLong()
                Result(status, if (data == null || length <= 0) ByteArray(0) else data.getByteArray(0, length.toInt()))
            } catch (e: Throwable) {
                Result(GemStatus.INTERNAL, null, e)
            }
            executor.execute { outcome.completeInto(future) }
        }
    }

    init {
        Native.setCallbackThreadInitializer(callback, CallbackThreadInitializer(true, false, "gemstone-core"))
    }

    /**
     * Starts one command: [begin] receives the completion callback and the context to pass with
     * it, and returns the function's status. A non-OK status means `done` will never be called.
     */
    fun start(begin: (GemCompletionFn, Pointer) -> Int): CompletableFuture<ByteArray> {
        val number = numbers.incrementAndGet()
        val future = CompletableFuture<ByteArray>()
        pending[number] = future
        val status = try {
            begin(callback, Pointer(number))
        } catch (e: Throwable) {
            pending.remove(number)
            throw e
        }
        if (status != GemStatus.OK && pending.remove(number) != null) {
            future.completeExceptionally(GemException.local(status, "the command did not start (status $status)"))
        }
        return future
    }

    private class Result(val status: Int, val bytes: ByteArray?, val failure: Throwable? = null) {
        fun completeInto(future: CompletableFuture<ByteArray>) {
            when {
                failure != null -> future.completeExceptionally(
                    GemException.local(GemStatus.INTERNAL, "unreadable completion: ${failure.message}")
                )
                status == GemStatus.OK -> future.complete(bytes ?: ByteArray(0))
                else -> future.completeExceptionally(GemException.of(status, bytes ?: ByteArray(0)))
            }
        }
    }
}

/** Waits for the future and rethrows its failure as itself (a [GemException], usually). */
internal fun <T> CompletableFuture<T>.await(): T = try {
    get()
} catch (e: ExecutionException) {
    throw e.cause ?: e
}
