package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.HttpMethod
import com.gemwallet.gemstone.HttpHeader
import com.gemwallet.gemstone.HttpRequest
import com.gemwallet.gemstone.UrlConnectionTransport
import com.sun.net.httpserver.HttpServer
import java.io.IOException
import java.net.InetSocketAddress
import java.net.ServerSocket
import java.util.concurrent.ConcurrentLinkedQueue

/** The HttpURLConnection transport on its own, against an in-process JDK HTTP server. */
class TransportTests : Suite {
    override val name = "transport"

    private class Received(val method: String, val path: String, val contentType: String?, val body: String, val bytes: ByteArray)

    private val received = ConcurrentLinkedQueue<Received>()
    private val server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0).apply {
        createContext("/") { exchange ->
            val sent = exchange.requestBody.readBytes()
            val body = sent.toString(Charsets.UTF_8)
            received.add(Received(exchange.requestMethod, exchange.requestURI.toString(), exchange.requestHeaders.getFirst("Content-Type"), body, sent))
            val (status, answer) = when (exchange.requestURI.path) {
                "/ok" -> 200 to """{"echo":${org.json.JSONObject.quote(body)}}"""
                "/refuse" -> 409 to """{"error":{"message":"no"}}"""
                "/broken" -> 500 to ""
                else -> 404 to "missing"
            }
            val bytes = answer.toByteArray()
            exchange.sendResponseHeaders(status, if (bytes.isEmpty()) -1 else bytes.size.toLong())
            if (bytes.isNotEmpty()) exchange.responseBody.use { it.write(bytes) } else exchange.close()
        }
        start()
    }
    private val base = "http://127.0.0.1:${server.address.port}"
    private val transport = UrlConnectionTransport(connectTimeoutMs = 2_000, readTimeoutMs = 5_000)

    override fun close() = server.stop(0)

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("a GET is answered with status and body") {
            val response = transport.request(HttpRequest("$base/ok?x=1", HttpMethod.GET, listOf(HttpHeader("Accept", "application/json")), null))
            checkEqual(200L, response.status, "status")
            checkEqual("""{"echo":""}""", response.body, "body")
            checkEqual("/ok?x=1", received.last().path, "path and query")
        },
        test("POST and DELETE carry their body and headers") {
            for (method in listOf(HttpMethod.POST, HttpMethod.PUT, HttpMethod.DELETE)) {
                val response = transport.request(
                    HttpRequest("$base/ok", method, listOf(HttpHeader("Content-Type", "application/json")), """[{"a":"é"}]""")
                )
                checkEqual(200L, response.status, "$method status")
                val last = received.last()
                checkEqual(method.json, last.method, "method")
                checkEqual("""[{"a":"é"}]""", last.body, "$method body")
                checkEqual("application/json", last.contentType, "$method content type")
            }
        },
        test("a base64 body goes out as its bytes") {
            val response = transport.request(
                HttpRequest("$base/ok", HttpMethod.POST, listOf(HttpHeader("Content-Type", "application/x.aptos.signed_transaction+bcs")), null, "AP8Q/g==")
            )
            checkEqual(200L, response.status, "status")
            checkEqual(listOf(0x00, 0xFF, 0x10, 0xFE), received.last().bytes.map { it.toInt() and 0xFF }, "bytes")
        },
        test("an HTTP error status is an answer, with or without a body") {
            val refused = transport.request(HttpRequest("$base/refuse", HttpMethod.POST, emptyList(), "[]"))
            checkEqual(409L, refused.status, "refused status")
            checkEqual("""{"error":{"message":"no"}}""", refused.body, "refused body")
            val broken = transport.request(HttpRequest("$base/broken", HttpMethod.GET, emptyList(), null))
            checkEqual(500L, broken.status, "broken status")
            checkEqual("", broken.body, "broken body")
        },
        test("no answer (connection refused) is an IOException") {
            val port = ServerSocket(0).use { it.localPort }
            checkThrows<IOException>("closed port") {
                transport.request(HttpRequest("http://127.0.0.1:$port/x", HttpMethod.GET, emptyList(), null))
            }
        }
    )
}
