package com.gemwallet.gemstone

import java.util.concurrent.ExecutorService
import java.util.concurrent.SynchronousQueue
import java.util.concurrent.ThreadFactory
import java.util.concurrent.ThreadPoolExecutor
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

/** A cached pool of daemon threads named `<name>-<n>`: it never keeps the JVM alive. */
internal fun daemonPool(name: String): ExecutorService {
    val count = AtomicInteger(0)
    val factory = ThreadFactory { runnable ->
        Thread(runnable, "$name-${count.incrementAndGet()}").apply { isDaemon = true }
    }
    return ThreadPoolExecutor(0, Int.MAX_VALUE, 30, TimeUnit.SECONDS, SynchronousQueue<Runnable>(), factory)
}
