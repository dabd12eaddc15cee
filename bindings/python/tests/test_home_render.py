"""gemstone.home_render: a wallet home and a wallet list as a terminal's lines, through gemstone.render, in two
locales: a fixed home record (tests/render/wallet_home.json, an answer of gem_wallet_home_service_load with a
falling total and a falling price; the Kotlin suite "home-render" reads the same record), the balance privacy switch,
and the wallet list gem_wallet_sections answers. Needs Babel: run in the render environment (scripts/test.sh runs
this file in .venvs/render); skipped where Babel is absent."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

pytest.importorskip("babel")

from gemstone.generated import (LocalizedTextPriceAlertDirection, LocalizedTextRowTitle,  # noqa: E402
                                LocalizedTextShowSecret, LocalizedTextText, LocalizedTextWalletType, ListRowTitle,
                                PriceDirection, WalletHome, WalletListItem, WalletSecretKind, WalletType)
from gemstone.home_render import MASK, asset_row_line, home_lines, localized_text, wallet_list_lines  # noqa: E402
from gemstone.projections import wallet_sections  # noqa: E402

HOME = WalletHome.from_json(json.loads(
    (Path(__file__).resolve().parents[3] / "tests" / "render" / "wallet_home.json").read_text()))

#: The no-break space German puts before "€" and "%".
NB = "\u00a0"

ADDRESS = "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"


@pytest.mark.parametrize("locale, expected", [
    ("en", ["€40,500.50",
            "-€924.50 (-2.23%)",
            "Bitcoin · €25,000.00 -2.50% · 1.5 · €37,500.00",
            "Ethereum · €1,500.25 +1.25% · 2 · €3,000.50",
            "Test Token · 1.23"]),
    ("de", [f"40.500,50{NB}€",
            f"-924,50{NB}€ (-2,23{NB}%)",
            f"Bitcoin · 25.000,00{NB}€ -2,50{NB}% · 1,5 · 37.500,00{NB}€",
            f"Ethereum · 1.500,25{NB}€ +1,25{NB}% · 2 · 3.000,50{NB}€",
            "Test Token · 1,23"]),
])
def test_home_lines(locale, expected):
    assert home_lines(HOME, locale) == expected


@pytest.mark.parametrize("locale, price", [("en", "€25,000.00 -2.50%"), ("de", f"25.000,00{NB}€ -2,50{NB}%")])
def test_hidden_balances_mask_the_total_and_every_masking_row(locale, price):
    lines = home_lines(HOME, locale, hide_balances=True)
    assert lines[:2] == [MASK, MASK]
    assert lines[2] == f"Bitcoin · {price} · {MASK}"
    assert all(line.endswith(MASK) for line in lines[2:])


def test_a_row_that_does_not_mask_its_balance_shows_it_when_hidden():
    row = dataclasses.replace(HOME.value.rows[0], masks_balance=False)
    assert asset_row_line(row, "en", hide_balances=True) == "Bitcoin · €25,000.00 -2.50% · 1.5 · €37,500.00"


@pytest.mark.parametrize("locale", ["en", "de"])
def test_wallet_list_lines(library, locale):
    wallets = (WalletListItem(f"multicoin_{ADDRESS}", "Main", 1, 2, True),
               WalletListItem(f"view_ethereum_{ADDRESS}", "watched", 2, 1, False),
               WalletListItem("single_bitcoin_bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh", "Savings", 3, 3, False,
                              "https://example.com/a.png"))
    sections = wallet_sections(wallets, f"view_ethereum_{ADDRESS}")
    assert wallet_list_lines(sections, locale) == [
        "Pinned",
        "  [M] Main · Multi-coin",
        "Wallets",
        "* [W] watched · Ethereum · watch",
        "  [image] Savings · Bitcoin",
    ]


def test_localized_texts_that_are_not_numbers():
    assert localized_text(LocalizedTextText("Ethereum"), "de") == "Ethereum"
    assert localized_text(LocalizedTextWalletType(WalletType.VIEW), "en") == "Watch-only"
    assert localized_text(LocalizedTextShowSecret(WalletSecretKind.PRIVATE_KEY), "en") == "Show private key"
    assert localized_text(LocalizedTextPriceAlertDirection(PriceDirection.UP), "en") == "Over"
    assert localized_text(LocalizedTextPriceAlertDirection(PriceDirection.DOWN), "en") == "Under"
    title = next(iter(ListRowTitle))
    assert localized_text(LocalizedTextRowTitle(title), "en").lower() == title.value.replace("_", " ")


def test_the_example_prints_a_wallet_list_and_a_home(library, api_server, tmp_path, capsys):
    """bindings/python/examples/wallet_home.py against the test API server (prices and rates), no chain node."""
    import runpy
    import sys
    api_server.control("PUT", "/_control/fiat_rates", [{"symbol": "EUR", "rate": 0.5}])
    api_server.control("PUT", "/_control/prices", [{"assetId": "ethereum", "price": 3000, "priceChangePercentage24h": -1.5}])
    example = Path(__file__).resolve().parents[1] / "examples" / "wallet_home.py"
    argv = sys.argv
    sys.argv = [str(example), api_server.url, "--locale", "de", "--currency", "EUR", "--db", str(tmp_path / "app.db")]
    try:
        with pytest.raises(SystemExit) as exit_:
            runpy.run_path(str(example), run_name="__main__")
    finally:
        sys.argv = argv
    assert exit_.value.code == 0
    assert capsys.readouterr().out.splitlines() == [
        "Wallets",
        "* [W] Watched · Ethereum · watch",
        "",
        f"0,00{NB}€",
        f"0,00{NB}€ (0,00{NB}%)",
        f"Ethereum · 1.500,00{NB}€ -1,50{NB}% · 0 · 0,00{NB}€",
    ]
