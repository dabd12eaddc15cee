package com.gemwallet.gemstone

import com.sun.jna.ptr.PointerByReference
import org.json.JSONObject
import java.io.Closeable
import java.util.concurrent.CompletableFuture

/**
 * Tracks broadcast transactions to their final state (`GemTransactionStateService`): polls the chain every
 * [intervalMs] (1 to 600000; null for the core's 2000) until final, at most [maxPolls] times (1 to 100000; null
 * for 900), stores confirmed, failed or reverted with the fee paid, and refreshes the wallet's balances through
 * [balances] when one is given. The services it is made over are retained by the core: any may be closed first.
 */
class TransactionStateService @JvmOverloads constructor(
    transactions: TransactionsService,
    nodes: NodeService,
    balances: BalanceService? = null,
    intervalMs: Int? = null,
    maxPolls: Int? = null
) : Closeable {
    private val library = Gemstone.library
    private val handle: NativeHandle

    init {
        val config = JSONObject()
        if (intervalMs != null) config.put("interval_ms", intervalMs)
        if (maxPolls != null) config.put("max_polls", maxPolls)
        val configJson = if (config.length() == 0) null else config.toString()
        val out = PointerByReference()
        transactions.handle.use { transactionsService ->
            nodes.handle.use { nodeService ->
                if (balances == null) {
                    bufferCall { library.gem_transaction_state_service_new(configJson, transactionsService, nodeService, null, out, it) }
                } else {
                    balances.handle.use { balanceService ->
                        bufferCall {
                            library.gem_transaction_state_service_new(configJson, transactionsService, nodeService, balanceService, out, it)
                        }
                    }
                }
            }
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_transaction_state_service_new gave no service")
        handle = NativeHandle(pointer, "TransactionStateService") { library.gem_transaction_state_service_free(it) }
    }

    /**
     * Polls until [transactionId] is final and answers the stored [Transaction]; one already final answers at
     * once. After maxPolls: the last status failure, or [GemException.Timeout] (the transaction stays pending).
     */
    fun track(transactionId: String): Transaction = trackAsync(transactionId).await()

    fun trackAsync(transactionId: String?): CompletableFuture<Transaction> =
        handle.walletCommand("tracked transaction", { Transaction.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_transaction_state_service_track(service, transactionId, done, context)
        }

    val isClosed: Boolean get() = handle.isClosed

    /** Releases the binding's reference; a tracking in flight completes with [GemException.Cancelled]. Idempotent. */
    override fun close() = handle.close()
}
