"""Send: ConfirmTransferService, TransactionsService and TransactionStateService (the "Send: transactions,
tracking, confirmation" part of include/gemstone.h), with the TransactionStore port, SqliteTransactionStore over
the standard sqlite3 module, and the TransactionStatusPort a host schedules tracking with.

The flow a send screen runs, every decision in the core:

    load = confirm.load(ConfirmRequest(TransferRequest(wallet_id, "ethereum", to, amount=15 * 10**17)))
    # show load: the sender, the fee per priority, the simulation, the amount or its shortfall
    submit = confirm.submit(ConfirmRequest(TransferRequest(...)))   # signs with one password read
    # the core stored each transaction as pending and called status.schedule(wallet_id, ids)

TrackingScheduler is a TransactionStatusPort that tracks each scheduled id to its final state on a thread pool
of its own (the header: the host runs gem_transaction_state_service_track on its own executor and lifetime).
"""

from __future__ import annotations

import abc
import concurrent.futures
import ctypes
import json
import threading
from typing import Any, Optional

from . import abi
from .abi import Status
from .chain_ports import _answer, _list_arg, _read_arg, _string
from .chain_stores import _SqliteWriter
from .chains import AssetsService, BalanceService, NodeService, _require
from .errors import PortError
from .generated import (ConfirmLoad, ConfirmRequest, ConfirmSubmit, RecordError, Transaction, TransactionRow,
                        TransactionsRequest, TransactionsServiceConfig)
from .ports import PortTable, _string_arg, as_port_table
from .services import _c_string, _config_argument, _construct, _json_argument, _Service
from .transport import UrllibTransport
from .wallets import WalletService


class TransactionStore(abc.ABC):
    """gem_transaction_store: the wallets' transactions, one Transaction per id ("<chain>_<hash>"). Only the
    TransactionsService owns it (the confirm and state services write through it). Every method runs on a
    core dispatch thread where blocking is allowed."""

    @abc.abstractmethod
    def get_transactions(self, wallet_id: str) -> list[Transaction]:
        """The wallet's transactions, newest first (created_at, then id)."""

    @abc.abstractmethod
    def get_transaction(self, transaction_id: str) -> Optional[Transaction]:
        """The transaction of the id, or None."""

    @abc.abstractmethod
    def update_transactions(self, transactions: list[Transaction]) -> None:
        """Inserts each, or replaces the row of its id, in ONE transaction; raises StoreError with none
        written on failure."""

    def port_table(self) -> PortTable:
        def listed(args: Any) -> list:
            return _answer(self.get_transactions(_string_arg(args, "wallet_id")), Transaction, "get_transactions")

        def one(args: Any) -> Any:
            value = self.get_transaction(_string_arg(args, "id"))
            if value is None:
                return None
            if isinstance(value, Transaction):
                return value.to_json()
            try:
                return Transaction.from_json(value).to_json()
            except RecordError as error:
                raise PortError(f"get_transaction must answer a Transaction or None: {error}") from error

        def update(args: Any) -> None:
            self.update_transactions(_list_arg(args, "transactions", Transaction.from_json, "transaction"))

        return PortTable("gem_transaction_store", {"get_transactions": listed, "get_transaction": one,
                                                   "update_transactions": update}, default_status=Status.STORE)


