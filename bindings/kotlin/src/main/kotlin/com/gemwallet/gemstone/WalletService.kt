package com.gemwallet.gemstone

import com.sun.jna.ptr.PointerByReference
import java.io.Closeable
import java.util.concurrent.CompletableFuture

/**
 * Wallet writes and the keystore (`GemWalletService`): create, import (four kinds), preview, rename,
 * pin, delete, switch, and export a secret, over four host ports. Pass the same [store] and
 * [sessionStore] objects as to the [WalletSessionService]. The secret of a wallet is sealed by the
 * core under [password]'s answer and kept in [secureStore]; it leaves the core only through
 * [exportSecret].
 *
 * [kdfIterations] and [kdfMemoryKib] set the Argon2id cost of new keystore records (at least 2
 * passes and 19456 KiB, at most 4 and 262144 KiB; null for the core's defaults). Each record keeps its
 * own cost, so changing it later keeps older records readable. Outside the bounds the constructor
 * throws [GemException.InvalidArgument]. [storeTimeoutMs] bounds each wallet-store and secure-store
 * call (a store that has not answered by then fails the command with [GemException.Timeout]; null for
 * the core's default, 30 s).
 *
 * Every command has a blocking form (`importWallet`) that throws [GemException] and a
 * [CompletableFuture] form (`importWalletAsync`) that completes on a binding thread. Do not call a
 * blocking form from inside a port method: the port would wait on itself.
 */
