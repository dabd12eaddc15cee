package com.gemwallet.gemstone

import com.gemwallet.gemstone.ffi.GemKeystorePasswordTable
import com.gemwallet.gemstone.ffi.GemPortFn
import com.gemwallet.gemstone.ffi.GemSecureStoreTable
import com.gemwallet.gemstone.ffi.GemWalletSessionStoreTable
import com.gemwallet.gemstone.ffi.GemWalletStoreTable
import com.sun.jna.CallbackThreadInitializer
import com.sun.jna.Native
import com.sun.jna.Pointer
import org.json.JSONObject

/**
 * The native callbacks of the wallet ports, served through [PortBridge] (one callback per method for
 * the life of the process; a table's context keys its Kotlin port there), and the tables built from
 * them. Every method runs inline: the wallet and secure stores and the password are called on a core
 * dispatch thread where blocking is allowed, and the session store is SYNC.
 */
internal object WalletPortBridge {
    private inline fun <reified P : Any> jsonMethod(failure: Int, noinline body: (P, JSONObject) -> String): GemPortFn =
        PortBridge.portMethod(P::class.java, failure, failure, inline = true) { port, args -> body(port, args).toByteArray(Charsets.UTF_8) }

    // gem_wallet_store

    val walletsGet: GemPortFn = jsonMethod<WalletStore>(GemStatus.STORE) { store, _ ->
        Wallet.listToJson(store.getWallets()).toString()
    }

    val walletGet: GemPortFn = jsonMethod<WalletStore>(GemStatus.STORE) { store, args ->
        store.getWallet(args.requireString("wallet_id"))?.toJson()?.toString() ?: "null"
    }

    val walletAdd: GemPortFn = jsonMethod<WalletStore>(GemStatus.STORE) { store, args ->
        store.addWallet(Wallet.fromJson(args.getJSONObject("wallet")))
        "null"
    }

    val walletSave: GemPortFn = jsonMethod<WalletStore>(GemStatus.STORE) { store, args ->
        store.saveWallet(Wallet.fromJson(args.getJSONObject("wallet")))
        "null"
    }

    val walletDelete: GemPortFn = jsonMethod<WalletStore>(GemStatus.STORE) { store, args ->
        store.deleteWallet(args.requireString("wallet_id"))
        "null"
    }

    // gem_wallet_session_store (SYNC)

    val currentWalletIdGet: GemPortFn = jsonMethod<WalletSessionStore>(GemStatus.STORE) { store, _ ->
        store.getCurrentWalletId()?.let { jsonStringOf(it) } ?: "null"
    }

    val currentWalletIdSet: GemPortFn = jsonMethod<WalletSessionStore>(GemStatus.STORE) { store, args ->
        if (!args.has("wallet_id")) throw IllegalArgumentException("\"wallet_id\" is missing")
        store.setCurrentWalletId(args.stringOrNull("wallet_id"))
        "null"
    }

    // gem_secure_store

    val secureGet: GemPortFn = jsonMethod<SecureStore>(GemStatus.STORE) { store, args ->
        store.get(args.requireString("key"))?.let { jsonStringOf(it) } ?: "null"
    }

    val secureSet: GemPortFn = jsonMethod<SecureStore>(GemStatus.STORE) { store, args ->
        store.set(args.requireString("key"), args.requireString("value"))
        "null"
    }

    val secureDelete: GemPortFn = jsonMethod<SecureStore>(GemStatus.STORE) { store, args ->
        store.delete(args.requireString("key"))
        "null"
    }

    // gem_keystore_password: raw bytes, handed over from wiped memory

    val passwordGet: GemPortFn = PortBridge.portMethod(
        KeystorePassword::class.java, GemStatus.PORT, GemStatus.STORE, inline = true, secret = true
    ) { password, _ -> password.getPassword() }

    init {
        val threads = CallbackThreadInitializer(true, false, "gemstone-core")
        listOf(
            walletsGet, walletGet, walletAdd, walletSave, walletDelete, currentWalletIdGet, currentWalletIdSet,
            secureGet, secureSet, secureDelete, passwordGet
        ).forEach { Native.setCallbackThreadInitializer(it, threads) }
    }

    fun walletStoreTable(context: Pointer) = GemWalletStoreTable().apply {
        this.context = context
        release = PortBridge.release
        get_wallets = walletsGet
        get_wallet = walletGet
        add_wallet = walletAdd
        save_wallet = walletSave
        delete_wallet = walletDelete
    }

    fun sessionStoreTable(context: Pointer) = GemWalletSessionStoreTable().apply {
        this.context = context
        release = PortBridge.release
        get_current_wallet_id = currentWalletIdGet
        set_current_wallet_id = currentWalletIdSet
    }

    fun secureStoreTable(context: Pointer) = GemSecureStoreTable().apply {
        this.context = context
        release = PortBridge.release
        get = secureGet
        set = secureSet
        delete_key = secureDelete
    }

    fun passwordTable(context: Pointer) = GemKeystorePasswordTable().apply {
        this.context = context
        release = PortBridge.release
        get_password = passwordGet
    }
}
