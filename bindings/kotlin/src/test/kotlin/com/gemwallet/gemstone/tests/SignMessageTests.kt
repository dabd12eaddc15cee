package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.GemException
import com.gemwallet.gemstone.MessageEncoding
import com.gemwallet.gemstone.SignMessageKind
import com.gemwallet.gemstone.SignMessageRequest
import com.gemwallet.gemstone.SignMessageSection
import com.gemwallet.gemstone.SignMessageService
import com.gemwallet.gemstone.WalletImport
import com.gemwallet.gemstone.wallet

/**
 * [SignMessageService] through the binding: the preview rows, a signature for the wallet's account (the signature
 * itself is checked by eth-account in the gem-host ctest and by the Swift suites), refusals as typed exceptions,
 * and the service outliving the [com.gemwallet.gemstone.WalletService] it was made over.
 */
class SignMessageTests : Suite {
    override val name = "sign-message"

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("a personal message previews as its text and signs for the account") {
            WalletHost().use { host ->
                val wallet = host.wallets.importWallet(WalletImport.Multicoin(ABANDON_PHRASE, listOf("ethereum", "solana"))).wallet
                val service = SignMessageService(host.wallets)
                val request = SignMessageRequest("ethereum", SignMessageKind.EIP191, "0x68656c6c6f", MessageEncoding.HEX, "Example", "https://example.org")
                val preview = service.preview(request)
                checkEqual(true, preview.printable, "printable")
                checkEqual(listOf(SignMessageSection.APP to "app", SignMessageSection.APP to "url", SignMessageSection.APP to "network", SignMessageSection.MESSAGE to "message"),
                           preview.rows.map { it.section to it.label }, "row labels")
                checkEqual("hello", preview.rows.last().value, "the message row")
                val signed = service.sign(wallet.id, request)
                checkEqual(wallet.accounts.first { it.chain == "ethereum" }.address, signed.signer, "signer")
                check(signed.signature.startsWith("0x") && signed.signature.length == 132) { "0x r||s||v: ${signed.signature}" }
                checkEqual(signed, service.signAsync(wallet.id, request).get(), "the future form signs the same bytes (RFC 6979)")
                host.wallets.close()
                checkEqual(signed, service.sign(wallet.id, request), "after the wallet service is closed")
                service.close()
            }
        },
        test("refusals are typed exceptions") {
            WalletHost().use { host ->
                val wallet = host.wallets.importWallet(WalletImport.Multicoin(ABANDON_PHRASE, listOf("ethereum"))).wallet
                SignMessageService(host.wallets).use { service ->
                    checkThrows<GemException.InvalidInput>("eip191 on solana") {
                        service.preview(SignMessageRequest("solana", SignMessageKind.EIP191, "hi"))
                    }
                    checkThrows<GemException.InvalidInput>("malformed typed data") {
                        service.preview(SignMessageRequest("ethereum", SignMessageKind.EIP712, "{}"))
                    }
                    checkThrows<GemException.InvalidArgument>("an unknown kind") {
                        service.previewJson("{\"chain\":\"ethereum\",\"kind\":\"nope\",\"message\":\"hi\"}")
                    }
                    checkThrows<GemException.InvalidInput>("no solana account") {
                        service.sign(wallet.id, SignMessageRequest("solana", SignMessageKind.SOLANA, "hi"))
                    }
                }
            }
        }
    )
}
