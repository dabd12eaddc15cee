"""Stores over the standard sqlite3 module.

Ports are called on core threads, so each store opens its connection with
check_same_thread=False and serializes every use with a lock. Connections run in autocommit
mode; a batch is one explicit BEGIN IMMEDIATE … COMMIT transaction.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path
from typing import Any, Optional, Union

from .errors import StoreError
from .ports import PreferencesStore, PriceAlertStore

PathLike = Union[str, Path]


def _connect(path: PathLike) -> sqlite3.Connection:
    connection = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None, timeout=10.0)
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


class _SqliteStore:
    def __init__(self, path: PathLike) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        try:
            self._connection = _connect(path)
            self._create()
        except sqlite3.Error as error:
            raise StoreError(f"cannot open {self.path}: {error}") from error

    def _create(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        with self._lock:
            self._connection.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()


class _SqliteKeyValueStore(_SqliteStore):
    """A table of (key PRIMARY KEY, value) strings: the preferences and the keystore records.
    A write that would change nothing writes no row."""

    _table: str = ""
    _what: str = ""

    def _create(self) -> None:
        self._connection.execute(
            f"CREATE TABLE IF NOT EXISTS {self._table} (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)")

    def _get(self, key: str) -> Optional[str]:
        try:
            with self._lock:
                row = self._connection.execute(f"SELECT value FROM {self._table} WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error as error:
            raise StoreError(f"reading {self._what} {key}: {error}") from error
        return None if row is None else row[0]

    def _set(self, key: str, value: str) -> None:
        try:
            with self._lock:
                self._connection.execute(
                    f"INSERT INTO {self._table} (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE value IS NOT excluded.value",
                    (key, value))
        except sqlite3.Error as error:
            raise StoreError(f"writing {self._what} {key}: {error}") from error

    def _delete(self, key: str) -> None:
        try:
            with self._lock:
                self._connection.execute(f"DELETE FROM {self._table} WHERE key = ?", (key,))
        except sqlite3.Error as error:
            raise StoreError(f"removing {self._what} {key}: {error}") from error


class SqlitePreferencesStore(_SqliteKeyValueStore, PreferencesStore):
    """Preferences in table preferences(key PRIMARY KEY, value)."""

    _table = "preferences"
    _what = "preference"

    def get(self, key: str) -> Optional[str]:
        return self._get(key)

    def set(self, key: str, value: str) -> None:
        self._set(key, value)

    def remove(self, key: str) -> None:
        self._delete(key)


def canonical_json(value: Any) -> str:
    """The stored form of an alert: sorted keys, no spaces, so equal alerts store equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class SqlitePriceAlertStore(_SqliteStore, PriceAlertStore):
    """Price alerts in table price_alerts(id PRIMARY KEY, asset_id, json), one row per alert
    keyed by the core's alert id and listed in id order (stable across a rollback that re-inserts
    a row). ``rows_written`` counts rows inserted, replaced or deleted."""

    def __init__(self, path: PathLike) -> None:
        self.rows_written = 0
        self.transactions = 0
        super().__init__(path)

    def _create(self) -> None:
        self._connection.executescript(
            "CREATE TABLE IF NOT EXISTS price_alerts ("
            " id TEXT PRIMARY KEY NOT NULL, asset_id TEXT NOT NULL, json TEXT NOT NULL);"
            "CREATE INDEX IF NOT EXISTS price_alerts_asset_id ON price_alerts (asset_id);")

    def get_price_alerts(self, asset_id: Optional[str]) -> list:
        try:
            with self._lock:
                if asset_id is None:
                    rows = self._connection.execute("SELECT json FROM price_alerts ORDER BY id").fetchall()
                else:
                    rows = self._connection.execute(
                        "SELECT json FROM price_alerts WHERE asset_id = ? ORDER BY id", (asset_id,)).fetchall()
            return [json.loads(row[0]) for row in rows]
        except (sqlite3.Error, ValueError) as error:
            raise StoreError(f"reading price alerts: {error}") from error

    def update_price_alerts(self, alerts: list, delete_ids: list) -> None:
        rows = []
        for alert in alerts:
            if not isinstance(alert, dict) or not isinstance(alert.get("id"), str) \
                    or not isinstance(alert.get("asset_id"), str):
                raise StoreError(f"an alert to store needs a string id and asset_id: {alert!r}")
            rows.append((alert["id"], alert["asset_id"], canonical_json(alert)))
        if not all(isinstance(identifier, str) for identifier in delete_ids):
            raise StoreError(f"delete_ids must be strings: {delete_ids!r}")
        with self._lock:
            connection = self._connection
            written = 0
            try:
                connection.execute("BEGIN IMMEDIATE")
                for identifier, asset_id, text in rows:
                    current = connection.execute("SELECT json FROM price_alerts WHERE id = ?", (identifier,)).fetchone()
                    if current is not None and current[0] == text:
                        continue
                    connection.execute(
                        "INSERT INTO price_alerts (id, asset_id, json) VALUES (?, ?, ?) "
                        "ON CONFLICT (id) DO UPDATE SET asset_id = excluded.asset_id, json = excluded.json",
                        (identifier, asset_id, text))
                    written += 1
                for identifier in delete_ids:
                    written += connection.execute("DELETE FROM price_alerts WHERE id = ?", (identifier,)).rowcount
                connection.execute("COMMIT")
            except sqlite3.Error as error:
                try:
                    connection.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # no transaction was open
                raise StoreError(f"writing price alerts: {error}") from error
            self.rows_written += written
            self.transactions += 1
