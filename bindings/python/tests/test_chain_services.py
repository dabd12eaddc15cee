"""NodeService, AssetsService and BalanceService through the library over this package's SQLite stores,
without a chain: node add/select/remove/list and their errors, a check of an unreachable node as a row,
selections re-resolved, the natives a wallet shows, a stored token added and removed, a refresh whose
chain cannot answer failing with the chain named while the rows stay, a failing store answering a store
error with nothing written, argument errors raised before the core is called, and the asyncio forms."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from typing import Any

import pytest

from gemstone import (Asset, AssetType, AssetsService, Balance, BalanceService, BalanceUpdate, ChainNode,
                      ChainNodes, GemError, InvalidArgument, InvalidInput, NodeCheck, NodeCheckStatusUnreachable,
                      NodeKind, NodeService, NotFound, PortError, PortTable, PrivateKeyImport, SqliteNodeStore,
                      SqliteTransactionStore, Status, StoreError, Timeout, TransactionsRequest, TransactionsService,
                      ViewImport, WalletSessionService)
from chain_support import ETH_ADDRESS, ETH_KEY, UNREACHABLE, ChainApp, direct_transport
from support import Parked

pytestmark = pytest.mark.usefixtures("library")

LOCAL = "http://127.0.0.1:9/ethereum"
TST = "ethereum_0x5FbDB2315678afecb367f032d93F642f64180aa3"
TST_ASSET = Asset(TST, "Test Token", "TST", 6, AssetType.ERC20)


@pytest.fixture
def app(tmp_path):
    with ChainApp(tmp_path, nodes={"ethereum": [LOCAL], "solana": [UNREACHABLE + "/solana"]}) as app:
        yield app


def eth_wallet(app: ChainApp) -> str:
    return app.wallets.import_wallet(PrivateKeyImport(ETH_KEY, "ethereum")).wallet.id


def urls(nodes: ChainNodes) -> list:
    return [(node.url, node.kind, node.selected) for node in nodes.nodes]


# nodes


def test_the_configured_nodes_replace_the_built_in_ones(app):
    nodes = app.nodes.nodes("ethereum")
    assert (nodes.chain, nodes.selected_url, urls(nodes)) == ("ethereum", LOCAL, [(LOCAL, NodeKind.BUILTIN, True)])
    bitcoin = app.nodes.nodes("bitcoin")
    assert bitcoin.nodes and bitcoin.nodes[0].url.startswith("https://") and bitcoin.selected_url == bitcoin.nodes[0].url


def test_add_select_and_remove_a_node_are_written_to_sqlite(app):
    added = app.nodes.add(ChainNode("ethereum", "https://eth.example.com"))
    assert urls(added) == [(LOCAL, NodeKind.BUILTIN, True), ("https://eth.example.com", NodeKind.CUSTOM, False)]
    assert app.nodes.add("ethereum", "https://eth.example.com") == added, "a listed URL is left as it is"
    assert app.node_store.get_nodes() == [ChainNode("ethereum", "https://eth.example.com")]

    selected = app.nodes.select({"chain": "ethereum", "url": "https://eth.example.com"})
    assert selected.selected_url == "https://eth.example.com"
    assert app.rows("SELECT chain, url FROM node_selections") == [("ethereum", "https://eth.example.com")]

    removed = app.nodes.remove("ethereum", "https://eth.example.com")
    assert urls(removed) == [(LOCAL, NodeKind.BUILTIN, True)], "removing the selected node goes back to the default"
    assert app.node_store.get_nodes() == [] and app.node_store.get_selections() == []


def test_a_reopened_app_sees_the_stored_nodes_and_selection(tmp_path):
    with ChainApp(tmp_path) as app:
        app.nodes.add("ethereum", "http://localhost:8545")
        app.nodes.select("ethereum", "http://localhost:8545")
    with ChainApp(tmp_path) as app:
        assert app.nodes.nodes("ethereum").selected_url == "http://localhost:8545"


@pytest.mark.parametrize("url", ["http://eth.example.com", "ftp://127.0.0.1/x", "not a url",
                                 "https://" + "a" * 2048 + ".example"])
def test_a_bad_node_url_is_invalid_input_and_writes_nothing(app, url):
    with pytest.raises(InvalidInput):
        app.nodes.add("ethereum", url)
    assert app.node_store.get_nodes() == []


def test_remove_and_select_errors(app):
    with pytest.raises(InvalidInput):
        app.nodes.remove("ethereum", LOCAL)  # built in
    with pytest.raises(NotFound):
        app.nodes.remove("ethereum", "https://never-added.example")
    with pytest.raises(NotFound):
        app.nodes.select("ethereum", "https://never-added.example")
    assert app.node_store.get_selections() == []


def test_unknown_chains_and_malformed_nodes_are_invalid_arguments(app):
    with pytest.raises(InvalidArgument):
        app.nodes.nodes("no-such-chain")
    with pytest.raises(InvalidArgument):
        app.nodes.add({"chain": "no-such-chain", "url": "https://x.example"})
    with pytest.raises(InvalidArgument):
        app.nodes.add({"chain": "ethereum"})


@pytest.mark.parametrize("call", [
    lambda nodes: nodes.add("ethereum"),                                   # a chain id without a url
    lambda nodes: nodes.add(ChainNode("ethereum", LOCAL), "https://x"),   # a url beside a record
    lambda nodes: nodes.add(42),
    lambda nodes: nodes.nodes(None),
    lambda nodes: nodes.nodes(b"ethereum"),
    lambda nodes: nodes.nodes("ethereum\x00"),
])
def test_arguments_the_binding_refuses(app, call):
    with pytest.raises(InvalidArgument):
        call(app.nodes)


def test_an_unreachable_node_is_a_check_row_not_an_error(app):
    check = app.nodes.check("ethereum", UNREACHABLE)
    assert isinstance(check, NodeCheck) and (check.chain, check.url) == ("ethereum", UNREACHABLE)
    assert isinstance(check.status, NodeCheckStatusUnreachable) and check.rows == ()
    assert check.status.error.to_json()["message"]
    with pytest.raises(InvalidInput):
        app.nodes.check("ethereum", "http://eth.example.com")


def test_a_selection_no_longer_offered_is_cleared_at_start(tmp_path):
    with ChainApp(tmp_path) as app:
        app.node_store.set_selection("ethereum", "https://gone.example")
        app.node_store.set_selection("solana", "https://kept.example")
        app.node_store.update_nodes([ChainNode("solana", "https://kept.example")], [])
    with ChainApp(tmp_path) as app:
        assert app.nodes.resolve_selections() == [ChainNode("ethereum", "https://gone.example")]
        assert app.node_store.get_selections() == [ChainNode("solana", "https://kept.example")]
        assert app.nodes.resolve_selections() == []


def test_a_failing_node_store_is_a_store_error_and_nothing_is_written(app):
    with sqlite3.connect(app.db) as connection:
        connection.execute("CREATE TRIGGER refuse BEFORE INSERT ON chain_nodes "
                           "BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    with pytest.raises(StoreError, match="disk full"):
        app.nodes.add("ethereum", "https://eth.example.com")
    assert app.node_store.get_nodes() == []
    assert urls(app.nodes.nodes("ethereum")) == [(LOCAL, NodeKind.BUILTIN, True)], "the service kept no failed add"


def test_a_store_answer_that_is_not_nodes_is_a_port_error(tmp_path):
    store = SqliteNodeStore(tmp_path / "nodes.db")
    table = store.port_table()
    table.methods["get_nodes"] = lambda args: [{"chain": "ethereum"}]
    with NodeService(table, transport=direct_transport()) as nodes:
        with pytest.raises(PortError):
            nodes.nodes("ethereum")
    store.close()


def test_a_node_store_that_never_answers_times_out_after_store_timeout_ms_and_its_late_answer_is_stale(tmp_path):
    store = SqliteNodeStore(tmp_path / "nodes.db")
    table = store.port_table()
    parked = Parked()
    table.methods["get_nodes"] = parked.park
    with NodeService(table, transport=direct_transport(), store_timeout_ms=200) as nodes:
        started = time.monotonic()
        with pytest.raises(Timeout) as caught:
            nodes.nodes("ethereum")
        assert 0.19 <= time.monotonic() - started < 5, "the 200 ms bound was not applied (the default is 30 s)"
        assert caught.value.type == "timeout"
        assert parked.calls[0].ok([]) == Status.STALE_CALL
    store.close()


@pytest.mark.parametrize("bound", [0, 600001])
def test_a_node_store_timeout_out_of_range_is_refused_and_releases_nothing(tmp_path, bound):
    store = SqliteNodeStore(tmp_path / "nodes.db")
    table = store.port_table()
    with pytest.raises(InvalidArgument, match="store_timeout_ms"):
        NodeService(table, store_timeout_ms=bound)
    assert table.leased == 0 and table.releases == 0
    store.close()


def test_a_bad_configuration_fails_the_constructor_and_releases_nothing(tmp_path):
    store = SqliteNodeStore(tmp_path / "nodes.db")
    table = store.port_table()
    with pytest.raises(InvalidInput):
        NodeService(table, nodes={"ethereum": ["http://eth.example.com"]})
    with pytest.raises(GemError):
        NodeService(table, timeout_ms=0)
    with pytest.raises(InvalidArgument):
        NodeService(table, nodes={"no-such-chain": ["https://x.example"]})
    with pytest.raises(InvalidArgument):
        NodeService(table, nodes=["https://x.example"])
    assert table.leased == 0 and table.releases == 0
    with pytest.raises(TypeError):
        NodeService(PortTable("gem_asset_store", {}))
    store.close()


# assets


def test_a_wallet_shows_the_native_of_each_account_chain(app):
    wallet_id = eth_wallet(app)
    assets = app.assets.wallet_assets(wallet_id)
    assert [(asset.id, asset.symbol, asset.decimals, asset.type) for asset in assets] == \
        [("ethereum", "ETH", 18, AssetType.NATIVE)]
    with pytest.raises(NotFound):
        app.assets.wallet_assets("multicoin_0x0000000000000000000000000000000000000001")


def test_a_stored_token_is_added_without_asking_the_chain_and_removed(app):
    wallet_id = eth_wallet(app)
    app.asset_store.add_assets([TST_ASSET])
    assert app.assets.add_token(wallet_id, TST) == TST_ASSET
    assert app.assets.add_token(wallet_id, TST_ASSET) == TST_ASSET, "a listed token is answered as it is"
    assert app.asset_store.get_wallet_assets(wallet_id) == [TST]
    assert [asset.id for asset in app.assets.wallet_assets(wallet_id)] == ["ethereum", TST]
    assert app.assets.remove_token(wallet_id, TST) is None
    assert app.asset_store.get_wallet_assets(wallet_id) == []
    with pytest.raises(NotFound):
        app.assets.remove_token(wallet_id, TST)


def test_token_errors(app):
    wallet_id = eth_wallet(app)
    with pytest.raises(InvalidInput):
        app.assets.add_token(wallet_id, "ethereum")  # native
    with pytest.raises(InvalidInput):
        app.assets.add_token(wallet_id, "solana_EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")  # no solana account
    with pytest.raises(InvalidArgument):
        app.assets.add_token(wallet_id, "no-such-chain_0x1")
    with pytest.raises(InvalidArgument):
        app.assets.add_token(None, TST)
    with pytest.raises(GemError) as raised:  # the chain's node cannot answer: its error, naming the chain
        app.assets.add_token(wallet_id, TST)
    assert "ethereum" in raised.value.message
    assert app.asset_store.get_wallet_assets(wallet_id) == [] and app.asset_store.get_assets([TST]) == []


def test_a_failing_wallet_assets_update_is_a_store_error_and_lists_nothing(app):
    wallet_id = eth_wallet(app)
    app.asset_store.add_assets([TST_ASSET])
    with sqlite3.connect(app.db) as connection:
        connection.execute("CREATE TRIGGER refuse BEFORE INSERT ON wallet_assets "
                           "BEGIN SELECT RAISE(ABORT, 'refused'); END")
    with pytest.raises(StoreError, match="refused"):
        app.assets.add_token(wallet_id, TST)
    assert app.asset_store.get_wallet_assets(wallet_id) == []


def test_services_must_be_composed_from_services(app):
    with pytest.raises(TypeError):
        AssetsService(object(), app.session, app.asset_store)
    with pytest.raises(TypeError):
        AssetsService(app.nodes, app.wallets, app.asset_store)
    with pytest.raises(TypeError):
        BalanceService(app.nodes, app.nodes, app.session, app.balance_store)


# balances


def test_a_refresh_whose_chain_cannot_answer_names_the_chain_and_keeps_the_rows(app):
    wallet_id = eth_wallet(app)
    assert app.balances.balances(wallet_id) == []
    stored = Balance("ethereum", 7, 0, 0, 0, 0)
    app.balance_store.update_balances(BalanceUpdate(wallet_id, "ethereum", (stored,)))
    before = app.rows("SELECT * FROM balances")
    with pytest.raises(GemError) as raised:
        app.balances.update(wallet_id)
    assert raised.value.message.startswith("ethereum"), raised.value.message
    assert app.rows("SELECT * FROM balances") == before
    assert app.balances.balances(wallet_id) == [stored]
    with pytest.raises(NotFound):
        app.balances.update("multicoin_0x0000000000000000000000000000000000000001")


def test_balances_follow_the_wallets_assets(app):
    wallet_id = app.wallets.import_wallet(ViewImport(ETH_ADDRESS, "ethereum")).wallet.id
    app.asset_store.add_assets([TST_ASSET])
    app.assets.add_token(wallet_id, TST)
    token, coin = Balance(TST, 5, 0, 0, 0, 0), Balance("ethereum", 1, 2, 3, 4, 5)
    app.balance_store.update_balances(BalanceUpdate(wallet_id, "ethereum", (token, coin)))
    app.balance_store.update_balances(BalanceUpdate(wallet_id, "bitcoin", (Balance("bitcoin", 9, 0, 0, 0, 0),)))
    assert app.balances.balances(wallet_id) == [coin, token], "wallet_assets order; no bitcoin account"


def test_closing_the_node_and_assets_services_first_keeps_the_balance_service_working(tmp_path):
    with ChainApp(tmp_path, nodes={"ethereum": [LOCAL]}) as app:
        wallet_id = eth_wallet(app)
        app.nodes.close()
        app.assets.close()
        assert app.balances.balances(wallet_id) == []
        with pytest.raises(InvalidArgument):
            app.nodes.nodes("ethereum")


def test_every_store_table_is_released_once_after_close(tmp_path):
    app = ChainApp(tmp_path, nodes={"ethereum": [LOCAL]})
    tables = app.nodes.tables + app.assets.tables + app.balances.tables
    app.close()
    from conftest import wait_until
    assert wait_until(lambda: all(table.releases == 1 and table.leased == 0 for table in tables))


def test_the_asyncio_forms(app):
    async def scenario():
        wallet_id = (await app.wallets.import_wallet_async(PrivateKeyImport(ETH_KEY, "ethereum"))).wallet.id
        added = await app.nodes.add_async("ethereum", "https://eth.example.com")
        selected = await app.nodes.select_async("ethereum", "https://eth.example.com")
        listed = await app.nodes.nodes_async("ethereum")
        check = await app.nodes.check_async("ethereum", UNREACHABLE)
        cleared = await app.nodes.resolve_selections_async()
        removed = await app.nodes.remove_async("ethereum", "https://eth.example.com")
        app.asset_store.add_assets([TST_ASSET])
        token = await app.assets.add_token_async(wallet_id, TST)
        shown = await app.assets.wallet_assets_async(wallet_id)
        await app.assets.remove_token_async(wallet_id, TST)
        rows = await app.balances.balances_async(wallet_id)
        with pytest.raises(GemError):
            await app.balances.update_async(wallet_id)
        return added, selected, listed, check, cleared, removed, token, shown, rows

    added, selected, listed, check, cleared, removed, token, shown, rows = asyncio.run(scenario())
    assert len(added.nodes) == 2 and selected.selected_url == listed.selected_url == "https://eth.example.com"
    assert isinstance(check.status, NodeCheckStatusUnreachable) and cleared == []
    assert removed.selected_url == LOCAL and token == TST_ASSET and [a.id for a in shown] == ["ethereum", TST]
    assert rows == []


@pytest.mark.parametrize("kind, method, answer", [
    ("asset", "get_wallet_assets", [1, 2]),
    ("asset", "get_wallet_assets", "ethereum_0x1"),
    ("balance", "get_balances", [{"asset_id": "ethereum", "available": "-1", "staked": "0", "pending": "0",
                                  "locked": "0", "reserved": "0"}]),
    ("balance", "get_balances", None),
])
def test_a_store_answer_of_the_wrong_shape_is_a_port_error(tmp_path, kind, method, answer):
    with ChainApp(tmp_path, nodes={"ethereum": [LOCAL]}) as app:
        wallet_id = eth_wallet(app)
        app.asset_store.add_assets([TST_ASSET])
        app.assets.add_token(wallet_id, TST)
        service = app.assets if kind == "asset" else app.balances
        service.tables[0].methods[method] = lambda args: answer
        with pytest.raises(PortError):
            app.balances.balances(wallet_id)


def test_a_store_method_raising_anything_is_a_store_error(tmp_path):
    with ChainApp(tmp_path, nodes={"ethereum": [LOCAL]}) as app:
        wallet_id = eth_wallet(app)

        def broken(args):
            raise RuntimeError("the disk went away")

        app.balances.tables[0].methods["get_balances"] = broken
        with pytest.raises(StoreError, match="the disk went away"):
            app.balances.balances(wallet_id)


def _parked_table(store: Any, method: str) -> tuple:
    table = store.port_table()
    parked = Parked()
    table.methods[method] = parked.park
    return table, parked


def _session_with_parked_store(app: ChainApp, parked_method: str, **options: Any) -> tuple:
    table, parked = _parked_table(app.store, parked_method)
    return WalletSessionService(table, app.session_store, wait_timeout=60, **options), parked, table


def _assets_with_parked_store(app: ChainApp, parked_method: str, **options: Any) -> tuple:
    table, parked = _parked_table(app.asset_store, parked_method)
    return AssetsService(app.nodes, app.session, table, wait_timeout=60, **options), parked, table


def _balances_with_parked_store(app: ChainApp, parked_method: str, **options: Any) -> tuple:
    table, parked = _parked_table(app.balance_store, parked_method)
    return BalanceService(app.nodes, app.assets, app.session, table, wait_timeout=60, **options), parked, table


def _transactions_with_parked_store(app: ChainApp, parked_method: str, **options: Any) -> tuple:
    store = SqliteTransactionStore(app.db)
    app.extra_stores.append(store)
    table, parked = _parked_table(store, parked_method)
    return TransactionsService(app.assets, table, wait_timeout=60, **options), parked, table


# (make the service with one store method parked, the parked method, the command that calls it)
STORE_TIMEOUT_CASES = {
    "session": (_session_with_parked_store, "get_wallets", lambda service, wallet: service.get_wallets()),
    "assets": (_assets_with_parked_store, "get_wallet_assets", lambda service, wallet: service.wallet_assets(wallet)),
    "balance": (_balances_with_parked_store, "get_balances", lambda service, wallet: service.balances(wallet)),
    "transactions": (_transactions_with_parked_store, "get_transactions",
                     lambda service, wallet: service.transactions(TransactionsRequest(wallet_id=wallet))),
}


@pytest.fixture
def timeout_app(tmp_path):
    app = ChainApp(tmp_path)
    app.extra_stores = []
    yield app
    for store in app.extra_stores:
        store.close()
    app.close()


@pytest.mark.parametrize("case", sorted(STORE_TIMEOUT_CASES))
def test_a_store_that_never_answers_times_out_after_the_services_store_timeout_ms(timeout_app, case):
    make, method, command = STORE_TIMEOUT_CASES[case]
    wallet = eth_wallet(timeout_app)
    service, parked, _ = make(timeout_app, method, store_timeout_ms=200)
    with service:
        started = time.monotonic()
        with pytest.raises(Timeout) as caught:
            command(service, wallet)
        assert 0.19 <= time.monotonic() - started < 5, "the 200 ms bound was not applied (the default is 30 s)"
        assert caught.value.type == "timeout"
        assert parked.calls and parked.calls[0].ok([]) == Status.STALE_CALL


@pytest.mark.parametrize("bound", [0, 600001])
@pytest.mark.parametrize("case", sorted(STORE_TIMEOUT_CASES))
def test_a_store_timeout_out_of_range_is_refused_and_releases_nothing(timeout_app, case, bound):
    make, method, _ = STORE_TIMEOUT_CASES[case]
    with pytest.raises(InvalidArgument, match="store_timeout_ms") as caught:
        make(timeout_app, method, store_timeout_ms=bound)
    assert caught.value.type == "invalid_argument"
