"""The chain stores this package ships (SqliteNodeStore, SqliteAssetStore, SqliteBalanceStore), on their own
(no library needed): every update one transaction, a failure mid-batch leaves none of it, only the rows
given are written and of those only the changed ones (counted by the connection's total_changes and by a
trigger of another connection), amounts beyond 64 bits kept exactly."""

from __future__ import annotations

import sqlite3

import pytest

from gemstone import (Asset, AssetType, Balance, BalanceUpdate, ChainNode, SqliteAssetStore, SqliteBalanceStore,
                      SqliteNodeStore, StoreError, WalletAssetsUpdate)

WALLET = "multicoin_0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"
TST = "ethereum_0x5FbDB2315678afecb367f032d93F642f64180aa3"
USDC = "ethereum_0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
UINT256_MAX = 2 ** 256 - 1


def balance(asset_id: str, available: int = 0, **kinds: int) -> Balance:
    values = {"staked": 0, "pending": 0, "locked": 0, "reserved": 0}
    values.update(kinds)
    return Balance(asset_id, available, **values)


def count_writes(path, table: str) -> None:
    """A trigger table counting every row inserted, updated or deleted in `table` (from any connection)."""
    with sqlite3.connect(path) as connection:
        connection.executescript(
            "CREATE TABLE IF NOT EXISTS writes (n INTEGER NOT NULL);"
            f"CREATE TRIGGER IF NOT EXISTS w_ins AFTER INSERT ON {table} BEGIN INSERT INTO writes VALUES (1); END;"
            f"CREATE TRIGGER IF NOT EXISTS w_upd AFTER UPDATE ON {table} BEGIN INSERT INTO writes VALUES (1); END;"
            f"CREATE TRIGGER IF NOT EXISTS w_del AFTER DELETE ON {table} BEGIN INSERT INTO writes VALUES (1); END;")


def writes(path) -> int:
    with sqlite3.connect(path) as connection:
        return connection.execute("SELECT count(*) FROM writes").fetchone()[0]


def refuse(path, table: str, condition: str, message: str) -> None:
    with sqlite3.connect(path) as connection:
        connection.executescript(
            f"CREATE TRIGGER refuse_ins BEFORE INSERT ON {table} WHEN {condition} "
            f"BEGIN SELECT RAISE(ABORT, '{message}'); END;"
            f"CREATE TRIGGER refuse_upd BEFORE UPDATE ON {table} WHEN {condition} "
            f"BEGIN SELECT RAISE(ABORT, '{message}'); END;")


def rows(path, sql: str) -> list:
    with sqlite3.connect(path) as connection:
        return connection.execute(sql).fetchall()


# balances


def test_balances_round_trip_with_every_kind_and_uint256_amounts(tmp_path):
    path = tmp_path / "app.db"
    eth = balance("ethereum", 100 * 10 ** 18, staked=5, pending=6, locked=7, reserved=UINT256_MAX)
    with SqliteBalanceStore(path) as store:
        assert store.get_balances(WALLET, ["ethereum"]) == []
        store.update_balances(BalanceUpdate(WALLET, "ethereum", (eth, balance(TST, 10 ** 12))))
        assert (store.transactions, store.rows_written) == (1, 2)
    with SqliteBalanceStore(path) as store:
        assert store.get_balances(WALLET, [TST, "ethereum", "bitcoin", TST]) == [balance(TST, 10 ** 12), eth]
        assert store.get_balances("other-wallet", ["ethereum"]) == []
    assert rows(path, "SELECT chain, reserved FROM balances WHERE asset_id = 'ethereum'") == [
        ("ethereum", str(UINT256_MAX))]


def test_a_batch_failing_on_its_second_row_writes_none_of_it_and_is_a_store_error(tmp_path):
    path = tmp_path / "app.db"
    with SqliteBalanceStore(path) as store:
        store.update_balances(BalanceUpdate(WALLET, "ethereum", (balance("ethereum", 1),)))
        refuse(path, "balances", f"NEW.asset_id = '{TST}'", "second row refused")
        before = rows(path, "SELECT * FROM balances")
        with pytest.raises(StoreError, match="second row refused") as raised:
            store.update_balances(BalanceUpdate(WALLET, "ethereum", (balance("ethereum", 2), balance(TST, 3))))
        assert raised.value.type == "store"
        assert rows(path, "SELECT * FROM balances") == before, "the first row was rolled back"
        assert store.get_balances(WALLET, ["ethereum", TST]) == [balance("ethereum", 1)]
        assert (store.transactions, store.rows_written) == (1, 1)
        # the connection is usable afterwards: rolled back, not left inside the transaction
        assert not store._connection.in_transaction
        store.update_balances(BalanceUpdate(WALLET, "ethereum", (balance("ethereum", 4),)))
        assert store.get_balances(WALLET, ["ethereum"]) == [balance("ethereum", 4)]


