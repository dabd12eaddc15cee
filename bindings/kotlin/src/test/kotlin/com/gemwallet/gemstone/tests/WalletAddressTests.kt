package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.wallet
import com.gemwallet.gemstone.Account
import com.gemwallet.gemstone.CopyKind
import com.gemwallet.gemstone.WalletImport
import com.gemwallet.gemstone.WalletImportResult
import com.gemwallet.gemstone.WalletType
import org.json.JSONObject

/**
 * Accounts and addresses through the Kotlin binding, checked against committed oracle data:
 * Tests/BlockchainTests/Vectors/addresses.json (bip-utils 2.12.3, see [AddressVectors]) for phrases,
 * Tests/GemstoneTests/Wallet/Vectors/private_keys.json (see [PrivateKeyVectors]) for private keys.
 */
class WalletAddressTests : Suite {
    override val name = "wallet-addresses"

    /** Compares [accounts] with the vector accounts of a phrase, chain by chain. */
    private fun checkAccounts(expected: JSONObject, accounts: List<Account>, what: String) {
        val chains = expected.keys().asSequence().toSet()
        checkEqual(chains, accounts.map { it.chain }.toSet(), "$what: chains")
        checkEqual(accounts.size, accounts.map { it.chain }.toSet().size, "$what: one account per chain")
        for (account in accounts) {
            val vector = expected.getJSONObject(account.chain)
            checkEqual(vector.getString("address"), account.address, "$what: ${account.chain} address (${vector.optString("source")})")
            checkEqual(vector.getString("derivation_path"), account.derivationPath, "$what: ${account.chain} derivation path")
            val xpub = if (vector.has("extended_public_key")) vector.getString("extended_public_key") else null
            checkEqual(xpub, account.extendedPublicKey, "$what: ${account.chain} extended public key")
        }
    }

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("the vector file names its source and holds three phrases") {
            check(AddressVectors.source.contains("bip-utils")) { "source ${AddressVectors.source}" }
            checkEqual(3, AddressVectors.phrases.size, "phrases")
            check(AddressVectors.accounts(ABANDON_PHRASE).length() >= 50) { "chains for the abandon phrase" }
        },
        test("abandon ×11 about: every chain's stored account matches addresses.json") {
            val expected = AddressVectors.accounts(ABANDON_PHRASE)
            WalletHost().use { host ->
                val imported = host.wallets.importWallet(WalletImport.Multicoin(ABANDON_PHRASE))
                checkEqual("multicoin_${expected.getJSONObject("ethereum").getString("address")}", imported.wallet.id, "wallet id")
                checkAccounts(expected, imported.wallet.accounts, "imported")
                // Read back through the SQLite store: the same accounts, in the same order.
                val stored = host.sessions.requireWallet(imported.wallet.id)
                checkEqual(imported.wallet.accounts, stored.accounts, "stored accounts")
                checkEqual(expected.length(), host.accountRows().size, "account rows")
                // A few chains of different families, spelled out.
                val byChain = stored.accounts.associateBy { it.chain }
                checkEqual("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", byChain["bitcoin"]?.address, "bitcoin")
                checkEqual("0x9858EfFD232B4033E47d90003D41EC34EcaEda94", byChain["smartchain"]?.address, "smartchain")
                checkEqual("HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk", byChain["solana"]?.address, "solana")
                for (chain in listOf("cosmos", "ton", "tron", "sui", "xrp", "near", "stellar", "algorand", "polkadot", "cardano", "aptos")) {
                    checkEqual(expected.getJSONObject(chain).getString("address"), byChain[chain]?.address, chain)
                }
            }
        },
        test("two other phrases: every chain's preview matches addresses.json, and nothing is written") {
            WalletHost().use { host ->
                val before = host.snapshot()
                for ((phrase, expected) in AddressVectors.phrases.filter { it.first != ABANDON_PHRASE }) {
                    check(phrase.split(" ").size >= 12) { "phrase $phrase" }
                    val preview = host.wallets.previewImport(WalletImport.Multicoin(phrase))
                    checkEqual(WalletType.MULTICOIN, preview.walletType, "preview type")
                    checkEqual(false, preview.existing, "preview existing")
                    checkEqual("multicoin_${expected.getJSONObject("ethereum").getString("address")}", preview.walletId, "preview id")
                    checkAccounts(expected, preview.accounts, phrase.split(" ").first())
                }
                checkEqual(before, host.snapshot(), "rows after previews")
                check(!host.passwordFile.exists()) { "a preview asked the password" }
            }
        },
        test("single-chain phrase wallets hold the chain's account of addresses.json") {
            val expected = AddressVectors.accounts(ABANDON_PHRASE)
            WalletHost().use { host ->
                for (chain in listOf("bitcoin", "solana", "cosmos", "ton", "cardano", "polkadot")) {
                    val wallet = host.wallets.importWallet(WalletImport.Single(ABANDON_PHRASE, chain)).wallet
                    val address = expected.getJSONObject(chain).getString("address")
                    checkEqual(WalletType.SINGLE, wallet.type, "$chain type")
                    checkEqual("single_${chain}_$address", wallet.id, "$chain wallet id")
                    checkEqual(listOf(chain), wallet.accounts.map { it.chain }, "$chain accounts")
                    checkEqual(address, wallet.accounts.single().address, "$chain address")
                    checkEqual(expected.getJSONObject(chain).getString("derivation_path"), wallet.accounts.single().derivationPath, "$chain path")
                    checkEqual(ABANDON_PHRASE, host.wallets.exportSecret(wallet.id).value, "$chain export")
                }
            }
        },
        test("private keys import on every chain that takes one and export in the chain's form") {
            check(PrivateKeyVectors.keys.size >= 10) { "private key vectors" }
            WalletHost().use { host ->
                for (vector in PrivateKeyVectors.keys) {
                    val chain = vector.getString("chain")
                    val address = vector.getString("address")
                    val forms = vector.getJSONObject("forms")
                    val what = "$chain key ${vector.getString("key_hex").take(8)} (${vector.getString("source")})"
                    val result = host.wallets.importWallet(WalletImport.PrivateKey(vector.getString("key_hex"), chain))
                    check(result is WalletImportResult.Imported) { "$what: $result" }
                    val wallet = result.wallet
                    checkEqual(WalletType.PRIVATE_KEY, wallet.type, "$what: type")
                    checkEqual("privateKey_${chain}_$address", wallet.id, "$what: wallet id")
                    checkEqual(listOf(Account(chain, address, "")), wallet.accounts, "$what: account")
                    val exported = host.wallets.exportSecret(wallet.id)
                    checkEqual<CopyKind>(CopyKind.PrivateKey, exported.kind, "$what: export kind")
                    checkEqual(forms.getString("export"), exported.value, "$what: export form")
                    check(!exported.toString().contains(exported.value)) { "$what: toString shows the key" }
                    // Every other form of the key names the same wallet.
                    for (form in forms.keys().asSequence().map { forms.getString(it as String) } + sequenceOf("0x" + vector.getString("key_hex"))) {
                        val preview = host.wallets.previewImport(WalletImport.PrivateKey(form, chain))
                        checkEqual(wallet.id, preview.walletId, "$what: wallet id of the form ${form.take(12)}…")
                        checkEqual(true, preview.existing, "$what: the form ${form.take(12)}… is the stored wallet")
                    }
                }
                checkEqual(PrivateKeyVectors.keys.size, host.walletIds().size, "wallets stored")
            }
        }
    )
}
