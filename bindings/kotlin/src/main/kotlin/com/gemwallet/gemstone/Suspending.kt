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

/** The suspend forms of [NodeService]'s commands. */
class NodeServiceSuspending internal constructor(private val service: NodeService) {
    suspend fun nodes(chain: String?): ChainNodes = service.nodesAsync(chain).awaitSuspending()
    suspend fun add(node: ChainNode): ChainNodes = service.addAsync(node).awaitSuspending()
    suspend fun addJson(nodeJson: String?): ChainNodes = service.addJsonAsync(nodeJson).awaitSuspending()
    suspend fun remove(node: ChainNode): ChainNodes = service.removeAsync(node).awaitSuspending()
    suspend fun removeJson(nodeJson: String?): ChainNodes = service.removeJsonAsync(nodeJson).awaitSuspending()
    suspend fun select(node: ChainNode): ChainNodes = service.selectAsync(node).awaitSuspending()
    suspend fun selectJson(nodeJson: String?): ChainNodes = service.selectJsonAsync(nodeJson).awaitSuspending()
    suspend fun check(node: ChainNode): NodeCheck = service.checkAsync(node).awaitSuspending()
    suspend fun checkJson(nodeJson: String?): NodeCheck = service.checkJsonAsync(nodeJson).awaitSuspending()
    suspend fun resolveSelections(): List<ChainNode> = service.resolveSelectionsAsync().awaitSuspending()
}

/** The suspend forms of [AssetsService]'s commands. */
class AssetsServiceSuspending internal constructor(private val service: AssetsService) {
    suspend fun walletAssets(walletId: String?): List<Asset> = service.walletAssetsAsync(walletId).awaitSuspending()
    suspend fun addToken(walletId: String?, assetId: String?): Asset = service.addTokenAsync(walletId, assetId).awaitSuspending()
    suspend fun removeToken(walletId: String?, assetId: String?) {
        service.removeTokenAsync(walletId, assetId).awaitSuspending()
    }
}

/** The suspend forms of [BalanceService]'s commands. */
class BalanceServiceSuspending internal constructor(private val service: BalanceService) {
    suspend fun update(walletId: String?): BalanceRefresh = service.updateAsync(walletId).awaitSuspending()
    suspend fun balances(walletId: String?): List<Balance> = service.balancesAsync(walletId).awaitSuspending()
}

/** The suspend forms of [ConfirmTransferService]'s commands. */
class ConfirmTransferServiceSuspending internal constructor(private val service: ConfirmTransferService) {
    suspend fun load(request: ConfirmRequest): ConfirmLoad = service.loadAsync(request).awaitSuspending()
    suspend fun submit(request: ConfirmRequest): ConfirmSubmit = service.submitAsync(request).awaitSuspending()
}

/** The suspend forms of [SignMessageService]'s commands. */
class SignMessageServiceSuspending internal constructor(private val service: SignMessageService) {
    suspend fun sign(walletId: String?, request: SignMessageRequest): SignMessageSignature =
        service.signAsync(walletId, request).awaitSuspending()
    suspend fun signJson(walletId: String?, requestJson: String?): SignMessageSignature =
        service.signJsonAsync(walletId, requestJson).awaitSuspending()
}

/** The suspend forms of [TransactionsService]'s commands. */
class TransactionsServiceSuspending internal constructor(private val service: TransactionsService) {
    suspend fun rows(request: TransactionsRequest): List<TransactionRow> = service.rowsAsync(request).awaitSuspending()
    suspend fun transactions(request: TransactionsRequest): List<Transaction> = service.transactionsAsync(request).awaitSuspending()
    suspend fun transaction(transactionId: String?): Transaction = service.transactionAsync(transactionId).awaitSuspending()
}

/** The suspend forms of [TransactionStateService]'s commands. */
class TransactionStateServiceSuspending internal constructor(private val service: TransactionStateService) {
    suspend fun track(transactionId: String?): Transaction = service.trackAsync(transactionId).awaitSuspending()
}

/** The suspend forms of [ChartService]'s commands. */
class ChartServiceSuspending internal constructor(private val service: ChartService) {
    suspend fun load(request: ChartRequest): ChartResult = service.loadAsync(request).awaitSuspending()
}

/** The suspend forms of [StreamSubscriptionService]'s commands. */
class StreamSubscriptionServiceSuspending internal constructor(private val service: StreamSubscriptionService) {
    suspend fun subscribe(walletId: String?): StreamSubscription = service.subscribeAsync(walletId).awaitSuspending()
    suspend fun reset() = service.resetAsync().awaitSuspending()
}

/** The suspend forms of this service's commands. */
val StreamSubscriptionService.suspending: StreamSubscriptionServiceSuspending get() = StreamSubscriptionServiceSuspending(this)

/** The suspend forms of this service's commands. */
val NodeService.suspending: NodeServiceSuspending get() = NodeServiceSuspending(this)

/** The suspend forms of this service's commands. */
val AssetsService.suspending: AssetsServiceSuspending get() = AssetsServiceSuspending(this)

/** The suspend forms of this service's commands. */
val BalanceService.suspending: BalanceServiceSuspending get() = BalanceServiceSuspending(this)

/** The suspend forms of this service's commands. */
val ConfirmTransferService.suspending: ConfirmTransferServiceSuspending get() = ConfirmTransferServiceSuspending(this)

/** The suspend forms of this service's commands. */
val SignMessageService.suspending: SignMessageServiceSuspending get() = SignMessageServiceSuspending(this)

/** The suspend forms of this service's commands. */
val TransactionsService.suspending: TransactionsServiceSuspending get() = TransactionsServiceSuspending(this)

/** The suspend forms of this service's commands. */
val TransactionStateService.suspending: TransactionStateServiceSuspending get() = TransactionStateServiceSuspending(this)

/** The suspend forms of this service's commands. */
val ChartService.suspending: ChartServiceSuspending get() = ChartServiceSuspending(this)
