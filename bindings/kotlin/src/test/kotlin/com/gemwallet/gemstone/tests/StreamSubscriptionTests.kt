package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.Asset
import com.gemwallet.gemstone.AssetType
import com.gemwallet.gemstone.FixedNotificationPermissions
import com.gemwallet.gemstone.GemException
import com.gemwallet.gemstone.PreferencesService
import com.gemwallet.gemstone.PreferencesStore
import com.gemwallet.gemstone.PriceAlert
import com.gemwallet.gemstone.PriceAlertService
import com.gemwallet.gemstone.PriceAlertStore
import com.gemwallet.gemstone.StreamConnection
import com.gemwallet.gemstone.StreamMessage
import com.gemwallet.gemstone.StreamMessagePrices
import com.gemwallet.gemstone.StreamMessageType
import com.gemwallet.gemstone.StreamSubscriptionSent
import com.gemwallet.gemstone.StreamSubscriptionService
import com.gemwallet.gemstone.UrlConnectionTransport
import com.gemwallet.gemstone.WalletImport
import com.gemwallet.gemstone.wallet
import com.gemwallet.gemstone.suspending
import kotlinx.coroutines.runBlocking
import java.util.Collections
import java.util.concurrent.ConcurrentHashMap

/**
 * StreamSubscriptionService over a recording StreamConnection: the first subscribe sends the wallet's assets and
 * the alert's whole, one more token is sent alone, unchanged sends nothing, not connected sends nothing, a failing
 * send throws and is sent again.
 */
class StreamSubscriptionTests : Suite {
    override val name = "stream"

    private class RecordingConnection : StreamConnection {
        @Volatile var connected = true
        @Volatile var failNext = false
        val sent: MutableList<StreamMessage> = Collections.synchronizedList(ArrayList())
        override fun isConnected(): Boolean = connected
        override fun send(message: StreamMessage) {
            if (failNext) {
                failNext = false
                throw java.io.IOException("socket closed")
            }
            sent.add(message)
        }
    }

    private class MemoryPreferences : PreferencesStore {
        val values = ConcurrentHashMap<String, String>()
        override fun get(key: String): String? = values[key]
        override fun set(key: String, value: String) { values[key] = value }
        override fun remove(key: String) { values.remove(key) }
    }

    private class OneAlert : PriceAlertStore {
        override fun getPriceAlerts(assetId: String?): List<PriceAlert> = listOf(PriceAlert("bitcoin", "USD", price = 1.0))
        override fun updatePriceAlerts(alerts: List<PriceAlert>, deleteIds: List<String>) {}
    }

    private val tst = Asset("ethereum_0x5FbDB2315678afecb367f032d93F642f64180aa3", "Test Token", "TST", 6, AssetType.ERC20)

    private fun withService(body: (ChainHost, String, RecordingConnection, StreamSubscriptionService) -> Unit) {
        ChainHost(mapOf("ethereum" to listOf("http://127.0.0.1:9/ethereum"))).use { h ->
            PreferencesService(MemoryPreferences()).use { preferences ->
                PriceAlertService("http://127.0.0.1:9", UrlConnectionTransport(), preferences, OneAlert(), FixedNotificationPermissions(true)).use { alerts ->
                    val connection = RecordingConnection()
                    StreamSubscriptionService(h.assets, alerts, connection, 5_000).use { service ->
                        val walletId = h.wallet.wallets.importWallet(WalletImport.View(EVM_TEST_ADDRESS, "ethereum", "Watched")).wallet.id
                        body(h, walletId, connection, service)
                    }
                }
            }
        }
    }

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("first full with the wallet's and the alert's assets, then one more token alone, then nothing") {
            withService { h, walletId, connection, service ->
                val first = service.subscribe(walletId)
                checkEqual(StreamSubscriptionSent.FULL, first.sent, "first sent")
                checkEqual(listOf("ethereum", "bitcoin"), first.sentAssets, "first assets")
                checkEqual(StreamMessage(StreamMessageType.SUBSCRIBE_PRICES, StreamMessagePrices(listOf("ethereum", "bitcoin"))),
                    connection.sent.single(), "first message")
                checkEqual("subscribePrices", connection.sent.single().toJson().getString("type"), "first message's wire type")
                h.stores.assets.addAssets(listOf(tst))
                h.assets.addToken(walletId, tst.id)
                val second = service.subscribe(walletId)
                checkEqual(StreamSubscriptionSent.ADDED, second.sent, "second sent")
                checkEqual(StreamMessageType.ADD_PRICES, connection.sent.last().type, "second message type")
                checkEqual(listOf(tst.id), connection.sent.last().data.assets, "second message assets")
                checkEqual(StreamSubscriptionSent.NONE, service.subscribe(walletId).sent, "third sent")
                checkEqual(2, connection.sent.size, "messages")
                h.assets.removeToken(walletId, tst.id)
                val removed = service.subscribe(walletId)
                checkEqual(StreamSubscriptionSent.REMOVED, removed.sent, "removal sent")
                checkEqual(listOf(tst.id), removed.unsubscribedAssets, "unsubscribed")
                checkEqual("unsubscribePrices", connection.sent.last().toJson().getString("type"), "removal's wire type")
            }
        },
        test("a reset after a reconnect makes the next subscribe full, and sends nothing itself") {
            withService { _, walletId, connection, service ->
                service.subscribe(walletId)
                service.reset()
                checkEqual(1, connection.sent.size, "messages after the reset")
                checkEqual(StreamSubscriptionSent.FULL, service.subscribe(walletId).sent, "after the reset")
                runBlocking { service.suspending.reset() }
                checkEqual(StreamSubscriptionSent.FULL, service.subscribe(walletId).sent, "after the suspend reset")
            }
        },
        test("not connected sends nothing; the next connected subscribe is full (suspend form)") {
            withService { _, walletId, connection, service ->
                service.subscribe(walletId)
                connection.connected = false
                checkEqual(StreamSubscriptionSent.NONE, service.subscribe(walletId).sent, "offline sent")
                checkEqual(1, connection.sent.size, "messages while offline")
                connection.connected = true
                checkEqual(StreamSubscriptionSent.FULL, runBlocking { service.suspending.subscribe(walletId) }.sent, "back")
                checkEqual(2, connection.sent.size, "messages")
            }
        },
        test("a failing send throws and is sent again on the next subscribe") {
            withService { _, walletId, connection, service ->
                connection.failNext = true
                checkThrows<GemException>("failing send") { service.subscribe(walletId) }
                checkEqual(0, connection.sent.size, "nothing recorded")
                checkEqual(StreamSubscriptionSent.FULL, service.subscribe(walletId).sent, "retry")
                checkEqual(1, connection.sent.size, "messages")
            }
        },
        test("an unknown wallet is not found") {
            withService { _, _, connection, service ->
                checkThrows<GemException.NotFound>("unknown wallet") {
                    service.subscribe("multicoin_0x0000000000000000000000000000000000000001")
                }
                checkEqual(0, connection.sent.size, "messages")
            }
        }
    )
}
