package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.Asset
import com.gemwallet.gemstone.ChartEvent
import com.gemwallet.gemstone.ChartInput
import com.gemwallet.gemstone.ChartPeriod
import com.gemwallet.gemstone.ChartPhase
import com.gemwallet.gemstone.ChartService
import com.gemwallet.gemstone.Presentation
import com.gemwallet.gemstone.ServiceError
import com.gemwallet.gemstone.chartSessionApply
import com.gemwallet.gemstone.chartSessionNew
import com.gemwallet.gemstone.chartViewState
import com.gemwallet.gemstone.suspending
import com.gemwallet.gemstone.AssetData

import com.gemwallet.gemstone.AssetType
import com.gemwallet.gemstone.Balance
import com.gemwallet.gemstone.CurrencyService
import com.gemwallet.gemstone.GemException
import com.gemwallet.gemstone.LoadState
import com.gemwallet.gemstone.PortBridge
import com.gemwallet.gemstone.PreferencesService
import com.gemwallet.gemstone.PriceConversion
import com.gemwallet.gemstone.PriceService
import com.gemwallet.gemstone.PriceState
import com.gemwallet.gemstone.PriceStore
import com.gemwallet.gemstone.PriceTick
import com.gemwallet.gemstone.SqliteDatabase
import com.gemwallet.gemstone.SqlitePreferencesStore
import com.gemwallet.gemstone.SqlitePriceStore
import com.gemwallet.gemstone.WalletHomeService
import kotlinx.coroutines.runBlocking
import org.json.JSONObject
import java.math.BigInteger
import java.util.Collections

/** A [PriceStore] that records every tick it is handed, then commits it through the real SQLite store. */
class RecordingPriceStore(private val inner: PriceStore) : PriceStore by inner {
    val ticks: MutableList<PriceTick> = Collections.synchronizedList(ArrayList())

    override fun saveRatesAndPrices(tick: PriceTick) {
        ticks.add(tick)
        inner.saveRatesAndPrices(tick)
    }
}

/** One SQLite file, its preferences (currency EUR) and price store, and the three price services over them. */
class PriceHost(apiUrl: String) : java.io.Closeable {
    val database = SqliteDatabase(temporaryDatabaseFile().path)
    val store = RecordingPriceStore(SqlitePriceStore(database))
    val preferences = PreferencesService(SqlitePreferencesStore(database)).apply { update(currency = "EUR") }
    val prices = PriceService(apiUrl, preferences, store)
    val currencies = CurrencyService(preferences, prices)
    val home = WalletHomeService(prices)

    /** A price column read with SQL, not through the store; null when the row is absent. */
    fun stored(column: String, assetId: String): Double? = sql("SELECT $column FROM prices WHERE asset_id = '$assetId'")

    fun storedRate(symbol: String): Double? = sql("SELECT rate FROM fiat_rates WHERE symbol = '$symbol'")

    fun storedConversion(): String? = database.read { connection ->
        connection.createStatement().executeQuery("SELECT currency, rate FROM price_conversion").let { rows ->
            val found = if (rows.next()) "${rows.getString(1)} ${rows.getDouble(2)}" else null
            rows.close()
            found
        }
    }

    fun execute(statement: String) = database.read { connection -> connection.createStatement().apply { execute(statement); close() } }

    private fun sql(query: String): Double? = database.read { connection ->
        connection.createStatement().executeQuery(query).let { rows ->
            val value = if (rows.next()) rows.getDouble(1) else null
            rows.close()
            value
        }
    }

    override fun close() {
        home.close()
        currencies.close()
        prices.close()
        preferences.close()
        database.close()
    }
}

/**
 * The price, currency and wallet-home services through the library, over the shipped
 * [SqlitePriceStore] and the test API server: prices asked for in USD and converted once; a stream
 * tick committed in one transaction; a tick whose write fails rolled back whole, its identical
 * retry applied; a stale conversion never applied twice; one bad entry dropped alone; a currency
 * change repricing; a failed home refresh keeping what is shown.
 */
