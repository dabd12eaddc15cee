package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.HomeRenderer
import com.gemwallet.gemstone.ListRowTitle
import com.gemwallet.gemstone.LocalizedText
import com.gemwallet.gemstone.Presentation
import com.gemwallet.gemstone.PriceDirection
import com.gemwallet.gemstone.WalletHome
import com.gemwallet.gemstone.WalletListItem
import com.gemwallet.gemstone.WalletSecretKind
import com.gemwallet.gemstone.WalletType
import com.gemwallet.gemstone.walletSections
import org.json.JSONObject
import java.io.File

/**
 * [HomeRenderer]: a wallet home and a wallet list as a terminal's lines, through the ICU4J number renderer, in two
 * locales: the fixed home record tests/render/wallet_home.json (an answer of gem_wallet_home_service_load with a
 * falling total and a falling price; the Python tests read the same record and expect the same lines), the balance
 * privacy switch, and the wallet list gem_wallet_sections answers.
 */
class HomeRenderTests : Suite {
    override val name = "home-render"

    private val home = WalletHome.fromJson(JSONObject(File(Repository.root, "tests/render/wallet_home.json").readText()))

    /** The no-break space German puts before "€" and "%". */
    private val nb = "\u00a0"

    private val address = "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("the home's lines in en") {
            checkEqual(
                listOf(
                    "€40,500.50",
                    "-€924.50 (-2.23%)",
                    "Bitcoin · €25,000.00 -2.50% · 1.5 · €37,500.00",
                    "Ethereum · €1,500.25 +1.25% · 2 · €3,000.50",
                    "Test Token · 1.23"
                ),
                HomeRenderer.homeLines(home, "en"), "en lines"
            )
        },
        test("the home's lines in de") {
            checkEqual(
                listOf(
                    "40.500,50${nb}€",
                    "-924,50${nb}€ (-2,23${nb}%)",
                    "Bitcoin · 25.000,00${nb}€ -2,50${nb}% · 1,5 · 37.500,00${nb}€",
                    "Ethereum · 1.500,25${nb}€ +1,25${nb}% · 2 · 3.000,50${nb}€",
                    "Test Token · 1,23"
                ),
                HomeRenderer.homeLines(home, "de"), "de lines"
            )
        },
        test("hidden balances mask the total and every row that masks its balance") {
            for ((locale, price) in listOf("en" to "€25,000.00 -2.50%", "de" to "25.000,00${nb}€ -2,50${nb}%")) {
                val lines = HomeRenderer.homeLines(home, locale, hideBalances = true)
                checkEqual(listOf(HomeRenderer.MASK, HomeRenderer.MASK), lines.take(2), "$locale total and change")
                checkEqual("Bitcoin · $price · ${HomeRenderer.MASK}", lines[2], "$locale bitcoin row")
                check(lines.drop(2).all { it.endsWith(HomeRenderer.MASK) }) { "$locale rows: $lines" }
            }
            val unmasked = home.value.rows[0].copy(masksBalance = false)
            checkEqual("Bitcoin · €25,000.00 -2.50% · 1.5 · €37,500.00", HomeRenderer.assetRowLine(unmasked, "en", hideBalances = true), "a row that does not mask")
        },
        test("the wallet list's lines from gem_wallet_sections") {
            val wallets = listOf(
                WalletListItem("multicoin_$address", "Main", 1, 2, true),
                WalletListItem("view_ethereum_$address", "watched", 2, 1, false),
                WalletListItem("single_bitcoin_bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh", "Savings", 3, 3, false, "https://example.com/a.png")
            )
            val sections = Presentation.walletSections(wallets, "view_ethereum_$address")
            for (locale in listOf("en", "de")) {
                checkEqual(
                    listOf("Pinned", "  [M] Main · Multi-coin", "Wallets", "* [W] watched · Ethereum · watch", "  [image] Savings · Bitcoin"),
                    HomeRenderer.walletListLines(sections, locale), "$locale lines"
                )
            }
        },
        test("texts that are not numbers") {
            checkEqual("Ethereum", HomeRenderer.localizedText(LocalizedText.Text("Ethereum"), "de"), "text")
            checkEqual("Watch-only", HomeRenderer.localizedText(LocalizedText.WalletType(WalletType.VIEW), "en"), "wallet type")
            checkEqual("Show private key", HomeRenderer.localizedText(LocalizedText.ShowSecret(WalletSecretKind.PRIVATE_KEY), "en"), "show secret")
            checkEqual("Over", HomeRenderer.localizedText(LocalizedText.PriceAlertDirection(PriceDirection.UP), "en"), "over")
            checkEqual("Under", HomeRenderer.localizedText(LocalizedText.PriceAlertDirection(PriceDirection.DOWN), "en"), "under")
            val title = ListRowTitle.values().first()
            checkEqual(title.json.replace('_', ' '), HomeRenderer.localizedText(LocalizedText.RowTitle(title), "en").toLowerCase(), "row title")
        }
    )
}
