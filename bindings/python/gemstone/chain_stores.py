"""The chain store ports over the standard sqlite3 module: added nodes and selections, token assets
and each wallet's token list, and the balance rows.

Like sqlite_stores.py: one connection per store (check_same_thread=False, serialized by a lock),
autocommit, and every write one BEGIN IMMEDIATE … COMMIT transaction that writes only the rows it
was given, and of those only the ones whose stored values differ. ``rows_written`` counts rows
inserted, updated or deleted, ``transactions`` the write transactions committed. Amounts are
uint256 values, stored as their decimal text.
"""

from __future__ import annotations

import sqlite3
from typing import Callable, Optional

from .chain_ports import AssetStore, BalanceStore, NodeStore
from .errors import StoreError
from .generated import Asset, AssetType, Balance, BalanceUpdate, ChainNode, RecordError, WalletAssetsUpdate
from .sqlite_stores import PathLike, _SqliteStore


class _SqliteWriter(_SqliteStore):
    def __init__(self, path: PathLike) -> None:
        self.rows_written = 0
        self.transactions = 0
        super().__init__(path)

    def _read(self, what: str, body: Callable[[sqlite3.Connection], list]) -> list:
        try:
            with self._lock:
                return body(self._connection)
        except (sqlite3.Error, RecordError, ValueError) as error:
            raise StoreError(f"{what}: {error}") from error

    def _write(self, what: str, body: Callable[[sqlite3.Connection], int]) -> None:
        """Runs body(connection) -> rows written in one transaction; rolls back and raises
        StoreError on any failure, so nothing of it is written."""
        with self._lock:
            connection = self._connection
            try:
                connection.execute("BEGIN IMMEDIATE")
                written = body(connection)
                connection.execute("COMMIT")
            except BaseException as error:
                try:
                    connection.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # no transaction was open
                if isinstance(error, StoreError):
                    raise
                if isinstance(error, (sqlite3.Error, ValueError)):
                    raise StoreError(f"{what}: {error}") from error
                raise
            self.rows_written += written
            self.transactions += 1


class SqliteNodeStore(_SqliteWriter, NodeStore):
    """Added nodes in table chain_nodes (in the order added) and each chain's selection in table
    node_selections (one row per chain)."""

    def _create(self) -> None:
        self._connection.executescript(
            "CREATE TABLE IF NOT EXISTS chain_nodes ("
            " position INTEGER PRIMARY KEY AUTOINCREMENT, chain TEXT NOT NULL, url TEXT NOT NULL,"
            " UNIQUE (chain, url));"
            "CREATE TABLE IF NOT EXISTS node_selections (chain TEXT PRIMARY KEY NOT NULL, url TEXT NOT NULL);")

    def get_nodes(self) -> list[ChainNode]:
        return self._read("reading nodes", lambda connection: [
            ChainNode(chain, url) for chain, url in connection.execute(
                "SELECT chain, url FROM chain_nodes ORDER BY position")])

    def update_nodes(self, add: list[ChainNode], delete: list[ChainNode]) -> None:
        def body(connection: sqlite3.Connection) -> int:
            written = 0
            for node in add:
                written += connection.execute(
                    "INSERT INTO chain_nodes (chain, url) VALUES (?, ?) ON CONFLICT (chain, url) DO NOTHING",
                    (node.chain, node.url)).rowcount
            for node in delete:
                written += connection.execute("DELETE FROM chain_nodes WHERE chain = ? AND url = ?",
                                              (node.chain, node.url)).rowcount
            return written

        self._write("writing nodes", body)

    def get_selections(self) -> list[ChainNode]:
        return self._read("reading node selections", lambda connection: [
            ChainNode(chain, url) for chain, url in connection.execute(
                "SELECT chain, url FROM node_selections ORDER BY chain")])

    def set_selection(self, chain: str, url: Optional[str]) -> None:
        def body(connection: sqlite3.Connection) -> int:
            if url is None:
                return connection.execute("DELETE FROM node_selections WHERE chain = ?", (chain,)).rowcount
            return connection.execute(
                "INSERT INTO node_selections (chain, url) VALUES (?, ?) "
                "ON CONFLICT (chain) DO UPDATE SET url = excluded.url WHERE url IS NOT excluded.url",
                (chain, url)).rowcount

        self._write(f"writing the {chain} node selection", body)


