package com.gemwallet.gemstone

import org.json.JSONArray
import org.json.JSONObject

// The wallet records of gemstone.h ("Wallets") as Kotlin values, read and written with org.json.
// Chains are their string ids ("bitcoin", "ethereum", "smartchain", …), as the core stores them.
// Records that hold a phrase or a private key never print it (toString redacts).

// WalletType, WalletSource and Account are generated from schema/primitives.json (generated/Records.kt).

/**
 * A wallet: its id (`multicoin_0x…`, `single_<chain>_<address>`, `privateKey_<chain>_<address>`,
 * `view_<chain>_<address>`), the key of its keystore record ([externalId], null for watch-only),
 * its name, creation number, accounts and place in the user's list.
 *
 * JSON: the wallet record of gemstone.h, absent optionals left out.
 */
data class Wallet(
    val id: String,
    val externalId: String?,
    val name: String,
    val index: Int,
    val type: WalletType,
    val accounts: List<Account>,
    val order: Int,
    val isPinned: Boolean,
    val imageUrl: String?,
    val source: WalletSource
) {
    /** A watch-only wallet has no secret to export. */
    val isWatchOnly: Boolean get() = type == WalletType.VIEW

    /** The account on [chain], if the wallet has one. */
    fun account(chain: String): Account? = accounts.firstOrNull { it.chain == chain }

    fun toJson(): JSONObject {
        val json = JSONObject()
        json.put("id", id)
        if (externalId != null) json.put("external_id", externalId)
        json.put("name", name)
        json.put("index", index)
        json.put("type", type.json)
        json.put("accounts", Account.listToJson(accounts))
        json.put("order", order)
        json.put("is_pinned", isPinned)
        if (imageUrl != null) json.put("image_url", imageUrl)
        json.put("source", source.json)
        return json
    }

    companion object {
        /** Reads a wallet record; unknown keys are ignored, a missing key or a wrong type is [IllegalArgumentException]. */
        @JvmStatic
        fun fromJson(json: JSONObject): Wallet = Wallet(
            id = json.requireString("id"),
            externalId = json.stringOrNull("external_id"),
            name = json.requireString("name"),
            index = json.requireIntValue("index"),
            type = WalletType.fromJson(json.requireString("type")),
            accounts = Account.listFromJson(json.requireJsonArray("accounts")),
            order = json.requireIntValue("order"),
            isPinned = json.requireBoolean("is_pinned"),
            imageUrl = json.stringOrNull("image_url"),
            source = WalletSource.fromJson(json.requireString("source"))
        )

        @JvmStatic
        fun listFromJson(json: JSONArray): List<Wallet> = json.objects().map { fromJson(it) }

        @JvmStatic
        fun listToJson(wallets: List<Wallet>): JSONArray = JSONArray().also { array -> wallets.forEach { array.put(it.toJson()) } }
    }
}

/**
 * What the user imports: the four import types of gemstone.h. [name] is optional everywhere
 * ("Wallet #<index>" when null or blank). The phrase and the key never appear in [toString].
 */
sealed class WalletImport {
    abstract val name: String?
    abstract val type: WalletType

    /** The import request JSON the core reads (it holds the secret: do not log it). */
    abstract fun toJson(): JSONObject

    /**
     * A recovery phrase with accounts on [chains] (empty: every chain a phrase wallet derives).
     * BIP39 English, 12 to 24 words, any case and spacing.
     */
    class Multicoin @JvmOverloads constructor(
        val phrase: String,
        val chains: List<String> = emptyList(),
        override val name: String? = null
    ) : WalletImport() {
        override val type: WalletType get() = WalletType.MULTICOIN
        override fun toJson(): JSONObject = JSONObject().put("type", "multicoin").put("phrase", phrase).also { json ->
            if (chains.isNotEmpty()) json.put("chains", JSONArray(chains))
            if (name != null) json.put("name", name)
        }
        override fun equals(other: Any?) = other is Multicoin && other.phrase == phrase && other.chains == chains && other.name == name
        override fun hashCode() = listOf(phrase, chains, name).hashCode()
        override fun toString() = "WalletImport.Multicoin(phrase=<redacted>, chains=$chains, name=$name)"
    }

    /** A recovery phrase used on one [chain]. */
    class Single @JvmOverloads constructor(
        val phrase: String,
        val chain: String,
        override val name: String? = null
    ) : WalletImport() {
        override val type: WalletType get() = WalletType.SINGLE
        override fun toJson(): JSONObject = JSONObject().put("type", "single").put("phrase", phrase).put("chain", chain).also { json ->
            if (name != null) json.put("name", name)
        }
        override fun equals(other: Any?) = other is Single && other.phrase == phrase && other.chain == chain && other.name == name
        override fun hashCode() = listOf(phrase, chain, name).hashCode()
        override fun toString() = "WalletImport.Single(phrase=<redacted>, chain=$chain, name=$name)"
    }