class PriceServiceTests : Suite {
    override val name = "prices"

    private val server = ApiServer()

    override fun close() = server.close()

    private fun tick(vararg parts: String) = "{" + parts.joinToString(",") + "}"
    private fun rates(vararg rates: Pair<String, Double>) =
        "\"rates\":[" + rates.joinToString(",") { "{\"symbol\":\"${it.first}\",\"rate\":${it.second}}" } + "]"
    private fun prices(vararg prices: Pair<String, Double>) =
        "\"prices\":[" + prices.joinToString(",") { "{\"assetId\":\"${it.first}\",\"price\":${it.second},\"priceChangePercentage24h\":1}" } + "]"

    private fun <T> host(body: (PriceHost) -> T): T {
        server.reset()
        return PriceHost(server.url).use(body)
    }

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("the header declares exactly the price functions this binding wraps") {
            val expected = setOf(
                HeaderFunction("gem_price_service_new", 6), HeaderFunction("gem_price_service_free", 1),
                HeaderFunction("gem_price_service_sync_prices", 4), HeaderFunction("gem_price_service_apply_tick", 4),
                HeaderFunction("gem_price_service_get_prices", 4), HeaderFunction("gem_price_service_get_price_state", 3),
                HeaderFunction("gem_currency_service_new", 4), HeaderFunction("gem_currency_service_free", 1),
                HeaderFunction("gem_currency_service_currencies", 2), HeaderFunction("gem_currency_service_set_currency", 4),
                HeaderFunction("gem_wallet_home_service_new", 3), HeaderFunction("gem_wallet_home_service_free", 1),
                HeaderFunction("gem_wallet_home_service_load", 4), HeaderFunction("gem_wallet_home_service_refresh", 4)
            )
            val prefixes = listOf("gem_price_service_", "gem_currency_service_", "gem_wallet_home_service_")
            val declared = HeaderFacts.functions.filter { function -> prefixes.any { function.name.startsWith(it) } }.toSet()
            checkEqual(expected, declared, "price functions in the header (a new one needs its wrapper here)")
        },
        test("charts: a chart loads through ChartService, converted once at the stored rate, and folds into its session") {
            host { h ->
                h.prices.applyTick(tick(rates("EUR" to 0.5)))
                ChartService(server.url, h.prices).use { charts ->
                    val session = Presentation.chartSessionNew("bitcoin", ChartPeriod.DAY, "EUR")
                    val result = charts.load(session.request)
                    checkEqual(PriceConversion("EUR", 0.5), result.conversion, "conversion")
                    checkEqual(session.request, result.request, "the request it answers")
                    val fixture = JSONObject(server.call("GET", "/v1/charts/bitcoin?period=day").body).getJSONArray("prices")
                    val expected = (0 until fixture.length()).map { fixture.getJSONObject(it).getDouble("value") * 0.5 }
                    checkEqual(expected, result.points.map { it.value }, "points in EUR")
                    val folded = Presentation.chartSessionApply(session, ChartEvent.Result(result))
                    val phase = Presentation.chartViewState(folded, ChartInput("bitcoin")).phase
                    check(phase is ChartPhase.Data) { "phase $phase" }
                    checkEqual(expected, (phase as ChartPhase.Data).data.points.map { it.value }, "drawn points")
                    // The suspend form answers the same.
                    checkEqual(result, runBlocking { charts.suspending.load(session.request) }, "suspend load")
                    // A failed request is the result's error state, not an exception; the session shows it.
                    server.failNextPriceRequest()
                    val failed = charts.load(session.request)
                    val state = failed.state
                    check(state is LoadState.Error && (state.error as? ServiceError.Api)?.status == 500L) { "state $state" }
                    val failedPhase = Presentation.chartViewState(Presentation.chartSessionApply(session, ChartEvent.Result(failed)),
                                                                  ChartInput("bitcoin")).phase
                    check(failedPhase is ChartPhase.Failed) { "phase $failedPhase" }
                }
                checkThrows<GemException.InvalidInput>("a cleartext API to a remote host") {
                    ChartService("http://charts.example", h.prices)
                }
            }
        },
        test("a sync asks the test server in USD and stores the price converted once") {
            host { h ->
                server.setFiatRates("[{\"symbol\":\"EUR\",\"rate\":0.5}]")
                server.setPrices("[{\"assetId\":\"bitcoin\",\"price\":100,\"priceChangePercentage24h\":2}]")
                val result = h.prices.syncPrices(listOf("bitcoin"))
                checkEqual("EUR", result.currency, "currency")
                checkEqual(1L, result.prices, "prices written")
                checkEqual(PriceConversion("EUR", 0.5), result.conversion, "conversion applied")
                val requests = server.requests()
                val body = (0 until requests.length()).map { requests.getJSONObject(it) }
                    .first { it.getString("path") == "/v1/prices" }.get("body")
                checkEqual(JSONObject("{\"currency\":\"USD\",\"assetIds\":[\"bitcoin\"]}").toString(), JSONObject(body.toString()).toString(), "request body")
                checkEqual(50.0, h.stored("price", "bitcoin"), "stored price in EUR")
                checkEqual(100.0, h.prices.getPrices(listOf("bitcoin")).single().priceUsd, "price in USD through the service")
            }
        },
        test("a stream tick is committed through the SQLite price store in one call") {
            host { h ->
                val result = h.prices.applyTick(tick(rates("EUR" to 0.5, "GBP" to 0.8), prices("bitcoin" to 100.0, "ethereum" to 10.0)))
                checkEqual(2L, result.prices, "prices written")
                checkEqual(1, h.store.ticks.size, "one save_rates_and_prices call")
                checkEqual(50.0, h.stored("price", "bitcoin"), "bitcoin in EUR")
                checkEqual(100.0, h.stored("price_usd", "bitcoin"), "bitcoin in USD")
                checkEqual(5.0, h.stored("price", "ethereum"), "ethereum in EUR")
                checkEqual(0.8, h.storedRate("GBP"), "GBP rate")
                checkEqual("EUR 0.5", h.storedConversion(), "conversion")
                checkEqual(PriceState(PriceConversion("EUR", 0.5), 0.5), h.prices.getPriceState(), "price state")
            }
        },
        test("a tick whose write fails leaves the previous prices and rates; its identical retry applies") {
            host { h ->
                h.prices.applyTick(tick(rates("EUR" to 0.5), prices("bitcoin" to 100.0)))
                h.execute("CREATE TRIGGER fail_tick BEFORE UPDATE ON price_conversion BEGIN SELECT RAISE(ABORT, 'disk full'); END")
                val retried = tick(rates("EUR" to 0.25))
                val failure = checkThrows<GemException.Store>("the failed write") { h.prices.applyTick(retried) }
                check(failure.message.orEmpty().contains("disk full")) { "the store's message: ${failure.message}" }
                checkEqual(50.0, h.stored("price", "bitcoin"), "price after the rollback")
                checkEqual(0.5, h.storedRate("EUR"), "rate after the rollback (written before the failing statement)")
                checkEqual("EUR 0.5", h.storedConversion(), "conversion after the rollback")
                checkEqual(0.5, h.prices.getPriceState().rate, "rate through the service")
                h.execute("DROP TRIGGER fail_tick")
                checkEqual(PriceConversion("EUR", 0.25), h.prices.applyTick(retried).conversion, "the retry applies")
                checkEqual(25.0, h.stored("price", "bitcoin"), "price after the retry")
                checkEqual(0.25, h.storedRate("EUR"), "rate after the retry")
            }
        },
        test("a stale conversion is never applied twice") {
            host { h ->
                val first = h.prices.applyTick(tick(rates("EUR" to 0.9), prices("bitcoin" to 100.0)))
                val second = h.prices.applyTick(tick(rates("EUR" to 0.9), prices("ethereum" to 10.0)))
                checkEqual(PriceConversion("EUR", 0.9), first.conversion, "first tick's conversion")
                checkEqual(null, second.conversion, "second tick's conversion (already stored)")
                checkEqual(listOf(PriceConversion("EUR", 0.9), null), h.store.ticks.map { it.conversion }, "conversions handed to the store")
                checkEqual(90.0, h.stored("price", "bitcoin"), "bitcoin converted once")
                checkEqual(9.0, h.stored("price", "ethereum"), "ethereum converted once")
            }
        },
        test("one malformed entry or unknown currency in a tick is dropped alone") {
            host { h ->
                val result = h.prices.applyTick(
                    "{\"rates\":[{\"symbol\":\"EUR\",\"rate\":0.9},{\"symbol\":\"QQQ\",\"rate\":1}]," +
                        "\"prices\":[{\"assetId\":\"bitcoin\",\"price\":1,\"priceChangePercentage24h\":0},{\"assetId\":\"bitcoin\"}]}"
                )
                checkEqual(Triple(1L, 1L, 2L), Triple(result.prices, result.rates, result.dropped), "prices, rates, dropped")
                checkEqual(null, h.storedRate("QQQ"), "the unknown currency's rate")
                checkThrows<GemException.InvalidInput>("a payload that is not a tick") { h.prices.applyTick("[]") }
            }
        },
        test("selecting a currency reprices at its stored rate; an unknown one is refused") {
            host { h ->
                h.prices.applyTick(tick(rates("EUR" to 0.5, "GBP" to 0.8), prices("bitcoin" to 100.0)))
                checkEqual("EUR", h.currencies.selected(), "selected")
                check("GBP" in h.currencies.currencies()) { "GBP listed: ${h.currencies.currencies()}" }
                checkEqual(PriceConversion("GBP", 0.8), h.currencies.setCurrency("GBP").conversion, "repriced")
                checkEqual(80.0, h.stored("price", "bitcoin"), "price in GBP")
                checkEqual("GBP", h.currencies.selected(), "selected after")
                checkThrows<GemException.InvalidInput>("an unknown currency") { h.currencies.setCurrency("ABC") }
                checkEqual("GBP", h.currencies.selected(), "selection kept")
            }
        },
        test("the wallet home totals stored prices; a failed refresh keeps what is shown") {
            host { h ->
                h.prices.applyTick(tick(rates("EUR" to 0.5), prices("bitcoin" to 100.0)))
                val btc = Asset("bitcoin", "Bitcoin", "BTC", 8, AssetType.NATIVE)
                val two = BigInteger.valueOf(200_000_000)
                val assets = listOf(AssetData(btc, Balance("bitcoin", two, BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO), isEnabled = true))
                val shown = h.home.load(assets)
                checkEqual(LoadState.Data, shown.state, "state")
                checkEqual(100.0, shown.value.total.value, "total in EUR")
                checkEqual("EUR", shown.value.currency, "currency")
                checkEqual(listOf("bitcoin"), shown.value.rows.map { it.assetId }, "rows")
                server.failNextPriceRequest()
                checkEqual(shown, h.home.refresh(assets, shown), "a failed refresh keeps the home shown")
                server.failNextPriceRequest()
                val first = h.home.refresh(assets)
                check(first.state is LoadState.Error) { "nothing shown: state error, got ${first.state}" }
                checkEqual(0, first.value.rows.size, "no rows")
            }
        },
        test("port tables: released by the core after the services close") {
            val live = settledLiveCount()
            host { h -> h.prices.getPrices(listOf("bitcoin")) }
            eventually(what = "the transport and price store tables released") { PortBridge.liveCount == live }
        }
    )

}
