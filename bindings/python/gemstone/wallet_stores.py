"""The wallet ports over the standard library: SQLite stores for wallets, the current wallet id and
the keystore records, and a password read from a per-install file only its owner can read.

Like sqlite_stores.py: one connection per store (check_same_thread=False, serialized by a lock),
autocommit, and one BEGIN IMMEDIATE … COMMIT transaction per write.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import stat
from pathlib import Path
from typing import Any, Optional, Sequence

from .errors import PermissionDenied, StoreError
from .sqlite_stores import PathLike, _SqliteKeyValueStore, _SqliteStore, canonical_json
from .wallet_ports import KeystorePassword, SecureStore, WalletSessionStore, WalletStore

OWNER_ONLY = 0o600

_WALLET_COLUMNS = ("id", "external_id", "name", "index", "type", "order", "is_pinned", "image_url", "source")
_ACCOUNT_COLUMNS = ("chain", "address", "derivation_path", "extended_public_key")


def _extra(record: dict, known: Sequence[str]) -> str:
    """Keys of a newer core's record this store has no column for, kept so nothing is lost."""
    return canonical_json({key: value for key, value in record.items() if key not in known})


def _field(record: dict, key: str, kind: type, what: str, optional: bool = False) -> Any:
    value = record.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise StoreError(f"{what}.{key} must be {kind.__name__}: {value!r}")
    return value


def _wallet_row(wallet: Any) -> tuple:
    if not isinstance(wallet, dict):
        raise StoreError(f"a wallet to store is a JSON object: {wallet!r}")
    return (
        _field(wallet, "id", str, "wallet"),
        _field(wallet, "external_id", str, "wallet", optional=True),
        _field(wallet, "name", str, "wallet"),
        _field(wallet, "index", int, "wallet"),
        _field(wallet, "type", str, "wallet"),
        _field(wallet, "order", int, "wallet"),
        1 if _field(wallet, "is_pinned", bool, "wallet") else 0,
        _field(wallet, "image_url", str, "wallet", optional=True),
        _field(wallet, "source", str, "wallet"),
        _extra(wallet, _WALLET_COLUMNS + ("accounts",)),
    )


def _account_rows(wallet: dict) -> list[tuple]:
    accounts = wallet.get("accounts")
    if not isinstance(accounts, list):
        raise StoreError(f"wallet.accounts must be a list: {accounts!r}")
    rows = []
    for account in accounts:
        if not isinstance(account, dict):
            raise StoreError(f"an account is a JSON object: {account!r}")
        rows.append((
            _field(account, "chain", str, "account"),
            _field(account, "address", str, "account"),
            _field(account, "derivation_path", str, "account"),
            _field(account, "extended_public_key", str, "account", optional=True),
            _extra(account, _ACCOUNT_COLUMNS),
        ))
    return rows


def _record(columns: Sequence[str], row: Sequence[Any], extra: str) -> dict:
    record = json.loads(extra)
    record.update({column: value for column, value in zip(columns, row) if value is not None})
    return record


