package com.gemwallet.gemstone

// The send ports a host implements (gemstone.h "Send: transactions, tracking, confirmation"). As for the
// ports of ChainPorts.kt, a returned value is gem_call_ok, a thrown GemException is gem_call_fail with its
// status, and any other exception is gem_call_fail with GemStatus.STORE. Every method is called on a core
// dispatch thread where blocking (a database transaction) is allowed. The records are the generated ones.

/**
 * The wallets' transactions (`gem_transaction_store`), one [Transaction] per id ("<chain>_<hash>"). Only
 * [TransactionsService] owns it; the confirm and state services write through it.
 */
interface TransactionStore {
    /** The wallet's transactions, newest first (created_at, then id). */
    fun getTransactions(walletId: String): List<Transaction>

    /** The transaction of [id], or null. */
    fun getTransaction(id: String): Transaction?

    /** Inserts each, or replaces the row of its id, in ONE transaction: all of them, or on failure (throw) none. */
    fun updateTransactions(transactions: List<Transaction>)
}

/**
 * The host's scheduler of tracking (`gem_transaction_status_port`), called once per submit after the pending
 * transactions are stored. Start [TransactionStateService.track] for each id on the host's own executor and
 * return: never wait for the tracking here. A failure is ignored by the core (the transaction stays pending).
 */
interface TransactionStatusPort {
    fun schedule(walletId: String, transactionIds: List<String>)
}
