package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.name
import com.gemwallet.gemstone.isExisting
import com.gemwallet.gemstone.wallet
import com.gemwallet.gemstone.GemException
import com.gemwallet.gemstone.GemStatus
import com.gemwallet.gemstone.KeystorePassword
import com.gemwallet.gemstone.SecureStore
import com.gemwallet.gemstone.Wallet
import com.gemwallet.gemstone.WalletImport
import com.gemwallet.gemstone.WalletImportResult
import com.gemwallet.gemstone.WalletSessionStore
import com.gemwallet.gemstone.WalletStore
import java.io.File

/**
 * Every wallet command through the binding over SQLite: duplicate imports, rename, pin, switch,
 * delete (the secret goes with the wallet), export refusals, bad input and failing ports (nothing
 * half-written, nothing lost).
 */
class WalletOperationsTests : Suite {
    override val name = "wallet"

    private val ethereum = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94" // addresses.json, abandon phrase
    private val solana = "HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk" // addresses.json, abandon phrase

    /** A wallet store whose adds fail, as a full disk would. */
    private class FailingAdd(val inner: WalletStore) : WalletStore by inner {
        override fun addWallet(wallet: Wallet) = throw java.sql.SQLException("disk full")
    }

    /** A secure store whose writes fail. */
    private class FailingSecureSet(val inner: SecureStore) : SecureStore by inner {
        override fun set(key: String, value: String) = throw java.sql.SQLException("keystore locked")
    }

    /** A session store whose writes fail (and keep the old value). */
    private class FailingSessionSet(val inner: WalletSessionStore) : WalletSessionStore by inner {
        override fun setCurrentWalletId(walletId: String?) = throw java.sql.SQLException("session write refused")
    }

    /** A password port whose user refuses. */
    private class RefusingPassword : KeystorePassword {
        override fun getPassword(): ByteArray = throw GemException.local(GemStatus.PERMISSION_DENIED, "the user cancelled")
    }

