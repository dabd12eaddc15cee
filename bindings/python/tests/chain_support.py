"""Chain test helpers: the composition a front end makes for nodes, assets and balances (over the wallet
composition of wallet_support.py and this package's SQLite stores, all in one file), a transport that
ignores proxy settings, and the local chain servers of tests/chains started in their own environments."""

from __future__ import annotations

import json
import sqlite3
import urllib.request
from pathlib import Path
from typing import Any, Mapping, Optional

from gemstone import (AssetsService, BalanceService, NodeService, SqliteAssetStore, SqliteBalanceStore,
                      SqliteNodeStore, UrllibTransport)
from wallet_support import WalletApp

ETH_KEY = "0x" + "11" * 32
ETH_ADDRESS = "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"
SOL_ADDRESS = "F25s3DdjXdCxYBhh2z8FBusVEMT4b9bGNFVKJi3wFoF4"

#: A loopback port nothing listens on (the discard port): a node there is unreachable at once.
UNREACHABLE = "http://127.0.0.1:9"


def direct_transport(timeout: float = 30.0) -> UrllibTransport:
    """urllib without the environment's proxies: the nodes are on 127.0.0.1."""
    return UrllibTransport(timeout=timeout, opener=urllib.request.build_opener(urllib.request.ProxyHandler({})))


class ChainApp(WalletApp):
    """WalletApp plus the node, asset and balance stores over the same SQLite file and the three services."""

    def __init__(self, directory: Path, nodes: Optional[Mapping[str, Any]] = None, *, node_store: Any = None,
                 asset_store: Any = None, balance_store: Any = None, transport: Any = None,
                 timeout_ms: Optional[int] = 5000) -> None:
        super().__init__(directory)
        self.node_store = SqliteNodeStore(self.db)
        self.asset_store = SqliteAssetStore(self.db)
        self.balance_store = SqliteBalanceStore(self.db)
        self.nodes = NodeService(node_store if node_store is not None else self.node_store,
                                 transport=transport if transport is not None else direct_transport(),
                                 nodes=nodes, timeout_ms=timeout_ms, wait_timeout=60)
        self.assets = AssetsService(self.nodes, self.session,
                                    asset_store if asset_store is not None else self.asset_store, wait_timeout=60)
        self.balances = BalanceService(self.nodes, self.assets, self.session,
                                       balance_store if balance_store is not None else self.balance_store,
                                       wait_timeout=60)

    def balance_rows(self, wallet_id: str) -> dict:
        """asset_id -> available, read through a connection of its own (what another reader sees)."""
        with sqlite3.connect(self.db) as connection:
            return dict(connection.execute("SELECT asset_id, available FROM balances WHERE wallet_id = ?",
                                           (wallet_id,)).fetchall())

    def close(self) -> None:
        for service in (self.balances, self.assets, self.nodes):
            service.close()
        for store in (self.node_store, self.asset_store, self.balance_store):
            store.close()
        super().close()


def control(url: str, name: str, body: Any = None) -> Any:
    """POST /_control/<name> on a local chain server (its root URL)."""
    data = json.dumps(body if body is not None else {}).encode()
    request = urllib.request.Request(f"{url}/_control/{name}", data=data, method="POST",
                                     headers={"Content-Type": "application/json"})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=30) as response:
        text = response.read().decode()
    return json.loads(text) if text.strip() else None