class WalletService @JvmOverloads constructor(
    store: WalletStore,
    sessionStore: WalletSessionStore,
    secureStore: SecureStore,
    password: KeystorePassword,
    kdfIterations: Int? = null,
    kdfMemoryKib: Int? = null,
    storeTimeoutMs: Int? = null
) : Closeable {
    private val library = Gemstone.library
    internal val handle: NativeHandle

    init {
        val config = configArgument(
            WalletServiceConfig(kdfIterations?.toBigInteger(), kdfMemoryKib?.toBigInteger(), storeTimeoutMs?.toLong()).toJson()
        )
        val contexts = listOf(store, sessionStore, secureStore, password).map { PortBridge.register(it) }
        val out = PointerByReference()
        try {
            bufferCall {
                library.gem_wallet_service_new(
                    config,
                    WalletPortBridge.walletStoreTable(contexts[0]),
                    WalletPortBridge.sessionStoreTable(contexts[1]),
                    WalletPortBridge.secureStoreTable(contexts[2]),
                    WalletPortBridge.passwordTable(contexts[3]),
                    out,
                    it
                )
            }
        } catch (e: Throwable) {
            // The core took none of the tables: no release will come for these contexts.
            contexts.forEach { PortBridge.unregister(it) }
            throw e
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_wallet_service_new gave no service")
        handle = NativeHandle(pointer, "WalletService") { Gemstone.library.gem_wallet_service_free(it) }  // not the field: the cleaner must not hold the service
    }

    /**
     * Creates a multi-coin wallet from a new random phrase of [wordCount] words (12 or 24; null for
     * 12) with accounts on [chains] (null or empty: every chain), and makes it current. The answer
     * carries the phrase, to show this once for the user's backup.
     */
    @JvmOverloads
    fun createWallet(name: String? = null, wordCount: Int? = null, chains: List<String>? = null): WalletCreated =
        createWalletAsync(name, wordCount, chains).await()

    @JvmOverloads
    fun createWalletAsync(name: String? = null, wordCount: Int? = null, chains: List<String>? = null): CompletableFuture<WalletCreated> {
        return createWalletJsonAsync(WalletCreateRequest(name, wordCount?.toLong(), chains).toJson().toString())
    }

    /** [createWalletAsync] for a request already in JSON (`{"name":…,"word_count":…,"chains":[…]}`; null for the defaults). */
    fun createWalletJsonAsync(requestJson: String?): CompletableFuture<WalletCreated> =
        handle.walletCommand("created wallet", { WalletCreated.fromJson(parseObject(it)) }, secret = true) { service, done, context ->
            library.gem_wallet_service_create_wallet(service, requestJson, done, context)
        }

    /**
     * Imports a wallet and makes it current. A bad phrase, key or address is an
     * [GemException.InvalidInput] before anything is written; a wallet already stored under the same id
     * is answered as [WalletImportResult.Existing]. A failing write leaves no wallet and no secret.
     */
    fun importWallet(request: WalletImport): WalletImportResult = importWalletAsync(request).await()

    fun importWalletAsync(request: WalletImport): CompletableFuture<WalletImportResult> = importWalletJsonAsync(request.toJson().toString())

    /** [importWalletAsync] for an import request already in JSON; one that is not an import request is an [GemException.InvalidArgument]. */
    fun importWalletJsonAsync(importJson: String?): CompletableFuture<WalletImportResult> =
        handle.walletCommand("import result", { WalletImportResult.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_wallet_service_import_wallet(service, importJson, done, context)
        }

    /** What [importWallet] would make, without writing or asking the password. */
    fun previewImport(request: WalletImport): WalletPreview = previewImportAsync(request).await()

    fun previewImportAsync(request: WalletImport): CompletableFuture<WalletPreview> = previewImportJsonAsync(request.toJson().toString())

    fun previewImportJsonAsync(importJson: String?): CompletableFuture<WalletPreview> =
        handle.walletCommand("import preview", { WalletPreview.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_wallet_service_preview_import(service, importJson, done, context)
        }

    /**
     * Renames a wallet (trimmed; blank, over 64 characters or with control characters is an
     * [GemException.InvalidInput]; an unknown id a [GemException.NotFound]). Returns the updated wallet.
     */
    fun renameWallet(walletId: String, name: String): Wallet = renameWalletAsync(walletId, name).await()

    fun renameWalletAsync(walletId: String?, name: String?): CompletableFuture<Wallet> =
        handle.walletCommand("renamed wallet", { Wallet.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_wallet_service_rename_wallet(service, walletId, name, done, context)
        }

    /** Pins or unpins a wallet; returns the updated wallet. */
    fun setPinned(walletId: String, pinned: Boolean): Wallet = setPinnedAsync(walletId, pinned).await()

    fun setPinnedAsync(walletId: String?, pinned: Boolean): CompletableFuture<Wallet> =
        handle.walletCommand("pinned wallet", { Wallet.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_wallet_service_set_pinned(service, walletId, if (pinned) 1 else 0, done, context)
        }

    /**
     * Deletes a wallet with its keystore record. When it was current, the first remaining wallet
     * becomes current ([WalletDeleted.currentWalletId], null when none remains).
     */
    fun deleteWallet(walletId: String): WalletDeleted = deleteWalletAsync(walletId).await()

    fun deleteWalletAsync(walletId: String?): CompletableFuture<WalletDeleted> =
        handle.walletCommand("deleted wallet", { WalletDeleted.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_wallet_service_delete_wallet(service, walletId, done, context)
        }

    /** Makes a stored wallet current and returns it; an unknown id is a [GemException.NotFound]. */
    fun setCurrentWalletId(walletId: String): Wallet = setCurrentWalletIdAsync(walletId).await()

    fun setCurrentWalletIdAsync(walletId: String?): CompletableFuture<Wallet> =
        handle.walletCommand("current wallet", { Wallet.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_wallet_service_set_current_wallet_id(service, walletId, done, context)
        }

    /**
     * The wallet's secret for the user to copy, after the password port answered: a [Copy] of kind
     * `secret_phrase` or `private_key` ([CopyKind.isSecret]: mark the clipboard item sensitive). A watch-only wallet is an
     * [GemException.InvalidInput]; a missing keystore record a [GemException.NotFound]; a wrong password or
     * a damaged record a [GemException.Crypto] naming the failed check. The binding zeroes its copy of
     * the core's answer; the returned String lives until collected.
     */
    fun exportSecret(walletId: String): Copy = exportSecretAsync(walletId).await()

    fun exportSecretAsync(walletId: String?): CompletableFuture<Copy> =
        handle.walletCommand("secret", { Copy.fromJson(parseObject(it)) }, secret = true) { service, done, context ->
            library.gem_wallet_service_export_secret(service, walletId, done, context)
        }

    /**
     * What the sweep at start did (waits for it): secrets an interrupted or undone import left without a
     * wallet, deleted ([SecretSweep.removedSecrets]); wallets stored without their secret
     * ([SecretSweep.walletsWithoutSecret]); the error that stopped it ([SecretSweep.failure], null when it
     * ran through). The sweep runs once per service; every call answers the same record.
     */
    fun startupSweep(): SecretSweep = startupSweepAsync().await()

    fun startupSweepAsync(): CompletableFuture<SecretSweep> =
        handle.walletCommand("start-up sweep", { SecretSweep.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_wallet_service_startup_sweep(service, done, context)
        }

    val isClosed: Boolean get() = handle.isClosed

    /** Releases the binding's reference; in-flight commands complete with [GemException.Cancelled]. Idempotent. */
    override fun close() = handle.close()
}
