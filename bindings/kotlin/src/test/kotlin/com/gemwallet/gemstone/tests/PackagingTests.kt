package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.NodeService
import com.gemwallet.gemstone.NodeServiceSuspending
import com.gemwallet.gemstone.AssetsService
import com.gemwallet.gemstone.AssetsServiceSuspending
import com.gemwallet.gemstone.BalanceService
import com.gemwallet.gemstone.BalanceServiceSuspending
import com.gemwallet.gemstone.ConfirmTransferService
import com.gemwallet.gemstone.ConfirmTransferServiceSuspending
import com.gemwallet.gemstone.SignMessageService
import com.gemwallet.gemstone.SignMessageServiceSuspending
import com.gemwallet.gemstone.TransactionsService
import com.gemwallet.gemstone.TransactionsServiceSuspending
import com.gemwallet.gemstone.TransactionStateService
import com.gemwallet.gemstone.TransactionStateServiceSuspending
import com.gemwallet.gemstone.ChartService
import com.gemwallet.gemstone.ChartServiceSuspending
import com.gemwallet.gemstone.StreamSubscriptionService
import com.gemwallet.gemstone.StreamSubscriptionServiceSuspending
import com.gemwallet.gemstone.FormattedNumber
import com.gemwallet.gemstone.Gemstone
import com.gemwallet.gemstone.GemException
import com.gemwallet.gemstone.NativeHandle
import com.gemwallet.gemstone.NumberRenderer
import com.gemwallet.gemstone.PortBridge
import com.gemwallet.gemstone.Precision
import com.gemwallet.gemstone.PreferencesService
import com.gemwallet.gemstone.PreferencesStore
import com.gemwallet.gemstone.PriceAlertService
import com.gemwallet.gemstone.PriceAlertServiceSuspending
import com.gemwallet.gemstone.WalletService
import com.gemwallet.gemstone.WalletServiceSuspending
import com.gemwallet.gemstone.WalletSessionService
import com.gemwallet.gemstone.WalletSessionServiceSuspending
import com.gemwallet.gemstone.PriceService
import com.gemwallet.gemstone.PriceServiceSuspending
import com.gemwallet.gemstone.CurrencyService
import com.gemwallet.gemstone.CurrencyServiceSuspending
import com.gemwallet.gemstone.WalletHomeService
import com.gemwallet.gemstone.WalletHomeServiceSuspending
import com.gemwallet.gemstone.suspending
import kotlinx.coroutines.runBlocking
import org.json.JSONObject
import java.io.File
import java.math.BigDecimal
import java.math.RoundingMode
import java.util.concurrent.ConcurrentHashMap

/**
 * The number renderer over the shared table tests/render/cases.json (the Python renderer reads the same table): the
 * text of every case in every locale. ICU's CLDR data is older than Babel's: where a case's "icu" entry records ICU's
 * own text for a locale (Arabic's digits and signs, Persian's spacing), that text is expected instead (the C renderer
 * over the system's ICU prints the same); every other text is identical to Python's.
 */
class RenderTests : Suite {
    override val name = "render"

    private val table = JSONObject(File(Repository.root, "tests/render/cases.json").readText())

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("every case of tests/render/cases.json in every locale") {
            val locales = table.getJSONArray("locales")
            val cases = table.getJSONArray("cases")
            val failures = ArrayList<String>()
            val actualTexts = JSONObject()
            var checked = 0
            var identical = 0
            for (i in 0 until cases.length()) {
                val case = cases.getJSONObject(i)
                val number = FormattedNumber.fromJson(case.getJSONObject("number"))
                val overrides = case.optJSONObject("icu")
                for (j in 0 until locales.length()) {
                    val locale = locales.getString(j)
                    val shared = case.getJSONObject("text").getString(locale)
                    val expected = overrides?.optString(locale, shared) ?: shared
                    val actual = NumberRenderer.text(number, locale)
                    actualTexts.put(case.getString("name") + "|" + locale, actual)
                    checked++
                    if (expected == shared) identical++
                    if (actual != expected) failures.add("${case.getString("name")} [$locale]: expected <$expected>, got <$actual>")
                }
            }
            // What this renderer printed, for a look beside the table when a case is added.
            File(Repository.root, "bindings/kotlin/out/render-actual.json").writeText(actualTexts.toString(1))
            check(failures.isEmpty()) { failures.joinToString("\n") }
            check(checked >= 100) { "$checked texts" }
            println("      render: $checked texts, $identical identical to the Python renderer's, ${checked - identical} from ICU's own CLDR data")
        },
        test("the digits") {
            val cases = listOf(
                Triple(BigDecimal("9.99996"), Precision.Significant(4), "10"),
                Triple(BigDecimal("123456.789"), Precision.Significant(2), "120000"),
                Triple(BigDecimal("1.5"), Precision.Fraction(2, 2), "1.50"),
                Triple(BigDecimal("1.50000"), Precision.Fraction(0, 4), "1.5"),
                Triple(BigDecimal("2.0"), Precision.Fraction(0, 4), "2"),
                Triple(BigDecimal("0"), Precision.Significant(4), "0"),
                Triple(BigDecimal("1"), Precision.Fraction(5, 3), "1.000"),
                Triple(BigDecimal("1"), Precision.Fraction(0, 1000), "1")
            )
            for ((value, precision, expected) in cases) {
                checkEqual(expected, NumberRenderer.rounded(value, precision, RoundingMode.HALF_EVEN).toPlainString(), "$value at $precision")
            }
            checkEqual("1.99", NumberRenderer.rounded(BigDecimal("1.999"), Precision.Fraction(0, 2), RoundingMode.DOWN).toPlainString(), "toward zero")
        }
    )
}

