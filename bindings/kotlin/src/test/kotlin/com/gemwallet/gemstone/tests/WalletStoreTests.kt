package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.isWatchOnly
import com.gemwallet.gemstone.account
import com.gemwallet.gemstone.isExisting
import com.gemwallet.gemstone.GemException

import com.gemwallet.gemstone.Account
import com.gemwallet.gemstone.AddressErrorType
import com.gemwallet.gemstone.AddressValidation
import com.gemwallet.gemstone.Copy
import com.gemwallet.gemstone.CopyKind
import com.gemwallet.gemstone.SqliteDatabase
import com.gemwallet.gemstone.SqliteSecureStore
import com.gemwallet.gemstone.SqliteWalletSessionStore
import com.gemwallet.gemstone.SqliteWalletStore
import com.gemwallet.gemstone.Wallet
import com.gemwallet.gemstone.WalletCreated
import com.gemwallet.gemstone.WalletDeleted
import com.gemwallet.gemstone.WalletImport
import com.gemwallet.gemstone.WalletImportResult
import com.gemwallet.gemstone.WalletPreview
import com.gemwallet.gemstone.WalletSource
import com.gemwallet.gemstone.WalletType
import org.json.JSONObject
import java.io.File
import java.sql.SQLException

/** The wallet records' JSON (snake_case keys, absent optionals left out, secrets never printed) and the SQLite wallet stores on their own. */
class WalletStoreTests : Suite {
    override val name = "wallet-sqlite"

    private val main = Wallet(
        id = "multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94", externalId = "multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94",
        name = "Main", index = 1, type = WalletType.MULTICOIN,
        accounts = listOf(
            Account("bitcoin", "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", "m/84'/0'/0'/0/0", "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs"),
            Account("ethereum", "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", "m/44'/60'/0'/0/0")
        ),
        order = 0, isPinned = false, imageUrl = null, source = WalletSource.IMPORT
    )
    private val watched = Wallet(
        id = "view_solana_HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk", externalId = null, name = "Watched", index = 2,
        type = WalletType.VIEW, accounts = listOf(Account("solana", "HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk", "")),
        order = 1, isPinned = true, imageUrl = "https://example.com/w.png", source = WalletSource.IMPORT
    )

    private fun fresh(): Pair<SqliteDatabase, SqliteWalletStore> {
        val database = SqliteDatabase(File(temporaryDirectory(), "wallet.db").path)
        val store = SqliteWalletStore(database)
        database.read { connection ->
            connection.createStatement().apply {
                execute("CREATE TABLE writes (kind TEXT NOT NULL)")
                for (table in listOf("wallets", "accounts")) for (op in listOf("INSERT", "UPDATE", "DELETE")) {
                    execute("CREATE TRIGGER log_${table}_$op AFTER $op ON $table BEGIN INSERT INTO writes VALUES ('$op $table'); END")
                }
                close()
            }
        }
        return database to store
    }

