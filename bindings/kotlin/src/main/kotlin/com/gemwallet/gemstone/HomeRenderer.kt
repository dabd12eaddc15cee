package com.gemwallet.gemstone

/**
 * A terminal's rendering of the wallet home ([WalletHome], what [WalletHomeService] answers) and of the wallet list
 * (what `gem_wallet_sections` answers, [Presentation.walletSections]), through [NumberRenderer] (ICU4J). Core settles
 * every decision in the records (which name a row shows, whether the symbol is shown, the price style, the sign and
 * tone of a change, which rows the privacy switch hides); these functions only lay the texts out as lines, the same
 * lines as the Python binding's `gemstone.home_render`.
 *
 * Home lines, in order:
 *  - the total in the home's currency ([MASK] when balances are hidden);
 *  - its 24-hour change and, in parentheses, the change in percent ([MASK] when balances are hidden);
 *  - one line per asset row: the title, the symbol beside it when the row has one, then [SEPARATOR] and the
 *    subtitle (the price) with its change beside it when the row has them, then [SEPARATOR] and the trailing texts:
 *    the balance and its worth joined by [SEPARATOR] ([MASK] when balances are hidden and the row masks its balance),
 *    `on` or `off` for a switch, the address's display for a copy row, nothing for none.
 *
 * Wallet list lines: per section its heading ("Pinned", "Wallets"), then per row `*` for the current wallet (else a
 * space), the avatar (`[W]`, the placeholder, or `[image]` when the wallet has a picture), the name, [SEPARATOR] and
 * the subtitle, and `· watch` when the avatar carries the watch-only badge.
 *
 * Texts that are not numbers ([LocalizedText]'s other cases) are the app's to localize (the specification's one
 * mapper file); a terminal has no such file, so they read as English labels, whatever the locale.
 */
object HomeRenderer {
    /** What a hidden balance reads as. */
    const val MASK = "*****"

    /** Between the parts of a line. */
    const val SEPARATOR = " · "

    /** The lines a terminal shows for [home] in [locale] ("en", "de", "pt-BR"); [hideBalances] is the privacy switch. */
    @JvmStatic
    @JvmOverloads
    fun homeLines(home: WalletHome, locale: String, hideBalances: Boolean = false): List<String> {
        val value = home.value
        val lines = ArrayList<String>()
        if (hideBalances) {
            lines.add(MASK)
            lines.add(MASK)
        } else {
            lines.add(NumberRenderer.text(value.total, locale))
            lines.add("${NumberRenderer.text(value.change, locale)} (${NumberRenderer.text(value.changePercentage, locale)})")
        }
        value.rows.mapTo(lines) { assetRowLine(it, locale, hideBalances) }
        return lines
    }

    /** One asset row as one line. */
    @JvmStatic
    @JvmOverloads
    fun assetRowLine(row: AssetItemRow, locale: String, hideBalances: Boolean = false): String {
        val title = joined(" ", text(row.title, locale), text(row.titleExtra, locale))
        val subtitle = joined(" ", text(row.subtitle, locale), text(row.subtitleExtra, locale))
        val trailing = row.trailing
        val tail = when {
            hideBalances && row.masksBalance -> MASK
            trailing is AssetTrailing.Value -> joined(SEPARATOR, text(trailing.value, locale), text(trailing.extra, locale))
            trailing is AssetTrailing.Toggle -> if (trailing.isOn) "on" else "off"
            trailing is AssetTrailing.Copy -> trailing.copy.display
            else -> null
        }
        return joined(SEPARATOR, title, subtitle, tail)
    }

    /** The lines a terminal shows for the wallet list: per section its heading, then its rows. */
    @JvmStatic
    fun walletListLines(sections: List<WalletSection>, locale: String): List<String> {
        val lines = ArrayList<String>()
        for (section in sections) {
            lines.add(if (section.kind == WalletSectionKind.PINNED) "Pinned" else "Wallets")
            section.rows.mapTo(lines) { walletRowLine(it, locale) }
        }
        return lines
    }

    /** One wallet row as one line. */
    @JvmStatic
    fun walletRowLine(row: WalletRow, locale: String): String {
        val avatar = if (row.hasAvatar) "[image]" else "[${row.placeholder}]"
        val line = "${if (row.isCurrent) "*" else " "} $avatar ${row.name}$SEPARATOR${localizedText(row.subtitle, locale)}"
        return if (row.showsWatchBadge) "${line}${SEPARATOR}watch" else line
    }

    /** A [LocalizedText] as a terminal prints it: a number through [NumberRenderer] in [locale], a text as given, the rest as English labels. */
    @JvmStatic
    fun localizedText(text: LocalizedText, locale: String): String = when (text) {
        is LocalizedText.Number -> NumberRenderer.text(text.number, locale)
        is LocalizedText.Text -> text.text
        is LocalizedText.WalletType -> when (text.walletType) {
            WalletType.MULTICOIN -> "Multi-coin"
            WalletType.SINGLE -> "Single chain"
            WalletType.PRIVATE_KEY -> "Private key"
            WalletType.VIEW -> "Watch-only"
        }
        is LocalizedText.ShowSecret -> if (text.kind == WalletSecretKind.PHRASE) "Show secret phrase" else "Show private key"
        is LocalizedText.PriceAlertDirection -> if (text.direction == PriceDirection.UP) "Over" else "Under"
        is LocalizedText.RowTitle -> humanized(text.title.json)
        is LocalizedText.TransactionState -> humanized(text.state.json)
    }

    private fun humanized(value: String): String = value.replace('_', ' ').let { it.take(1).toUpperCase() + it.drop(1) }

    private fun text(text: RowText?, locale: String): String? = text?.let { localizedText(it.text, locale) }

    private fun joined(separator: String, vararg parts: String?): String = parts.filter { !it.isNullOrEmpty() }.joinToString(separator)
}