/** Every async command has its suspend form, and one runs; a service never closed is freed by the cleaner. */
class CoroutineTests : Suite {
    override val name = "suspending"

    private class MemoryPreferences : PreferencesStore {
        val values = ConcurrentHashMap<String, String>()
        override fun get(key: String): String? = values[key]
        override fun set(key: String, value: String) { values[key] = value }
        override fun remove(key: String) { values.remove(key) }
    }

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("every public <command>Async has a suspend <command> beside it") {
            val pairs = listOf(
                PriceAlertService::class.java to PriceAlertServiceSuspending::class.java,
                WalletService::class.java to WalletServiceSuspending::class.java,
                WalletSessionService::class.java to WalletSessionServiceSuspending::class.java,
                PriceService::class.java to PriceServiceSuspending::class.java,
                CurrencyService::class.java to CurrencyServiceSuspending::class.java,
                WalletHomeService::class.java to WalletHomeServiceSuspending::class.java,
                NodeService::class.java to NodeServiceSuspending::class.java,
                AssetsService::class.java to AssetsServiceSuspending::class.java,
                BalanceService::class.java to BalanceServiceSuspending::class.java,
                ConfirmTransferService::class.java to ConfirmTransferServiceSuspending::class.java,
                SignMessageService::class.java to SignMessageServiceSuspending::class.java,
                TransactionsService::class.java to TransactionsServiceSuspending::class.java,
                TransactionStateService::class.java to TransactionStateServiceSuspending::class.java,
                ChartService::class.java to ChartServiceSuspending::class.java,
                StreamSubscriptionService::class.java to StreamSubscriptionServiceSuspending::class.java
            )
            var count = 0
            for ((service, suspending) in pairs) {
                val commands = service.methods.filter { it.name.endsWith("Async") && !it.name.contains("$") }
                    .groupBy { it.name.removeSuffix("Async") }
                    .mapValues { entry -> entry.value.map { it.parameterCount }.max() ?: 0 }
                check(commands.isNotEmpty()) { "${service.simpleName} has no async commands" }
                val forms = suspending.methods.groupBy { it.name }
                for ((command, parameters) in commands) {
                    count++
                    // A suspend function takes a Continuation after its parameters.
                    val form = forms[command].orEmpty().filter { it.parameterTypes.lastOrNull()?.name == "kotlin.coroutines.Continuation" }
                    check(form.any { it.parameterCount == parameters + 1 }) {
                        "${suspending.simpleName} lacks suspend $command with $parameters parameters (${service.simpleName}.${command}Async)"
                    }
                }
            }
            check(count >= 45) { "$count commands" }
        },
        test("a suspend command answers, and throws the command's GemException") {
            val live = settledLiveCount()
            Host("http://127.0.0.1:9").use { host ->
                val alerts = runBlocking { host.alerts.suspending.getPriceAlerts() }
                checkEqual(0, alerts.size, "no alerts stored")
                val refused = checkThrows<GemException>("malformed alert JSON") { runBlocking { host.alerts.suspending.addJson("{") } }
                check(refused is GemException.InvalidArgument) { "got $refused" }
            }
            eventually(what = "tables released") { PortBridge.liveCount == live }
        },
        test("a service never closed is freed by the cleaner, and its port table released") {
            val live = settledLiveCount()
            val freed = NativeHandle.freedByCleaner.get()
            dropOne()
            eventually(what = "the cleaner freed the dropped service") {
                System.gc()
                NativeHandle.freedByCleaner.get() > freed
            }
            eventually(what = "the core released its table") { PortBridge.liveCount == live }
        },
        test("the library's release through the binding") {
            checkEqual(Gemstone.VERSION, Gemstone.version, "gem_version()")
        }
    )

    /** A service made, used and dropped, in a frame of its own so nothing on this stack keeps it. */
    private fun dropOne() {
        val service = PreferencesService(MemoryPreferences())
        service.update(deviceId = "dropped", currency = "USD")
    }
}
