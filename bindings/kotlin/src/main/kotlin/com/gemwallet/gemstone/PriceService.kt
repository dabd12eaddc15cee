package com.gemwallet.gemstone

import com.gemwallet.gemstone.ffi.GemCompletionFn
import com.sun.jna.Pointer
import com.sun.jna.ptr.PointerByReference
import org.json.JSONArray
import java.io.Closeable
import java.util.concurrent.CompletableFuture

/**
 * Prices and fiat rates (`GemPriceService`, the "Prices" part of gemstone.h), the only writer of
 * [store]. Prices are asked for in USD from the API at [apiUrl] (reached through [transport]) and
 * stored in USD beside the price in the selected currency ([preferences]), converted once. Every
 * write is one tick, one [PriceStore.saveRatesAndPrices] call the store commits in ONE transaction;
 * the core compares with what the store holds, so a tick that failed to write is applied by its
 * identical retry, and a conversion already stored is never applied again.
 *
 * Every command has a blocking form that throws [GemException] and a [CompletableFuture] form that
 * completes on a binding thread. Do not call a blocking form from inside a port method.
 * [timeoutMs] bounds each transport call and [storeTimeoutMs] each store call (the core's defaults
 * when null: 30 s each).
 */
class PriceService @JvmOverloads constructor(
    apiUrl: String,
    preferences: PreferencesService,
    store: PriceStore,
    transport: HttpTransport = UrlConnectionTransport(),
    timeoutMs: Int? = null,
    storeTimeoutMs: Int? = null
) : Closeable {
    private val library = Gemstone.library
    internal val handle: NativeHandle

    init {
        val config = PriceServiceConfig(apiUrl, timeoutMs?.toLong(), storeTimeoutMs?.toLong()).toJson().toString()
        val transportContext = PortBridge.register(transport)
        val storeContext = PortBridge.register(store)
        val out = PointerByReference()
        try {
            preferences.handle.use { preferencesService ->
                bufferCall {
                    library.gem_price_service_new(
                        config, PortBridge.transportTable(transportContext), preferencesService,
                        PricePortBridge.priceStoreTable(storeContext), out, it
                    )
                }
            }
        } catch (e: Throwable) {
            // The core took neither table: no release will come for these contexts.
            listOf(transportContext, storeContext).forEach { PortBridge.unregister(it) }
            throw e
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_price_service_new gave no service")
        handle = NativeHandle(pointer, "PriceService") { Gemstone.library.gem_price_service_free(it) }  // not the field: the cleaner must not hold the service
    }

    /**
     * Asks the API for the fiat rates and the USD prices of [assetIds] (at most 1000) and commits them
     * as one tick. A failed request writes nothing; a malformed entry or an unknown currency is dropped
     * alone and counted in [PriceTickResult.dropped].
     */
    fun syncPrices(assetIds: List<String>): PriceTickResult = syncPricesAsync(assetIds).await()

    fun syncPricesAsync(assetIds: List<String>): CompletableFuture<PriceTickResult> =
        handle.walletCommand("price tick", ::readTickResult) { service, done, context ->
            library.gem_price_service_sync_prices(service, JSONArray(assetIds).toString(), done, context)
        }

    /**
     * Commits one tick of the host's price stream: [payloadJson] is the stream's prices payload
     * (`{"prices":[…],"rates":[…]}`, either list may be absent), its entries read one by one.
     */
    fun applyTick(payloadJson: String): PriceTickResult = applyTickAsync(payloadJson).await()

    fun applyTickAsync(payloadJson: String?): CompletableFuture<PriceTickResult> =
        handle.walletCommand("price tick", ::readTickResult) { service, done, context ->
            library.gem_price_service_apply_tick(service, payloadJson, done, context)
        }

    /** The stored prices of [assetIds] (stored ones only). */
    fun getPrices(assetIds: List<String>): List<AssetPrice> = getPricesAsync(assetIds).await()

    fun getPricesAsync(assetIds: List<String>): CompletableFuture<List<AssetPrice>> =
        handle.walletCommand("prices", { AssetPrice.listFromJson(parseArray(it)) }) { service, done, context ->
            library.gem_price_service_get_prices(service, JSONArray(assetIds).toString(), done, context)
        }

    /** The conversion the stored prices are at and the selected currency's stored rate. */
    fun getPriceState(): PriceState = getPriceStateAsync().await()

    fun getPriceStateAsync(): CompletableFuture<PriceState> =
        handle.walletCommand("price state", { PriceState.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_price_service_get_price_state(service, done, context)
        }

    val isClosed: Boolean get() = handle.isClosed

    /** Releases the binding's reference; in-flight commands complete with [GemException.Cancelled]. Idempotent. */
    override fun close() = handle.close()
}

private fun readTickResult(bytes: ByteArray): PriceTickResult = PriceTickResult.fromJson(parseObject(bytes))

/**
 * The selected currency (`GemCurrencyService`), over [preferences] and [prices] (both retained by
 * the core: either may be closed first).
 */
class CurrencyService(preferences: PreferencesService, prices: PriceService) : Closeable {
    private val library = Gemstone.library
    private val handle: NativeHandle

    init {
        val out = PointerByReference()
        preferences.handle.use { preferencesService ->
            prices.handle.use { priceService ->
                bufferCall { library.gem_currency_service_new(preferencesService, priceService, out, it) }
            }
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_currency_service_new gave no service")
        handle = NativeHandle(pointer, "CurrencyService") { Gemstone.library.gem_currency_service_free(it) }
    }

    /** The selected currency's code ("USD"). */
    fun selected(): String = answer().selected

    /** The currencies the user may select, sorted ("AED", …, "ZAR"). */
    fun currencies(): List<String> = answer().currencies

    /** Both at once: gem_currency_service_currencies' [Currencies] record. */
    fun answer(): Currencies = handle.use { service ->
        val bytes = bufferCall { library.gem_currency_service_currencies(service, it) }
        decodeResult("currencies", bytes) { Currencies.fromJson(parseObject(it)) }
    }

    /**
     * Selects a listed currency (anything else: [GemException.InvalidInput], nothing written) and
     * reprices the stored prices at its stored rate.
     */
    fun setCurrency(code: String): PriceTickResult = setCurrencyAsync(code).await()

    fun setCurrencyAsync(code: String?): CompletableFuture<PriceTickResult> =
        handle.walletCommand("price tick", ::readTickResult) { service, done, context ->
            library.gem_currency_service_set_currency(service, code, done, context)
        }

    val isClosed: Boolean get() = handle.isClosed

    override fun close() = handle.close()
}

/**
 * The wallet's home screen (`GemWalletHomeService`) over [prices] (retained by the core): the total
 * of the shown assets at the stored prices, its 24-hour change and the asset rows, as one
 * [WalletHome] with its load state. A failed refresh keeps what is shown: pass the home shown now
 * as `previous`. [HomeRenderer] writes it as a terminal's lines.
 */
class WalletHomeService(prices: PriceService) : Closeable {
    private val library = Gemstone.library
    private val handle: NativeHandle

    init {
        val out = PointerByReference()
        prices.handle.use { priceService ->
            bufferCall { library.gem_wallet_home_service_new(priceService, out, it) }
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_wallet_home_service_new gave no service")
        handle = NativeHandle(pointer, "WalletHomeService") { Gemstone.library.gem_wallet_home_service_free(it) }
    }

    /** The home from the stored prices, no request ([assets]' price fields are replaced by the stored prices). */
    @JvmOverloads
    fun load(assets: List<AssetData>, previous: WalletHome? = null): WalletHome = loadAsync(assets, previous).await()

    @JvmOverloads
    fun loadAsync(assets: List<AssetData>, previous: WalletHome? = null): CompletableFuture<WalletHome> =
        command(WalletHomeRequest(assets, previous)) { service, request, done, context ->
            library.gem_wallet_home_service_load(service, request, done, context)
        }

    /** As [load], after syncing the assets' prices; a failed sync answers [previous] unchanged, or state error when none. */
    @JvmOverloads
    fun refresh(assets: List<AssetData>, previous: WalletHome? = null): WalletHome = refreshAsync(assets, previous).await()

    @JvmOverloads
    fun refreshAsync(assets: List<AssetData>, previous: WalletHome? = null): CompletableFuture<WalletHome> =
        command(WalletHomeRequest(assets, previous)) { service, request, done, context ->
            library.gem_wallet_home_service_refresh(service, request, done, context)
        }

    val isClosed: Boolean get() = handle.isClosed

    override fun close() = handle.close()

    private fun command(
        request: WalletHomeRequest,
        begin: (Pointer, String, GemCompletionFn, Pointer) -> Int
    ): CompletableFuture<WalletHome> {
        val json = request.toJson().toString()
        return handle.walletCommand("wallet home", { WalletHome.fromJson(parseObject(it)) }) { service, done, context ->
            begin(service, json, done, context)
        }
    }
}
