package com.gemwallet.gemstone

import com.sun.jna.ptr.PointerByReference
import java.io.Closeable
import java.util.concurrent.CompletableFuture

/**
 * Charts over the API (`GemChartService`, gemstone.h "Charts"): loads the points a chart session's
 * [ChartRequest] asks for from [apiUrl] (reached through [transport]) and converts their USD values once at
 * the stored rate of the request's currency, read through [prices] (retained by the core: either may be
 * closed first). A failed load is the result's error state, never an exception: fold every [ChartResult]
 * into its session with `Presentation.chartSessionApply(session, ChartEvent.Result(result))`, which drops
 * a result the session has moved past. [timeoutMs] bounds each request (null: the core's 30 s).
 *
 * [load] blocks and throws [GemException] only for a refused argument; [loadAsync] completes on a binding
 * thread. Do not call the blocking form from inside a port method.
 */
class ChartService @JvmOverloads constructor(
    apiUrl: String,
    prices: PriceService,
    transport: HttpTransport = UrlConnectionTransport(),
    timeoutMs: Int? = null
) : Closeable {
    private val library = Gemstone.library
    internal val handle: NativeHandle

    init {
        val config = configArgument(ChartServiceConfig(apiUrl, timeoutMs?.toLong()).toJson())
        val transportContext = PortBridge.register(transport)
        val out = PointerByReference()
        try {
            prices.handle.use { priceService ->
                bufferCall {
                    library.gem_chart_service_new(config, PortBridge.transportTable(transportContext), priceService, out, it)
                }
            }
        } catch (e: Throwable) {
            // The core did not take the table: no release will come for its context.
            PortBridge.unregister(transportContext)
            throw e
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_chart_service_new gave no service")
        handle = NativeHandle(pointer, "ChartService") { Gemstone.library.gem_chart_service_free(it) }  // not the field: the cleaner must not hold the service
    }

    /** The chart [request] asks for (a session's request), carrying that request. */
    fun load(request: ChartRequest): ChartResult = loadAsync(request).await()

    fun loadAsync(request: ChartRequest): CompletableFuture<ChartResult> =
        handle.walletCommand("chart", { ChartResult.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_chart_service_load(service, request.toJson().toString(), done, context)
        }

    override fun close() = handle.close()
}
