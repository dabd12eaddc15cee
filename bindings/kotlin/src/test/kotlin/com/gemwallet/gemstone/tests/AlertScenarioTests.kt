package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.GemException

import com.gemwallet.gemstone.NotificationPermission
import com.gemwallet.gemstone.PriceAlert
import com.gemwallet.gemstone.PriceDirection
import java.net.ServerSocket

/**
 * The price-alert scenario of issue 2 against the test API server and a real SQLite file: set the
 * device id, add, list, sync, a refused write rolled back, disable; plus a server error, an
 * unreachable server, a refused permission and the CompletableFuture forms.
 */
class AlertScenarioTests : Suite {
    override val name = "scenario"

    private val server = ApiServer()
    private val deviceId = "kotlin-device-1"

    override fun close() = server.close()

    private val btc = PriceAlert("bitcoin", "USD", price = 100000.0, priceDirection = PriceDirection.UP)
    private val eth = PriceAlert("ethereum", "USD", pricePercentChange = 5.0, priceDirection = PriceDirection.DOWN)
    private val sol = PriceAlert("solana", "EUR", price = 250.5)

    /** Ids the server keeps for the device (read through the API). */
    private fun remoteTargets(): Set<PriceAlert> = server.alerts(deviceId).map { it.copy(id = null) }.toSet()

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("set device id, add, list, sync, refused write rolled back, disable") {
            server.reset()
            Host(server.url).use { host ->
                host.database.countAlertWrites()
                // Set the device id.
                checkEqual(deviceId, host.preferences.update(deviceId = deviceId).deviceId, "device id")

                // Add: stored locally, sent to the API, alerts turned on with the permission asked.
                val added = host.alerts.add(btc)
                checkEqual(btc, added.alert.copy(id = null), "added alert")
                check(!added.alert.id.isNullOrEmpty()) { "the added alert has no id" }
                checkEqual(true, added.enabled, "enabled after add")
                checkEqual(NotificationPermission.GRANTED, added.permission, "permission after add")
                checkEqual(1, host.permissions.askCount, "permission asked by add")
                checkEqual(true, host.alerts.isEnabled(), "isEnabled after add")
                checkEqual(listOf(added.alert.id), host.database.storedAlertIds(), "SQLite rows after add")
                checkEqual(setOf(btc), remoteTargets(), "server alerts after add")
                val post = server.requests().let { it.getJSONObject(it.length() - 1) }
                checkEqual("POST", post.getString("method"), "method of the add")
                checkEqual(deviceId, post.getString("device_id"), "device of the add")
                checkEqual(
                    listOf(btc),
                    PriceAlert.listFromJson(org.json.JSONArray(post.getString("body"))).map { it.copy(id = null) },
                    "body of the add"
                )

                // List.
                val listed = host.alerts.getPriceAlerts()
                checkEqual(listOf(added.alert), listed, "listed alerts")
                checkEqual(listed, host.alerts.getPriceAlerts("bitcoin"), "listed for bitcoin")
                checkEqual(emptyList<PriceAlert>(), host.alerts.getPriceAlerts("ethereum"), "listed for ethereum")

                // Sync: the server now has eth and sol but not btc.
                server.setAlerts(deviceId, listOf(eth, sol))
                val writesBefore = host.database.alertWrites().size
                val synced = host.alerts.sync()
                checkEqual(setOf(eth, sol), synced.upserted.map { it.copy(id = null) }.toSet(), "upserted by sync")
                checkEqual(listOf(added.alert.id), synced.deletedIds, "deleted by sync")
                checkEqual(setOf(eth, sol), host.alerts.getPriceAlerts().map { it.copy(id = null) }.toSet(), "local after sync")
                checkEqual(3, host.database.alertWrites().size - writesBefore, "rows written by sync (2 inserts, 1 delete)")

                // A second sync finds the sides agreeing and writes nothing.
                val writesAfterSync = host.database.alertWrites().size
                val requestsBefore = server.requests().length()
                val again = host.alerts.sync()
                check(again.upserted.isEmpty() && again.deletedIds.isEmpty()) { "second sync changed $again" }
                checkEqual(writesAfterSync, host.database.alertWrites().size, "rows written by an agreeing sync")
                val syncRequests = server.requests().let { all -> (requestsBefore until all.length()).map { all.getJSONObject(it).getString("method") } }
                checkEqual(listOf("GET"), syncRequests, "requests of an agreeing sync")

                // A refused write is rolled back locally and reported as the API's error.
                val localBefore = host.alerts.getPriceAlerts()
                server.refuseNextWrite()
                val refused = checkThrows<GemException.Api>("add refused by the API") { host.alerts.add(btc) }
                checkEqual(409, refused.httpStatus, "HTTP status in the error record")
                check(refused.message!!.contains("refused by test server")) { "message ${refused.message}" }
                checkEqual(localBefore, host.alerts.getPriceAlerts(), "local alerts after the refused add")
                checkEqual(setOf(eth, sol), remoteTargets(), "server alerts after the refused add")

                // Delete: removed locally and remotely.
                val ethId = localBefore.first { it.assetId == "ethereum" }.id!!
                val deleted = host.alerts.delete(listOf(ethId))
                checkEqual(listOf(ethId), deleted.map { it.id }, "deleted alerts")
                checkEqual(setOf(sol), remoteTargets(), "server alerts after delete")
                checkEqual(listOf("solana"), host.alerts.getPriceAlerts().map { it.assetId }, "local after delete")

                // Disable: stored off, without asking the permission port.
                val asked = host.permissions.askCount
                val off = host.alerts.setEnabled(false)
                checkEqual(false, off.enabled, "enabled after disable")
                check(off.permission == null) { "permission ${off.permission}" }
                checkEqual(asked, host.permissions.askCount, "permission asks when disabling")
                checkEqual(false, host.alerts.isEnabled(), "isEnabled after disable")
                checkEqual(false, host.preferences.get().priceAlertsEnabled, "preference after disable")
            }
        },
        test("a refused delete restores the alerts") {
            server.reset()
            Host(server.url).use { host ->
                host.preferences.update(deviceId = deviceId)
                val added = host.alerts.add(sol).alert
                server.refuseNextWrite()
                checkThrows<GemException.Api>("delete refused by the API") { host.alerts.delete(listOf(added.id!!)) }
                checkEqual(listOf(added), host.alerts.getPriceAlerts(), "local alerts after the refused delete")
            }
        },
        test("a server error during sync writes nothing") {
            server.reset()
            Host(server.url).use { host ->
                host.preferences.update(deviceId = deviceId)
                host.alerts.add(btc)
                server.setAlerts(deviceId, listOf(eth))
                host.database.countAlertWrites()
                val before = host.database.alertWrites().size
                server.failNext()
                val error = checkThrows<GemException.Api>("sync while the server fails") { host.alerts.sync() }
                checkEqual(500, error.httpStatus, "HTTP status in the error record")
                checkEqual(before, host.database.alertWrites().size, "rows written by a failed sync")
                checkEqual(listOf("bitcoin"), host.alerts.getPriceAlerts().map { it.assetId }, "local after the failed sync")
            }
        },
        test("an unreachable server is OFFLINE and the local add is rolled back") {
            val closedPort = ServerSocket(0).use { it.localPort }
            Host("http://127.0.0.1:$closedPort").use { host ->
                host.preferences.update(deviceId = deviceId)
                val error = checkThrows<GemException.Offline>("add with the server down") { host.alerts.add(btc) }
                checkEqual("offline", error.type, "record type")
                checkEqual(emptyList<PriceAlert>(), host.alerts.getPriceAlerts(), "local after the offline add")
            }
        },
        test("a refused permission is a value and turns alerts off") {
            server.reset()
            Host(server.url, granted = false).use { host ->
                host.preferences.update(deviceId = deviceId)
                val on = host.alerts.setEnabled(true)
                checkEqual(false, on.enabled, "enabled when refused")
                checkEqual(NotificationPermission.DENIED, on.permission, "permission when refused")
                host.alerts.setEnabled(true)
                checkEqual(2, host.permissions.askCount, "the permission is asked every time")
                val added = host.alerts.add(eth)
                checkEqual(NotificationPermission.DENIED, added.permission, "permission on add")
                checkEqual(false, added.enabled, "enabled after add when refused")
                checkEqual(1, host.alerts.getPriceAlerts().size, "the alert is kept")
            }
        },
        test("the CompletableFuture forms complete off the core threads") {
            server.reset()
            Host(server.url).use { host ->
                host.preferences.update(deviceId = deviceId)
                val threads = java.util.Collections.synchronizedList(ArrayList<String>())
                val added = host.alerts.addAsync(sol).thenApply { threads.add(Thread.currentThread().name); it }.get()
                checkEqual(sol, added.alert.copy(id = null), "added")
                val listed = host.alerts.getPriceAlertsAsync().thenApply { threads.add(Thread.currentThread().name); it }.get()
                checkEqual(listOf(added.alert), listed, "listed")
                checkEqual(true, host.alerts.setEnabledAsync(true).get().enabled, "enabled")
                check(host.alerts.syncAsync().get().let { it.upserted.isEmpty() && it.deletedIds.isEmpty() }) { "sync after add changed something" }
                checkEqual(listOf(added.alert), host.alerts.deleteAsync(listOf(added.alert.id!!)).get(), "deleted")
                check(threads.all { it.startsWith("gemstone-completion") || it == Thread.currentThread().name }) {
                    "continuations ran on $threads"
                }
            }
        }
    )
}
