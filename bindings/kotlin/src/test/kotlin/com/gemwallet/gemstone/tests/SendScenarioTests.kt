package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.Asset
import com.gemwallet.gemstone.AssetType
import com.gemwallet.gemstone.ChainNode
import com.gemwallet.gemstone.ConfirmLoad
import com.gemwallet.gemstone.ConfirmRequest
import com.gemwallet.gemstone.ConfirmSubmit
import com.gemwallet.gemstone.ConfirmTransferService
import com.gemwallet.gemstone.FeePriority
import com.gemwallet.gemstone.GemException
import com.gemwallet.gemstone.Presentation
import com.gemwallet.gemstone.PricedAsset
import com.gemwallet.gemstone.SqliteTransactionStore
import com.gemwallet.gemstone.TrackingScheduler
import com.gemwallet.gemstone.Transaction
import com.gemwallet.gemstone.TransactionDetailRow
import com.gemwallet.gemstone.TransactionState
import com.gemwallet.gemstone.TransactionStateService
import com.gemwallet.gemstone.TransactionsRequest
import com.gemwallet.gemstone.TransactionsService
import com.gemwallet.gemstone.TransferAmountResult
import com.gemwallet.gemstone.TransferRequest
import com.gemwallet.gemstone.UrlConnectionTransport
import com.gemwallet.gemstone.WalletImport
import com.gemwallet.gemstone.account
import com.gemwallet.gemstone.wallet
import com.gemwallet.gemstone.transactionDetailRows
import org.json.JSONObject
import java.math.BigInteger
import java.security.SecureRandom
import java.util.concurrent.TimeUnit

/**
 * The send scenario every front end runs (gem-host's is tests/abi/gem_host_send_scenario.py), from Kotlin over
 * the SQLite stores, against the local chains of tests/chains (EVM over py-evm, Solana over LiteSVM) and the
 * test API server (the scanner and simulation): ETH and the TST token, SOL and the SPL token, each loaded,
 * submitted, scheduled through the [com.gemwallet.gemstone.TransactionStatusPort], tracked to confirmed by the
 * host's [TrackingScheduler], stored confirmed with the fee paid, and the balance rows in SQLite refreshed by
 * exactly the amount (and the fee on the fee asset). Refusals that store nothing: an invalid recipient, an
 * unaffordable amount (answered with its shortfall; submit refuses), a malicious verdict; a scanner outage lets
 * a send through.
 */
class SendScenarioTests : Suite {
    override val name = "send-scenario"

    private val evm = LocalChain(
        "evm", "evm_node.py", "--chain-id", "1", "--call-stubs",
        JSONObject().put(ChainScenarioTests.MULTICALL3_AGGREGATE3, ChainScenarioTests.noEverstakeStake()).toString()
    )
    private val solana = try {
        LocalChain("solana", "solana_node.py")
    } catch (e: Throwable) {
        evm.close()
        throw e
    }
    private val api = try {
        ApiServer()
    } catch (e: Throwable) {
        solana.close()
        evm.close()
        throw e
    }
    private val token: String = evm.control("info").getString("token")
    private val solanaInfo = solana.control("info")

    /** A [ChainHost] on the local nodes plus the send services over its SQLite file. */
    private inner class SendHost : java.io.Closeable {
        val chain = ChainHost(
            mapOf("ethereum" to listOf("${evm.url}/ethereum"), "solana" to listOf("${solana.url}/solana")),
            transport = UrlConnectionTransport(connectTimeoutMs = 2_000, readTimeoutMs = 30_000), timeoutMs = 30_000
        )
        val store = SqliteTransactionStore(chain.database)
        val transactions = TransactionsService(chain.assets, store)
        val tracker = TrackingScheduler()
        val confirm = ConfirmTransferService(
            chain.wallet.wallets, chain.assets, chain.nodes, transactions, tracker, api.url,
            UrlConnectionTransport(connectTimeoutMs = 2_000, readTimeoutMs = 30_000)
        )
        val state = TransactionStateService(transactions, chain.nodes, chain.balances, intervalMs = 100)

        init {
            tracker.attach(state)
        }

        /** load, submit, and the tracking the submit scheduled. */
        fun send(walletId: String, assetId: String, to: String, amount: BigInteger): Triple<ConfirmLoad, ConfirmSubmit, Transaction> {
            val request = ConfirmRequest(TransferRequest(walletId, assetId, to, amount))
            val load = confirm.load(request)
            val submit = confirm.submit(request)
            // The core calls the status port after storing, on its own thread: the submit may answer first.
            eventually(10_000, "the submit scheduled the tracking of what it stored") { tracker.scheduled().containsAll(submit.transactionIds) }
            val tracked = tracker.tracked(submit.transactionIds[0]) ?: throw CheckFailed("nothing scheduled for ${submit.transactionIds}")
            return Triple(load, submit, tracked.get(120, TimeUnit.SECONDS))
        }

        fun available(walletId: String, assetId: String): BigInteger =
            BigInteger(chain.database.rows("SELECT available FROM balances WHERE wallet_id = '$walletId' AND asset_id = '$assetId'").single())

        fun storedCount(): Int = chain.database.rows("SELECT COUNT(*) FROM transactions").single().toInt()

        override fun close() {
            tracker.close()
            confirm.close()
            state.close()
            transactions.close()
            chain.close()
        }
    }

