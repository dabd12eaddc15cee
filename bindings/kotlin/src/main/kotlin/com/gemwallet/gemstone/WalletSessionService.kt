package com.gemwallet.gemstone

import com.gemwallet.gemstone.ffi.GemCompletionFn
import com.sun.jna.Pointer
import com.sun.jna.ptr.PointerByReference
import org.json.JSONObject
import java.io.Closeable
import java.util.concurrent.CompletableFuture

/**
 * The wallets and the current wallet (`GemWalletSessionService`), read through a host
 * [WalletStore] and [WalletSessionStore]. Writes go through [WalletService]. [storeTimeoutMs] (1 to 600000;
 * null for the core's 30 s) bounds each [store] call: a store that has not answered by then fails its read
 * with [GemException.Timeout], and its later answer is dropped.
 *
 * Every read has a blocking form (`getWallets`) that throws [GemException] and a
 * [CompletableFuture] form (`getWalletsAsync`) that completes on a binding thread. Do not call a
 * blocking form from inside a port method: the port would wait on itself.
 */
class WalletSessionService @JvmOverloads constructor(
    store: WalletStore,
    sessionStore: WalletSessionStore,
    storeTimeoutMs: Int? = null
) : Closeable {
    private val library = Gemstone.library
    internal val handle: NativeHandle

    init {
        val config = configArgument(WalletSessionServiceConfig(storeTimeoutMs?.toLong()).toJson())
        val storeContext = PortBridge.register(store)
        val sessionContext = PortBridge.register(sessionStore)
        val out = PointerByReference()
        try {
            bufferCall {
                library.gem_wallet_session_service_new(
                    config, WalletPortBridge.walletStoreTable(storeContext), WalletPortBridge.sessionStoreTable(sessionContext), out, it
                )
            }
        } catch (e: Throwable) {
            // The core took neither table: no release will come for these contexts.
            PortBridge.unregister(storeContext)
            PortBridge.unregister(sessionContext)
            throw e
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_wallet_session_service_new gave no service")
        handle = NativeHandle(pointer, "WalletSessionService") { Gemstone.library.gem_wallet_session_service_free(it) }  // not the field: the cleaner must not hold the service
    }

    /** Every wallet, in the user's order (order, then index). */
    fun getWallets(): List<Wallet> = getWalletsAsync().await()

    fun getWalletsAsync(): CompletableFuture<List<Wallet>> =
        handle.walletCommand("wallets", { Wallet.listFromJson(parseArray(it)) }) { service, done, context ->
            library.gem_wallet_session_service_get_wallets(service, done, context)
        }

    /** The wallet with [walletId], or null when none has it. */
    fun getWallet(walletId: String): Wallet? = getWalletAsync(walletId).await()

    fun getWalletAsync(walletId: String?): CompletableFuture<Wallet?> =
        handle.walletCommand("wallet", ::optionalWallet) { service, done, context ->
            library.gem_wallet_session_service_get_wallet(service, walletId, done, context)
        }

    /** The wallet with [walletId]; none is a [GemException.NotFound]. */
    fun requireWallet(walletId: String): Wallet = requireWalletAsync(walletId).await()

    fun requireWalletAsync(walletId: String?): CompletableFuture<Wallet> =
        handle.walletCommand("wallet", { Wallet.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_wallet_session_service_require_wallet(service, walletId, done, context)
        }

    /**
     * The stored current wallet id, synchronously (the session store is asked on this thread). It
     * may name a wallet deleted since; [getCurrentWallet] resolves that.
     */
    fun getCurrentWalletId(): String? = handle.use { service ->
        val bytes = bufferCall { library.gem_wallet_session_service_get_current_wallet_id(service, it) }
        decodeResult("current wallet id", bytes) { parseJson(it)?.let { id -> id as? String ?: throw IllegalArgumentException("not a string") } }
    }

    /** The current wallet: the stored one while it exists, else the first in the user's order, else null. */
    fun getCurrentWallet(): Wallet? = getCurrentWalletAsync().await()

    fun getCurrentWalletAsync(): CompletableFuture<Wallet?> =
        handle.walletCommand("current wallet", ::optionalWallet) { service, done, context ->
            library.gem_wallet_session_service_get_current_wallet(service, done, context)
        }

    val isClosed: Boolean get() = handle.isClosed

    /** Releases the binding's reference; in-flight commands complete with [GemException.Cancelled]. Idempotent. */
    override fun close() = handle.close()
}

/** A wallet record or JSON null. */
internal fun optionalWallet(bytes: ByteArray): Wallet? = when (val value = parseJson(bytes)) {
    null -> null
    is JSONObject -> Wallet.fromJson(value)
    else -> throw IllegalArgumentException("neither a wallet record nor null")
}

/**
 * Starts one async command on this handle's service and reads its result with [read]. When [secret]
 * is set, the result bytes hold a secret and are zeroed once read.
 */
internal fun <T> NativeHandle.walletCommand(
    what: String,
    read: (ByteArray) -> T,
    secret: Boolean = false,
    begin: (Pointer, GemCompletionFn, Pointer) -> Int
): CompletableFuture<T> {
    val started = use { service -> Completions.start { done, context -> begin(service, done, context) } }
    return started.thenApply { bytes ->
        if (!secret) return@thenApply decodeResult(what, bytes, read)
        try {
            read(bytes)
        } catch (e: Exception) {
            // Neither the bytes nor the parser's message (which quotes its input) may reach the error.
            throw GemException.local(GemStatus.INTERNAL, "unreadable $what from libgemstone (${e.javaClass.simpleName})")
        } finally {
            bytes.fill(0)
        }
    }
}