class SqliteWalletStore(_SqliteStore, WalletStore):
    """Wallets in table wallets (one row per wallet) and their accounts in table accounts (one row
    per account, in the wallet's order, deleted with their wallet). ``rows_written`` counts rows
    inserted, updated or deleted; ``transactions`` the write transactions committed."""

    def __init__(self, path: PathLike) -> None:
        self.rows_written = 0
        self.transactions = 0
        super().__init__(path)

    def _create(self) -> None:
        self._connection.executescript(
            "CREATE TABLE IF NOT EXISTS wallets ("
            " id TEXT PRIMARY KEY NOT NULL, external_id TEXT, name TEXT NOT NULL, wallet_index INTEGER NOT NULL,"
            " type TEXT NOT NULL, sort_order INTEGER NOT NULL, is_pinned INTEGER NOT NULL, image_url TEXT,"
            " source TEXT NOT NULL, extra TEXT NOT NULL DEFAULT '{}');"
            "CREATE TABLE IF NOT EXISTS accounts ("
            " wallet_id TEXT NOT NULL REFERENCES wallets (id) ON DELETE CASCADE, position INTEGER NOT NULL,"
            " chain TEXT NOT NULL, address TEXT NOT NULL, derivation_path TEXT NOT NULL, extended_public_key TEXT,"
            " extra TEXT NOT NULL DEFAULT '{}', PRIMARY KEY (wallet_id, position));"
            "CREATE INDEX IF NOT EXISTS accounts_chain_address ON accounts (chain, address);")

    _SELECT_WALLET = ("SELECT id, external_id, name, wallet_index, type, sort_order, is_pinned, image_url, source, "
                      "extra FROM wallets")

    def _read(self, rows: list) -> list:
        wallets = []
        for row in rows:
            wallet = _record(_WALLET_COLUMNS, row[:9], row[9])
            wallet["is_pinned"] = bool(row[6])
            accounts = self._connection.execute(
                "SELECT chain, address, derivation_path, extended_public_key, extra FROM accounts "
                "WHERE wallet_id = ? ORDER BY position", (row[0],)).fetchall()
            wallet["accounts"] = [_record(_ACCOUNT_COLUMNS, account[:4], account[4]) for account in accounts]
            wallets.append(wallet)
        return wallets

    def get_wallets(self) -> list:
        try:
            with self._lock:
                return self._read(self._connection.execute(
                    self._SELECT_WALLET + " ORDER BY sort_order, wallet_index, id").fetchall())
        except (sqlite3.Error, ValueError) as error:
            raise StoreError(f"reading wallets: {error}") from error

    def get_wallet(self, wallet_id: str) -> Optional[dict]:
        try:
            with self._lock:
                found = self._read(self._connection.execute(self._SELECT_WALLET + " WHERE id = ?",
                                                            (wallet_id,)).fetchall())
        except (sqlite3.Error, ValueError) as error:
            raise StoreError(f"reading wallet {wallet_id}: {error}") from error
        return found[0] if found else None

    def _write(self, what: str, body) -> None:
        """Runs body(connection) -> rows written in one transaction; rolls back and raises StoreError
        on any failure."""
        with self._lock:
            connection = self._connection
            try:
                connection.execute("BEGIN IMMEDIATE")
                written = body(connection)
                connection.execute("COMMIT")
            except (sqlite3.Error, StoreError) as error:
                try:
                    connection.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # no transaction was open
                if isinstance(error, StoreError):
                    raise
                raise StoreError(f"{what}: {error}") from error
            self.rows_written += written
            self.transactions += 1

    def add_wallet(self, wallet: dict) -> None:
        row, accounts = _wallet_row(wallet), _account_rows(wallet)

        def insert(connection: sqlite3.Connection) -> int:
            if connection.execute("SELECT 1 FROM wallets WHERE id = ?", (row[0],)).fetchone() is not None:
                raise StoreError(f"wallet {row[0]} is already stored")
            connection.execute("INSERT INTO wallets (id, external_id, name, wallet_index, type, sort_order, is_pinned,"
                               " image_url, source, extra) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            connection.executemany(
                "INSERT INTO accounts (wallet_id, position, chain, address, derivation_path, extended_public_key,"
                " extra) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(row[0], position) + account for position, account in enumerate(accounts)])
            return 1 + len(accounts)

        self._write(f"adding wallet {row[0]}", insert)

    def save_wallet(self, wallet: dict) -> None:
        row, accounts = _wallet_row(wallet), _account_rows(wallet)

        def update(connection: sqlite3.Connection) -> int:
            current = connection.execute(
                "SELECT id, external_id, name, wallet_index, type, sort_order, is_pinned, image_url, source, extra "
                "FROM wallets WHERE id = ?", (row[0],)).fetchone()
            if current is None:
                raise StoreError(f"no wallet {row[0]} to save")
            written = 0
            if tuple(current) != row:
                connection.execute("UPDATE wallets SET external_id = ?, name = ?, wallet_index = ?, type = ?,"
                                   " sort_order = ?, is_pinned = ?, image_url = ?, source = ?, extra = ? WHERE id = ?",
                                   row[1:] + (row[0],))
                written += 1
            stored = [tuple(account) for account in connection.execute(
                "SELECT chain, address, derivation_path, extended_public_key, extra FROM accounts "
                "WHERE wallet_id = ? ORDER BY position", (row[0],)).fetchall()]
            for position, account in enumerate(accounts):
                if position < len(stored) and stored[position] == account:
                    continue
                connection.execute(
                    "INSERT INTO accounts (wallet_id, position, chain, address, derivation_path, extended_public_key,"
                    " extra) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (wallet_id, position) DO UPDATE SET"
                    " chain = excluded.chain, address = excluded.address, derivation_path = excluded.derivation_path,"
                    " extended_public_key = excluded.extended_public_key, extra = excluded.extra",
                    (row[0], position) + account)
                written += 1
            written += connection.execute("DELETE FROM accounts WHERE wallet_id = ? AND position >= ?",
                                          (row[0], len(accounts))).rowcount
            return written

        self._write(f"saving wallet {row[0]}", update)

    def delete_wallet(self, wallet_id: str) -> None:
        def delete(connection: sqlite3.Connection) -> int:
            accounts = connection.execute("DELETE FROM accounts WHERE wallet_id = ?", (wallet_id,)).rowcount
            return accounts + connection.execute("DELETE FROM wallets WHERE id = ?", (wallet_id,)).rowcount

        self._write(f"deleting wallet {wallet_id}", delete)


class SqliteWalletSessionStore(_SqliteStore, WalletSessionStore):
    """The current wallet id in table wallet_session(key, value), held in memory (the port is SYNC)
    and written through: a failed write raises StoreError and keeps the old value."""

    KEY = "current_wallet_id"

    def _create(self) -> None:
        self._connection.execute(
            "CREATE TABLE IF NOT EXISTS wallet_session (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)")
        row = self._connection.execute("SELECT value FROM wallet_session WHERE key = ?", (self.KEY,)).fetchone()
        self._current: Optional[str] = None if row is None else row[0]

    def get_current_wallet_id(self) -> Optional[str]:
        with self._lock:
            return self._current

    def set_current_wallet_id(self, wallet_id: Optional[str]) -> None:
        with self._lock:
            if wallet_id == self._current:
                return
            try:
                if wallet_id is None:
                    self._connection.execute("DELETE FROM wallet_session WHERE key = ?", (self.KEY,))
                else:
                    self._connection.execute(
                        "INSERT INTO wallet_session (key, value) VALUES (?, ?) "
                        "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (self.KEY, wallet_id))
            except sqlite3.Error as error:
                raise StoreError(f"writing the current wallet id: {error}") from error
            self._current = wallet_id


def _create_owner_only(path: Path) -> None:
    """Creates `path` empty with mode 0600 when it does not exist (SQLite gives its journal the same
    mode); tightens an existing file of ours that others could read."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), OWNER_ONLY)
    except FileExistsError:
        info = os.stat(path)
        if stat.S_ISREG(info.st_mode) and info.st_uid == os.getuid() and info.st_mode & 0o077:
            os.chmod(path, OWNER_ONLY)
        return
    except OSError as error:
        raise StoreError(f"cannot create {path}: {error}") from error
    os.close(descriptor)


class SqliteSecureStore(_SqliteKeyValueStore, SecureStore):
    """The keystore records in table secure_store(key, value). The records are encrypted by the
    core; the database file is still kept readable by its owner only (created 0600, or tightened)."""

    def __init__(self, path: PathLike) -> None:
        _create_owner_only(Path(path))
        super().__init__(path)

    _table = "secure_store"
    _what = "secure record"

    def get(self, key: str) -> Optional[str]:
        return self._get(key)

    def set(self, key: str, value: str) -> None:
        self._set(key, value)

    def delete(self, key: str) -> None:
        self._delete(key)

    def keys(self) -> list[str]:
        """The stored keys (for inspection; the values are the core's encrypted records)."""
        with self._lock:
            return [row[0] for row in self._connection.execute("SELECT key FROM secure_store ORDER BY key")]


class FileKeystorePassword(KeystorePassword):
    """The keystore password: `size` random bytes in the file at `path`, created once (mode 0600,
    written to a temporary file and linked into place, so a crash never leaves a short secret and two
    processes agree on one). Each ask reads the raw bytes into a bytearray the binding wipes after
    the core copied it. A file that is not a regular file of this user readable by them only is
    refused with PermissionDenied."""

    SIZE = 32
    MAX_SIZE = 1024

    def __init__(self, path: PathLike, size: int = SIZE) -> None:
        if not 16 <= size <= self.MAX_SIZE:
            raise ValueError("a keystore password has 16 to 1024 bytes")
        self.path = Path(path)
        self.size = size
        self.asked = 0
        if not self.path.exists():
            self._create()

    def _create(self) -> None:
        temporary = self.path.with_name(f".{self.path.name}.{secrets.token_hex(8)}.tmp")
        secret = bytearray(secrets.token_bytes(self.size))
        try:
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                                 OWNER_ONLY)
            try:
                os.fchmod(descriptor, OWNER_ONLY)
                os.write(descriptor, secret)
                os.fsync(descriptor)
            finally:
                os.close(descriptor)
            try:
                os.link(temporary, self.path)  # never replaces: another process's file wins
            except FileExistsError:
                pass
            directory = os.open(self.path.parent, os.O_RDONLY)
            try:
                os.fsync(directory)
            finally:
                os.close(directory)
        except OSError as error:
            raise StoreError(f"cannot create the keystore password file {self.path}: {error}") from error
        finally:
            secret[:] = bytes(len(secret))
            try:
                os.unlink(temporary)
            except OSError:
                pass

    def password(self) -> bytearray:
        self.asked += 1
        try:
            descriptor = os.open(self.path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError as error:
            raise StoreError(f"cannot open the keystore password file {self.path}: {error}") from error
        try:
            info = os.fstat(descriptor)
            if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
                raise PermissionDenied(f"the keystore password file {self.path} must be a regular file of this user "
                                       f"with mode 0600 (it is {stat.filemode(info.st_mode)})")
            if info.st_size > self.MAX_SIZE:
                raise StoreError(f"the keystore password file {self.path} has {info.st_size} bytes; at most "
                                 f"{self.MAX_SIZE}")
            secret = bytearray(info.st_size)
            view = memoryview(secret)
            read = 0
            while read < len(secret):
                count = os.readv(descriptor, [view[read:]])
                if count == 0:
                    break
                read += count
            view.release()
            if read != len(secret):
                secret[:] = bytes(len(secret))
                raise StoreError(f"the keystore password file {self.path} changed while it was read")
            return secret
        finally:
            os.close(descriptor)
