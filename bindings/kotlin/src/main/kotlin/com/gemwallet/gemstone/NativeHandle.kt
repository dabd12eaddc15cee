package com.gemwallet.gemstone

import com.sun.jna.Pointer
import java.util.concurrent.locks.ReentrantReadWriteLock

/**
 * A core handle and its `gem_<noun>_free`. Calls borrow the pointer under a read lock, so
 * [close] (the write lock) never frees it while a call is using it; after [close] every call
 * throws [IllegalStateException]. The lock is held only while an ABI function runs, never while
 * waiting for a completion: closing a service cancels its in-flight commands.
 */
internal class NativeHandle(pointer: Pointer, private val name: String, private val free: (Pointer) -> Unit) {
    private val lock = ReentrantReadWriteLock()
    private var pointer: Pointer? = pointer

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

    fun close() {
        lock.writeLock().lock()
        try {
            val pointer = pointer ?: return
            this.pointer = null
            free(pointer)
        } finally {
            lock.writeLock().unlock()
        }
    }
}
