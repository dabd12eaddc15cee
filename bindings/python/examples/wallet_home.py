"""Prints a wallet list and a wallet home as a terminal shows them (gemstone.home_render over gemstone.render).

    python3 bindings/python/examples/wallet_home.py API_URL [--node URL] [--locale de] [--currency EUR]
                                                            [--hide-balances] [--db app.db]

Watches ADDRESS on Ethereum (a view-only wallet, in the SQLite file --db), syncs the prices of the wallet's assets
from the API at API_URL (the test API server of tests/server/api_server.py serves /v1/prices and /v1/fiat_rates),
refreshes the wallet's balances from the Ethereum node --node when one is given (the local chain of tests/chains),
and prints the wallet list, then the home: the total in the currency, its change, one line per asset. Needs the
library (GEMSTONE_LIB or an installed wheel) and Babel (pip install 'gemstone[render]').
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gemstone import (AssetsService, BalanceService, FileKeystorePassword, NodeService, PreferencesService,  # noqa: E402
                      PriceService, SqliteAssetStore, SqliteBalanceStore, SqliteNodeStore, SqlitePreferencesStore,
                      SqlitePriceStore, SqliteSecureStore, SqliteWalletSessionStore, SqliteWalletStore, ViewImport,
                      WalletHomeService, WalletService, WalletSessionService)
from gemstone.generated import AssetData, WalletListItem  # noqa: E402
from gemstone.home_render import home_lines, wallet_list_lines  # noqa: E402
from gemstone.projections import wallet_sections  # noqa: E402

#: The local chain's funded test account (tests/chains/README.md).
ADDRESS = "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("api_url")
    parser.add_argument("--node", help="an Ethereum JSON-RPC URL to refresh the balances from")
    parser.add_argument("--locale", default="en")
    parser.add_argument("--currency", default="USD")
    parser.add_argument("--hide-balances", action="store_true")
    parser.add_argument("--db", help="the SQLite file (default: a new one in a temporary directory)")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="gemstone-home-"))
    db = args.db or str(folder / "app.db")
    store, session_store = SqliteWalletStore(db), SqliteWalletSessionStore(db)
    nodes_config = {"ethereum": [args.node]} if args.node else None
    with WalletService(store=store, session_store=session_store, secure_store=SqliteSecureStore(db),
                       password=FileKeystorePassword(str(folder / "keystore.key"))) as wallets, \
            WalletSessionService(store, session_store) as session, \
            NodeService(SqliteNodeStore(db), nodes=nodes_config) as nodes, \
            AssetsService(nodes, session, SqliteAssetStore(db)) as assets, \
            BalanceService(nodes, assets, session, SqliteBalanceStore(db)) as balances, \
            PreferencesService(SqlitePreferencesStore(db)) as preferences:
        preferences.update(currency=args.currency)
        wallet = wallets.import_wallet(ViewImport(ADDRESS, "ethereum", "Watched")).wallet
        items = tuple(WalletListItem(w.id, w.name, w.index, w.order, w.is_pinned, w.image_url)
                      for w in session.get_wallets())
        print("\n".join(wallet_list_lines(wallet_sections(items, session.get_current_wallet_id()), args.locale)))
        print()
        if args.node:
            balances.update(wallet.id)
        held = {balance.asset_id: balance for balance in balances.balances(wallet.id)}
        shown = [AssetData(asset=asset, balance=held.get(asset.id), is_enabled=True)
                 for asset in assets.wallet_assets(wallet.id)]
        with PriceService(args.api_url, preferences=preferences, store=SqlitePriceStore(db)) as prices, \
                WalletHomeService(prices) as home:
            shown_home = home.refresh(shown)        # syncs the assets' prices first; a failed sync keeps what is shown
            print("\n".join(home_lines(shown_home, args.locale, hide_balances=args.hide_balances)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
