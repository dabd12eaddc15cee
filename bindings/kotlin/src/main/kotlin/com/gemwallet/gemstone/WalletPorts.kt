package com.gemwallet.gemstone

// The wallet ports a host implements (gemstone.h "Wallets"). As for the ports of Ports.kt, the
// binding answers the core's gem_call for each: a returned value is gem_call_ok, a thrown
// GemException is gem_call_fail with its status, and any other exception is gem_call_fail with
// the port's own failure status (named on each interface).

/**
 * The wallets and their accounts (`gem_wallet_store`). Called on a core dispatch thread where
 * blocking (a database transaction) is allowed. Every write is one transaction: on failure nothing
 * is written. A thrown exception other than a [GemException] fails the call with [GemStatus.STORE].
 */
interface WalletStore {
    /** Every stored wallet, in any order (the core sorts). */
    fun getWallets(): List<Wallet>

    /** The wallet stored under [walletId], or null. */
    fun getWallet(walletId: String): Wallet?

    /**
     * Inserts [wallet] and its accounts. A wallet with this id already stored: throw (a
     * [GemException.Store]) and write nothing; never overwrite.
     */
    fun addWallet(wallet: Wallet)

    /**
     * Replaces the stored wallet with [wallet]'s id (name, pin, order), writing only what changed.
     * An id not stored: throw (a [GemException.NotFound] or [GemException.Store]) and write nothing.
     */
    fun saveWallet(wallet: Wallet)

    /** Deletes the wallet and its accounts; an unknown id is not an error. */
    fun deleteWallet(walletId: String)
}

/**
 * The current wallet id (`gem_wallet_session_store`). SYNC: called on the thread that called
 * [WalletSessionService.getCurrentWalletId], or on a core thread inside a command; answer from a
 * value held in memory and persist on write. A thrown exception fails the call with
 * [GemStatus.STORE]; a failed [setCurrentWalletId] must keep the old value.
 */
interface WalletSessionStore {
    fun getCurrentWalletId(): String?

    /** Sets the current wallet id; null clears it. */
    fun setCurrentWalletId(walletId: String?)
}

/**
 * Secrets at rest (`gem_secure_store`): the core keeps here only encrypted keystore records, one
 * per wallet, under the wallet's `externalId`. Called on a core dispatch thread where blocking is
 * allowed. A thrown exception fails the call with [GemStatus.STORE] (a failed get is never taken
 * for an absent value).
 */
interface SecureStore {
    /** The value stored under [key], or null when absent. */
    fun get(key: String): String?

    /** Stores [value] under [key], replacing any value. */
    fun set(key: String, value: String)

    /** Removes [key]; an absent key is not an error. */
    fun delete(key: String)
}

/**
 * The keystore password (`gem_keystore_password`): a random per-install secret (16 to 1024 bytes;
 * 32 random bytes is right) kept behind the host's own protection. Asked on every create, import of
 * a phrase or key, and export, on a core dispatch thread where blocking (a prompt) is allowed.
 * Throw a [GemException.PermissionDenied] when the user refused. An [java.io.IOException] fails the
 * call with [GemStatus.STORE], any other exception with [GemStatus.PORT].
 *
 * The returned array is handed to the core and then zeroed by the binding: return a fresh copy.
 */
interface KeystorePassword {
    fun getPassword(): ByteArray
}
