package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.wallet
import com.gemwallet.gemstone.GemException
import com.gemwallet.gemstone.GemStatus
import com.gemwallet.gemstone.Gemstone
import com.gemwallet.gemstone.KeystorePasswordFile
import com.gemwallet.gemstone.PortBridge
import com.gemwallet.gemstone.SqliteDatabase
import com.gemwallet.gemstone.SqliteSecureStore
import com.gemwallet.gemstone.SqliteWalletSessionStore
import com.gemwallet.gemstone.SqliteWalletStore
import com.gemwallet.gemstone.WalletImport
import com.gemwallet.gemstone.WalletPortBridge
import com.gemwallet.gemstone.WalletService
import com.gemwallet.gemstone.WalletSessionService
import com.gemwallet.gemstone.await
import com.gemwallet.gemstone.ffi.GemBuffer
import com.gemwallet.gemstone.ffi.GemCompletionFn
import com.gemwallet.gemstone.ffi.GemKeystorePasswordTable
import com.gemwallet.gemstone.ffi.GemSecureStoreTable
import com.gemwallet.gemstone.ffi.GemWalletSessionStoreTable
import com.gemwallet.gemstone.ffi.GemWalletStoreTable
import com.gemwallet.gemstone.ffi.SizeT
import com.sun.jna.Pointer
import com.sun.jna.ptr.PointerByReference
import java.io.File
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit

/**
 * NULL and malformed input to the wallet and address functions, through the raw ABI and through
 * the classes: each gives a status and a readable error record (a GemException carrying it), each
 * async command completes exactly once, nothing crashes, and nothing stored is lost.
 */
class WalletInvalidInputTests : Suite {
    override val name = "wallet-invalid-input"

    private val library = Gemstone.library

    private class RawCompletion : GemCompletionFn {
        val outcome = CompletableFuture<Pair<Int, String>>()
        override fun invoke(context: Pointer?, status: Int, data: Pointer?, len: SizeT) {
            val text = data?.getByteArray(0, len.toInt())?.toString(Charsets.UTF_8) ?: ""
            if (!outcome.complete(status to text)) outcome.obtrudeValue(-1000 to "completed twice")
        }
    }

    private fun checkRecord(outcome: Pair<Int, ByteArray>, expected: Int, what: String): GemException =
        checkRecord(outcome.first, outcome.second, expected, what)

    private fun checkRecord(status: Int, bytes: ByteArray, expected: Int, what: String): GemException {
        checkEqual(expected, status, "$what status")
        val error = GemException.of(status, bytes)
        checkEqual(GemStatus.name(expected), error.record.optString("type"), "$what record type")
        check(error.record.optString("message").length > 0) { "$what: record without message: ${error.record}" }
        return error
    }

    private fun rawBuffer(call: (GemBuffer) -> Int): Pair<Int, ByteArray> {
        val buffer = GemBuffer()
        val status = call(buffer)
        val bytes = buffer.bytes()
        library.gem_buffer_free(buffer)
        return status to bytes
    }

    private fun rawAsync(begin: (GemCompletionFn) -> Int): Pair<Int, String> {
        val completion = RawCompletion()
        checkEqual(GemStatus.OK, begin(completion), "start status")
        val outcome = completion.outcome.get(10, TimeUnit.SECONDS)
        Thread.sleep(20) // a second call would land here
        checkEqual(outcome, completion.outcome.getNow(null), "completion called once")
        return outcome
    }

