"""The send composition a front end makes (over chain_support.ChainApp): the transaction store, the transactions,
state and confirm services and a tracking scheduler, all over one SQLite file. Used by test_send_scenario.py and
bench/confirm/run.py."""

from __future__ import annotations

import sqlite3

from gemstone import (ConfirmRequest, ConfirmTransferService, SqliteTransactionStore, TrackingScheduler,
                      TransactionsService, TransactionStateService, TransferRequest)
from chain_support import ChainApp, direct_transport

TRACK_SECONDS = 120


class SendApp(ChainApp):
    """ChainApp plus the transaction store, the transactions, state and confirm services, and a tracking
    scheduler: the composition a front end makes to send."""

    def __init__(self, directory, nodes, api_url) -> None:
        super().__init__(directory, nodes=nodes)
        self.transaction_store = SqliteTransactionStore(self.db)
        self.transactions = TransactionsService(self.assets, self.transaction_store, wait_timeout=60)
        self.tracker = TrackingScheduler()
        self.confirm = ConfirmTransferService(self.wallets, self.assets, self.nodes, self.transactions, self.tracker,
                                              api_url=api_url, transport=direct_transport(), wait_timeout=120)
        self.state = TransactionStateService(self.transactions, self.nodes, self.balances, interval_ms=100,
                                             wait_timeout=TRACK_SECONDS)
        self.tracker.attach(self.state)

    def send(self, wallet_id: str, asset_id: str, to: str, amount: int):
        """load, submit, and the tracking the submit scheduled: (load, submit, final transaction)."""
        request = ConfirmRequest(TransferRequest(wallet_id, asset_id, to, amount=amount))
        load = self.confirm.load(request)
        submit = self.confirm.submit(request)
        assert self.tracker.scheduled()[-len(submit.transaction_ids):] == list(submit.transaction_ids), \
            "the submit scheduled the tracking of what it stored"
        final = self.tracker.tracked(submit.transaction_ids[0]).result(timeout=TRACK_SECONDS)
        return load, submit, final

    def stored(self, transaction_id: str):
        """The stored record as another reader of the file sees it."""
        with sqlite3.connect(self.db) as connection:
            row = connection.execute("SELECT json FROM transactions WHERE id = ?", (transaction_id,)).fetchone()
        return row[0] if row else None

    def count(self) -> int:
        with sqlite3.connect(self.db) as connection:
            return connection.execute("SELECT COUNT(*) FROM transactions").fetchone()[0]

    def available(self, wallet_id: str, asset_id: str) -> int:
        return int(self.balance_rows(wallet_id)[asset_id])

    def close(self) -> None:
        self.tracker.close()
        for service in (self.confirm, self.state, self.transactions):
            service.close()
        self.transaction_store.close()
        super().close()
