package com.gemwallet.gemstone

import com.sun.jna.Pointer
import java.lang.ref.Cleaner
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.locks.ReentrantReadWriteLock

/**
 * A core handle and its `gem_<noun>_free`. Calls borrow the pointer under a read lock, so
 * [close] (the write lock) never frees it while a call is using it; after [close] every call
 * throws [IllegalStateException]. The lock is held only while an ABI function runs, never while
 * waiting for a completion: closing a service cancels its in-flight commands.
 *
 * A handle that is never closed is freed by a [Cleaner] once its owner is unreachable (the fallback; `close`, or
 * `use {}`, stays the way to free it at a known time). The cleaning action holds the pointer and the free function
 * only, never the owner: [free] must not capture the service (call `Gemstone.library`, not a field of the service).
 * The port tables the core still holds stay registered in PortBridge until the core releases them.
 */
internal class NativeHandle(pointer: Pointer, name: String, free: (Pointer) -> Unit) {
    private val state = State(pointer, name, free)
    private val cleanable: Cleaner.Cleanable = cleaner.register(this, state)

    val isClosed: Boolean get() = state.isClosed

    fun <T> use(body: (Pointer) -> T): T = state.use(body)

    fun close() {
        state.closedExplicitly = true
        cleanable.clean()
    }

    private class State(pointer: Pointer, private val name: String, private val free: (Pointer) -> Unit) : Runnable {
        private val lock = ReentrantReadWriteLock()
        private var pointer: Pointer? = pointer
        @Volatile var closedExplicitly = false

        val isClosed: Boolean
            get() {
                lock.readLock().lock()
                try {
                    return pointer == null
                } finally {
                    lock.readLock().unlock()
                }
            }

        fun <T> use(body: (Pointer) -> T): T {
            lock.readLock().lock()
            try {
                val pointer = pointer ?: throw IllegalStateException("$name is closed")
                return body(pointer)
            } finally {
                lock.readLock().unlock()
            }
        }

        /** Frees the handle once: from close(), or from the cleaner thread when the owner was never closed. */
        override fun run() {
            lock.writeLock().lock()
            try {
                val pointer = pointer ?: return
                this.pointer = null
                if (!closedExplicitly) freedByCleaner.incrementAndGet()
                free(pointer)
            } finally {
                lock.writeLock().unlock()
            }
        }
    }

    companion object {
        private val cleaner: Cleaner = Cleaner.create()  // its thread is a daemon

        /** Handles freed by the cleaner because their owner was dropped without close (the tests read it). */
        val freedByCleaner = AtomicInteger(0)
    }
}
