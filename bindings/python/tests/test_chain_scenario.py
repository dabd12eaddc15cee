"""The refresh scenario every front end runs (FRONTENDS.md), against the local chains of tests/chains started
as subprocesses in their own environments (.venvs/evm, .venvs/solana), over this package's SQLite stores and
urllib transport: node add + select + check (right network, wrong network named, unreachable as a row),
wallet import, the TST token added with its metadata read from the chain, a refresh writing ETH 100 and
TST 1,000,000, a second refresh writing nothing, a failed node naming the chain with the rows unchanged; a
balance batch failing mid-way through the real SQLite store leaving none of it; and the publication
contract's fault cases: a slow chain does not delay a fast one's write, a failed chain keeps its rows and is
the error returned while the other chain is written, a refresh answering after a wallet switch writes its own
wallet, an older answer arriving after a newer one is dropped, a stake answer does not clear an available
balance."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from gemstone import (AssetType, ChainRefresh, GemError, NodeCheckRowChainId,
                      NodeCheckRowLatency, NodeCheckRowLatestBlock, NodeCheckStatusOk, NodeCheckStatusUnreachable,
                      NodeCheckStatusWrongNetwork, PrivateKeyImport, StoreError)
from chain_support import ETH_ADDRESS, ETH_KEY, SOL_ADDRESS, UNREACHABLE, ChainApp, control

pytestmark = pytest.mark.usefixtures("library")

ETH_100 = 100 * 10 ** 18
TST_1M = 1_000_000 * 10 ** 6
SOL_100 = 100 * 10 ** 9
SOL_1 = 10 ** 9


@pytest.fixture
def urls(local_chains):
    for url in (local_chains["evm"], local_chains["solana"]):
        control(url, "reset")
    return local_chains


def test_the_refresh_scenario(tmp_path, urls):
    evm = urls["evm"]
    node = f"{evm}/ethereum"
    tst = f"ethereum_{urls['token']}"
    with ChainApp(tmp_path) as app:
        # node add + select + check
        app.nodes.add("ethereum", node)
        assert app.nodes.select("ethereum", node).selected_url == node
        check = app.nodes.check("ethereum", node)
        assert isinstance(check.status, NodeCheckStatusOk), check
        kinds = {type(row) for row in check.rows}
        assert {NodeCheckRowChainId, NodeCheckRowLatestBlock, NodeCheckRowLatency} <= kinds
        assert next(row for row in check.rows if isinstance(row, NodeCheckRowChainId)).value == "1"
        wrong = app.nodes.check("polygon", f"{evm}/polygon")
        assert isinstance(wrong.status, NodeCheckStatusWrongNetwork)
        assert (wrong.status.expected, wrong.status.actual) == ("137", "1")
        unreachable = app.nodes.check("ethereum", UNREACHABLE)
        assert isinstance(unreachable.status, NodeCheckStatusUnreachable) and unreachable.rows == ()

        # wallet import, token add with its metadata from the chain
        wallet_id = app.wallets.import_wallet(PrivateKeyImport(ETH_KEY, "ethereum")).wallet.id
        asset = app.assets.add_token(wallet_id, tst)
        assert (asset.symbol, asset.decimals, asset.type) == ("TST", 6, AssetType.ERC20)
        assert app.asset_store.get_assets([tst]) == [asset] and app.asset_store.get_wallet_assets(wallet_id) == [tst]

        # refresh: ETH 100 and TST 1,000,000 stored, rows written said
        refresh = app.balances.update(wallet_id)
        assert refresh.wallet_id == wallet_id and refresh.chains == (ChainRefresh("ethereum", 2),)
        assert app.balance_rows(wallet_id) == {"ethereum": str(ETH_100), tst: str(TST_1M)}
        assert [(row.asset_id, row.available) for row in app.balances.balances(wallet_id)] == \
            [("ethereum", ETH_100), (tst, TST_1M)]

        # a second refresh writes nothing
        written, transactions = app.balance_store.rows_written, app.balance_store.transactions
        changes = app.balance_store._connection.total_changes
        assert app.balances.update(wallet_id).chains == (ChainRefresh("ethereum", 0),)
        assert (app.balance_store.rows_written, app.balance_store.transactions) == (written, transactions)
        assert app.balance_store._connection.total_changes == changes

        # the node fails: the error names the chain, the rows are unchanged
        before = app.rows("SELECT * FROM balances")
        control(evm, "faults", {"fail": {"mode": "http", "status": 503}})
        with pytest.raises(GemError) as raised:
            app.balances.update(wallet_id)
        assert raised.value.message.startswith("ethereum"), raised.value.message
        assert app.rows("SELECT * FROM balances") == before

        # a changed balance is written, and only its row
        control(evm, "reset")
        control(evm, "fund", {"address": ETH_ADDRESS, "wei": 5})
        assert app.balances.update(wallet_id).chains == (ChainRefresh("ethereum", 1),)
        assert app.balance_rows(wallet_id) == {"ethereum": str(ETH_100 + 5), tst: str(TST_1M)}


def test_a_solana_wallet_refreshes_from_the_local_node(tmp_path, urls):
    with ChainApp(tmp_path, nodes={"solana": [f"{urls['solana']}/solana"]}) as app:
        check = app.nodes.check("solana", f"{urls['solana']}/solana")
        assert isinstance(check.status, NodeCheckStatusOk), check
        wallet = app.wallets.import_wallet(PrivateKeyImport(ETH_KEY, "solana")).wallet
        assert wallet.accounts[0].address == SOL_ADDRESS
        assert app.balances.update(wallet.id).chains == (ChainRefresh("solana", 1),)
        assert app.balance_rows(wallet.id) == {"solana": str(SOL_100)}


def test_a_balance_batch_failing_on_its_second_row_writes_none_and_is_a_store_error(tmp_path, urls):
    evm = urls["evm"]
    tst = f"ethereum_{urls['token']}"
    with ChainApp(tmp_path, nodes={"ethereum": [f"{evm}/ethereum"]}) as app:
        wallet_id = app.wallets.import_wallet(PrivateKeyImport(ETH_KEY, "ethereum")).wallet.id
        app.assets.add_token(wallet_id, tst)
        with sqlite3.connect(app.db) as connection:
            connection.execute(f"CREATE TRIGGER refuse BEFORE INSERT ON balances WHEN NEW.asset_id = '{tst}' "
                               "BEGIN SELECT RAISE(ABORT, 'second row refused'); END")
        with pytest.raises(StoreError, match="second row refused"):
            app.balances.update(wallet_id)
        assert app.rows("SELECT * FROM balances") == [], "the coin row of the refused batch was rolled back"
        with sqlite3.connect(app.db) as connection:
            connection.execute("DROP TRIGGER refuse")
        assert app.balances.update(wallet_id).chains == (ChainRefresh("ethereum", 2),)


def two_chain_wallet(app: ChainApp, urls: dict) -> str:
    """A new phrase wallet on ethereum and solana, its accounts funded with 7 wei and 1 SOL."""
    wallet = app.wallets.create_wallet(chains=("ethereum", "solana")).wallet
    assert [account.chain for account in wallet.accounts] == ["ethereum", "solana"]
    control(urls["evm"], "fund", {"address": wallet.accounts[0].address, "wei": 7})
    control(urls["solana"], "fund", {"address": wallet.accounts[1].address, "lamports": SOL_1})
    return wallet.id


def test_a_slow_chain_does_not_delay_a_fast_ones_write(tmp_path, urls):
    nodes = {"ethereum": [f"{urls['evm']}/ethereum"], "solana": [f"{urls['solana']}/solana"]}
    with ChainApp(tmp_path, nodes=nodes) as app:
        wallet_id = two_chain_wallet(app, urls)
        control(urls["solana"], "faults", {"scope": "solana", "delay_ms": 3000})
        outcome: list = []
        started = time.monotonic()
        worker = threading.Thread(target=lambda: outcome.append(app.balances.update(wallet_id)))
        worker.start()
        seen_at = None
        while worker.is_alive() and time.monotonic() - started < 30:
            if "ethereum" in app.balance_rows(wallet_id):
                seen_at = time.monotonic() - started
                break
            time.sleep(0.01)
        answered_while_seen = not worker.is_alive()
        worker.join(60)
        elapsed = time.monotonic() - started
        assert seen_at is not None and not answered_while_seen, "the ethereum row appeared before solana answered"
        assert seen_at < 2.5 and elapsed >= 3.0, (seen_at, elapsed)
        assert outcome and outcome[0].chains == (ChainRefresh("ethereum", 1), ChainRefresh("solana", 1))
        assert app.balance_rows(wallet_id) == {"ethereum": "7", "solana": str(SOL_1)}


def test_a_failed_chain_keeps_its_rows_and_is_the_error_while_the_other_is_written(tmp_path, urls):
    nodes = {"ethereum": [f"{urls['evm']}/ethereum"], "solana": [f"{urls['solana']}/solana"]}
    with ChainApp(tmp_path, nodes=nodes) as app:
        wallet_id = two_chain_wallet(app, urls)
        app.balances.update(wallet_id)
        eth = app.session.require_wallet(wallet_id).accounts[0].address
        control(urls["evm"], "fund", {"address": eth, "wei": 1})
        control(urls["solana"], "faults", {"scope": "solana", "fail": {"mode": "http", "status": 503}})
        with pytest.raises(GemError) as raised:
            app.balances.update(wallet_id)
        assert raised.value.message.startswith("solana"), raised.value.message
        assert app.balance_rows(wallet_id) == {"ethereum": "8", "solana": str(SOL_1)}


def test_a_refresh_answering_after_a_wallet_switch_writes_its_own_wallet(tmp_path, urls):
    nodes = {"ethereum": [f"{urls['evm']}/ethereum"], "solana": [f"{urls['solana']}/solana"]}
    with ChainApp(tmp_path, nodes=nodes) as app:
        first = two_chain_wallet(app, urls)
        second = app.wallets.import_wallet(PrivateKeyImport(ETH_KEY, "ethereum")).wallet.id
        app.wallets.set_current_wallet_id(first)
        control(urls["solana"], "faults", {"scope": "solana", "delay_ms": 1500})
        outcome: list = []
        worker = threading.Thread(target=lambda: outcome.append(app.balances.update(first)))
        worker.start()
        time.sleep(0.2)
        app.wallets.set_current_wallet_id(second)
        worker.join(60)
        assert outcome and outcome[0].wallet_id == first
        assert app.balance_rows(first) == {"ethereum": "7", "solana": str(SOL_1)} and app.balance_rows(second) == {}


def test_an_older_answer_arriving_after_a_newer_one_is_dropped(tmp_path, urls):
    """Two overlapping refreshes of one wallet; the node answers them last-first (its reorder switch), so the
    older refresh's balance arrives after the newer one was written, and is dropped."""
    evm = urls["evm"]
    with ChainApp(tmp_path, nodes={"ethereum": [f"{evm}/ethereum"]}) as app:
        wallet = app.wallets.create_wallet(chains=("ethereum",)).wallet
        control(evm, "fund", {"address": wallet.accounts[0].address, "wei": 1})
        # Each refresh asks ethereum twice (its balance, and its stake through the staking readers the node stubs).
        control(evm, "faults", {"reorder": 4})
        outcomes: dict = {}

        def refresh(name: str) -> None:
            outcomes[name] = app.balances.update(wallet.id)

        older = threading.Thread(target=refresh, args=("older",))
        older.start()
        deadline = time.monotonic() + 10
        while control(evm, "faults")["held"] < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert control(evm, "faults")["held"] == 2, "the older refresh's requests are held"
        control(evm, "fund", {"address": wallet.accounts[0].address, "wei": 1})
        newer = threading.Thread(target=refresh, args=("newer",))
        newer.start()
        older.join(30)
        newer.join(30)
        assert outcomes["newer"].chains == (ChainRefresh("ethereum", 1),)
        assert outcomes["older"].chains == (ChainRefresh("ethereum", 0),), "the older answer was dropped"
        assert app.balance_rows(wallet.id) == {"ethereum": "2"}


