package com.gemwallet.gemstone

import java.io.Closeable
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.CountDownLatch
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.function.Supplier

/**
 * A [TransactionStatusPort] that tracks each scheduled transaction to its final state on a thread pool of its
 * own (gemstone.h: the host runs the tracking on its own executor and lifetime). The tracker is attached after
 * construction, since the confirm service takes this port before the state service exists; ids scheduled
 * earlier wait for it. [tracked] is the future of one tracking: the stored final [Transaction], or the error.
 */
class TrackingScheduler @JvmOverloads constructor(workers: Int = 4) : TransactionStatusPort, Closeable {
    private val pool: ExecutorService = Executors.newFixedThreadPool(workers) { runnable ->
        Thread(runnable, "gemstone-track").apply { isDaemon = true }
    }
    private val attached = CountDownLatch(1)
    @Volatile private var tracker: TransactionStateService? = null
    private val futures = ConcurrentHashMap<String, CompletableFuture<Transaction>>()
    private val order = java.util.Collections.synchronizedList(ArrayList<String>())

    fun attach(tracker: TransactionStateService) {
        this.tracker = tracker
        attached.countDown()
    }

    override fun schedule(walletId: String, transactionIds: List<String>) {
        for (id in transactionIds) {
            order.add(id)
            futures[id] = CompletableFuture.supplyAsync(Supplier<Transaction> {
                attached.await()
                val current = tracker ?: throw GemException.local(GemStatus.PORT, "no tracker attached")
                current.track(id)
            }, pool)
        }
    }

    /** The future of [transactionId]'s tracking, or null when it was never scheduled. */
    fun tracked(transactionId: String): CompletableFuture<Transaction>? = futures[transactionId]

    /** Every id scheduled so far, in order. */
    fun scheduled(): List<String> = synchronized(order) { order.toList() }

    override fun close() {
        pool.shutdown()
        pool.awaitTermination(30, TimeUnit.SECONDS)
    }
}
