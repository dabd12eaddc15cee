package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.GemException

import com.gemwallet.gemstone.Completions
import com.gemwallet.gemstone.HttpRequest
import com.gemwallet.gemstone.HttpResponse
import com.gemwallet.gemstone.HttpTransport
import com.gemwallet.gemstone.PortBridge
import com.gemwallet.gemstone.PriceAlert
import com.gemwallet.gemstone.PriceAlertStore
import com.gemwallet.gemstone.SqlitePriceAlertStore
import com.gemwallet.gemstone.await
import java.util.concurrent.CountDownLatch
import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit

/**
 * Lifetimes across the ABI: completions fire once and are forgotten, port tables are released,
 * a closed service cancels its in-flight commands, a late answer is stale and harmless, a
 * transport that never answers times out, many concurrent commands survive garbage collection.
 */
class LifetimeTests : Suite {
    override val name = "lifetime"

    /** A transport whose requests wait until [open] (or forever). */
    private class GateTransport : HttpTransport {
        val entered = CountDownLatch(1)
        val gate = CountDownLatch(1)
        override fun request(request: HttpRequest): HttpResponse {
            entered.countDown()
            gate.await()
            return HttpResponse(200L, "[]")
        }
    }

    /** A store whose updates fail. */
    private class FailingStore(val inner: PriceAlertStore) : PriceAlertStore {
        override fun getPriceAlerts(assetId: String?) = inner.getPriceAlerts(assetId)
        override fun updatePriceAlerts(alerts: List<PriceAlert>, deleteIds: List<String>) {
            throw java.sql.SQLException("disk full")
        }
    }

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("closing the services releases every port table") {
            val live = settledLiveCount()
            val releases = PortBridge.releaseCount
            Host("http://127.0.0.1:9").use { host ->
                checkEqual(live + 4, PortBridge.liveCount, "tables held while the services live")
                host.alerts.getPriceAlerts()
            }
            eventually(what = "the core released the 4 tables") { PortBridge.liveCount == live }
            checkEqual(releases + 4, PortBridge.releaseCount, "releases")
        },
        test("a closed service cancels its in-flight command, and the late answer is stale") {
            val transport = GateTransport()
            val live = settledLiveCount()
            val stale = PortBridge.staleAnswers
            val host = Host("http://127.0.0.1:9", transport = transport)
            host.preferences.update(deviceId = "d")
            val sync = host.alerts.syncAsync()
            check(transport.entered.await(10, TimeUnit.SECONDS)) { "the transport was never called" }
            host.alerts.close()
            val error = checkThrows<ExecutionException>("sync after close") { sync.get(10, TimeUnit.SECONDS) }
            check(error.cause is GemException.Cancelled) { "cause ${error.cause}" }
            transport.gate.countDown()
            eventually(what = "the late answer was refused as stale") { PortBridge.staleAnswers == stale + 1 }
            host.close()
            eventually(what = "every table released") { PortBridge.liveCount == live }
            checkThrows<IllegalStateException>("a command after close") { host.alerts.getPriceAlerts() }
        },
        test("a transport that never answers times out") {
            val transport = GateTransport()
            Host("http://127.0.0.1:9", transport = transport, timeoutMs = 200).use { host ->
                host.preferences.update(deviceId = "d")
                val started = System.nanoTime()
                checkThrows<GemException.Timeout>("sync with a silent transport") { host.alerts.sync() }
                val elapsed = (System.nanoTime() - started) / 1_000_000
                check(elapsed < 5_000) { "the timeout took $elapsed ms" }
                transport.gate.countDown()
            }
        },
        test("a failing store is a GemException.Store with the store's message, and the API is not called") {
            val transport = GateTransport()
            transport.gate.countDown()
            Host("http://127.0.0.1:9", transport = transport, store = { FailingStore(SqlitePriceAlertStore(it)) }).use { host ->
                host.preferences.update(deviceId = "d")
                val error = checkThrows<GemException.Store>("add with a failing store") { host.alerts.add(PriceAlert("bitcoin", "USD", price = 1.0)) }
                check(error.message!!.contains("disk full")) { "message ${error.message}" }
                checkEqual(1L, transport.entered.count, "transport calls")
            }
        },
        test("the preferences service may be closed before the service that retains it") {
            Host("http://127.0.0.1:9").use { host ->
                host.preferences.update(deviceId = "d")
                host.preferences.close()
                checkEqual(false, host.alerts.isEnabled(), "isEnabled through the retained preferences")
                checkEqual(emptyList<PriceAlert>(), host.alerts.getPriceAlerts(), "alerts")
            }
        },
        test("many concurrent commands complete once each, through garbage collections") {
            Host("http://127.0.0.1:9").use { host ->
                host.alertStore.updatePriceAlerts(listOf(PriceAlert("bitcoin", "USD", id = "bitcoin:USD:::")), emptyList())
                val futures = (1..300).map {
                    if (it % 50 == 0) System.gc()
                    host.alerts.getPriceAlertsAsync(if (it % 2 == 0) "bitcoin" else null)
                }
                System.gc()
                futures.forEachIndexed { index, future ->
                    checkEqual(1, future.get(20, TimeUnit.SECONDS).size, "alerts of command $index")
                }
                eventually(what = "no completion pending") { Completions.pendingCount == 0 }
                checkEqual(0L, Completions.unknownCount, "completions for unknown commands")
            }
        },
        test("blocking and future forms agree") {
            Host("http://127.0.0.1:9").use { host ->
                checkEqual(host.alerts.getPriceAlerts(), host.alerts.getPriceAlertsAsync().await(), "forms")
            }
        }
    )
}
