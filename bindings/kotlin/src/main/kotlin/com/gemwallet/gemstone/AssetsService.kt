package com.gemwallet.gemstone

import com.sun.jna.ptr.PointerByReference
import java.io.Closeable
import java.util.concurrent.CompletableFuture

/**
 * The assets each wallet shows (`GemAssetsService`): the native coin of every chain the wallet has
 * an account on, and the tokens added by id, whose name, symbol and decimals are read from the
 * chain's node once and kept in [store]. Made over a [NodeService] and a [WalletSessionService],
 * which the core retains: either may be closed first.
 *
 * [storeTimeoutMs] (1 to 600000; null for the core's 30 s) bounds each [store] call: a store that has not
 * answered by then fails its command with [GemException.Timeout], and its later answer is dropped.
 *
 * Every command has a blocking form that throws [GemException] and a [CompletableFuture] form that
 * completes on a binding thread. Do not call a blocking form from inside a port method.
 */
class AssetsService @JvmOverloads constructor(
    nodes: NodeService,
    wallets: WalletSessionService,
    store: AssetStore,
    storeTimeoutMs: Int? = null
) : Closeable {
    private val library = Gemstone.library
    internal val handle: NativeHandle

    init {
        val config = configArgument(AssetsServiceConfig(storeTimeoutMs?.toLong()).toJson())
        val storeContext = PortBridge.register(store)
        val out = PointerByReference()
        try {
            nodes.handle.use { nodeService ->
                wallets.handle.use { walletService ->
                    bufferCall {
                        library.gem_assets_service_new(config, nodeService, walletService, ChainPortBridge.assetStoreTable(storeContext), out, it)
                    }
                }
            }
        } catch (e: Throwable) {
            // The core did not take the table: no release will come for its context.
            PortBridge.unregister(storeContext)
            throw e
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_assets_service_new gave no service")
        handle = NativeHandle(pointer, "AssetsService") { library.gem_assets_service_free(it) }
    }

    /**
     * The assets [walletId] shows: the native coin of each chain it has an account on (account order),
     * then its tokens in the order added. An unknown wallet is a [GemException.NotFound].
     */
    fun walletAssets(walletId: String): List<Asset> = walletAssetsAsync(walletId).await()

    fun walletAssetsAsync(walletId: String?): CompletableFuture<List<Asset>> =
        handle.walletCommand("wallet assets", { Asset.listFromJson(parseArray(it)) }) { service, done, context ->
            library.gem_assets_service_wallet_assets(service, walletId, done, context)
        }

    /**
     * Adds a token ([assetId] `"<chain>_<token id>"`) to the wallet's list, reading its metadata from
     * the chain's node the first time, and answers the asset. A native asset id, or a chain the wallet
     * has no account on, is a [GemException.InvalidInput]; a node's failure is its error.
     */
    fun addToken(walletId: String, assetId: String): Asset = addTokenAsync(walletId, assetId).await()

    fun addTokenAsync(walletId: String?, assetId: String?): CompletableFuture<Asset> =
        handle.walletCommand("asset", { Asset.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_assets_service_add_token(service, walletId, assetId, done, context)
        }

    /** Removes a token from the wallet's list; one not listed is a [GemException.NotFound]. */
    fun removeToken(walletId: String, assetId: String) = removeTokenAsync(walletId, assetId).await()

    fun removeTokenAsync(walletId: String?, assetId: String?): CompletableFuture<Unit> =
        handle.walletCommand("removal", ::readNull) { service, done, context ->
            library.gem_assets_service_remove_token(service, walletId, assetId, done, context)
        }

    val isClosed: Boolean get() = handle.isClosed

    /** Releases the binding's reference; in-flight commands complete with [GemException.Cancelled]. Idempotent. */
    override fun close() = handle.close()
}

/** A command's answer that must be JSON null. */
internal fun readNull(bytes: ByteArray) {
    if (parseJson(bytes) != null) throw IllegalArgumentException("not null")
}