    private fun SqliteDatabase.writes(): List<String> = read { connection ->
        connection.createStatement().executeQuery("SELECT kind FROM writes ORDER BY rowid").let { rows ->
            val writes = ArrayList<String>()
            while (rows.next()) writes.add(rows.getString(1))
            rows.close()
            writes
        }
    }

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("a wallet record writes snake_case keys, leaves absent optionals out and reads back") {
            val json = main.toJson()
            checkEqual(setOf("id", "external_id", "name", "index", "type", "accounts", "order", "is_pinned", "source"), json.keys().asSequence().toSet(), "keys")
            checkEqual(setOf("chain", "address", "derivation_path"), json.getJSONArray("accounts").getJSONObject(1).keys().asSequence().toSet(), "account keys")
            checkEqual(main, Wallet.fromJson(JSONObject(json.toString())), "round trip")
            checkEqual(watched, Wallet.fromJson(JSONObject(watched.toJson().toString())), "round trip with every optional")
            checkEqual(false, watched.toJson().has("external_id"), "watch-only external id left out")
            check(watched.isWatchOnly && !main.isWatchOnly) { "isWatchOnly" }
            checkEqual(main.accounts[1], main.account("ethereum"), "account(chain)")
        },
        test("a wrong type, a missing key or an unknown enum is rejected when reading a wallet") {
            val good = main.toJson().toString()
            for ((what, json) in listOf(
                "index as string" to good.replace("\"index\":1", "\"index\":\"1\""),
                "unknown type" to good.replace("\"type\":\"multicoin\"", "\"type\":\"hardware\""),
                "unknown source" to good.replace("\"source\":\"import\"", "\"source\":\"cloud\""),
                "no accounts" to JSONObject(good).apply { remove("accounts") }.toString(),
                "pin as number" to good.replace("\"is_pinned\":false", "\"is_pinned\":0")
            )) {
                checkThrows<IllegalArgumentException>(what) { Wallet.fromJson(JSONObject(json)) }
            }
        },
        test("import requests write the header's shapes and never print the secret") {
            checkEqual(
                JSONObject("{\"type\":\"multicoin\",\"phrase\":\"$ABANDON_PHRASE\",\"chains\":[\"bitcoin\"],\"name\":\"M\"}").toString(),
                JSONObject(WalletImport.Multicoin(ABANDON_PHRASE, listOf("bitcoin"), "M").toJson().toString()).toString(),
                "multicoin"
            )
            checkEqual(setOf("type", "phrase"), WalletImport.Multicoin(ABANDON_PHRASE).toJson().keys().asSequence().toSet(), "multicoin defaults")
            checkEqual("private_key", WalletImport.PrivateKey("k", "ethereum").toJson().getString("type"), "private key type")
            checkEqual("k", WalletImport.PrivateKey("k", "ethereum").toJson().getString("private_key"), "private key field")
            checkEqual(setOf("type", "address", "chain"), WalletImport.View("a", "ethereum").toJson().keys().asSequence().toSet(), "view")
            for (request in listOf(WalletImport.Multicoin(ABANDON_PHRASE), WalletImport.Single(ABANDON_PHRASE, "solana"))) {
                check(!request.toString().contains("abandon")) { "toString shows the phrase: $request" }
            }
            val key = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
            check(!WalletImport.PrivateKey(key, "ethereum").toString().contains(key)) { "toString shows the key" }
            checkEqual(WalletImport.Single(ABANDON_PHRASE, "solana"), WalletImport.Single(ABANDON_PHRASE, "solana"), "equality")
        },
        test("results and validations read their records") {
            val imported = WalletImportResult.fromJson(JSONObject().put("type", "imported").put("wallet", main.toJson()))
            checkEqual(WalletImportResult.Imported(main), imported, "imported")
            check(WalletImportResult.fromJson(JSONObject().put("type", "existing").put("wallet", main.toJson())).isExisting) { "existing" }
            checkThrows<IllegalArgumentException>("unknown result") { WalletImportResult.fromJson(JSONObject().put("type", "merged").put("wallet", main.toJson())) }
            checkEqual(
                WalletPreview(main.id, WalletType.MULTICOIN, main.accounts, false),
                WalletPreview.fromJson(JSONObject().put("wallet_id", main.id).put("wallet_type", "multicoin").put("accounts", Account.listToJson(main.accounts)).put("existing", false)),
                "preview"
            )
            checkEqual(WalletDeleted("a", null), WalletDeleted.fromJson(JSONObject("{\"deleted_wallet_id\":\"a\"}")), "deleted, none left")
            val phrase = Copy.fromJson(JSONObject("{\"kind\":{\"type\":\"secret_phrase\"},\"value\":\"$ABANDON_PHRASE\",\"display\":\"\"}"))
            checkEqual<CopyKind>(CopyKind.SecretPhrase, phrase.kind, "phrase kind")
            check(!WalletCreated(main, phrase).toString().contains("abandon")) { "WalletCreated shows the phrase" }
            checkEqual(
                AddressValidation.Invalid("cosmos", com.gemwallet.gemstone.AddressError(AddressErrorType.WRONG_PREFIX, "m", "cosmos", "osmo")),
                AddressValidation.fromJson(JSONObject("{\"chain\":\"cosmos\",\"error\":{\"type\":\"wrong_prefix\",\"message\":\"m\",\"expected\":\"cosmos\",\"found\":\"osmo\"}}")),
                "wrong prefix"
            )
            checkThrows<IllegalArgumentException>("unknown address error") {
                AddressValidation.fromJson(JSONObject("{\"chain\":\"cosmos\",\"error\":{\"type\":\"too_pretty\",\"message\":\"m\"}}"))
            }
        },
        test("wallets and their accounts are stored, read back in the user's order, and deleted together") {
            val (database, store) = fresh()
            database.use {
                store.addWallet(watched)
                store.addWallet(main)
                checkEqual(listOf(main, watched), store.getWallets(), "by order")
                checkEqual(watched, store.getWallet(watched.id), "get")
                checkEqual(null, store.getWallet("view_ethereum_0x00"), "get unknown")
                store.deleteWallet(main.id)
                checkEqual(listOf(watched), store.getWallets(), "after delete")
                checkEqual(listOf(1), database.read { c -> c.createStatement().executeQuery("SELECT count(*) FROM accounts").let { r -> r.next(); listOf(r.getInt(1)).also { r.close() } } }, "account rows after delete")
                store.deleteWallet("view_ethereum_0x00")
            }
        },
        test("adding an id already stored fails with a GemException.Store and writes nothing") {
            val (database, store) = fresh()
            database.use {
                store.addWallet(main)
                val before = database.writes()
                val error = checkThrows<GemException.Store>("second add") { store.addWallet(main.copy(name = "Other", accounts = main.accounts.take(1))) }
                checkEqual("store", error.record.getString("type"), "record type")
                checkEqual(before, database.writes(), "writes")
                checkEqual(main, store.getWallet(main.id), "stored wallet unchanged")
            }
        },
        test("an add is one transaction: a failing account leaves no wallet") {
            val (database, store) = fresh()
            database.use {
                database.read { connection ->
                    connection.createStatement().apply {
                        execute("CREATE TRIGGER refuse_ethereum BEFORE INSERT ON accounts WHEN NEW.chain = 'ethereum' BEGIN SELECT RAISE(ABORT, 'refused'); END")
                        close()
                    }
                }
                checkThrows<SQLException>("add with a refused account") { store.addWallet(main) }
                checkEqual(emptyList<Wallet>(), store.getWallets(), "wallets")
                checkEqual(null, store.getWallet(main.id), "wallet")
            }
        },
        test("a save writes only what changed, and an unknown id is a GemException.NotFound") {
            val (database, store) = fresh()
            database.use {
                store.addWallet(main)
                val before = database.writes().size
                store.saveWallet(main)
                checkEqual(before, database.writes().size, "writes of an unchanged save")
                store.saveWallet(main.copy(name = "Renamed", isPinned = true))
                checkEqual(listOf("UPDATE wallets"), database.writes().drop(before), "writes of a rename and pin")
                checkEqual(main.copy(name = "Renamed", isPinned = true), store.getWallet(main.id), "saved")
                checkThrows<GemException.NotFound>("save an unknown wallet") { store.saveWallet(watched) }
                checkEqual(null, store.getWallet(watched.id), "unknown wallet not inserted by save")
            }
        },
        test("the session store answers from memory, persists, and keeps the old value when a write fails") {
            val file = File(temporaryDirectory(), "wallet.db")
            SqliteDatabase(file.path).use { database ->
                val store = SqliteWalletSessionStore(database)
                checkEqual(null, store.getCurrentWalletId(), "initially")
                store.setCurrentWalletId(main.id)
                checkEqual(main.id, store.getCurrentWalletId(), "after set")
                database.read { connection ->
                    connection.createStatement().apply {
                        execute("CREATE TRIGGER refuse_session BEFORE UPDATE ON wallet_session BEGIN SELECT RAISE(ABORT, 'refused'); END")
                        close()
                    }
                }
                checkThrows<SQLException>("a refused set") { store.setCurrentWalletId(watched.id) }
                checkEqual(main.id, store.getCurrentWalletId(), "after a refused set")
            }
            SqliteDatabase(file.path).use { database ->
                val store = SqliteWalletSessionStore(database)
                checkEqual(main.id, store.getCurrentWalletId(), "reopened")
                store.setCurrentWalletId(null)
                checkEqual(null, store.getCurrentWalletId(), "cleared")
            }
            SqliteDatabase(file.path).use { checkEqual(null, SqliteWalletSessionStore(it).getCurrentWalletId(), "cleared, reopened") }
        },
        test("the secure store gets, replaces and deletes, and narrows its file to its owner") {
            val file = File(temporaryDirectory(), "wallet.db")
            SqliteDatabase(file.path).use { database ->
                java.nio.file.Files.setPosixFilePermissions(file.toPath(), java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"))
                val store = SqliteSecureStore(database)
                checkEqual("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(java.nio.file.Files.getPosixFilePermissions(file.toPath())), "file mode")
                checkEqual(null, store.get("k"), "absent")
                store.set("k", "v1")
                store.set("k", "v2")
                checkEqual("v2", store.get("k"), "replaced")
                store.delete("k")
                store.delete("k")
                checkEqual(null, store.get("k"), "deleted")
            }
        }
    )
}
