package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.HttpHeader
import com.gemwallet.gemstone.HttpMethod
import com.gemwallet.gemstone.HttpRequest
import com.gemwallet.gemstone.HttpResponse
import com.gemwallet.gemstone.UrlConnectionTransport
import org.json.JSONObject
import java.io.File
import java.util.concurrent.TimeUnit

/**
 * One local chain server of tests/chains (README there) as a subprocess on 127.0.0.1: [script] run
 * with the python of its pinned environment (`.venvs/<venv>`), on a free port, ready once it has
 * written its ready file (`{"port", "url", "pid"}`). Its control endpoints (`/_control/…`) drive
 * state and faults.
 */
class LocalChain(venv: String, script: String, vararg args: String) : java.io.Closeable {
    private val log = File.createTempFile("gemstone-chain-$venv", ".log").apply { deleteOnExit() }
    private val ready = File.createTempFile("gemstone-chain-$venv", ".json").apply { delete(); deleteOnExit() }
    private val process: Process
    val url: String
    private val http = UrlConnectionTransport(connectTimeoutMs = 5_000, readTimeoutMs = 30_000)

    init {
        val python = File(Repository.root, ".venvs/$venv/bin/python")
        val file = File(Repository.root, "tests/chains/$script")
        check(python.canExecute()) { "no python environment at $python (tests/chains/README.md)" }
        process = ProcessBuilder(listOf(python.path, file.path, "--port", "0", "--ready-file", ready.path) + args)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log))
            .start()
        val deadline = System.nanoTime() + 90_000_000_000L
        while (!ready.isFile) {
            if (!process.isAlive) throw IllegalStateException("$script exited (${process.exitValue()}): ${log.readText().takeLast(2000)}")
            if (System.nanoTime() > deadline) {
                close()
                throw IllegalStateException("$script not ready after 90 s: ${log.readText().takeLast(2000)}")
            }
            Thread.sleep(50)
        }
        url = JSONObject(ready.readText()).getString("url")
    }

    /** POST /_control/[name] with [body]; answers the JSON object it returns. */
    fun control(name: String, body: JSONObject = JSONObject()): JSONObject {
        val response: HttpResponse = http.request(
            HttpRequest("$url/_control/$name", HttpMethod.POST, listOf(HttpHeader("Content-Type", "application/json")), body.toString())
        )
        check(response.status in 200..299) { "control $name answered ${response.status}: ${response.body}" }
        return JSONObject(response.body)
    }

    /** What the server received since the last [clearRequests]: [{"method","path","body","content_type"}]. */
    fun requests(): org.json.JSONArray {
        val response = http.request(HttpRequest("$url/_control/requests", HttpMethod.POST, listOf(HttpHeader("Content-Type", "application/json")), "{}"))
        check(response.status in 200..299) { "control requests answered ${response.status}: ${response.body}" }
        return org.json.JSONArray(response.body)
    }

    fun clearRequests() {
        control("requests/clear")
    }

    override fun close() {
        process.destroy()
        if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly()
    }
}
