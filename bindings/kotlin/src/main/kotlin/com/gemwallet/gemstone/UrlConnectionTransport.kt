package com.gemwallet.gemstone

import java.io.IOException
import java.net.HttpURLConnection
import java.net.URL

/**
 * [HttpTransport] over `java.net.HttpURLConnection`. Any HTTP status is an answer; no answer
 * (connection refused, DNS, TLS, a timeout) is an [IOException], which the core sees as
 * [GemStatus.OFFLINE]. Redirects are not followed: a 3xx is returned as the answer.
 */
class UrlConnectionTransport @JvmOverloads constructor(
    private val connectTimeoutMs: Int = 10_000,
    private val readTimeoutMs: Int = 30_000
) : HttpTransport {

    override fun request(request: HttpRequest): HttpResponse {
        val url = URL(request.url)
        if (url.protocol != "http" && url.protocol != "https") throw IOException("unsupported scheme ${url.protocol}")
        val connection = url.openConnection() as HttpURLConnection
        try {
            connection.connectTimeout = connectTimeoutMs
            connection.readTimeout = readTimeoutMs
            connection.instanceFollowRedirects = false
            connection.useCaches = false
            connection.requestMethod = request.method.json
            for (header in request.headers) connection.addRequestProperty(header.name, header.value)
            // A binary body (an Aptos BCS transaction) comes in base64 and goes out as its bytes.
            val bodyBase64 = request.bodyBase64
            val bytes = if (bodyBase64 != null) java.util.Base64.getDecoder().decode(bodyBase64) else request.body?.toByteArray(Charsets.UTF_8)
            if (bytes != null) {
                connection.doOutput = true
                connection.setFixedLengthStreamingMode(bytes.size)
                connection.outputStream.use { it.write(bytes) }
            }
            val status = connection.responseCode
            if (status < 0) throw IOException("not an HTTP answer from ${url.host}")
            val stream = if (status >= 400) connection.errorStream else connection.inputStream
            val answer = stream?.use { it.readBytes() } ?: ByteArray(0)
            return HttpResponse(status.toLong(), String(answer, Charsets.UTF_8))
        } finally {
            connection.disconnect()
        }
    }
}
