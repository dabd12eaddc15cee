"""Wallet test helpers: the SQLite composition a front end makes, in-memory port tables whose
methods a test can replace (to inject failures), and the committed vectors."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from pathlib import Path
from typing import Any, Callable, Optional

from gemstone import (FileKeystorePassword, PortCall, PortTable, SqliteSecureStore, SqliteWalletSessionStore,
                      SqliteWalletStore, Status, StoreError, WalletService, WalletSessionService, deferred)
from gemstone.wallet_ports import answer_secret
from header import REPO

ABANDON = "abandon " * 11 + "about"

#: The cheapest Argon2id cost the core accepts (gemstone.h: at least 2 passes and 19456 KiB), so
#: the tests do not spend 64 MiB per keystore record.
FAST_KDF = {"kdf_iterations": 2, "kdf_memory_kib": 19456}

#: Addresses of three phrases on every chain. Source (its "source" field): tests/oracles/addresses.py,
#: bip-utils 2.12.3 (PyPI) at chains.md's default derivation paths.
ADDRESS_VECTORS = json.loads((REPO / "Tests" / "BlockchainTests" / "Vectors" / "addresses.json").read_text())

#: Valid and invalid addresses per chain family. Source (its "source" field): tests/oracles/validation.py,
#: bip-utils 2.12.3 encoders and decoders plus the EIP-55 test cases.
VALIDATION_VECTORS = json.loads((REPO / "Tests" / "BlockchainTests" / "Vectors" / "validation.json").read_text())

#: Private keys, their export forms and addresses. Source (its "source" field and per record):
#: tests/oracles/private_keys.py (stellar-sdk, bech32, base58, PyNaCl, bip-utils 2.12.3; the web3.js
#: documentation's privateKeyToAccount example).
PRIVATE_KEY_VECTORS = json.loads(
    (REPO / "Tests" / "GemstoneTests" / "Wallet" / "Vectors" / "private_keys.json").read_text())


def phrase_vectors(phrase: str) -> dict:
    return next(entry for entry in ADDRESS_VECTORS["phrases"] if entry["phrase"] == phrase)


class WalletApp:
    """The composition a front end makes: the three stores over one SQLite file, the password in a
    file beside it, a session service and a wallet service."""

    def __init__(self, directory: Path, password: Any = None, **service_options: Any) -> None:
        self.db = directory / "app.db"
        self.store = SqliteWalletStore(self.db)
        self.session_store = SqliteWalletSessionStore(self.db)
        self.secure_store = SqliteSecureStore(self.db)
        self.password = password if password is not None else FileKeystorePassword(directory / "keystore.key")
        self.session = WalletSessionService(self.store, self.session_store, wait_timeout=60)
        options = dict(FAST_KDF, wait_timeout=60)
        options.update(service_options)
        self.wallets = WalletService(store=self.store, session_store=self.session_store,
                                     secure_store=self.secure_store, password=self.password, **options)

    def rows(self, sql: str, *args: Any) -> list:
        with sqlite3.connect(self.db) as connection:
            return connection.execute(sql, args).fetchall()

    def snapshot(self) -> tuple:
        """Everything the app stored: wallets, accounts, keystore keys, current wallet id."""
        return (self.rows("SELECT * FROM wallets ORDER BY id"),
                self.rows("SELECT * FROM accounts ORDER BY wallet_id, position"),
                self.rows("SELECT key FROM secure_store ORDER BY key"),
                self.rows("SELECT value FROM wallet_session"))

    def close(self) -> None:
        self.wallets.close()
        self.session.close()
        for store in (self.store, self.session_store, self.secure_store):
            store.close()

    def __enter__(self) -> "WalletApp":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()


class AsyncioForm:
    """Calls `<name>_async` on one event loop when the service has it, else the blocking method."""

    def __init__(self, service: Any) -> None:
        self.service = service
        self.loop = asyncio.new_event_loop()

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.service, name + "_async", None)
        if method is None:
            return getattr(self.service, name)
        return lambda *args, **kwargs: self.loop.run_until_complete(method(*args, **kwargs))

    def close(self) -> None:
        self.loop.close()


class MemoryWalletPorts:
    """In-memory gem_wallet_store, gem_wallet_session_store, gem_secure_store and gem_keystore_password
    tables; ``tables[kind].methods[name]`` may be replaced to inject a failure."""

    def __init__(self, password: bytes = b"p" * 32) -> None:
        self.wallets: dict[str, dict] = {}
        self.current: Optional[str] = None
        self.secrets: dict[str, str] = {}
        self.password = password
        self.lock = threading.Lock()
        self.tables = {
            "gem_wallet_store": PortTable("gem_wallet_store", {
                "get_wallets": self._get_wallets, "get_wallet": self._get_wallet, "add_wallet": self._add_wallet,
                "save_wallet": self._save_wallet, "delete_wallet": self._delete_wallet,
            }, default_status=Status.STORE),
            "gem_wallet_session_store": PortTable("gem_wallet_session_store", {
                "get_current_wallet_id": lambda args: self.current,
                "set_current_wallet_id": self._set_current,
            }, default_status=Status.STORE),
            "gem_secure_store": PortTable("gem_secure_store", {
                "get": self._get_secret, "set": self._set_secret, "delete_key": self._delete_secret,
            }, default_status=Status.STORE),
            "gem_keystore_password": PortTable("gem_keystore_password", {"get_password": self._password},
                                               default_status=Status.STORE),
        }

    def _get_wallets(self, args: Any) -> list:
        with self.lock:
            return list(self.wallets.values())

    def _get_wallet(self, args: Any) -> Optional[dict]:
        with self.lock:
            return self.wallets.get(args["wallet_id"])

    def _add_wallet(self, args: Any) -> None:
        with self.lock:
            if args["wallet"]["id"] in self.wallets:
                raise StoreError("already stored")
            self.wallets[args["wallet"]["id"]] = args["wallet"]

    def _save_wallet(self, args: Any) -> None:
        with self.lock:
            self.wallets[args["wallet"]["id"]] = args["wallet"]

    def _delete_wallet(self, args: Any) -> None:
        with self.lock:
            self.wallets.pop(args["wallet_id"], None)

    def _set_current(self, args: Any) -> None:
        self.current = args["wallet_id"]

    def _get_secret(self, args: Any) -> Optional[str]:
        with self.lock:
            return self.secrets.get(args["key"])

    def _set_secret(self, args: Any) -> None:
        with self.lock:
            self.secrets[args["key"]] = args["value"]

    def _delete_secret(self, args: Any) -> None:
        with self.lock:
            self.secrets.pop(args["key"], None)

    @deferred
    def _password(self, args: Any, call: PortCall) -> None:
        answer_secret(call, bytearray(self.password))

    def services(self, **options: Any) -> tuple:
        config = dict(FAST_KDF, wait_timeout=60)
        config.update(options)
        session = WalletSessionService(self.tables["gem_wallet_store"], self.tables["gem_wallet_session_store"],
                                       wait_timeout=60)
        wallets = WalletService(store=self.tables["gem_wallet_store"],
                                session_store=self.tables["gem_wallet_session_store"],
                                secure_store=self.tables["gem_secure_store"],
                                password=self.tables["gem_keystore_password"], **config)
        return session, wallets