def test_only_the_given_rows_and_of_them_only_changed_ones_are_written(tmp_path):
    path = tmp_path / "app.db"
    with SqliteBalanceStore(path) as store:
        store.update_balances(BalanceUpdate(WALLET, "ethereum", (balance("ethereum", 1), balance(TST, 2))))
        store.update_balances(BalanceUpdate(WALLET, "solana", (balance("solana", 3),)))
        changes = store._connection.total_changes

        store.update_balances(BalanceUpdate(WALLET, "ethereum", (balance("ethereum", 1), balance(TST, 2))))
        assert store._connection.total_changes == changes, "equal rows are not rewritten"

        store.update_balances(BalanceUpdate(WALLET, "ethereum", (balance(TST, 2, staked=1),)))
        assert store._connection.total_changes == changes + 1
        assert store.get_balances(WALLET, ["ethereum", TST, "solana"]) == [
            balance("ethereum", 1), balance(TST, 2, staked=1), balance("solana", 3)], "rows not given are kept"

        store.update_balances(BalanceUpdate(WALLET, "ethereum", ()))
        assert store._connection.total_changes == changes + 1 and store.transactions == 5
        assert store.rows_written == 4


def test_a_trigger_of_another_connection_sees_one_write_per_changed_row(tmp_path):
    path = tmp_path / "app.db"
    with SqliteBalanceStore(path) as store:
        store.update_balances(BalanceUpdate(WALLET, "ethereum", (balance("ethereum", 1), balance(TST, 2))))
        count_writes(path, "balances")
        store.update_balances(BalanceUpdate(WALLET, "ethereum", (balance("ethereum", 1), balance(TST, 5))))
        assert writes(path) == 1


def test_balances_are_keyed_by_wallet(tmp_path):
    with SqliteBalanceStore(tmp_path / "app.db") as store:
        store.update_balances(BalanceUpdate("w1", "ethereum", (balance("ethereum", 1),)))
        store.update_balances(BalanceUpdate("w2", "ethereum", (balance("ethereum", 2),)))
        assert store.get_balances("w1", ["ethereum"]) == [balance("ethereum", 1)]
        assert store.get_balances("w2", ["ethereum"]) == [balance("ethereum", 2)]


def test_a_damaged_row_is_a_store_error(tmp_path):
    path = tmp_path / "app.db"
    with SqliteBalanceStore(path) as store:
        store.update_balances(BalanceUpdate(WALLET, "ethereum", (balance("ethereum", 1),)))
        with sqlite3.connect(path) as connection:
            connection.execute("UPDATE balances SET available = 'lots'")
        with pytest.raises(StoreError, match="reading the balances"):
            store.get_balances(WALLET, ["ethereum"])


# assets


def token(asset_id: str = TST, symbol: str = "TST", decimals: int = 6) -> Asset:
    return Asset(asset_id, "Test Token", symbol, decimals, AssetType.ERC20)


def test_assets_upsert_in_one_transaction_writing_only_changes(tmp_path):
    path = tmp_path / "app.db"
    with SqliteAssetStore(path) as store:
        store.add_assets([token(), token(USDC, "USDC")])
        assert (store.transactions, store.rows_written) == (1, 2)
        assert store.get_assets([USDC, TST, "ethereum_0xabsent"]) == [token(USDC, "USDC"), token()]
        count_writes(path, "assets")
        store.add_assets([token(), token(USDC, "USDC")])
        assert writes(path) == 0
        store.add_assets([token(decimals=18)])
        assert writes(path) == 1 and store.get_assets([TST]) == [token(decimals=18)]


def test_an_asset_batch_failing_on_its_second_asset_writes_none(tmp_path):
    path = tmp_path / "app.db"
    with SqliteAssetStore(path) as store:
        refuse(path, "assets", "NEW.symbol = 'USDC'", "refused")
        with pytest.raises(StoreError, match="refused"):
            store.add_assets([token(), token(USDC, "USDC")])
        assert store.get_assets([TST, USDC]) == [] and store.rows_written == 0