    /** A GemException whose record's type names its status. */
    private fun checkFailure(what: String, body: () -> Any?): GemException {
        val error = checkThrows<GemException>(what, body)
        checkEqual(GemStatus.name(error.status), error.record.optString("type"), "$what record type")
        check(error.record.optString("message").length > 0) { "$what: record without message" }
        return error
    }

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("NULL arguments to the synchronous functions give INVALID_ARGUMENT with a record") {
            val cases = listOf<Pair<String, (GemBuffer) -> Int>>(
                "session get_current_wallet_id(NULL)" to { out -> library.gem_wallet_session_service_get_current_wallet_id(null, out) },
                "address_validate(NULL chain)" to { out -> library.gem_address_validate(null, "0x00", out) },
                "address_validate(NULL address)" to { out -> library.gem_address_validate("ethereum", null, out) },
                "address_validate(unknown chain)" to { out -> library.gem_address_validate("notachain", "x", out) },
                "session_service_new(NULL tables)" to { out -> library.gem_wallet_session_service_new(null, null, null, PointerByReference(), out) },
                "wallet_service_new(NULL tables)" to { out ->
                    library.gem_wallet_service_new(null, null, null, null, null, PointerByReference(), out)
                }
            )
            for ((what, call) in cases) {
                val (status, bytes) = rawBuffer(call)
                checkRecord(status, bytes, GemStatus.INVALID_ARGUMENT, what)
            }
            // A NULL out with valid arguments: the library (at this writing) answers GEM_OK and drops the
            // answer, while the header lists "NULL arguments" as GEM_ERR_INVALID_ARGUMENT. Either is safe
            // here; what must not happen is a crash or another status.
            val nullOut = library.gem_address_validate("ethereum", "0x00", null)
            check(nullOut == GemStatus.OK || nullOut == GemStatus.INVALID_ARGUMENT) { "NULL out: status $nullOut" }
            checkEqual(GemStatus.INVALID_ARGUMENT, library.gem_address_validate(null, "0x00", null), "NULL chain and out")
            checkEqual(GemStatus.INVALID_ARGUMENT, library.gem_wallet_session_service_get_current_wallet_id(null, null), "NULL service and out")
            library.gem_wallet_session_service_free(null)
            library.gem_wallet_service_free(null)
        },
        test("async commands on a NULL service complete once with INVALID_ARGUMENT; a NULL done is refused") {
            val cases = listOf<Pair<String, (GemCompletionFn?) -> Int>>(
                "get_wallets" to { done -> library.gem_wallet_session_service_get_wallets(null, done, null) },
                "get_wallet" to { done -> library.gem_wallet_session_service_get_wallet(null, "view_ethereum_0x00", done, null) },
                "require_wallet" to { done -> library.gem_wallet_session_service_require_wallet(null, "x", done, null) },
                "get_current_wallet" to { done -> library.gem_wallet_session_service_get_current_wallet(null, done, null) },
                "create_wallet" to { done -> library.gem_wallet_service_create_wallet(null, null, done, null) },
                "import_wallet" to { done -> library.gem_wallet_service_import_wallet(null, "{}", done, null) },
                "preview_import" to { done -> library.gem_wallet_service_preview_import(null, "{}", done, null) },
                "rename_wallet" to { done -> library.gem_wallet_service_rename_wallet(null, "x", "y", done, null) },
                "set_pinned" to { done -> library.gem_wallet_service_set_pinned(null, "x", 1, done, null) },
                "delete_wallet" to { done -> library.gem_wallet_service_delete_wallet(null, "x", done, null) },
                "set_current_wallet_id" to { done -> library.gem_wallet_service_set_current_wallet_id(null, "x", done, null) },
                "export_secret" to { done -> library.gem_wallet_service_export_secret(null, "x", done, null) }
            )
            for ((what, begin) in cases) {
                val (status, text) = rawAsync { begin(it) }
                checkRecord(status, text.toByteArray(), GemStatus.INVALID_ARGUMENT, what)
                checkEqual(GemStatus.INVALID_ARGUMENT, begin(null), "$what with a NULL done")
            }
        },
        test("port tables too small or missing a method are refused") {
            val directory = temporaryDirectory()
            SqliteDatabase(File(directory, "wallet.db").path).use { database ->
                val live = PortBridge.liveCount
                val contexts = listOf(
                    SqliteWalletStore(database), SqliteWalletSessionStore(database), SqliteSecureStore(database),
                    KeystorePasswordFile(File(directory, "secret"))
                ).map { PortBridge.register(it) }
                // Complete tables but for the one change each case makes.
                fun tables() = listOf(
                    WalletPortBridge.walletStoreTable(contexts[0]), WalletPortBridge.sessionStoreTable(contexts[1]),
                    WalletPortBridge.secureStoreTable(contexts[2]), WalletPortBridge.passwordTable(contexts[3])
                )
                fun newService(tables: List<com.sun.jna.Structure>, out: GemBuffer) = library.gem_wallet_service_new(
                    null, tables[0] as GemWalletStoreTable, tables[1] as GemWalletSessionStoreTable,
                    tables[2] as GemSecureStoreTable, tables[3] as GemKeystorePasswordTable, PointerByReference(), out
                )
                for (index in 0 until 4) {
                    val small = tables().also { it[index].writeField("struct_size", 8) }
                    checkRecord(rawBuffer { newService(small, it) }, GemStatus.INVALID_ARGUMENT, "table $index with struct_size 8")
                }
                val missing = listOf<(List<com.sun.jna.Structure>) -> Unit>(
                    { (it[0] as GemWalletStoreTable).add_wallet = null },
                    { (it[1] as GemWalletSessionStoreTable).set_current_wallet_id = null },
                    { (it[2] as GemSecureStoreTable).delete_key = null },
                    { (it[3] as GemKeystorePasswordTable).get_password = null }
                )
                for ((index, remove) in missing.withIndex()) {
                    val tables = tables().also(remove)
                    checkRecord(rawBuffer { newService(tables, it) }, GemStatus.INVALID_ARGUMENT, "table $index missing a method")
                }
                val small = tables().also { it[1].writeField("struct_size", 8) }
                checkRecord(
                    rawBuffer { library.gem_wallet_session_service_new(null, small[0] as GemWalletStoreTable, small[1] as GemWalletSessionStoreTable, PointerByReference(), it) },
                    GemStatus.INVALID_ARGUMENT, "session service with a small session table"
                )
                // The complete tables are accepted (and then released).
                val out = PointerByReference()
                checkEqual(GemStatus.OK, rawBuffer { library.gem_wallet_service_new(null, tables()[0] as GemWalletStoreTable,
                    tables()[1] as GemWalletSessionStoreTable, tables()[2] as GemSecureStoreTable, tables()[3] as GemKeystorePasswordTable, out, it) }.first,
                    "complete tables")
                library.gem_wallet_service_free(out.value)
                eventually(what = "the accepted tables released") { PortBridge.liveCount == live }
            }
        },
        test("a refused constructor gives every port context back") {
            val directory = temporaryDirectory()
            SqliteDatabase(File(directory, "wallet.db").path).use { database ->
                val store = SqliteWalletStore(database)
                val session = SqliteWalletSessionStore(database)
                val secure = SqliteSecureStore(database)
                val password = KeystorePasswordFile(File(directory, "secret"))
                val live = PortBridge.liveCount
                for ((iterations, memory) in listOf(1 to null, 11 to null, null to 1024, null to 2_000_000, 2 to 19455)) {
                    val error = checkFailure("kdf $iterations/$memory") { WalletService(store, session, secure, password, iterations, memory) }
                    checkEqual(GemStatus.INVALID_ARGUMENT, error.status, "status for kdf $iterations/$memory")
                }
                for (config in listOf("", "{", "[]", "{\"kdf_iterations\":\"2\"}", "{\"kdf_memory_kib\":-1}")) {
                    val (status, bytes) = rawBuffer {
                        library.gem_wallet_service_new(config, null, null, null, null, PointerByReference(), it)
                    }
                    checkRecord(status, bytes, GemStatus.INVALID_ARGUMENT, "config <$config>")
                }
                checkEqual(live, PortBridge.liveCount, "port contexts held after refused constructors")
                WalletService(store, session, secure, password, 2, 19456).close()
                WalletSessionService(store, session).close()
                eventually(what = "tables released after close") { PortBridge.liveCount == live }
            }
        },
        test("malformed import, create and id arguments are GemExceptions, and nothing stored is lost") {
            WalletHost().use { host ->
                val kept = host.wallets.importWallet(WalletImport.Single(ABANDON_PHRASE, "ethereum")).wallet
                val before = host.snapshot()
                val imports = listOf(
                    null, "", "{", "[]", "{}", "null", "{\"type\":\"unknown\"}", "{\"type\":\"multicoin\"}",
                    "{\"type\":\"multicoin\",\"phrase\":1}", "{\"type\":\"single\",\"phrase\":\"$ABANDON_PHRASE\"}",
                    "{\"type\":\"view\",\"address\":\"x\",\"chain\":\"notachain\"}",
                    "{\"type\":\"multicoin\",\"phrase\":\"$ABANDON_PHRASE\",\"chains\":\"bitcoin\"}",
                    "{\"type\":\"private_key\",\"key\":\"11\",\"chain\":\"ethereum\"}",
                    "{\"type\":\"view\",\"address\":\"0x9858EfFD232B4033E47d90003D41EC34EcaEda94\",\"chain\":\"ethereum\"} trailing"
                )
                for (json in imports) {
                    checkThrows<GemException.InvalidArgument>("import <$json>") { host.wallets.importWalletJsonAsync(json).await() }
                    checkThrows<GemException.InvalidArgument>("preview <$json>") { host.wallets.previewImportJsonAsync(json).await() }
                }
                for (json in listOf("", "{", "[]", "{\"word_count\":\"12\"}", "{\"chains\":[\"notachain\"]}", "{\"name\":5}")) {
                    checkThrows<GemException.InvalidArgument>("create <$json>") { host.wallets.createWalletJsonAsync(json).await() }
                }
                for (json in listOf("{\"word_count\":13}", "{\"word_count\":0}")) {
                    checkFailure("create <$json>") { host.wallets.createWalletJsonAsync(json).await() }
                }
                for (id in listOf(null, "", "nonsense", "multicoin_", "view_notachain_x")) {
                    checkFailure("rename <$id>") { host.wallets.renameWalletAsync(id, "X").await() }
                    checkFailure("pin <$id>") { host.wallets.setPinnedAsync(id, true).await() }
                    checkFailure("delete <$id>") { host.wallets.deleteWalletAsync(id).await() }
                    checkFailure("switch <$id>") { host.wallets.setCurrentWalletIdAsync(id).await() }
                    checkFailure("export <$id>") { host.wallets.exportSecretAsync(id).await() }
                    checkFailure("require <$id>") { host.sessions.requireWalletAsync(id).await() }
                }
                checkThrows<GemException.InvalidArgument>("get_wallet(NULL)") { host.sessions.getWalletAsync(null).await() }
                checkThrows<GemException.InvalidArgument>("rename to NULL") { host.wallets.renameWalletAsync(kept.id, null).await() }
                checkEqual(before, host.snapshot(), "rows after malformed input")
                checkEqual(ABANDON_PHRASE, host.wallets.exportSecret(kept.id).value, "the stored secret is intact")
            }
        },
        test("a closed service refuses commands without reaching the core") {
            val host = WalletHost()
            host.close()
            checkThrows<IllegalStateException>("a command after close") { host.wallets.exportSecret("x") }
            checkThrows<IllegalStateException>("a read after close") { host.sessions.getWallets() }
            checkThrows<IllegalStateException>("a sync read after close") { host.sessions.getCurrentWalletId() }
            host.wallets.close()
        }
    )
}
