package com.gemwallet.gemstone

import java.io.IOException

// The ports a host implements (gemstone.h "Port tables"). The binding turns each into a callback
// table and answers the core's gem_call for it: a returned value is gem_call_ok, a thrown
// GemException is gem_call_fail with its status, and any other exception is gem_call_fail with
// the port's own failure status (named on each interface).

/**
 * The user's preferences (`gem_preferences_store`). SYNC: called on the thread that called the
 * preferences service (or a core thread, when another service reads a preference); answer
 * before returning. A `get` that throws reads as absent.
 */
interface PreferencesStore {
    fun get(key: String): String?
    fun set(key: String, value: String)
    fun remove(key: String)
}

/**
 * The price alerts kept on the device (`gem_price_alert_store`). Called on a core dispatch
 * thread where blocking (a database transaction) is allowed. A thrown exception other than a
 * [GemException] fails the call with [GemStatus.STORE].
 */
interface PriceAlertStore {
    /** The stored alerts, each with its [PriceAlert.id]; all of them when [assetId] is null. */
    fun getPriceAlerts(assetId: String?): List<PriceAlert>

    /**
     * Upserts each alert under its [PriceAlert.id] (always set by the core) and deletes
     * [deleteIds], in one transaction, writing only rows that change. On failure nothing is written.
     */
    fun updatePriceAlerts(alerts: List<PriceAlert>, deleteIds: List<String>)
}

// HttpRequest, HttpHeader, HttpMethod and HttpResponse are generated from schema/transport.json
// (generated/Records.kt); a method crosses as HTTP spells it (HttpMethod.GET.json == "GET").

/**
 * The host's HTTP client (`gem_http_transport`). The binding runs it on its own I/O threads, so
 * it may block. Throw [IOException] when no answer came (DNS, connection, TLS): the call fails
 * with [GemStatus.OFFLINE]. Any other exception fails it with [GemStatus.PORT].
 */
interface HttpTransport {
    @Throws(IOException::class)
    fun request(request: HttpRequest): HttpResponse
}

/**
 * The OS notification permission (`gem_notification_permissions`): true when allowed. Called on
 * a core dispatch thread where blocking (waiting for a dialog) is allowed. An exception fails
 * the call with [GemStatus.PORT].
 */
interface NotificationPermissions {
    fun request(): Boolean
}

/**
 * The prices, fiat rates and the conversion the prices are at, kept on the device (`gem_price_store`).
 * Only [PriceService] writes it. Called on a core dispatch thread where blocking (a database
 * transaction) is allowed. A thrown exception other than a [GemException] fails the call with
 * [GemStatus.STORE].
 */
interface PriceStore {
    /** The stored rows among [assetIds], in any order; an asset without a row is left out. */
    fun getPrices(assetIds: List<String>): List<AssetPrice>

    /** The stored conversion (absent before the first tick) and the stored rate of [currency] (absent when none). */
    fun getPriceState(currency: String): PriceState

    /**
     * In ONE transaction: upserts the rates by symbol (only those that changed); when
     * [PriceTick.conversion] is present, sets every stored row's price to its USD price times the
     * conversion's rate and stores the conversion; then upserts the prices by asset id. On failure
     * (throw) nothing of the tick is written.
     */
    fun saveRatesAndPrices(tick: PriceTick)
}

/**
 * The host's price-stream socket (`gem_stream_connection`, the specification's GemStreamConnection):
 * [isConnected] answers whether it is open; [send] writes one [StreamMessage] as the core gives it
 * (its [StreamMessage.toJson] is the stream server's message). Called on a core dispatch thread where
 * blocking is allowed, each call bounded by the service's store timeout. An exception fails the call
 * ([GemStatus.OFFLINE] unless it is a [GemException]): the core remembers nothing and sends again on
 * the next subscribe.
 */
interface StreamConnection {
    fun isConnected(): Boolean
    fun send(message: StreamMessage)
}
