package com.gemwallet.gemstone

import com.sun.jna.ptr.PointerByReference
import java.io.Closeable
import java.util.concurrent.CompletableFuture

/**
 * Keeps the host's price stream subscribed to what a wallet needs (`GemStreamSubscriptionService`):
 * the wallet's shown assets ([assets]) and the stored price alerts' assets ([alerts]), sent through
 * [connection] as the specification's StreamMessage. Both services are retained by the core: either
 * may be closed first.
 *
 * [storeTimeoutMs] (1 to 600000; null for the core's 30 s) bounds each [connection] call.
 *
 * Every command has a blocking form that throws [GemException] and a [CompletableFuture] form that
 * completes on a binding thread. Do not call a blocking form from inside a port method.
 */
class StreamSubscriptionService @JvmOverloads constructor(
    assets: AssetsService,
    alerts: PriceAlertService,
    connection: StreamConnection,
    storeTimeoutMs: Int? = null
) : Closeable {
    private val library = Gemstone.library
    internal val handle: NativeHandle

    init {
        val config = configArgument(StreamSubscriptionServiceConfig(storeTimeoutMs?.toLong()).toJson())
        val connectionContext = PortBridge.register(connection)
        val out = PointerByReference()
        try {
            assets.handle.use { assetsService ->
                alerts.handle.use { alertsService ->
                    bufferCall {
                        library.gem_stream_subscription_service_new(config, assetsService, alertsService,
                            StreamPortBridge.connectionTable(connectionContext), out, it)
                    }
                }
            }
        } catch (e: Throwable) {
            // The core did not take the table: no release will come for its context.
            PortBridge.unregister(connectionContext)
            throw e
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_stream_subscription_service_new gave no service")
        handle = NativeHandle(pointer, "StreamSubscriptionService") { library.gem_stream_subscription_service_free(it) }
    }

    /**
     * Sends what moves the stream to [walletId]'s assets and the alerts' assets: a full subscribePrices
     * when nothing was sent yet or the wallet changed; otherwise an unsubscribePrices with the assets no
     * longer wanted, then an addPrices with only the new ones; nothing when unchanged or not connected
     * (which also forgets what was sent). A failed send throws, and what the stream was not told is sent
     * again on the next subscribe. An unknown wallet is a [GemException.NotFound].
     */
    fun subscribe(walletId: String): StreamSubscription = subscribeAsync(walletId).await()

    fun subscribeAsync(walletId: String?): CompletableFuture<StreamSubscription> =
        handle.walletCommand("stream subscription", { StreamSubscription.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_stream_subscription_service_subscribe(service, walletId, done, context)
        }

    /**
     * Forgets what was sent (after the subscribes before it): call it when the socket reconnected, so the
     * next subscribe sends a full subscribePrices. Sends nothing itself.
     */
    fun reset() = resetAsync().await()

    fun resetAsync(): CompletableFuture<Unit> =
        handle.walletCommand("stream reset", ::readNull) { service, done, context ->
            library.gem_stream_subscription_service_reset(service, done, context)
        }

    val isClosed: Boolean get() = handle.isClosed

    override fun close() = handle.close()
}