    /**
     * A private key on one [chain], in the chain's usual encodings (64 hex digits, 0x optional;
     * base58 on Solana, S… on Stellar, suiprivkey1… on Sui, ed25519:… on Near). Bitcoin-family
     * chains and Cardano take no private key.
     */
    class PrivateKey @JvmOverloads constructor(
        val privateKey: String,
        val chain: String,
        override val name: String? = null
    ) : WalletImport() {
        override val type: WalletType get() = WalletType.PRIVATE_KEY
        override fun toJson(): JSONObject =
            JSONObject().put("type", "private_key").put("private_key", privateKey).put("chain", chain).also { json ->
                if (name != null) json.put("name", name)
            }
        override fun equals(other: Any?) = other is PrivateKey && other.privateKey == privateKey && other.chain == chain && other.name == name
        override fun hashCode() = listOf(privateKey, chain, name).hashCode()
        override fun toString() = "WalletImport.PrivateKey(privateKey=<redacted>, chain=$chain, name=$name)"
    }

    /** A watch-only [address] on one [chain]. */
    data class View @JvmOverloads constructor(
        val address: String,
        val chain: String,
        override val name: String? = null
    ) : WalletImport() {
        override val type: WalletType get() = WalletType.VIEW
        override fun toJson(): JSONObject = JSONObject().put("type", "view").put("address", address).put("chain", chain).also { json ->
            if (name != null) json.put("name", name)
        }
    }
}

/**
 * The answer of an import: the new wallet ([Imported]), or the wallet already stored under the same
 * id ([Existing]; made current, nothing duplicated). JSON: `{"type":"imported"|"existing","wallet":{…}}`.
 */
sealed class WalletImportResult {
    abstract val wallet: Wallet

    data class Imported(override val wallet: Wallet) : WalletImportResult()
    data class Existing(override val wallet: Wallet) : WalletImportResult()

    val isExisting: Boolean get() = this is Existing

    companion object {
        @JvmStatic
        fun fromJson(json: JSONObject): WalletImportResult {
            val wallet = Wallet.fromJson(json.requireJsonObject("wallet"))
            return when (val type = json.requireString("type")) {
                "imported" -> Imported(wallet)
                "existing" -> Existing(wallet)
                else -> throw IllegalArgumentException("unknown import result \"$type\"")
            }
        }
    }
}

/**
 * What an import would make, computed without writing or asking the password.
 * JSON: `{"wallet_id":"multicoin_0x…","wallet_type":"multicoin","accounts":[…],"existing":false}`.
 */
data class WalletPreview(
    val walletId: String,
    val walletType: WalletType,
    val accounts: List<Account>,
    val existing: Boolean
) {
    companion object {
        @JvmStatic
        fun fromJson(json: JSONObject): WalletPreview = WalletPreview(
            walletId = json.requireString("wallet_id"),
            walletType = WalletType.fromJson(json.requireString("wallet_type")),
            accounts = Account.listFromJson(json.requireJsonArray("accounts")),
            existing = json.requireBoolean("existing")
        )
    }
}

/**
 * A wallet made from a new phrase, with the phrase (a [Copy] of kind `secret_phrase`) to show the
 * user this once, for the backup. JSON: `{"wallet":{…},"phrase":{copy record}}`.
 */
data class WalletCreated(val wallet: Wallet, val phrase: Copy) {
    companion object {
        @JvmStatic
        fun fromJson(json: JSONObject): WalletCreated = WalletCreated(
            wallet = Wallet.fromJson(json.requireJsonObject("wallet")),
            phrase = Copy.fromJson(json.requireJsonObject("phrase"))
        )
    }
}

/**
 * The answer of a delete: the id deleted and the wallet now current (null when no wallet remains).
 * JSON: `{"deleted_wallet_id":"…","current_wallet_id":"…"}`.
 */
data class WalletDeleted(val deletedWalletId: String, val currentWalletId: String?) {
    companion object {
        @JvmStatic
        fun fromJson(json: JSONObject): WalletDeleted = WalletDeleted(
            deletedWalletId = json.requireString("deleted_wallet_id"),
            currentWalletId = json.stringOrNull("current_wallet_id")
        )
    }
}

/**
 * The specification's name for the one copy model, [Copy]: what [WalletService.exportSecret] and
 * [WalletService.createWallet] answer, and what `Presentation.addressCopy` answers for an address.
 */
typealias GemCopy = Copy

private fun JSONObject.requireIntValue(key: String): Int {
    val value = longOrNull(key) ?: throw IllegalArgumentException("\"$key\" is missing")
    if (value < Int.MIN_VALUE || value > Int.MAX_VALUE) throw IllegalArgumentException("\"$key\" is out of range")
    return value.toInt()
}

private fun JSONObject.requireJsonArray(key: String): JSONArray {
    if (!has(key) || isNull(key)) throw IllegalArgumentException("\"$key\" is missing")
    return get(key) as? JSONArray ?: throw IllegalArgumentException("\"$key\" is not an array")
}

private fun JSONObject.requireJsonObject(key: String): JSONObject {
    if (!has(key) || isNull(key)) throw IllegalArgumentException("\"$key\" is missing")
    return get(key) as? JSONObject ?: throw IllegalArgumentException("\"$key\" is not an object")
}