def test_wallet_assets_keep_the_order_added_in_one_transaction(tmp_path):
    path = tmp_path / "app.db"
    with SqliteAssetStore(path) as store:
        assert store.get_wallet_assets(WALLET) == []
        store.update_wallet_assets(WalletAssetsUpdate(WALLET, (USDC, TST), ()))
        store.update_wallet_assets(WalletAssetsUpdate("other", (TST,), ()))
        assert store.get_wallet_assets(WALLET) == [USDC, TST]
        count_writes(path, "wallet_assets")
        store.update_wallet_assets(WalletAssetsUpdate(WALLET, (TST,), ()))
        assert writes(path) == 0, "a listed token is not written again"
        store.update_wallet_assets(WalletAssetsUpdate(WALLET, (TST,), (USDC,)))
        assert writes(path) == 1 and store.get_wallet_assets(WALLET) == [TST]
        store.update_wallet_assets(WalletAssetsUpdate(WALLET, (USDC,), ()))
        assert store.get_wallet_assets(WALLET) == [TST, USDC], "re-added at the end"
        assert store.get_wallet_assets("other") == [TST]


def test_a_failing_wallet_assets_update_adds_and_removes_nothing(tmp_path):
    path = tmp_path / "app.db"
    with SqliteAssetStore(path) as store:
        store.update_wallet_assets(WalletAssetsUpdate(WALLET, (USDC,), ()))
        refuse(path, "wallet_assets", f"NEW.asset_id = '{TST}'", "refused")
        with pytest.raises(StoreError, match="refused"):
            store.update_wallet_assets(WalletAssetsUpdate(WALLET, (TST,), (USDC,)))
        with sqlite3.connect(path) as connection:
            connection.execute("DROP TRIGGER refuse_ins")
            connection.execute(f"CREATE TRIGGER refuse_del BEFORE DELETE ON wallet_assets "
                               f"BEGIN SELECT RAISE(ABORT, 'delete refused'); END")
        with pytest.raises(StoreError, match="delete refused"):
            store.update_wallet_assets(WalletAssetsUpdate(WALLET, (TST,), (USDC,)))
        assert store.get_wallet_assets(WALLET) == [USDC], "the add before the failed delete was rolled back"


# nodes


def test_nodes_append_in_order_and_delete_in_one_transaction(tmp_path):
    path = tmp_path / "app.db"
    a, b, c = (ChainNode("ethereum", f"https://node-{n}.example") for n in "abc")
    with SqliteNodeStore(path) as store:
        store.update_nodes([b, a], [])
        store.update_nodes([a, c], [])
        assert store.get_nodes() == [b, a, c]
        count_writes(path, "chain_nodes")
        store.update_nodes([a], [ChainNode("ethereum", "https://absent.example")])
        assert writes(path) == 0
        store.update_nodes([], [b])
        assert store.get_nodes() == [a, c] and writes(path) == 1
    with SqliteNodeStore(path) as store:
        assert store.get_nodes() == [a, c]


def test_a_failing_node_update_writes_nothing(tmp_path):
    path = tmp_path / "app.db"
    a, b = ChainNode("ethereum", "https://a.example"), ChainNode("solana", "https://b.example")
    with SqliteNodeStore(path) as store:
        store.update_nodes([a], [])
        refuse(path, "chain_nodes", "NEW.chain = 'solana'", "refused")
        with pytest.raises(StoreError, match="refused"):
            store.update_nodes([ChainNode("ethereum", "https://c.example"), b], [a])
        assert store.get_nodes() == [a] and store.transactions == 1


def test_selections_one_per_chain_set_and_cleared_writing_only_changes(tmp_path):
    path = tmp_path / "app.db"
    with SqliteNodeStore(path) as store:
        assert store.get_selections() == []
        store.set_selection("ethereum", "https://a.example")
        store.set_selection("solana", "https://s.example")
        store.set_selection("ethereum", "https://b.example")
        assert store.get_selections() == [ChainNode("ethereum", "https://b.example"),
                                          ChainNode("solana", "https://s.example")]
        count_writes(path, "node_selections")
        store.set_selection("ethereum", "https://b.example")
        store.set_selection("bitcoin", None)
        assert writes(path) == 0
        store.set_selection("ethereum", None)
        assert store.get_selections() == [ChainNode("solana", "https://s.example")] and writes(path) == 1


def test_a_store_over_an_unopenable_path_is_a_store_error(tmp_path):
    with pytest.raises(StoreError, match="cannot open"):
        SqliteBalanceStore(tmp_path / "missing-dir" / "app.db")
