package com.gemwallet.gemstone.tests

import kotlin.system.exitProcess

/** Thrown by the checks below; the runner reports it as the test's failure. */
class CheckFailed(message: String) : AssertionError(message)

fun check(condition: Boolean, message: () -> String) {
    if (!condition) throw CheckFailed(message())
}

fun <T> checkEqual(expected: T, actual: T, what: String) {
    if (expected != actual) throw CheckFailed("$what: expected <$expected>, got <$actual>")
}

/** Runs [body] and returns what it threw, failing when it threw nothing or something not a [T]. */
inline fun <reified T : Throwable> checkThrows(what: String, body: () -> Any?): T {
    val thrown = try {
        val value = body()
        throw CheckFailed("$what: expected ${T::class.java.simpleName}, got the value <$value>")
    } catch (e: CheckFailed) {
        throw e
    } catch (e: Throwable) {
        e
    }
    return thrown as? T ?: throw CheckFailed("$what: expected ${T::class.java.simpleName}, got $thrown")
}

/** Polls [condition] until it holds or [timeoutMs] passes. */
fun eventually(timeoutMs: Long = 20_000, what: String, condition: () -> Boolean) {
    val deadline = System.nanoTime() + timeoutMs * 1_000_000
    while (!condition()) {
        if (System.nanoTime() > deadline) throw CheckFailed("$what: still false after $timeoutMs ms")
        Thread.sleep(10)
    }
}

/**
 * The number of port tables live once every earlier test's tables are released. The core releases
 * a table asynchronously, possibly after its service's close() returned (gemstone.h), so a test
 * that counts releases first waits for the earlier tests' releases to land; every test closes what
 * it opens, so that count is zero.
 */
fun settledLiveCount(): Int {
    eventually(what = "earlier tests' port tables released") { com.gemwallet.gemstone.PortBridge.liveCount == 0 }
    return 0
}

class TestCase(val suite: String, val name: String, val body: () -> Unit)

/** A group of tests; [close] runs once after them (e.g. to stop a server). */
interface Suite : java.io.Closeable {
    val name: String
    fun tests(): List<Pair<String, () -> Unit>>
    override fun close() {}
}

/**
 * The command-line test runner: runs every suite (or the suites named as arguments), prints one
 * line per test and a summary, and exits non-zero when a test failed.
 */
object TestRunner {
    @JvmStatic
    fun main(args: Array<String>) {
        val all: List<Pair<String, () -> Suite>> = listOf(
            "completeness" to { BindingCompletenessTests() },
            "json" to { JsonRecordTests() },
            "schema" to { SchemaTests() },
            "sqlite" to { SqliteStoreTests() },
            "transport" to { TransportTests() },
            "invalid-input" to { InvalidInputTests() },
            "preferences" to { PreferencesTests() },
            "scenario" to { AlertScenarioTests() },
            "lifetime" to { LifetimeTests() },
            "presentation" to { PresentationTests() },
            "wallet-scenario" to { WalletScenarioTests() },
            "wallet-addresses" to { WalletAddressTests() },
            "wallet" to { WalletOperationsTests() },
            "address" to { AddressValidationTests() },
            "wallet-invalid-input" to { WalletInvalidInputTests() },
            "wallet-sqlite" to { WalletStoreTests() },
            "tables" to { PortTableCompletenessTests() },
            "wallet-lifetime" to { WalletLifetimeTests() },
            "render" to { RenderTests() },
            "suspending" to { CoroutineTests() },
            "chain-sqlite" to { ChainStoreTests() },
            "chains" to { ChainServiceTests() },
            "chain-scenario" to { ChainScenarioTests() },
            "sign-message" to { SignMessageTests() },
            "send-scenario" to { SendScenarioTests() },
            "prices" to { PriceServiceTests() },
            "home-render" to { HomeRenderTests() },
            "stream" to { StreamSubscriptionTests() }
        )
        val unknown = args.filter { name -> all.none { it.first == name } }
        if (unknown.isNotEmpty()) {
            println("unknown suites $unknown; known: ${all.map { it.first }}")
            exitProcess(2)
        }
        var passed = 0
        val failures = ArrayList<String>()
        for ((name, make) in all) {
            if (args.isNotEmpty() && name !in args) continue
            val suite = try {
                make()
            } catch (e: Throwable) {
                failures.add("$name (setup): $e")
                println("FAIL  $name (setup): $e")
                e.printStackTrace(System.out)
                continue
            }
            suite.runThenClose {
                for ((testName, body) in it.tests()) {
                    val started = System.nanoTime()
                    try {
                        body()
                        passed++
                        println("ok    ${it.name}.$testName (${(System.nanoTime() - started) / 1_000_000} ms)")
                    } catch (e: Throwable) {
                        failures.add("${it.name}.$testName: $e")
                        println("FAIL  ${it.name}.$testName: $e")
                        e.printStackTrace(System.out)
                    }
                }
            }
        }
        println()
        println("$passed passed, ${failures.size} failed")
        failures.forEach { println("  failed: $it") }
        exitProcess(if (failures.isEmpty() && passed > 0) 0 else 1)
    }

    private inline fun <R> Suite.runThenClose(body: (Suite) -> R): R = try {
        body(this)
    } finally {
        try {
            close()
        } catch (e: Throwable) {
            println("warning: closing ${this.name}: $e")
        }
    }
}

/** One named test (the body's last value, if any, is ignored). */
fun test(name: String, body: () -> Unit): Pair<String, () -> Unit> = name to body
