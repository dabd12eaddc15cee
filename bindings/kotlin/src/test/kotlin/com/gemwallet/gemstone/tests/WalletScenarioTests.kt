package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.account
import com.gemwallet.gemstone.isSecret
import com.gemwallet.gemstone.wallet
import com.gemwallet.gemstone.CopyKind
import com.gemwallet.gemstone.WalletImport
import com.gemwallet.gemstone.WalletImportResult
import com.gemwallet.gemstone.WalletSource
import com.gemwallet.gemstone.WalletType
import com.gemwallet.gemstone.await
import java.nio.file.Files
import java.nio.file.attribute.PosixFilePermissions

/**
 * The wallet scenario a front end runs, against a real SQLite file and password file in a temporary
 * directory: create, import, list, export, then reopen the files and find everything again.
 */
class WalletScenarioTests : Suite {
    override val name = "wallet-scenario"

    private val ethereum = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94" // addresses.json, abandon phrase, m/44'/60'/0'/0/0

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("create, import, list and export against SQLite, then reopen") {
            val directory = temporaryDirectory()
            val created = WalletHost(directory).use { host ->
                checkEqual(emptyList<Any>(), host.sessions.getWallets(), "wallets before")
                checkEqual(null, host.sessions.getCurrentWallet(), "current wallet before")

                // Create: a new 12-word phrase, shown once; the wallet is stored and current.
                val created = host.wallets.createWallet(name = "Main")
                checkEqual<CopyKind>(CopyKind.SecretPhrase, created.phrase.kind, "phrase kind")
                check(created.phrase.kind.isSecret) { "the phrase is not a secret" }
                checkEqual("", created.phrase.display, "phrase display")
                checkEqual(12, created.phrase.value.split(" ").size, "phrase words")
                check(!created.phrase.toString().contains(created.phrase.value)) { "toString shows the phrase" }
                val wallet = created.wallet
                checkEqual(WalletType.MULTICOIN, wallet.type, "created type")
                checkEqual(WalletSource.CREATE, wallet.source, "created source")
                checkEqual("Main", wallet.name, "created name")
                check(wallet.id.startsWith("multicoin_0x")) { "created id ${wallet.id}" }
                checkEqual(wallet.id, wallet.externalId, "external id of a multicoin wallet")
                val chains = AddressVectors.accounts(ABANDON_PHRASE).keys().asSequence().toSet()
                checkEqual(chains, wallet.accounts.map { it.chain }.toSet(), "created wallet's chains (every chain)")
                checkEqual(wallet.id, host.sessions.getCurrentWalletId(), "current after create")
                checkEqual(listOf(wallet.id), host.walletIds(), "wallet rows after create")
                checkEqual(wallet.accounts.size, host.accountRows().size, "account rows after create")
                checkEqual(listOf(wallet.externalId), host.keystoreKeys(), "keystore rows after create")
                val record = host.column("SELECT value FROM keystore").single()
                check(!record.contains(created.phrase.value.split(" ")[0] + " ")) { "the keystore record holds the phrase in clear" }

                // Export: the same phrase, after the password port answered.
                val exported = host.wallets.exportSecret(wallet.id)
                checkEqual(created.phrase, exported, "exported phrase")

                // Import the abandon phrase on two chains.
                val imported = host.wallets.importWallet(WalletImport.Multicoin(ABANDON_PHRASE, listOf("bitcoin", "ethereum"), "Abandon"))
                check(imported is WalletImportResult.Imported) { "import result $imported" }
                checkEqual("multicoin_$ethereum", imported.wallet.id, "imported id")
                checkEqual(WalletSource.IMPORT, imported.wallet.source, "imported source")
                checkEqual(listOf("bitcoin", "ethereum"), imported.wallet.accounts.map { it.chain }, "imported chains")
                checkEqual(ethereum, imported.wallet.account("ethereum")?.address, "imported ethereum address")
                checkEqual(imported.wallet.id, host.sessions.getCurrentWalletId(), "current after import")

                // A watch-only wallet.
                val watched = host.wallets.importWallet(WalletImport.View(ethereum.toLowerCase(), "ethereum", "Watched")).wallet
                checkEqual("view_ethereum_$ethereum", watched.id, "watch-only id (EIP-55 form)")
                checkEqual(null, watched.externalId, "watch-only external id")
                checkEqual(listOf(""), watched.accounts.map { it.derivationPath }, "watch-only derivation path")

                // List: every wallet in the user's order, each as stored.
                val listed = host.sessions.getWallets()
                checkEqual(listOf(wallet.id, imported.wallet.id, watched.id), listed.map { it.id }, "listed ids")
                checkEqual(listOf(wallet, imported.wallet, watched), listed, "listed wallets")
                checkEqual(imported.wallet, host.sessions.getWallet(imported.wallet.id), "get_wallet")
                checkEqual(watched, host.sessions.requireWallet(watched.id), "require_wallet")
                checkEqual(watched, host.sessions.getCurrentWallet(), "current wallet")
                checkEqual(2, host.keystoreKeys().size, "keystore rows (the watch-only wallet has none)")

                // Export the imported phrase.
                val phrase = host.wallets.exportSecret(imported.wallet.id)
                checkEqual<CopyKind>(CopyKind.SecretPhrase, phrase.kind, "imported export kind")
                checkEqual(ABANDON_PHRASE, phrase.value, "imported export")
                created
            }

            // Reopen the same files: wallets, current wallet and secrets are all there.
            WalletHost(directory).use { host ->
                val listed = host.sessions.getWallets()
                checkEqual(3, listed.size, "wallets after reopening")
                checkEqual(created.wallet, listed.first(), "created wallet after reopening")
                checkEqual("view_ethereum_$ethereum", host.sessions.getCurrentWalletId(), "current after reopening")
                checkEqual(created.phrase, host.wallets.exportSecret(created.wallet.id), "export after reopening")
            }
        },
        test("the password file is created on first use: 32 random bytes, owner-only") {
            WalletHost().use { host ->
                check(!host.passwordFile.exists()) { "the password file exists before any secret was sealed" }
                host.wallets.importWallet(WalletImport.View(ethereum, "ethereum"))
                check(!host.passwordFile.exists()) { "a watch-only import asked the password" }
                host.wallets.importWallet(WalletImport.Single(ABANDON_PHRASE, "solana"))
                check(host.passwordFile.isFile) { "no password file after a phrase import" }
                checkEqual("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(host.passwordFile.toPath())), "password file mode")
                val secret = host.passwordFile.readBytes()
                checkEqual(32, secret.size, "password bytes")
                check(secret.any { it != 0.toByte() }) { "an all-zero password" }
                checkEqual("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(host.file.toPath())), "database file mode")
                // A second wallet reads the same secret: the file is not rewritten.
                host.wallets.importWallet(WalletImport.Single(ABANDON_PHRASE, "ethereum"))
                check(secret.contentEquals(host.passwordFile.readBytes())) { "the password file changed" }
                checkEqual(listOf(host.passwordFile.name, host.file.name).sorted(),
                    host.directory.list()!!.filter { !it.endsWith("-journal") }.sorted(), "files in the directory (no temporary left)")
            }
            // Two hosts of different installs have different secrets.
            val one = WalletHost().use { it.wallets.createWallet(); it.passwordFile.readBytes() }
            val two = WalletHost().use { it.wallets.createWallet(); it.passwordFile.readBytes() }
            check(!one.contentEquals(two)) { "two installs made the same password" }
        },
        test("the CompletableFuture forms complete off the core threads and agree with the blocking forms") {
            WalletHost().use { host ->
                val threads = java.util.Collections.synchronizedList(ArrayList<String>())
                val imported = host.wallets.importWalletAsync(WalletImport.Single(ABANDON_PHRASE, "bitcoin"))
                    .thenApply { threads.add(Thread.currentThread().name); it }.await()
                val listed = host.sessions.getWalletsAsync().thenApply { threads.add(Thread.currentThread().name); it }.await()
                checkEqual(listOf(imported.wallet), listed, "listed")
                checkEqual(host.sessions.getCurrentWallet(), host.sessions.getCurrentWalletAsync().await(), "current wallet forms")
                checkEqual(host.wallets.exportSecret(imported.wallet.id), host.wallets.exportSecretAsync(imported.wallet.id).await(), "export forms")
                check(threads.all { it.startsWith("gemstone-completion") || it == Thread.currentThread().name }) {
                    "continuations ran on $threads"
                }
            }
        }
    )
}
