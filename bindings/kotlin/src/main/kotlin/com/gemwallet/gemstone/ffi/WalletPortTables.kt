package com.gemwallet.gemstone.ffi

import com.sun.jna.Pointer
import com.sun.jna.Structure

// The wallet port tables of gemstone.h ("Wallets"), field for field, as in PortTables.kt: each sets
// struct_size to its own size; the core copies the table when a service is made, and the callbacks
// and the context stay valid until the core calls `release(context)`.

/** `gem_wallet_store` (async; called on a core thread where blocking is allowed). */
@Structure.FieldOrder("struct_size", "context", "release", "get_wallets", "get_wallet", "add_wallet", "save_wallet", "delete_wallet")
class GemWalletStoreTable : Structure() {
    @JvmField var struct_size: Int = 0
    @JvmField var context: Pointer? = null
    @JvmField var release: GemReleaseFn? = null
    @JvmField var get_wallets: GemPortFn? = null
    @JvmField var get_wallet: GemPortFn? = null
    @JvmField var add_wallet: GemPortFn? = null
    @JvmField var save_wallet: GemPortFn? = null
    @JvmField var delete_wallet: GemPortFn? = null

    init {
        struct_size = size()
    }
}

/** `gem_wallet_session_store` (SYNC: every method answers before returning). */
@Structure.FieldOrder("struct_size", "context", "release", "get_current_wallet_id", "set_current_wallet_id")
class GemWalletSessionStoreTable : Structure() {
    @JvmField var struct_size: Int = 0
    @JvmField var context: Pointer? = null
    @JvmField var release: GemReleaseFn? = null
    @JvmField var get_current_wallet_id: GemPortFn? = null
    @JvmField var set_current_wallet_id: GemPortFn? = null

    init {
        struct_size = size()
    }
}

/** `gem_secure_store` (async; answering inline is fine). */
@Structure.FieldOrder("struct_size", "context", "release", "get", "set", "delete_key")
class GemSecureStoreTable : Structure() {
    @JvmField var struct_size: Int = 0
    @JvmField var context: Pointer? = null
    @JvmField var release: GemReleaseFn? = null
    @JvmField var get: GemPortFn? = null
    @JvmField var set: GemPortFn? = null
    @JvmField var delete_key: GemPortFn? = null

    init {
        struct_size = size()
    }
}

/** `gem_keystore_password` (async; the answer is raw bytes, not JSON). */
@Structure.FieldOrder("struct_size", "context", "release", "get_password")
class GemKeystorePasswordTable : Structure() {
    @JvmField var struct_size: Int = 0
    @JvmField var context: Pointer? = null
    @JvmField var release: GemReleaseFn? = null
    @JvmField var get_password: GemPortFn? = null

    init {
        struct_size = size()
    }
}
