package com.gemwallet.gemstone

import com.sun.jna.ptr.PointerByReference
import java.io.Closeable
import java.util.concurrent.CompletableFuture

/**
 * A wallet's balances (`GemBalanceService`, the only writer of [store]), refreshed from every chain of
 * the wallet at once under the publication contract: one [BalanceStore.updateBalances] per chain as
 * soon as that chain answers, holding only the rows that changed; a failed source leaves its rows as
 * they were; overlapping refreshes of one wallet publish in order. Made over a [NodeService], an
 * [AssetsService] and a [WalletSessionService], which the core retains: any may be closed first.
 * Closing this service cancels its refreshes (their HTTP requests included).
 *
 * [storeTimeoutMs] (1 to 600000; null for the core's 30 s) bounds each [store] call: a store that has not
 * answered by then fails its command with [GemException.Timeout], and its later answer is dropped.
 *
 * Every command has a blocking form that throws [GemException] and a [CompletableFuture] form that
 * completes on a binding thread. Do not call a blocking form from inside a port method.
 */
class BalanceService @JvmOverloads constructor(
    nodes: NodeService,
    assets: AssetsService,
    wallets: WalletSessionService,
    store: BalanceStore,
    storeTimeoutMs: Int? = null
) : Closeable {
    private val library = Gemstone.library
    internal val handle: NativeHandle

    init {
        val config = configArgument(BalanceServiceConfig(storeTimeoutMs?.toLong()).toJson())
        val storeContext = PortBridge.register(store)
        val out = PointerByReference()
        try {
            nodes.handle.use { nodeService ->
                assets.handle.use { assetsService ->
                    wallets.handle.use { walletService ->
                        bufferCall {
                            library.gem_balance_service_new(
                                config, nodeService, assetsService, walletService, ChainPortBridge.balanceStoreTable(storeContext), out, it
                            )
                        }
                    }
                }
            }
        } catch (e: Throwable) {
            // The core did not take the table: no release will come for its context.
            PortBridge.unregister(storeContext)
            throw e
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_balance_service_new gave no service")
        handle = NativeHandle(pointer, "BalanceService") { library.gem_balance_service_free(it) }
    }

    /**
     * Refreshes every chain of [walletId] and answers the rows each chain wrote. When a chain failed,
     * throws (once every chain has finished and written what it could) the first failure in the
     * wallet's account order, its message starting with the chain id (a [GemException.Store] from
     * [BalanceStore.updateBalances] comes back with the store's own message); the failed chain's rows stay.
     */
    fun update(walletId: String): BalanceRefresh = updateAsync(walletId).await()

    fun updateAsync(walletId: String?): CompletableFuture<BalanceRefresh> =
        handle.walletCommand("balance refresh", { BalanceRefresh.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_balance_service_update(service, walletId, done, context)
        }

    /**
     * The stored balances of the assets [walletId] shows, in [AssetsService.walletAssets] order (an
     * asset never refreshed has no row).
     */
    fun balances(walletId: String): List<Balance> = balancesAsync(walletId).await()

    fun balancesAsync(walletId: String?): CompletableFuture<List<Balance>> =
        handle.walletCommand("balances", { Balance.listFromJson(parseArray(it)) }) { service, done, context ->
            library.gem_balance_service_balances(service, walletId, done, context)
        }

    val isClosed: Boolean get() = handle.isClosed

    /**
     * Releases the binding's reference; a refresh in flight is cancelled, its HTTP requests included, and
     * writes nothing more. gemstone.h names its answer GEM_ERR_CANCELLED ([GemException.Cancelled]); this
     * core answers the chain's cancelled request instead (an [GemException.Offline], "ethereum: cancelled").
     * Idempotent.
     */
    override fun close() = handle.close()
}
