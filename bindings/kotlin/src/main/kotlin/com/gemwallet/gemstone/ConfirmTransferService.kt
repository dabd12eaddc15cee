package com.gemwallet.gemstone

import com.sun.jna.ptr.PointerByReference
import org.json.JSONObject
import java.io.Closeable
import java.util.concurrent.CompletableFuture

/**
 * A send's confirmation and submit (`GemConfirmTransferService`). [load] answers one [ConfirmLoad] (the sender,
 * the fee asset, the fee per priority, the simulation, the amount or its shortfall as a
 * [TransferAmountResult.Error]); [submit] signs inside the core with one keystore password read, broadcasts,
 * stores the pending transaction through [transactions]' store and calls [status]. A refusal is a
 * [GemException.Confirm] whose record is a `GemConfirmError` ({"type":"broadcast_rejected",…});
 * `Presentation.confirmErrorDisplay` says what a screen shows for it.
 *
 * [apiUrl] is the scanner and simulation API, reached through [transport] (without it there is no verdict and
 * no simulation: both fail open); [timeoutMs] bounds each of its requests. The services are retained by the
 * core: any may be closed first.
 */
class ConfirmTransferService @JvmOverloads constructor(
    wallets: WalletService,
    assets: AssetsService,
    nodes: NodeService,
    transactions: TransactionsService,
    status: TransactionStatusPort,
    apiUrl: String? = null,
    transport: HttpTransport? = null,
    timeoutMs: Int? = null
) : Closeable {
    private val library = Gemstone.library
    private val handle: NativeHandle

    init {
        val config = JSONObject()
        if (apiUrl != null) config.put("api_url", apiUrl)
        if (timeoutMs != null) config.put("timeout_ms", timeoutMs)
        val configJson = if (config.length() == 0) null else config.toString()
        val statusContext = PortBridge.register(status)
        val transportContext = if (apiUrl != null) PortBridge.register(transport ?: UrlConnectionTransport()) else null
        val out = PointerByReference()
        try {
            wallets.handle.use { walletService ->
                assets.handle.use { assetsService ->
                    nodes.handle.use { nodeService ->
                        transactions.handle.use { transactionsService ->
                            bufferCall {
                                library.gem_confirm_transfer_service_new(
                                    configJson, walletService, assetsService, nodeService, transactionsService,
                                    transportContext?.let { context -> PortBridge.transportTable(context) },
                                    SendPortBridge.statusPortTable(statusContext), out, it
                                )
                            }
                        }
                    }
                }
            }
        } catch (e: Throwable) {
            // The core did not take the tables: no release will come for their contexts.
            PortBridge.unregister(statusContext)
            transportContext?.let { PortBridge.unregister(it) }
            throw e
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_confirm_transfer_service_new gave no service")
        handle = NativeHandle(pointer, "ConfirmTransferService") { library.gem_confirm_transfer_service_free(it) }
    }

    /**
     * The confirmation of a transfer at a priority. The first load of a transfer (or a refresh) runs preload,
     * fee rates, scan and simulation together; a later load at another priority asks nothing again.
     */
    fun load(request: ConfirmRequest): ConfirmLoad = loadAsync(request).await()

    fun loadAsync(request: ConfirmRequest): CompletableFuture<ConfirmLoad> =
        handle.walletCommand("confirmation", { ConfirmLoad.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_confirm_transfer_service_load(service, request.toJson().toString(), done, context)
        }

    /**
     * Signs the held load (loading first when none is held), broadcasts, stores the pending transaction and
     * schedules its tracking; answers the hashes and the stored ids. Once the node has the transaction, a
     * cancellation no longer stops the store write; closing the service mid-submit must not be read as "not sent".
     */
    fun submit(request: ConfirmRequest): ConfirmSubmit = submitAsync(request).await()

    fun submitAsync(request: ConfirmRequest): CompletableFuture<ConfirmSubmit> =
        handle.walletCommand("submit", { ConfirmSubmit.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_confirm_transfer_service_submit(service, request.toJson().toString(), done, context)
        }

    val isClosed: Boolean get() = handle.isClosed

    /** Releases the binding's reference; a load or submit in flight completes with [GemException.Cancelled]. Idempotent. */
    override fun close() = handle.close()
}