def test_a_stake_answer_does_not_clear_the_available_balance_its_failed_coin_source_left(tmp_path, urls):
    """Solana's coin balance fails (getBalance answers an error) while its stake source answers: the stake is
    written, the available balance stays as it was, and the refresh fails naming solana."""
    solana = urls["solana"]
    with ChainApp(tmp_path, nodes={"solana": [f"{solana}/solana"]}) as app:
        wallet = app.wallets.create_wallet(chains=("solana",)).wallet
        address = wallet.accounts[0].address
        control(solana, "fund", {"address": address, "lamports": SOL_1})
        app.balances.update(wallet.id)
        assert [(row.available, row.staked) for row in app.balances.balances(wallet.id)] == [(SOL_1, 0)]
        control(solana, "stake", {"address": address, "lamports": 2 * SOL_1})
        control(solana, "faults", {"fail": {"methods": ["getBalance"], "mode": "rpc", "code": -32005,
                                            "message": "limit exceeded"}})
        with pytest.raises(GemError) as raised:
            app.balances.update(wallet.id)
        assert raised.value.message.startswith("solana"), raised.value.message
        (row,) = app.balances.balances(wallet.id)
        assert row.available == SOL_1, "the failed coin source left the available balance as it was"
        # the stake account's lamports: the 2 SOL and its rent-exempt reserve
        assert row.staked >= 2 * SOL_1 and (row.pending, row.locked) == (0, 0), row
