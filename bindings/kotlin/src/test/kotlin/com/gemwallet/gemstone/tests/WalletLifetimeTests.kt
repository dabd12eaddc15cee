package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.GemException
import com.gemwallet.gemstone.GemStatus

import com.gemwallet.gemstone.Completions
import com.gemwallet.gemstone.KeystorePassword
import com.gemwallet.gemstone.PortBridge
import com.gemwallet.gemstone.SecretSweep
import com.gemwallet.gemstone.ServiceError
import com.gemwallet.gemstone.SecureStore
import com.gemwallet.gemstone.Wallet
import com.gemwallet.gemstone.WalletImport
import com.gemwallet.gemstone.WalletService
import com.gemwallet.gemstone.WalletStore
import com.gemwallet.gemstone.wallet
import java.util.concurrent.CountDownLatch
import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit

/**
 * Lifetimes of the wallet services across the ABI: tables released on close, a closed service
 * cancels its in-flight command (and the late answer is stale), the password the port answered is
 * zeroed once handed over, and many concurrent commands complete once each.
 */
class WalletLifetimeTests : Suite {
    override val name = "wallet-lifetime"

    /** A password port that waits at [gate] before answering, keeping every array it returned. */
    private class GatePassword(val inner: KeystorePassword) : KeystorePassword {
        val entered = CountDownLatch(1)
        val gate = CountDownLatch(1)
        val answers = java.util.Collections.synchronizedList(ArrayList<ByteArray>())
        override fun getPassword(): ByteArray {
            entered.countDown()
            gate.await()
            return inner.getPassword().also { answers.add(it) }
        }
    }

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("closing the services releases every wallet table") {
            val live = settledLiveCount()
            val releases = PortBridge.releaseCount
            WalletHost().use { host ->
                checkEqual(live + 6, PortBridge.liveCount, "tables held while the services live (2 + 4)")
                host.sessions.getWallets()
            }
            eventually(what = "the core released the 6 tables") { PortBridge.liveCount == live }
            checkEqual(releases + 6, PortBridge.releaseCount, "releases")
        },
        test("the password bytes the port returned are zeroed once the core has them") {
            var password: GatePassword? = null
            WalletHost(ports = { ports -> ports.copy(password = GatePassword(ports.password).also { it.gate.countDown(); password = it }) }).use { host ->
                host.wallets.importWallet(WalletImport.Single(ABANDON_PHRASE, "ethereum"))
                host.wallets.exportSecret(host.walletIds().single())
                val answers = password!!.answers
                checkEqual(2, answers.size, "passwords asked (import, export)")
                check(answers.all { answer -> answer.size == 32 && answer.all { it == 0.toByte() } }) { "a returned password was not zeroed" }
                check(host.passwordFile.readBytes().any { it != 0.toByte() }) { "the file itself is untouched" }
            }
        },
        test("a closed wallet service cancels its in-flight import, and the late answer is stale") {
            var password: GatePassword? = null
            val live = settledLiveCount()
            val stale = PortBridge.staleAnswers
            val host = WalletHost(ports = { ports -> ports.copy(password = GatePassword(ports.password).also { password = it }) })
            val import = host.wallets.importWalletAsync(WalletImport.Single(ABANDON_PHRASE, "ethereum"))
            check(password!!.entered.await(10, TimeUnit.SECONDS)) { "the password port was never asked" }
            host.wallets.close()
            val error = checkThrows<ExecutionException>("import after close") { import.get(10, TimeUnit.SECONDS) }
            check(error.cause is GemException.Cancelled) { "cause ${error.cause}" }
            password!!.gate.countDown()
            eventually(what = "the late password was refused as stale") { PortBridge.staleAnswers == stale + 1 }
            checkEqual(emptyList<String>(), host.snapshot(), "rows after the cancelled import")
            host.close()
            eventually(what = "every table released") { PortBridge.liveCount == live }
            check(password!!.answers.all { answer -> answer.all { it == 0.toByte() } }) { "the stale password was not zeroed" }
        },
        test("many concurrent reads and previews complete once each, through garbage collections") {
            WalletHost().use { host ->
                host.wallets.importWallet(WalletImport.View("0x9858EfFD232B4033E47d90003D41EC34EcaEda94", "ethereum"))
                val reads = (1..200).map {
                    if (it % 50 == 0) System.gc()
                    host.sessions.getWalletsAsync()
                }
                val previews = (1..20).map { host.wallets.previewImportAsync(WalletImport.Multicoin(ABANDON_PHRASE, listOf("bitcoin"))) }
                System.gc()
                reads.forEachIndexed { index, future -> checkEqual(1, future.get(20, TimeUnit.SECONDS).size, "wallets of read $index") }
                previews.forEach { checkEqual("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", it.get(20, TimeUnit.SECONDS).accounts.single().address, "preview") }
                eventually(what = "no completion pending") { Completions.pendingCount == 0 }
                checkEqual(0L, Completions.unknownCount, "completions for unknown commands")
            }
        },
        test("storeTimeoutMs reaches the core: a wallet-store call that never answers fails with Timeout") {
            WalletHost().use { host ->
                val gate = CountDownLatch(1)
                val silent = object : WalletStore by host.ports.store {
                    override fun getWallet(walletId: String): Wallet? {
                        gate.await(20, TimeUnit.SECONDS)
                        return host.ports.store.getWallet(walletId)
                    }
                }
                WalletService(silent, host.ports.sessionStore, host.ports.secureStore, host.ports.password, 2, 19456, 200).use { wallets ->
                    val started = System.nanoTime()
                    checkThrows<GemException.Timeout>("rename over a silent store") { wallets.renameWallet("view_tron_TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio", "x") }
                    val elapsedMs = (System.nanoTime() - started) / 1_000_000
                    check(elapsedMs < 10_000) { "answered after $elapsedMs ms: the 200 ms bound was not passed (the default is 30 s)" }
                    gate.countDown()
                }
            }
        },
        test("the start-up sweep's report: the orphaned secret it removed and the wallet without its secret") {
            WalletHost().use { host ->
                val wallet = host.wallets.importWallet(WalletImport.Single(ABANDON_PHRASE, "ethereum")).wallet
                checkEqual(SecretSweep(), host.wallets.startupSweep(), "a clean start")
                // What a crash between the secret write and the wallet write leaves (the key listed, its secret,
                // no wallet), and what a delete whose undo failed leaves (the wallet without its secret).
                val walletKey = host.keystoreKeys().single()
                host.ports.secureStore.delete(walletKey)
                host.ports.secureStore.set("orphan", "sealed")
                host.ports.secureStore.set("gemstone.pending_secrets", "[\"orphan\"]")
                WalletService(host.ports.store, host.ports.sessionStore, host.ports.secureStore, host.ports.password, 2, 19456).use { wallets ->
                    val sweep = wallets.startupSweep()
                    checkEqual(SecretSweep(listOf("orphan"), listOf(wallet.id)), sweep, "the sweep's report")
                    checkEqual(sweep, wallets.startupSweepAsync().get(20, TimeUnit.SECONDS), "the same report again")
                    checkEqual(emptyList<String>(), host.keystoreKeys(), "keystore rows after the sweep")
                }
                val failing = object : SecureStore by host.ports.secureStore {
                    override fun get(key: String): String? = throw GemException.local(GemStatus.STORE, "disk gone")
                }
                host.ports.secureStore.set("gemstone.pending_secrets", "[\"orphan\"]")
                WalletService(host.ports.store, host.ports.sessionStore, failing, host.ports.password, 2, 19456).use { wallets ->
                    val failure = wallets.startupSweep().failure
                    check(failure is ServiceError.Store && failure.message.contains("disk gone")) { "failure $failure" }
                }
            }
        }
    )
}
