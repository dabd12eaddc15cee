"""A terminal's rendering of the wallet home (WalletHome, what WalletHomeService answers) and of the wallet list
(what gem_wallet_sections answers), through the number renderer (gemstone.render, Babel).

Core settles every decision in the records (which name a row shows, whether the symbol is shown, the price style,
the sign and tone of a change, which rows the privacy switch hides); these functions only lay the texts out as
lines. The Kotlin binding's com.gemwallet.gemstone.HomeRenderer writes the same lines.

Home lines, in order:
  - the total in the home's currency (``*****`` when balances are hidden);
  - its 24-hour change and, in parentheses, the change in percent (``*****`` when balances are hidden);
  - one line per asset row: the title, the symbol beside it when the row has one, then `` · `` and the subtitle
    (the price) with its change beside it when the row has them, then `` · `` and the trailing texts: the balance
    and its worth joined by `` · `` (``*****`` when balances are hidden and the row masks its balance), ``on`` or
    ``off`` for a switch, the address's display for a copy row, nothing for none.

Wallet list lines: per section its heading (``Pinned``, ``Wallets``), then per row ``*`` for the current wallet
(else a space), the avatar (``[W]``, the placeholder, or ``[image]`` when the wallet has a picture), the name, `` · ``
and the subtitle, and `` · watch`` when the avatar carries the watch-only badge.

Texts that are not numbers (GemLocalizedText's other cases) are the app's to localize (the specification's one
mapper file); a terminal has no such file, so they read as the English labels below, whatever the locale.
"""

from __future__ import annotations

from typing import Iterable, Optional

from . import render
from .generated import (AssetItemRow, AssetTrailingCopy, AssetTrailingNone, AssetTrailingToggle, AssetTrailingValue,
                        LocalizedText, LocalizedTextNumber, LocalizedTextPriceAlertDirection, LocalizedTextRowTitle,
                        LocalizedTextShowSecret, LocalizedTextText, LocalizedTextTransactionState,
                        LocalizedTextWalletType, PriceDirection, RowText, WalletHome, WalletRow, WalletSection,
                        WalletSectionKind, WalletSecretKind, WalletType)

#: What a hidden balance reads as.
MASK = "*****"
#: Between the parts of a line.
SEPARATOR = " · "

#: A terminal's English names of the wallet kinds (the app's mapper file holds the localized ones).
WALLET_TYPE_LABELS = {WalletType.MULTICOIN: "Multi-coin", WalletType.SINGLE: "Single chain",
                      WalletType.PRIVATE_KEY: "Private key", WalletType.VIEW: "Watch-only"}
#: The labels of the button that shows a wallet's secret.
SHOW_SECRET_LABELS = {WalletSecretKind.PHRASE: "Show secret phrase", WalletSecretKind.PRIVATE_KEY: "Show private key"}
#: The labels said before a target-price alert's price.
PRICE_ALERT_DIRECTION_LABELS = {PriceDirection.UP: "Over", PriceDirection.DOWN: "Under"}
#: The wallet list's section headings.
SECTION_HEADINGS = {WalletSectionKind.PINNED: "Pinned", WalletSectionKind.WALLETS: "Wallets"}


def _humanized(value: str) -> str:
    words = value.replace("_", " ")
    return words[:1].upper() + words[1:]


def localized_text(text: LocalizedText, locale: str) -> str:
    """A GemLocalizedText as a terminal prints it: a number through gemstone.render in `locale`, a text as given,
    the other cases as English labels."""
    if isinstance(text, LocalizedTextNumber):
        return render.text(text.number, locale)
    if isinstance(text, LocalizedTextText):
        return text.text
    if isinstance(text, LocalizedTextWalletType):
        return WALLET_TYPE_LABELS[text.wallet_type]
    if isinstance(text, LocalizedTextShowSecret):
        return SHOW_SECRET_LABELS[text.kind]
    if isinstance(text, LocalizedTextPriceAlertDirection):
        return PRICE_ALERT_DIRECTION_LABELS[text.direction]
    if isinstance(text, LocalizedTextRowTitle):
        return _humanized(text.title.value)
    if isinstance(text, LocalizedTextTransactionState):
        return _humanized(text.state.value)
    raise TypeError(f"not a GemLocalizedText: {text!r}")


def _text(text: Optional[RowText], locale: str) -> Optional[str]:
    return None if text is None else localized_text(text.text, locale)


def _joined(parts: Iterable[Optional[str]], separator: str) -> str:
    return separator.join(part for part in parts if part)


def asset_row_line(row: AssetItemRow, locale: str, *, hide_balances: bool = False) -> str:
    """One asset row as one line (see the module's text)."""
    title = _joined((_text(row.title, locale), _text(row.title_extra, locale)), " ")
    subtitle = _joined((_text(row.subtitle, locale), _text(row.subtitle_extra, locale)), " ")
    trailing = row.trailing
    if hide_balances and row.masks_balance:
        tail: Optional[str] = MASK
    elif isinstance(trailing, AssetTrailingValue):
        tail = _joined((_text(trailing.value, locale), _text(trailing.extra, locale)), SEPARATOR)
    elif isinstance(trailing, AssetTrailingToggle):
        tail = "on" if trailing.is_on else "off"
    elif isinstance(trailing, AssetTrailingCopy):
        tail = trailing.copy.display
    elif isinstance(trailing, AssetTrailingNone):
        tail = None
    else:
        raise TypeError(f"not a GemAssetTrailing: {trailing!r}")
    return _joined((title, subtitle, tail), SEPARATOR)


def home_lines(home: WalletHome, locale: str, *, hide_balances: bool = False) -> list[str]:
    """The lines a terminal shows for a wallet home in `locale` (a CLDR identifier: "en", "de", "pt_BR");
    `hide_balances` is the balance privacy switch (see the module's text)."""
    value = home.value
    if hide_balances:
        lines = [MASK, MASK]
    else:
        lines = [render.text(value.total, locale),
                 f"{render.text(value.change, locale)} ({render.text(value.change_percentage, locale)})"]
    lines.extend(asset_row_line(row, locale, hide_balances=hide_balances) for row in value.rows)
    return lines


def wallet_row_line(row: WalletRow, locale: str) -> str:
    """One wallet row as one line (see the module's text)."""
    avatar = "[image]" if row.has_avatar else f"[{row.placeholder}]"
    line = f"{'*' if row.is_current else ' '} {avatar} {row.name}{SEPARATOR}{localized_text(row.subtitle, locale)}"
    return line + f"{SEPARATOR}watch" if row.shows_watch_badge else line


def wallet_list_lines(sections: Iterable[WalletSection], locale: str) -> list[str]:
    """The lines a terminal shows for gem_wallet_sections' answer (gemstone.wallet_sections): per section its
    heading, then its rows."""
    lines: list[str] = []
    for section in sections:
        lines.append(SECTION_HEADINGS[section.kind])
        lines.extend(wallet_row_line(row, locale) for row in section.rows)
    return lines