class SqliteTransactionStore(_SqliteWriter, TransactionStore):
    """Table transactions: the Transaction record's JSON under its id, with its wallet and creation time for
    the listing (the layout gem-host's SQLite file uses)."""

    def _create(self) -> None:
        self._connection.executescript(
            "CREATE TABLE IF NOT EXISTS transactions (id TEXT PRIMARY KEY, wallet_id TEXT NOT NULL,"
            " created_at INTEGER NOT NULL, json TEXT NOT NULL);"
            "CREATE INDEX IF NOT EXISTS transactions_wallet ON transactions(wallet_id, created_at);")

    def get_transactions(self, wallet_id: str) -> list[Transaction]:
        return self._read("get_transactions", lambda connection: [
            Transaction.from_json(json.loads(text)) for (text,) in connection.execute(
                "SELECT json FROM transactions WHERE wallet_id = ? ORDER BY created_at DESC, id DESC", (wallet_id,))])

    def get_transaction(self, transaction_id: str) -> Optional[Transaction]:
        rows = self._read("get_transaction", lambda connection: [
            Transaction.from_json(json.loads(text)) for (text,) in connection.execute(
                "SELECT json FROM transactions WHERE id = ?", (transaction_id,))])
        return rows[0] if rows else None

    def update_transactions(self, transactions: list[Transaction]) -> None:
        def body(connection: Any) -> int:
            written = 0
            for transaction in transactions:
                text = json.dumps(transaction.to_json(), ensure_ascii=False, separators=(",", ":"), sort_keys=True)
                stored = connection.execute("SELECT json FROM transactions WHERE id = ?", (transaction.id,)).fetchone()
                if stored is not None and stored[0] == text:
                    continue
                connection.execute("INSERT INTO transactions (id, wallet_id, created_at, json) VALUES (?, ?, ?, ?)"
                                   " ON CONFLICT(id) DO UPDATE SET wallet_id = excluded.wallet_id,"
                                   " created_at = excluded.created_at, json = excluded.json",
                                   (transaction.id, transaction.wallet_id, transaction.created_at, text))
                written += 1
            return written
        self._write("update_transactions", body)


class TransactionStatusPort(abc.ABC):
    """gem_transaction_status_port: the host's scheduler of tracking, called once per submit after the
    pending transactions are stored, on a core dispatch thread. A failure is ignored by the core (the
    transaction stays pending, for a later track)."""

    @abc.abstractmethod
    def schedule(self, wallet_id: str, transaction_ids: list[str]) -> None:
        """Start tracking each id (gem_transaction_state_service_track) on the host's own executor; never
        wait for it here."""

    def port_table(self) -> PortTable:
        def schedule(args: Any) -> None:
            ids = _list_arg(args, "transaction_ids", lambda value: _string(value, "transaction_ids[]"), "id")
            self.schedule(_string_arg(args, "wallet_id"), ids)

        return PortTable("gem_transaction_status_port", {"schedule": schedule})


class TrackingScheduler(TransactionStatusPort):
    """Tracks each scheduled transaction to its final state on a thread pool of its own. The tracker (a
    TransactionStateService) is attached after construction, since the confirm service takes this port
    first; ids scheduled before it is attached wait for it. tracked(id) is the future of one tracking (the
    stored final Transaction, or the error that stopped it)."""

    def __init__(self, workers: int = 4) -> None:
        self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="gem-track")
        self._lock = threading.Lock()
        self._tracker: Optional[TransactionStateService] = None
        self._attached = threading.Event()
        self._futures: dict[str, concurrent.futures.Future] = {}

    def attach(self, tracker: "TransactionStateService") -> None:
        self._tracker = tracker
        self._attached.set()

    def schedule(self, wallet_id: str, transaction_ids: list[str]) -> None:
        with self._lock:
            for transaction_id in transaction_ids:
                self._futures[transaction_id] = self._pool.submit(self._track, transaction_id)

    def _track(self, transaction_id: str) -> Transaction:
        self._attached.wait()
        tracker = self._tracker
        if tracker is None:
            raise PortError("no tracker attached")
        return tracker.track(transaction_id)

    def tracked(self, transaction_id: str) -> concurrent.futures.Future:
        """The future of the id's tracking; KeyError when it was never scheduled."""
        with self._lock:
            return self._futures[transaction_id]

    def scheduled(self) -> list[str]:
        with self._lock:
            return list(self._futures)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


def _transactions(data: Any) -> list[Transaction]:
    if not isinstance(data, list):
        raise RecordError(f"expected a list of transactions, found {type(data).__name__}")
    return [Transaction.from_json(item) for item in data]


def _rows(data: Any) -> list[TransactionRow]:
    if not isinstance(data, list):
        raise RecordError(f"expected a list of rows, found {type(data).__name__}")
    return [TransactionRow.from_json(item) for item in data]


