package com.gemwallet.gemstone

import kotlinx.coroutines.suspendCancellableCoroutine
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CompletionException
import kotlin.coroutines.resume
import kotlin.coroutines.resumeWithException

/*
 * The suspend forms of every async command, over kotlinx.coroutines (Debian libkotlinx-coroutines-java), beside the
 * blocking and CompletableFuture forms: `alerts.suspending.sync()` suspends where `alerts.sync()` blocks and
 * `alerts.syncAsync()` returns a future. Each resumes on the binding's completion threads (never a core thread) and
 * throws the command's GemException. Cancelling the coroutine stops the wait only: the core still finishes the
 * command (close the service to cancel its in-flight commands). The Kotlin test suite "suspending" checks that every
 * public `<command>Async` of the services has its suspend form here, named `<command>`.
 */

/** Suspends until the future completes; its failure is rethrown as itself (a [GemException], usually). */
suspend fun <T> CompletableFuture<T>.awaitSuspending(): T = suspendCancellableCoroutine { continuation ->
    whenComplete { value, failure ->
        when {
            failure == null -> continuation.resume(value)
            failure is CompletionException && failure.cause != null -> continuation.resumeWithException(failure.cause ?: failure)
            else -> continuation.resumeWithException(failure)
        }
    }
}

/** The suspend forms of [PriceAlertService]'s commands. */
class PriceAlertServiceSuspending internal constructor(private val service: PriceAlertService) {
    suspend fun getPriceAlerts(assetId: String? = null): List<PriceAlert> = service.getPriceAlertsAsync(assetId).awaitSuspending()
    suspend fun sync(assetId: String? = null): PriceAlertSyncResult = service.syncAsync(assetId).awaitSuspending()
    suspend fun add(alert: PriceAlert): PriceAlertAddResult = service.addAsync(alert).awaitSuspending()
    suspend fun addJson(alertJson: String?): PriceAlertAddResult = service.addJsonAsync(alertJson).awaitSuspending()
    suspend fun delete(ids: List<String>): List<PriceAlert> = service.deleteAsync(ids).awaitSuspending()
    suspend fun deleteJson(idsJson: String?): List<PriceAlert> = service.deleteJsonAsync(idsJson).awaitSuspending()
    suspend fun setEnabled(enabled: Boolean): PriceAlertsToggle = service.setEnabledAsync(enabled).awaitSuspending()
}

/** The suspend forms of [WalletService]'s commands. */
class WalletServiceSuspending internal constructor(private val service: WalletService) {
    suspend fun createWallet(name: String? = null, wordCount: Int? = null, chains: List<String>? = null): WalletCreated =
        service.createWalletAsync(name, wordCount, chains).awaitSuspending()
    suspend fun createWalletJson(requestJson: String?): WalletCreated = service.createWalletJsonAsync(requestJson).awaitSuspending()
    suspend fun importWallet(request: WalletImport): WalletImportResult = service.importWalletAsync(request).awaitSuspending()
    suspend fun importWalletJson(importJson: String?): WalletImportResult = service.importWalletJsonAsync(importJson).awaitSuspending()
    suspend fun previewImport(request: WalletImport): WalletPreview = service.previewImportAsync(request).awaitSuspending()
    suspend fun previewImportJson(importJson: String?): WalletPreview = service.previewImportJsonAsync(importJson).awaitSuspending()
    suspend fun renameWallet(walletId: String?, name: String?): Wallet = service.renameWalletAsync(walletId, name).awaitSuspending()
    suspend fun setPinned(walletId: String?, pinned: Boolean): Wallet = service.setPinnedAsync(walletId, pinned).awaitSuspending()
    suspend fun deleteWallet(walletId: String?): WalletDeleted = service.deleteWalletAsync(walletId).awaitSuspending()
    suspend fun setCurrentWalletId(walletId: String?): Wallet = service.setCurrentWalletIdAsync(walletId).awaitSuspending()
    suspend fun exportSecret(walletId: String?): Copy = service.exportSecretAsync(walletId).awaitSuspending()
    suspend fun startupSweep(): SecretSweep = service.startupSweepAsync().awaitSuspending()
}

/** The suspend forms of [WalletSessionService]'s commands. */
class WalletSessionServiceSuspending internal constructor(private val service: WalletSessionService) {
    suspend fun getWallets(): List<Wallet> = service.getWalletsAsync().awaitSuspending()
    suspend fun getWallet(walletId: String?): Wallet? = service.getWalletAsync(walletId).awaitSuspending()
    suspend fun requireWallet(walletId: String?): Wallet = service.requireWalletAsync(walletId).awaitSuspending()
    suspend fun getCurrentWallet(): Wallet? = service.getCurrentWalletAsync().awaitSuspending()
}

/** The suspend forms of this service's commands. */
val PriceAlertService.suspending: PriceAlertServiceSuspending get() = PriceAlertServiceSuspending(this)

/** The suspend forms of this service's commands. */
val WalletService.suspending: WalletServiceSuspending get() = WalletServiceSuspending(this)

/** The suspend forms of this service's commands. */
val WalletSessionService.suspending: WalletSessionServiceSuspending get() = WalletSessionServiceSuspending(this)

/** The suspend forms of [PriceService]'s commands. */
class PriceServiceSuspending internal constructor(private val service: PriceService) {
    suspend fun syncPrices(assetIds: List<String>): PriceTickResult = service.syncPricesAsync(assetIds).awaitSuspending()
    suspend fun applyTick(payloadJson: String?): PriceTickResult = service.applyTickAsync(payloadJson).awaitSuspending()
    suspend fun getPrices(assetIds: List<String>): List<AssetPrice> = service.getPricesAsync(assetIds).awaitSuspending()
    suspend fun getPriceState(): PriceState = service.getPriceStateAsync().awaitSuspending()
}

/** The suspend forms of [CurrencyService]'s commands. */
class CurrencyServiceSuspending internal constructor(private val service: CurrencyService) {
    suspend fun setCurrency(code: String?): PriceTickResult = service.setCurrencyAsync(code).awaitSuspending()
}

/** The suspend forms of [WalletHomeService]'s commands. */
class WalletHomeServiceSuspending internal constructor(private val service: WalletHomeService) {
    suspend fun load(assets: List<AssetData>, previous: WalletHome? = null): WalletHome = service.loadAsync(assets, previous).awaitSuspending()
    suspend fun refresh(assets: List<AssetData>, previous: WalletHome? = null): WalletHome =
        service.refreshAsync(assets, previous).awaitSuspending()
}

/** The suspend forms of this service's commands. */
val PriceService.suspending: PriceServiceSuspending get() = PriceServiceSuspending(this)

/** The suspend forms of this service's commands. */
val CurrencyService.suspending: CurrencyServiceSuspending get() = CurrencyServiceSuspending(this)

/** The suspend forms of this service's commands. */
val WalletHomeService.suspending: WalletHomeServiceSuspending get() = WalletHomeServiceSuspending(this)
