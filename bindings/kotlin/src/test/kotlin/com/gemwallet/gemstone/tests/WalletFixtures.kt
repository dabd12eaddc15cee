package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.KeystorePassword
import com.gemwallet.gemstone.KeystorePasswordFile
import com.gemwallet.gemstone.SecureStore
import com.gemwallet.gemstone.SqliteDatabase
import com.gemwallet.gemstone.SqliteSecureStore
import com.gemwallet.gemstone.SqliteWalletSessionStore
import com.gemwallet.gemstone.SqliteWalletStore
import com.gemwallet.gemstone.WalletService
import com.gemwallet.gemstone.WalletSessionService
import com.gemwallet.gemstone.WalletSessionStore
import com.gemwallet.gemstone.WalletStore
import org.json.JSONArray
import org.json.JSONObject
import java.io.File
import java.nio.file.Files

/** The phrase of BIP39's first test vector ("abandon" ×11, "about"). */
const val ABANDON_PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

/** A fresh temporary directory, deleted with its files when the JVM exits. */
fun temporaryDirectory(): File {
    val directory = Files.createTempDirectory("gemstone-kotlin-wallet").toFile()
    directory.deleteOnExit()
    return directory
}

/**
 * A wallet host as a front end builds it: one SQLite file and a password file in [directory], the
 * SQLite stores, and the two services over them. The Argon2id cost is the header's minimum (19456
 * KiB, 2 passes) to keep the tests quick. [ports] may wrap a store to inject failures.
 */
class WalletHost(
    val directory: File = temporaryDirectory(),
    passwordFile: File = File(directory, "keystore.secret"),
    ports: (WalletPorts) -> WalletPorts = { it }
) : java.io.Closeable {
    val file = File(directory, "wallet.db").apply { deleteOnExit() }
    val database = SqliteDatabase(file.path)
    val passwordFile: File = passwordFile.apply { deleteOnExit() }
    val ports: WalletPorts = ports(
        WalletPorts(SqliteWalletStore(database), SqliteWalletSessionStore(database), SqliteSecureStore(database), KeystorePasswordFile(passwordFile))
    )
    val sessions = WalletSessionService(this.ports.store, this.ports.sessionStore)
    val wallets = WalletService(this.ports.store, this.ports.sessionStore, this.ports.secureStore, this.ports.password, 2, 19456)

    /** The ids in the wallets table, read with SQL (not through the store). */
    fun walletIds(): List<String> = column("SELECT id FROM wallets ORDER BY rowid")

    /** The keys in the keystore table, read with SQL. */
    fun keystoreKeys(): List<String> = column("SELECT key FROM keystore ORDER BY rowid")

    /** The (wallet id, chain) of every account row, read with SQL. */
    fun accountRows(): List<String> = column("SELECT wallet_id || ' ' || chain FROM accounts ORDER BY rowid")

    /** The stored current wallet id, read with SQL. */
    fun storedCurrentWalletId(): String? = column("SELECT value FROM wallet_session WHERE key = 'current_wallet_id'").singleOrNull()

    /** Every row of every wallet table as text: what "nothing was lost or written" compares. */
    fun snapshot(): List<String> =
        listOf("wallets", "accounts", "keystore", "wallet_session").flatMap { table ->
            column("SELECT * FROM $table ORDER BY rowid", all = true).map { "$table $it" }
        }

    fun column(sql: String, all: Boolean = false): List<String> = database.read { connection ->
        connection.createStatement().executeQuery(sql).let { rows ->
            val values = ArrayList<String>()
            val columns = rows.metaData.columnCount
            while (rows.next()) {
                values.add(if (all) (1..columns).joinToString("|") { rows.getString(it) ?: "NULL" } else rows.getString(1))
            }
            rows.close()
            values
        }
    }

    override fun close() {
        wallets.close()
        sessions.close()
        database.close()
    }
}

/** The four ports a wallet host hands to the services. */
data class WalletPorts(
    val store: WalletStore,
    val sessionStore: WalletSessionStore,
    val secureStore: SecureStore,
    val password: KeystorePassword
)

/**
 * Tests/BlockchainTests/Vectors/addresses.json: accounts of three phrases on every chain, computed
 * by tests/oracles/addresses.py with bip-utils 2.12.3 (PyPI) at chains.md's default paths (the
 * file's "source" field says so), committed as oracle data.
 */
object AddressVectors {
    val json: JSONObject by lazy { JSONObject(File(Repository.root, "Tests/BlockchainTests/Vectors/addresses.json").readText()) }

    val source: String get() = json.getString("source")

    /** The phrases, each with its accounts by chain id. */
    val phrases: List<Pair<String, JSONObject>> by lazy {
        val phrases = json.getJSONArray("phrases")
        (0 until phrases.length()).map { phrases.getJSONObject(it) }.map { it.getString("phrase") to it.getJSONObject("accounts") }
    }

    fun accounts(phrase: String): JSONObject = phrases.first { it.first == phrase }.second
}

/**
 * Tests/GemstoneTests/Wallet/Vectors/private_keys.json: private keys, their export forms and
 * addresses, computed by tests/oracles/private_keys.py with stellar-sdk, bech32, base58, PyNaCl and
 * bip-utils 2.12.3 (each record names its source), plus the web3.js documentation's example key.
 */
object PrivateKeyVectors {
    val keys: List<JSONObject> by lazy {
        val keys = JSONObject(File(Repository.root, "Tests/GemstoneTests/Wallet/Vectors/private_keys.json").readText()).getJSONArray("keys")
        (0 until keys.length()).map { keys.getJSONObject(it) }
    }
}

/**
 * Tests/BlockchainTests/Vectors/validation.json: valid and invalid addresses for every family,
 * from tests/oracles/validation.py (bip-utils 2.12.3 encoders and decoders, EIP-55's test cases);
 * each invalid address is one controlled change of a valid one, labelled with its error.
 */
object ValidationVectors {
    val vectors: List<JSONObject> by lazy {
        val array: JSONArray = JSONObject(File(Repository.root, "Tests/BlockchainTests/Vectors/validation.json").readText()).getJSONArray("vectors")
        (0 until array.length()).map { array.getJSONObject(it) }
    }
}