def _request(request: Any, record: type, name: str) -> bytes:
    if isinstance(request, record):
        request = request.to_json()
    else:
        try:
            request = record.from_json(request).to_json()
        except RecordError as error:
            raise TypeError(f"{name} must be a {record.__name__}: {error}") from error
    return _json_argument(request, name)


class TransactionsService(_Service):
    """A wallet's stored transactions (gem_transactions_service), the one owner of a TransactionStore.
    `store_timeout_ms` (1 to 600000, the core's 30000 when None) bounds each TransactionStore call."""

    _FREE = "gem_transactions_service_free"

    def __init__(self, assets: AssetsService, store: Any, *, store_timeout_ms: Optional[int] = None,
                 wait_timeout: Optional[float] = None) -> None:
        config_json = _config_argument(TransactionsServiceConfig(store_timeout_ms=store_timeout_ms))
        _require(assets, AssetsService, "assets")
        tables = [as_port_table(store, "gem_transaction_store")]
        leases = [table.lease() for table in tables]
        library = abi.lib()
        with assets._use() as assets_handle:
            handle = _construct(lambda out, error: library.gem_transactions_service_new(
                config_json, ctypes.c_void_p(assets_handle), ctypes.byref(leases[0].struct), out, error), leases)
        super().__init__(handle, tables, wait_timeout)

    def rows(self, request: TransactionsRequest) -> list[TransactionRow]:
        """The wallet's newest `limit` transactions as rows (as gem_transaction_rows answers them)."""
        return self._run("gem_transactions_service_rows", (_request(request, TransactionsRequest, "request"),), _rows)

    async def rows_async(self, request: TransactionsRequest) -> list[TransactionRow]:
        return await self._run_async("gem_transactions_service_rows",
                                     (_request(request, TransactionsRequest, "request"),), _rows)

    def transactions(self, request: TransactionsRequest) -> list[Transaction]:
        """The stored records the rows are made from, newest first."""
        return self._run("gem_transactions_service_transactions",
                         (_request(request, TransactionsRequest, "request"),), _transactions)

    def transaction(self, transaction_id: str) -> Transaction:
        """The stored transaction of the id; NotFound when none."""
        return self._run("gem_transactions_service_transaction", (_c_string(transaction_id, "transaction_id"),),
                         Transaction.from_json)


class TransactionStateService(_Service):
    """Tracks broadcast transactions to their final state (gem_transaction_state_service): polls the chain
    every interval_ms, stores confirmed, failed or reverted with the fee paid, refreshes the wallet's balances
    when a BalanceService is given."""

    _FREE = "gem_transaction_state_service_free"

    def __init__(self, transactions: TransactionsService, nodes: NodeService, balances: Optional[BalanceService] = None,
                 *, interval_ms: Optional[int] = None, max_polls: Optional[int] = None,
                 wait_timeout: Optional[float] = None) -> None:
        _require(transactions, TransactionsService, "transactions")
        _require(nodes, NodeService, "nodes")
        if balances is not None:
            _require(balances, BalanceService, "balances")
        config: dict[str, Any] = {}
        if interval_ms is not None:
            config["interval_ms"] = interval_ms
        if max_polls is not None:
            config["max_polls"] = max_polls
        config_json = _json_argument(config, "config")
        library = abi.lib()
        with transactions._use() as transactions_handle, nodes._use() as nodes_handle:
            if balances is None:
                handle = _construct(lambda out, error: library.gem_transaction_state_service_new(
                    config_json, ctypes.c_void_p(transactions_handle), ctypes.c_void_p(nodes_handle), None,
                    out, error), [])
            else:
                with balances._use() as balances_handle:
                    handle = _construct(lambda out, error: library.gem_transaction_state_service_new(
                        config_json, ctypes.c_void_p(transactions_handle), ctypes.c_void_p(nodes_handle),
                        ctypes.c_void_p(balances_handle), out, error), [])
        super().__init__(handle, [], wait_timeout)

    def track(self, transaction_id: str) -> Transaction:
        """Polls until the transaction is final and answers the stored Transaction; a transaction already final
        answers at once. After max_polls: the last status failure, or Timeout (it stays pending)."""
        return self._run("gem_transaction_state_service_track", (_c_string(transaction_id, "transaction_id"),),
                         Transaction.from_json)

    async def track_async(self, transaction_id: str) -> Transaction:
        return await self._run_async("gem_transaction_state_service_track",
                                     (_c_string(transaction_id, "transaction_id"),), Transaction.from_json)


