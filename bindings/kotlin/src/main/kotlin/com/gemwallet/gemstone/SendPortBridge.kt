package com.gemwallet.gemstone

import com.gemwallet.gemstone.ffi.GemPortFn
import com.gemwallet.gemstone.ffi.GemTransactionStatusPortTable
import com.gemwallet.gemstone.ffi.GemTransactionStoreTable
import com.sun.jna.CallbackThreadInitializer
import com.sun.jna.Native
import com.sun.jna.Pointer
import org.json.JSONObject

/**
 * The native callbacks of the send ports (`gem_transaction_store`, `gem_transaction_status_port`), served
 * through [PortBridge] like the chain stores of [ChainPortBridge], and the tables built from them. Every method
 * runs inline on the core's dispatch thread. An argument the binding cannot read fails the call with
 * [GemStatus.STORE] (the store) or [GemStatus.PORT] (the status port) and nothing is written.
 */
internal object SendPortBridge {
    private inline fun <reified P : Any> jsonMethod(failure: Int, noinline body: (P, JSONObject) -> String): GemPortFn =
        PortBridge.portMethod(P::class.java, failure, failure, inline = true) { port, args ->
            body(port, args).toByteArray(Charsets.UTF_8)
        }

    val transactionsGet: GemPortFn = jsonMethod<TransactionStore>(GemStatus.STORE) { store, args ->
        Transaction.listToJson(store.getTransactions(args.requireString("wallet_id"))).toString()
    }

    val transactionGet: GemPortFn = jsonMethod<TransactionStore>(GemStatus.STORE) { store, args ->
        store.getTransaction(args.requireString("id"))?.toJson()?.toString() ?: "null"
    }

    val transactionsUpdate: GemPortFn = jsonMethod<TransactionStore>(GemStatus.STORE) { store, args ->
        store.updateTransactions(Transaction.listFromJson(args.requireArray("transactions")))
        "null"
    }

    val statusSchedule: GemPortFn = jsonMethod<TransactionStatusPort>(GemStatus.PORT) { port, args ->
        port.schedule(args.requireString("wallet_id"), args.requireArray("transaction_ids").strings())
        "null"
    }

    init {
        val threads = CallbackThreadInitializer(true, false, "gemstone-core")
        listOf(transactionsGet, transactionGet, transactionsUpdate, statusSchedule)
            .forEach { Native.setCallbackThreadInitializer(it, threads) }
    }

    fun transactionStoreTable(context: Pointer) = GemTransactionStoreTable().apply {
        this.context = context
        release = PortBridge.release
        get_transactions = transactionsGet
        get_transaction = transactionGet
        update_transactions = transactionsUpdate
    }

    fun statusPortTable(context: Pointer) = GemTransactionStatusPortTable().apply {
        this.context = context
        release = PortBridge.release
        schedule = statusSchedule
    }
}