    private val random = SecureRandom()

    private fun freshEvmAddress(): String = "0x" + ByteArray(20).also { random.nextBytes(it) }.joinToString("") { "%02x".format(it) }

    private fun freshSolanaAddress(): String {
        val alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
        val bytes = ByteArray(32).also { random.nextBytes(it) }
        var number = BigInteger(1, bytes)
        val text = StringBuilder()
        val base = BigInteger.valueOf(58)
        while (number.signum() > 0) {
            val (quotient, digit) = number.divideAndRemainder(base)
            text.append(alphabet[digit.toInt()])
            number = quotient
        }
        repeat(bytes.takeWhile { it.toInt() == 0 }.size) { text.append('1') }
        return text.reverse().toString()
    }

    private fun reset() {
        evm.control("reset")
        solana.control("reset")
        api.reset()
    }

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("ETH and the TST token are sent, tracked to confirmed, and the balance rows follow") {
            reset()
            SendHost().use { h ->
                val tokenId = "ethereum_$token"
                val walletId = h.chain.wallet.wallets.importWallet(WalletImport.PrivateKey(ChainScenarioTests.TEST_KEY, "ethereum", "Send")).wallet.id
                h.chain.assets.addToken(walletId, tokenId)
                h.chain.balances.update(walletId)
                val eth100 = BigInteger.TEN.pow(20)
                val tst1m = BigInteger.valueOf(1_000_000_000_000L)
                val ethStart = h.available(walletId, "ethereum")
                check(ethStart <= eth100 && ethStart > eth100 - BigInteger.TEN.pow(18)) { "the funded ETH: $ethStart" }

                val amount = BigInteger("1500000000000000000")
                val to = freshEvmAddress()
                val (load, submit, final) = h.send(walletId, "ethereum", to, amount)
                checkEqual("ETH", load.asset.symbol, "the asset")
                checkEqual(listOf(FeePriority.SLOW, FeePriority.NORMAL, FeePriority.FAST), load.fee.options.map { it.priority }, "the priorities")
                val shown = load.fee.amount as? TransferAmountResult.Amount ?: throw CheckFailed("not affordable: ${load.fee.amount}")
                checkEqual(amount, shown.amount.value, "the amount shown")
                checkEqual("ethereum_${submit.hashes[0]}", submit.transactionIds[0], "the stored id")
                checkEqual(TransactionState.CONFIRMED, final.state, "tracked to")
                val stored = h.transactions.transaction(final.id)
                checkEqual(final, stored, "the stored transaction")
                checkEqual(to.toLowerCase(), stored.to.toLowerCase(), "the recipient")
                check(stored.fee.signum() > 0 && stored.fee <= load.fee.value) { "the fee paid ${stored.fee}, shown ${load.fee.value}" }
                checkEqual(ethStart - amount - stored.fee, h.available(walletId, "ethereum"), "ETH less the amount and the fee")

                // Its details screen, from the stored record (gem_transaction_detail_rows).
                val priced = PricedAsset(load.asset, 2000.0)
                val details = Presentation.transactionDetailRows(stored, priced, priced, "USD")
                checkEqual(final.id, details.id, "the details' id")
                checkEqual(
                    listOf("Date", "Status", "Recipient", "Network", "Fee", "Hash"), details.rows.map { it.javaClass.simpleName }, "the detail rows"
                )
                checkEqual(submit.hashes[0], (details.rows[5] as TransactionDetailRow.Hash).hash, "the hash row")


                val ethBefore = h.available(walletId, "ethereum")
                val tokens = BigInteger.valueOf(250_000_000L)
                val (tokenLoad, _, tokenFinal) = h.send(walletId, tokenId, freshEvmAddress(), tokens)
                checkEqual("ethereum", tokenLoad.feeAsset.id, "the token's fee asset")
                checkEqual(TransactionState.CONFIRMED, tokenFinal.state, "the token tracked to")
                checkEqual(tst1m - tokens, h.available(walletId, tokenId), "TST exactly less the amount")
                checkEqual(ethBefore - tokenFinal.fee, h.available(walletId, "ethereum"), "ETH less the token's fee")

                // Newest first: created_at in seconds, then id (two sends may share a second).
                val listed = h.transactions.transactions(TransactionsRequest(walletId))
                checkEqual(setOf(tokenFinal.id, final.id), listed.map { it.id }.toSet(), "the wallet's transactions")
                checkEqual(listed.sortedWith(compareByDescending<Transaction> { it.createdAt }.thenByDescending { it.id }), listed, "newest first")
                checkEqual(listed.map { it.id }, h.transactions.rows(TransactionsRequest(walletId)).map { it.id }, "the rows")
            }
        },
        test("SOL and the SPL token are sent and tracked to confirmed") {
            reset()
            SendHost().use { h ->
                val mint = "solana_${solanaInfo.getString("splMint")}"
                val wallet = h.chain.wallet.wallets.importWallet(WalletImport.PrivateKey(ChainScenarioTests.TEST_KEY, "solana", "Send")).wallet
                checkEqual(solanaInfo.getString("testAccount"), wallet.account("solana")?.address, "the address")
                // The local mint has no Metaplex metadata: the asset store knows it, as a host shipping a token list would.
                h.chain.stores.assets.addAssets(listOf(Asset(mint, "Local SPL", "LSPL", 6, AssetType.SPL)))
                h.chain.assets.addToken(wallet.id, mint)
                h.chain.balances.update(wallet.id)
                val sol100 = BigInteger.valueOf(100_000_000_000L)
                checkEqual(sol100, h.available(wallet.id, "solana"), "the funded SOL")

                val oneSol = BigInteger.valueOf(1_000_000_000L)
                val (load, _, final) = h.send(wallet.id, "solana", freshSolanaAddress(), oneSol)
                checkEqual(TransactionState.CONFIRMED, final.state, "SOL tracked to")
                val after = h.available(wallet.id, "solana")
                check(after < sol100 - oneSol && after >= sol100 - oneSol - load.fee.value) { "SOL less the amount and a fee of at most ${load.fee.value}: $after" }

                val tokens = BigInteger.valueOf(250_000_000L)
                val (_, _, tokenFinal) = h.send(wallet.id, mint, freshSolanaAddress(), tokens)
                checkEqual(TransactionState.CONFIRMED, tokenFinal.state, "SPL tracked to")
                checkEqual(BigInteger.valueOf(1_000_000_000L) - tokens, h.available(wallet.id, mint), "SPL exactly less the amount")
                check(h.available(wallet.id, "solana") < after) { "the SPL send's fee is paid in SOL" }
            }
        },
        test("refusals store nothing; a scanner outage lets a send through") {
            reset()
            SendHost().use { h ->
                val walletId = h.chain.wallet.wallets.importWallet(WalletImport.PrivateKey(ChainScenarioTests.TEST_KEY, "ethereum", "Send")).wallet.id
                h.chain.balances.update(walletId)
                val before = h.available(walletId, "ethereum")
                val invalid = checkThrows<GemException.Confirm>("an invalid recipient") {
                    h.confirm.load(ConfirmRequest(TransferRequest(walletId, "ethereum", "0x1234", BigInteger.ONE)))
                }
                checkEqual("invalid_recipient", invalid.record.getString("type"), "the error")

                val tooMuch = ConfirmRequest(TransferRequest(walletId, "ethereum", freshEvmAddress(), BigInteger.TEN.pow(21)))
                check(h.confirm.load(tooMuch).fee.amount is TransferAmountResult.Error) { "an unaffordable amount is answered with its shortfall" }
                val short = checkThrows<GemException.Confirm>("an unaffordable submit") { h.confirm.submit(tooMuch) }
                checkEqual("insufficient_balance", short.record.getString("type"), "the error")

                api.call("POST", "/_control/verdict", JSONObject().put("is_malicious", true).toString())
                val malicious = checkThrows<GemException.Confirm>("a malicious verdict") {
                    h.confirm.submit(ConfirmRequest(TransferRequest(walletId, "ethereum", freshEvmAddress(), BigInteger.ONE)))
                }
                checkEqual("scan_malicious", malicious.record.getString("type"), "the error")
                checkEqual(0, h.storedCount(), "transactions stored")
                checkEqual(emptyList<String>(), h.tracker.scheduled(), "trackings scheduled")
                h.chain.balances.update(walletId)
                checkEqual(before, h.available(walletId, "ethereum"), "ETH untouched")

                api.call("POST", "/_control/verdict", JSONObject().put("status", 503).toString())
                val (_, _, final) = h.send(walletId, "ethereum", freshEvmAddress(), BigInteger.TEN.pow(15))
                checkEqual(TransactionState.CONFIRMED, final.state, "sent while the scanner is down")
                checkEqual(1, h.storedCount(), "transactions stored")
            }
        }
    )

    override fun close() {
        api.close()
        solana.close()
        evm.close()
    }
}