    /** Counts updates of the wallets table through a trigger. */
    private fun WalletHost.countWalletUpdates(): () -> Int {
        database.read { connection ->
            connection.createStatement().apply {
                execute("CREATE TABLE IF NOT EXISTS wallet_writes (id TEXT NOT NULL)")
                execute("CREATE TRIGGER IF NOT EXISTS log_wallet_update AFTER UPDATE ON wallets BEGIN INSERT INTO wallet_writes VALUES (NEW.id); END")
                close()
            }
        }
        return { column("SELECT count(*) FROM wallet_writes").single().toInt() }
    }

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("importing a stored wallet again answers existing, duplicates nothing and makes it current") {
            WalletHost().use { host ->
                val first = host.wallets.importWallet(WalletImport.Multicoin(ABANDON_PHRASE, listOf("ethereum", "solana"), "First"))
                check(first is WalletImportResult.Imported) { "first import $first" }
                host.wallets.importWallet(WalletImport.View(solana, "solana"))
                val before = host.snapshot().filter { !it.startsWith("wallet_session") }
                checkEqual(true, host.wallets.previewImport(WalletImport.Multicoin("  ABANDON " + ABANDON_PHRASE.substringAfter(" "))).existing, "preview existing")
                val again = host.wallets.importWallet(WalletImport.Multicoin(ABANDON_PHRASE.toUpperCase(), listOf("bitcoin"), "Second"))
                check(again is WalletImportResult.Existing) { "second import $again" }
                checkEqual(first.wallet, again.wallet, "the existing wallet, unchanged")
                checkEqual(before, host.snapshot().filter { !it.startsWith("wallet_session") }, "rows after the second import")
                checkEqual(first.wallet.id, host.sessions.getCurrentWalletId(), "current after the second import")
                val watchedAgain = host.wallets.importWallet(WalletImport.View(solana, "solana"))
                check(watchedAgain.isExisting) { "second watch-only import $watchedAgain" }
                checkEqual(2, host.sessions.getWallets().size, "wallets")
            }
        },
        test("rename, pin and switch write what changed and refuse bad names and unknown ids") {
            WalletHost().use { host ->
                val wallet = host.wallets.importWallet(WalletImport.Single(ABANDON_PHRASE, "ethereum")).wallet
                val other = host.wallets.importWallet(WalletImport.View(solana, "solana")).wallet
                checkEqual("Wallet #1", wallet.name, "default name")
                checkEqual("Wallet #2", other.name, "second default name")
                val updates = host.countWalletUpdates()

                val renamed = host.wallets.renameWallet(wallet.id, "  Savings  ")
                checkEqual("Savings", renamed.name, "trimmed name")
                checkEqual(wallet.copy(name = "Savings"), renamed, "renamed wallet, all else unchanged")
                checkEqual(listOf("Savings"), host.column("SELECT name FROM wallets WHERE id = '${wallet.id}'"), "stored name")
                checkEqual(1, updates(), "rows updated by a rename")
                host.wallets.renameWallet(wallet.id, "Savings")
                checkEqual(1, updates(), "rows updated by a rename to the same name")
                for (bad in listOf("", "   ", "x".repeat(65), "tab\there", "line\nbreak")) {
                    val error = checkThrows<GemException.InvalidInput>("rename to <$bad>") { host.wallets.renameWallet(wallet.id, bad) }
                    checkEqual("invalid_input", error.record.getString("type"), "record type for <$bad>")
                }
                host.wallets.renameWallet(wallet.id, "y".repeat(64))
                host.wallets.renameWallet(wallet.id, "Savings")
                checkThrows<GemException.NotFound>("rename an unknown wallet") { host.wallets.renameWallet("view_ethereum_$ethereum", "X") }

                val pinned = host.wallets.setPinned(wallet.id, true)
                checkEqual(true, pinned.isPinned, "pinned")
                checkEqual(listOf("1"), host.column("SELECT is_pinned FROM wallets WHERE id = '${wallet.id}'"), "stored pin")
                checkEqual(renamed.copy(isPinned = true), host.sessions.requireWallet(wallet.id), "stored wallet after pin")
                checkEqual(false, host.wallets.setPinned(wallet.id, false).isPinned, "unpinned")
                checkThrows<GemException.NotFound>("pin an unknown wallet") { host.wallets.setPinned("view_ethereum_$ethereum", true) }

                checkEqual(other.id, host.sessions.getCurrentWalletId(), "current before switching")
                checkEqual(wallet.id, host.wallets.setCurrentWalletId(wallet.id).id, "switched")
                checkEqual(wallet.id, host.sessions.getCurrentWalletId(), "current after switching")
                checkEqual(wallet.id, host.storedCurrentWalletId(), "stored current after switching")
                checkThrows<GemException.NotFound>("switch to an unknown wallet") { host.wallets.setCurrentWalletId("view_ethereum_$ethereum") }
                checkEqual(wallet.id, host.sessions.getCurrentWalletId(), "current after a refused switch")
                checkThrows<GemException.NotFound>("require an unknown wallet") { host.sessions.requireWallet("view_ethereum_$ethereum") }
                checkEqual(null, host.sessions.getWallet("view_ethereum_$ethereum"), "get an unknown wallet")
            }
        },
        test("delete removes the wallet, its accounts and its secret, and moves the current wallet") {
            WalletHost().use { host ->
                val a = host.wallets.importWallet(WalletImport.Multicoin(ABANDON_PHRASE, listOf("bitcoin", "ethereum"))).wallet
                val b = host.wallets.importWallet(WalletImport.Single(ABANDON_PHRASE, "solana")).wallet
                val c = host.wallets.createWallet().wallet
                checkEqual(listOf(a.externalId, b.externalId, c.externalId), host.keystoreKeys(), "keystore rows")
                checkEqual(c.id, host.sessions.getCurrentWalletId(), "current before delete")

                val deleted = host.wallets.deleteWallet(c.id)
                checkEqual(c.id, deleted.deletedWalletId, "deleted id")
                checkEqual(a.id, deleted.currentWalletId, "current after deleting the current wallet (the first remaining)")
                checkEqual(a.id, host.sessions.getCurrentWalletId(), "stored current after delete")
                checkEqual(listOf(a.id, b.id), host.walletIds(), "wallet rows")
                checkEqual(listOf(a.externalId, b.externalId), host.keystoreKeys(), "keystore rows: the secret went with the wallet")
                check(host.accountRows().none { it.startsWith(c.id) }) { "accounts of the deleted wallet remain" }
                checkThrows<GemException.NotFound>("export a deleted wallet") { host.wallets.exportSecret(c.id) }

                val second = host.wallets.deleteWallet(b.id)
                checkEqual(a.id, second.currentWalletId, "current after deleting another wallet")
                checkEqual(listOf(a.externalId), host.keystoreKeys(), "keystore rows after the second delete")
                checkEqual(ABANDON_PHRASE, host.wallets.exportSecret(a.id).value, "the remaining wallet still exports")

                val last = host.wallets.deleteWallet(a.id)
                checkEqual(null, last.currentWalletId, "current after deleting the last wallet")
                checkEqual(null, host.sessions.getCurrentWallet(), "current wallet when none remains")
                checkEqual(emptyList<String>(), host.walletIds() + host.keystoreKeys() + host.accountRows(), "rows left")
                checkThrows<GemException.NotFound>("delete an unknown wallet") { host.wallets.deleteWallet(a.id) }
            }
        },
        test("a watch-only wallet cannot export; a missing or damaged record and a wrong password are refused") {
            val directory = temporaryDirectory()
            WalletHost(directory).use { host ->
                val watched = host.wallets.importWallet(WalletImport.View(ethereum, "ethereum")).wallet
                val error = checkThrows<GemException.InvalidInput>("export a watch-only wallet") { host.wallets.exportSecret(watched.id) }
                checkEqual("invalid_input", error.record.getString("type"), "record type")
                check(!host.passwordFile.exists()) { "a watch-only export asked the password" }

                val wallet = host.wallets.importWallet(WalletImport.Single(ABANDON_PHRASE, "ethereum")).wallet
                val key = wallet.externalId!!
                val record = host.column("SELECT value FROM keystore WHERE key = '$key'").single()

                // A different password: the record fails to open, as a wrong password.
                val password = host.passwordFile.readBytes()
                host.passwordFile.writeBytes(ByteArray(32) { (password[it] + 1).toByte() })
                val wrong = checkThrows<GemException.Crypto>("export with another password") { host.wallets.exportSecret(wallet.id) }
                checkEqual("crypto", wrong.record.getString("type"), "record type")
                check(wrong.message!!.contains("password")) { "message ${wrong.message}" }
                host.passwordFile.writeBytes(password)
                checkEqual(ABANDON_PHRASE, host.wallets.exportSecret(wallet.id).value, "export with the password back")

                // A damaged record.
                val tampered = org.json.JSONObject(record)
                check(tampered.has("ciphertext")) { "record keys ${tampered.keys().asSequence().toList()}" }
                val ciphertext = tampered.getString("ciphertext")
                tampered.put("ciphertext", (if (ciphertext[0] == '0') "1" else "0") + ciphertext.substring(1))
                host.ports.secureStore.set(key, tampered.toString())
                checkThrows<GemException.Crypto>("export a modified record") { host.wallets.exportSecret(wallet.id) }

                // A missing record.
                host.ports.secureStore.delete(key)
                checkThrows<GemException.NotFound>("export without a keystore record") { host.wallets.exportSecret(wallet.id) }
            }
        },
        test("bad input is a GemException with its record, before any write, and loses nothing") {
            WalletHost().use { host ->
                host.wallets.importWallet(WalletImport.Single(ABANDON_PHRASE, "solana"))
                val kept = host.wallets.importWallet(WalletImport.View(ethereum, "ethereum")).wallet
                val password = host.passwordFile.readBytes()
                val before = host.snapshot()
                val badChecksum = "abandon ".repeat(11) + "abandon"
                val cases = listOf(
                    WalletImport.Multicoin(badChecksum),
                    WalletImport.Multicoin("abandon ".repeat(11) + "gemstonez"),
                    WalletImport.Multicoin("abandon ".repeat(10) + "about"),
                    WalletImport.Multicoin(""),
                    WalletImport.Single(badChecksum, "bitcoin"),
                    WalletImport.PrivateKey("0x1234", "ethereum"),
                    WalletImport.PrivateKey("zz" + "11".repeat(31), "ethereum"),
                    WalletImport.PrivateKey("11".repeat(32), "bitcoin"),
                    WalletImport.PrivateKey("00".repeat(32), "ethereum"),
                    WalletImport.View("0x9858EfFD232B4033E47d90003D41EC34EcaEda9", "ethereum"),
                    WalletImport.View("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", "litecoin"),
                    WalletImport.Single(ABANDON_PHRASE, "ethereum", "n".repeat(65))
                )
                for (request in cases) {
                    val error = checkThrows<GemException>("import $request") { host.wallets.importWallet(request) }
                    check(error is GemException.InvalidInput) { "import $request: $error" }
                    checkEqual("invalid_input", error.record.getString("type"), "record type of $request")
                    check(error.record.getString("message").isNotEmpty()) { "no message for $request" }
                    check(!error.record.toString().contains("abandon abandon")) { "the phrase reached the error record: ${error.record}" }
                    check(!error.record.toString().contains("11".repeat(32))) { "the key reached the error record: ${error.record}" }
                    // A preview names no wallet, so only the secret or address is checked there.
                    if (request.name == null) checkThrows<GemException.InvalidInput>("preview $request") { host.wallets.previewImport(request) }
                }
                checkEqual(before, host.snapshot(), "rows after bad imports")
                check(password.contentEquals(host.passwordFile.readBytes())) { "the password file changed" }
                checkEqual(kept, host.sessions.getCurrentWallet(), "current wallet after bad imports")
                checkEqual(ABANDON_PHRASE, host.wallets.exportSecret(host.walletIds().first()).value, "the stored secret is intact")
            }
        },
        test("a failing write at any step of an import leaves no wallet and no secret") {
            val steps = listOf<Pair<String, (WalletPorts) -> WalletPorts>>(
                "secure store" to { ports -> ports.copy(secureStore = FailingSecureSet(ports.secureStore)) },
                "wallet store" to { ports -> ports.copy(store = FailingAdd(ports.store)) },
                "session store" to { ports -> ports.copy(sessionStore = FailingSessionSet(ports.sessionStore)) }
            )
            for ((step, wrap) in steps) {
                WalletHost(ports = wrap).use { host ->
                    val before = host.snapshot()
                    val error = checkThrows<GemException>("import with a failing $step") {
                        host.wallets.importWallet(WalletImport.Multicoin(ABANDON_PHRASE, listOf("ethereum")))
                    }
                    check(error.status == GemStatus.STORE) { "$step: $error" }
                    checkEqual(before, host.snapshot(), "rows after a failing $step")
                    checkEqual(emptyList<Any>(), host.sessions.getWallets(), "wallets after a failing $step")
                    checkThrows<GemException>("create with a failing $step") { host.wallets.createWallet() }
                    checkEqual(before, host.snapshot(), "rows after a create with a failing $step")
                }
            }
        },
        test("a refused password fails the import with PERMISSION_DENIED and writes nothing") {
            WalletHost(ports = { it.copy(password = RefusingPassword()) }).use { host ->
                val error = checkThrows<GemException.PermissionDenied>("import with a refused password") {
                    host.wallets.importWallet(WalletImport.Single(ABANDON_PHRASE, "ethereum"))
                }
                checkEqual("permission_denied", error.record.getString("type"), "record type")
                checkEqual(emptyList<String>(), host.snapshot(), "rows")
                // A watch-only wallet needs no password.
                host.wallets.importWallet(WalletImport.View(ethereum, "ethereum"))
                checkEqual(1, host.walletIds().size, "watch-only wallets")
            }
        },
        test("a password file open to others, too short or not a file is refused") {
            val directory = temporaryDirectory()
            val passwordFile = File(directory, "keystore.secret")
            WalletHost(directory, passwordFile).use { host ->
                val request = WalletImport.Single(ABANDON_PHRASE, "ethereum")
                host.wallets.previewImport(request)
                passwordFile.writeBytes(ByteArray(32) { it.toByte() })
                java.nio.file.Files.setPosixFilePermissions(passwordFile.toPath(), java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"))
                checkThrows<GemException.PermissionDenied>("a world-readable password file") { host.wallets.importWallet(request) }
                java.nio.file.Files.setPosixFilePermissions(passwordFile.toPath(), java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"))
                passwordFile.writeBytes(ByteArray(15))
                checkThrows<GemException.Store>("a 15-byte password file") { host.wallets.importWallet(request) }
                passwordFile.delete()
                java.nio.file.Files.createSymbolicLink(passwordFile.toPath(), File(directory, "elsewhere").toPath())
                File(directory, "elsewhere").writeBytes(ByteArray(32))
                checkThrows<GemException.PermissionDenied>("a symbolic link") { host.wallets.importWallet(request) }
                checkEqual(emptyList<String>(), host.snapshot(), "rows after refused passwords")
                passwordFile.delete()
                checkEqual(false, host.wallets.importWallet(request).isExisting, "import once the file is made afresh")
            }
        }
    )
}