class ConfirmTransferService(_Service):
    """A send's confirmation and submit (gem_confirm_transfer_service). load() answers one ConfirmLoad (the
    sender, the fee asset, the fee per priority, the simulation, the amount or its shortfall); submit() signs
    with one keystore password read, broadcasts, stores the pending transaction through the
    TransactionsService's store and calls status.schedule. Failures raise ConfirmFailed, whose record is a
    ConfirmError ({"type":"broadcast_rejected",…}); gemstone.presentation's confirm_error_display says what
    a screen shows for it."""

    _FREE = "gem_confirm_transfer_service_free"

    def __init__(self, wallets: WalletService, assets: AssetsService, nodes: NodeService,
                 transactions: TransactionsService, status: Any, *, api_url: Optional[str] = None,
                 transport: Any = None, timeout_ms: Optional[int] = None,
                 wait_timeout: Optional[float] = None) -> None:
        _require(wallets, WalletService, "wallets")
        _require(assets, AssetsService, "assets")
        _require(nodes, NodeService, "nodes")
        _require(transactions, TransactionsService, "transactions")
        config: dict[str, Any] = {}
        if api_url is not None:
            config["api_url"] = api_url
        if timeout_ms is not None:
            config["timeout_ms"] = timeout_ms
        config_json = _json_argument(config, "config")
        tables = [as_port_table(status, "gem_transaction_status_port")]
        if api_url is not None:
            tables.append(as_port_table(transport if transport is not None else UrllibTransport(), "gem_http_transport"))
        leases = [table.lease() for table in tables]
        transport_struct = ctypes.byref(leases[1].struct) if api_url is not None else None
        library = abi.lib()
        with wallets._use() as wallets_handle, assets._use() as assets_handle, nodes._use() as nodes_handle, \
                transactions._use() as transactions_handle:
            handle = _construct(lambda out, error: library.gem_confirm_transfer_service_new(
                config_json, ctypes.c_void_p(wallets_handle), ctypes.c_void_p(assets_handle),
                ctypes.c_void_p(nodes_handle), ctypes.c_void_p(transactions_handle), transport_struct,
                ctypes.byref(leases[0].struct), out, error), leases)
        super().__init__(handle, tables, wait_timeout)

    def load(self, request: ConfirmRequest) -> ConfirmLoad:
        """The confirmation of a transfer at a priority; a later load at another priority asks nothing again
        (request.refresh runs every stage again)."""
        return self._run("gem_confirm_transfer_service_load", (_request(request, ConfirmRequest, "request"),),
                         ConfirmLoad.from_json)

    async def load_async(self, request: ConfirmRequest) -> ConfirmLoad:
        return await self._run_async("gem_confirm_transfer_service_load",
                                     (_request(request, ConfirmRequest, "request"),), ConfirmLoad.from_json)

    def submit(self, request: ConfirmRequest) -> ConfirmSubmit:
        """Signs the held load, broadcasts, stores the pending transaction and schedules its tracking;
        answers the hashes and the stored ids."""
        return self._run("gem_confirm_transfer_service_submit", (_request(request, ConfirmRequest, "request"),),
                         ConfirmSubmit.from_json)

    async def submit_async(self, request: ConfirmRequest) -> ConfirmSubmit:
        return await self._run_async("gem_confirm_transfer_service_submit",
                                     (_request(request, ConfirmRequest, "request"),), ConfirmSubmit.from_json)
