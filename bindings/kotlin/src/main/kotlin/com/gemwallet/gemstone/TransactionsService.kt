package com.gemwallet.gemstone

import com.sun.jna.ptr.PointerByReference
import java.io.Closeable
import java.util.concurrent.CompletableFuture

/**
 * A wallet's stored transactions (`GemTransactionsService`), the one owner of [store]: the transactions as
 * records and as the rows `gem_transaction_rows` answers, in a list window. Made over an [AssetsService] (the
 * rows' assets), which the core retains: it may be closed first. The confirm and state services write [store]
 * through this service.
 *
 * [storeTimeoutMs] (1 to 600000; null for the core's 30 s) bounds each [store] call: a store that has not
 * answered by then fails its command with [GemException.Timeout], and its later answer is dropped.
 *
 * Every command has a blocking form that throws [GemException] and a [CompletableFuture] form that completes
 * on a binding thread. Do not call a blocking form from inside a port method.
 */
class TransactionsService @JvmOverloads constructor(
    assets: AssetsService,
    store: TransactionStore,
    storeTimeoutMs: Int? = null
) : Closeable {
    private val library = Gemstone.library
    internal val handle: NativeHandle

    init {
        val config = configArgument(TransactionsServiceConfig(storeTimeoutMs?.toLong()).toJson())
        val storeContext = PortBridge.register(store)
        val out = PointerByReference()
        try {
            assets.handle.use { assetsService ->
                bufferCall { library.gem_transactions_service_new(config, assetsService, SendPortBridge.transactionStoreTable(storeContext), out, it) }
            }
        } catch (e: Throwable) {
            // The core did not take the table: no release will come for its context.
            PortBridge.unregister(storeContext)
            throw e
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_transactions_service_new gave no service")
        handle = NativeHandle(pointer, "TransactionsService") { library.gem_transactions_service_free(it) }
    }

    /** The wallet's newest `limit` transactions as rows. */
    fun rows(request: TransactionsRequest): List<TransactionRow> = rowsAsync(request).await()

    fun rowsAsync(request: TransactionsRequest): CompletableFuture<List<TransactionRow>> =
        handle.walletCommand("transaction rows", { TransactionRow.listFromJson(parseArray(it)) }) { service, done, context ->
            library.gem_transactions_service_rows(service, request.toJson().toString(), done, context)
        }

    /** The stored records the rows are made from, newest first. */
    fun transactions(request: TransactionsRequest): List<Transaction> = transactionsAsync(request).await()

    fun transactionsAsync(request: TransactionsRequest): CompletableFuture<List<Transaction>> =
        handle.walletCommand("transactions", { Transaction.listFromJson(parseArray(it)) }) { service, done, context ->
            library.gem_transactions_service_transactions(service, request.toJson().toString(), done, context)
        }

    /** The stored transaction of [transactionId]; [GemException.NotFound] when none. */
    fun transaction(transactionId: String): Transaction = transactionAsync(transactionId).await()

    fun transactionAsync(transactionId: String?): CompletableFuture<Transaction> =
        handle.walletCommand("transaction", { Transaction.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_transactions_service_transaction(service, transactionId, done, context)
        }

    val isClosed: Boolean get() = handle.isClosed

    /** Releases the binding's reference; a command in flight completes with [GemException.Cancelled]. Idempotent. */
    override fun close() = handle.close()
}
