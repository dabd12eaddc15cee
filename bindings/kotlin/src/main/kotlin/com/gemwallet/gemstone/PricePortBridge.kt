package com.gemwallet.gemstone

import com.gemwallet.gemstone.ffi.GemPortFn
import com.gemwallet.gemstone.ffi.GemPriceStoreTable
import com.sun.jna.CallbackThreadInitializer
import com.sun.jna.Native
import com.sun.jna.Pointer
import org.json.JSONObject

/**
 * The native callbacks of `gem_price_store`, served through [PortBridge] as the chain stores' are
 * ([ChainPortBridge]): one callback per method for the life of the process, run inline (the core
 * calls the store on a dispatch thread where blocking is allowed). Arguments are read as the
 * generated records; an argument the binding cannot read fails the call with [GemStatus.STORE] and
 * nothing is written.
 */
internal object PricePortBridge {
    private inline fun <reified P : Any> jsonMethod(noinline body: (P, JSONObject) -> String): GemPortFn =
        PortBridge.portMethod(P::class.java, GemStatus.STORE, GemStatus.STORE, inline = true) { port, args ->
            body(port, args).toByteArray(Charsets.UTF_8)
        }

    val pricesGet: GemPortFn = jsonMethod<PriceStore> { store, args ->
        AssetPrice.listToJson(store.getPrices(args.requireArray("asset_ids").strings())).toString()
    }

    val priceStateGet: GemPortFn = jsonMethod<PriceStore> { store, args ->
        store.getPriceState(args.requireString("currency")).toJson().toString()
    }

    val ratesAndPricesSave: GemPortFn = jsonMethod<PriceStore> { store, args ->
        store.saveRatesAndPrices(PriceTick.fromJson(args))
        "null"
    }

    init {
        val threads = CallbackThreadInitializer(true, false, "gemstone-core")
        listOf(pricesGet, priceStateGet, ratesAndPricesSave).forEach { Native.setCallbackThreadInitializer(it, threads) }
    }

    fun priceStoreTable(context: Pointer) = GemPriceStoreTable().apply {
        this.context = context
        release = PortBridge.release
        get_prices = pricesGet
        get_price_state = priceStateGet
        save_rates_and_prices = ratesAndPricesSave
    }
}
