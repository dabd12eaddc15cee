package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.HttpMethod
import com.gemwallet.gemstone.HttpHeader
import com.gemwallet.gemstone.HttpRequest
import com.gemwallet.gemstone.HttpResponse
import com.gemwallet.gemstone.PriceAlert
import com.gemwallet.gemstone.UrlConnectionTransport
import org.json.JSONArray
import java.io.File
import java.util.concurrent.TimeUnit

/**
 * The repository's test API server (`tests/server/api_server.py`) on 127.0.0.1, started on a free
 * port; its first output line is `PORT <n>`. Its control endpoints switch behaviours and expose
 * what it received.
 */
class ApiServer : java.io.Closeable {
    private val log = File.createTempFile("gemstone-api-server", ".log").apply { deleteOnExit() }
    private val process: Process
    val port: Int
    val url: String get() = "http://127.0.0.1:$port"
    private val http = UrlConnectionTransport(connectTimeoutMs = 5_000, readTimeoutMs = 10_000)

    init {
        val script = File(Repository.root, "tests/server/api_server.py")
        check(script.isFile) { "no test API server at $script" }
        process = ProcessBuilder("python3", script.path, "--port", "0")
            .redirectError(ProcessBuilder.Redirect.appendTo(log))
            .start()
        val reader = process.inputStream.bufferedReader()
        val first = reader.readLine()
        val match = first?.let { Regex("^PORT (\\d+)\\s*$").find(it) }
        if (match == null) {
            process.destroy()
            throw IllegalStateException("the API server printed <$first> instead of PORT <n>; stderr: ${log.readText().takeLast(2000)}")
        }
        port = match.groupValues[1].toInt()
        // Keep draining stdout so the server never blocks on a full pipe.
        Thread { reader.use { it.lineSequence().forEach { _ -> } } }.apply { isDaemon = true }.start()
    }

    fun call(method: String, path: String, body: String? = null): HttpResponse {
        val headers = if (body != null) listOf(HttpHeader("Content-Type", "application/json")) else emptyList()
        return http.request(HttpRequest(url + path, HttpMethod.fromJson(method), headers, body))
    }

    private fun control(method: String, path: String, body: String? = null): HttpResponse {
        val response = call(method, path, body)
        check(response.status in 200..299) { "$method $path answered ${response.status}: ${response.body}" }
        return response
    }

    fun reset() {
        control("POST", "/_control/reset")
    }

    fun refuseNextWrite() {
        control("POST", "/_control/refuse_next_write")
    }

    fun failNext() {
        control("POST", "/_control/fail_next")
    }

    /** Replaces the USD prices the server answers on /v1/prices (`[{"assetId","price","priceChangePercentage24h"}]`). */
    fun setPrices(pricesJson: String) {
        control("PUT", "/_control/prices", pricesJson)
    }

    /** Replaces the fiat rates the server answers on /v1/fiat_rates (`[{"symbol","rate"}]`). */
    fun setFiatRates(ratesJson: String) {
        control("PUT", "/_control/fiat_rates", ratesJson)
    }

    /** The next /v1/prices or /v1/fiat_rates request answers 500. */
    fun failNextPriceRequest() {
        control("POST", "/_control/fail_next_price_request")
    }

    /** Replaces the alerts the server keeps for [deviceId]. */
    fun setAlerts(deviceId: String, alerts: List<PriceAlert>) {
        control("PUT", "/_control/alerts/$deviceId", PriceAlert.listToJson(alerts).toString())
    }

    /** The alerts the server keeps for [deviceId] (a control read: not logged, not switched). */
    fun alerts(deviceId: String): List<PriceAlert> {
        val response = control("GET", "/_control/alerts/$deviceId")
        return PriceAlert.listFromJson(JSONArray(response.body))
    }

    /** The API requests the server received, oldest first: {"method","path","device_id","query","body","status"}. */
    fun requests(): JSONArray = JSONArray(control("GET", "/_control/requests").body)

    override fun close() {
        process.destroy()
        if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly()
    }
}