class SqliteAssetStore(_SqliteWriter, AssetStore):
    """Token assets in table assets (one row per id) and the tokens each wallet shows in table
    wallet_assets (in the order added)."""

    def _create(self) -> None:
        self._connection.executescript(
            "CREATE TABLE IF NOT EXISTS assets ("
            " id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, symbol TEXT NOT NULL, decimals INTEGER NOT NULL,"
            " type TEXT NOT NULL);"
            "CREATE TABLE IF NOT EXISTS wallet_assets ("
            " position INTEGER PRIMARY KEY AUTOINCREMENT, wallet_id TEXT NOT NULL, asset_id TEXT NOT NULL,"
            " UNIQUE (wallet_id, asset_id));")

    def get_assets(self, ids: list[str]) -> list[Asset]:
        def body(connection: sqlite3.Connection) -> list:
            found = []
            for identifier in dict.fromkeys(ids):  # each id once, in order
                row = connection.execute("SELECT id, name, symbol, decimals, type FROM assets WHERE id = ?",
                                         (identifier,)).fetchone()
                if row is not None:
                    found.append(Asset(row[0], row[1], row[2], row[3], AssetType(row[4])))
            return found

        return self._read("reading assets", body)

    def add_assets(self, assets: list[Asset]) -> None:
        def body(connection: sqlite3.Connection) -> int:
            written = 0
            for asset in assets:
                written += connection.execute(
                    "INSERT INTO assets (id, name, symbol, decimals, type) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (id) DO UPDATE SET name = excluded.name, symbol = excluded.symbol,"
                    " decimals = excluded.decimals, type = excluded.type"
                    " WHERE name IS NOT excluded.name OR symbol IS NOT excluded.symbol"
                    " OR decimals IS NOT excluded.decimals OR type IS NOT excluded.type",
                    (asset.id, asset.name, asset.symbol, asset.decimals, AssetType(asset.type).value)).rowcount
            return written

        self._write("writing assets", body)

    def get_wallet_assets(self, wallet_id: str) -> list[str]:
        return self._read(f"reading the assets of {wallet_id}", lambda connection: [
            row[0] for row in connection.execute(
                "SELECT asset_id FROM wallet_assets WHERE wallet_id = ? ORDER BY position", (wallet_id,))])

    def update_wallet_assets(self, update: WalletAssetsUpdate) -> None:
        def body(connection: sqlite3.Connection) -> int:
            written = 0
            for asset_id in update.add:
                written += connection.execute(
                    "INSERT INTO wallet_assets (wallet_id, asset_id) VALUES (?, ?) "
                    "ON CONFLICT (wallet_id, asset_id) DO NOTHING", (update.wallet_id, asset_id)).rowcount
            for asset_id in update.remove:
                written += connection.execute("DELETE FROM wallet_assets WHERE wallet_id = ? AND asset_id = ?",
                                              (update.wallet_id, asset_id)).rowcount
            return written

        self._write(f"writing the assets of {update.wallet_id}", body)


_KINDS = ("available", "staked", "pending", "locked", "reserved")


class SqliteBalanceStore(_SqliteWriter, BalanceStore):
    """Balance rows in table balances, one per (wallet_id, asset_id), with the chain whose refresh
    wrote it and each kind's amount as decimal text."""

    def _create(self) -> None:
        self._connection.execute(
            "CREATE TABLE IF NOT EXISTS balances ("
            " wallet_id TEXT NOT NULL, asset_id TEXT NOT NULL, chain TEXT NOT NULL, available TEXT NOT NULL,"
            " staked TEXT NOT NULL, pending TEXT NOT NULL, locked TEXT NOT NULL, reserved TEXT NOT NULL,"
            " PRIMARY KEY (wallet_id, asset_id))")

    def get_balances(self, wallet_id: str, asset_ids: list[str]) -> list[Balance]:
        def body(connection: sqlite3.Connection) -> list:
            found = []
            for asset_id in dict.fromkeys(asset_ids):
                row = connection.execute(
                    "SELECT asset_id, available, staked, pending, locked, reserved FROM balances "
                    "WHERE wallet_id = ? AND asset_id = ?", (wallet_id, asset_id)).fetchone()
                if row is not None:
                    found.append(Balance(row[0], *(int(value) for value in row[1:])))
            return found

        return self._read(f"reading the balances of {wallet_id}", body)

    def update_balances(self, update: BalanceUpdate) -> None:
        def body(connection: sqlite3.Connection) -> int:
            written = 0
            for balance in update.balances:
                amounts = tuple(str(getattr(balance, kind)) for kind in _KINDS)
                written += connection.execute(
                    "INSERT INTO balances (wallet_id, asset_id, chain, available, staked, pending, locked, reserved)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (wallet_id, asset_id) DO UPDATE SET"
                    " chain = excluded.chain, available = excluded.available, staked = excluded.staked,"
                    " pending = excluded.pending, locked = excluded.locked, reserved = excluded.reserved"
                    " WHERE chain IS NOT excluded.chain OR available IS NOT excluded.available"
                    " OR staked IS NOT excluded.staked OR pending IS NOT excluded.pending"
                    " OR locked IS NOT excluded.locked OR reserved IS NOT excluded.reserved",
                    (update.wallet_id, balance.asset_id, update.chain) + amounts).rowcount
            return written

        self._write(f"writing the {update.chain} balances of {update.wallet_id}", body)
