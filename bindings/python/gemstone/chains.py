"""NodeService, AssetsService and BalanceService: the "Chains: nodes, assets and balances" part of
include/gemstone.h.

Services follow services.py: one handle each, freed by close() (or a ``with`` block, garbage
collection, exit); every async command has a blocking form and an ``<name>_async`` form. They are
composed as the header composes them: the node service over an HTTP transport and a NodeStore,
the assets service over the node and wallet session services and an AssetStore, the balance
service over all three and a BalanceStore. A service handed to another constructor is retained by
the core, so closing it first never cancels the other's commands.

    db = "app.db"
    with NodeService(SqliteNodeStore(db), nodes={"ethereum": ["http://127.0.0.1:8545"]}) as nodes, \\
         AssetsService(nodes, session, SqliteAssetStore(db)) as assets, \\
         BalanceService(nodes, assets, session, SqliteBalanceStore(db)) as balances:
        assets.add_token(wallet_id, "ethereum_0x…")
        refresh = balances.update(wallet_id)        # BalanceRefresh: rows written per chain
"""

from __future__ import annotations

import ctypes
from typing import Any, Iterable, Mapping, Optional, Union

from . import abi
from .errors import InvalidArgument
from .generated import (Asset, AssetsServiceConfig, Balance, BalanceRefresh, BalanceServiceConfig, ChainNode, ChainNodes, NodeCheck,
                        NodeServiceConfig, RecordError)
from .ports import as_port_table
from .services import _c_string, _config_argument, _construct, _json_argument, _Service
from .transport import UrllibTransport
from .wallets import WalletRef, WalletSessionService, _wallet_id

NodeLike = Union[ChainNode, Mapping[str, Any], str]
AssetRef = Union[str, Asset]


def _node_argument(node: NodeLike, url: Optional[str]) -> bytes:
    """node_json from a ChainNode, its JSON dict, or a chain id with `url`."""
    if isinstance(node, str):
        if url is None:
            raise InvalidArgument("a node is a ChainNode, or a chain id and a url")
        value: Any = {"chain": node, "url": url}
    elif url is not None:
        raise InvalidArgument("url is given with a chain id, not with a node record")
    elif isinstance(node, ChainNode):
        value = node.to_json()
    elif isinstance(node, Mapping):
        value = dict(node)
    else:
        raise InvalidArgument(f"a node is a ChainNode, a dict or a chain id, not {type(node).__name__}")
    return _json_argument(value, "node_json")


def _asset_id(asset: AssetRef) -> Optional[bytes]:
    return _c_string(asset.id if isinstance(asset, Asset) else asset, "asset_id")


def _nodes(data: Any) -> list[ChainNode]:
    if not isinstance(data, list):
        raise RecordError(f"expected a list of nodes, got {data!r}")
    return [ChainNode.from_json(item) for item in data]


def _assets(data: Any) -> list[Asset]:
    if not isinstance(data, list):
        raise RecordError(f"expected a list of assets, got {data!r}")
    return [Asset.from_json(item) for item in data]


def _balances(data: Any) -> list[Balance]:
    if not isinstance(data, list):
        raise RecordError(f"expected a list of balances, got {data!r}")
    return [Balance.from_json(item) for item in data]


def _null(data: Any) -> None:
    if data is not None:
        raise RecordError(f"expected null, got {data!r}")


class NodeService(_Service):
    """Which node each chain is reached through (gem_node_service), over an HTTP transport port
    (UrllibTransport when None) and a NodeStore port.

    `nodes` ({"ethereum": ["http://127.0.0.1:8545"], …}) replaces the built-in nodes of the chains
    it names (https, or http only to a loopback host); `timeout_ms` (1 to 600000) bounds each
    request to a node, `store_timeout_ms` (1 to 600000, the core's 30000 when None) each NodeStore
    call (a store that has not answered by then fails its command with TimeoutError). A bad configuration raises InvalidInput or InvalidArgument. `wait_timeout`
    bounds the blocking forms' wait (builtin TimeoutError)."""

    _FREE = "gem_node_service_free"

    def __init__(self, store: Any, *, transport: Any = None, nodes: Optional[Mapping[str, Iterable[str]]] = None,
                 timeout_ms: Optional[int] = None, store_timeout_ms: Optional[int] = None,
                 wait_timeout: Optional[float] = None) -> None:
        if nodes is not None and not isinstance(nodes, Mapping):
            raise InvalidArgument("nodes maps a chain id to its node URLs")
        urls_by_chain = None if nodes is None else {chain: (urls,) if isinstance(urls, str) else tuple(urls) for chain, urls in nodes.items()}
        config_json = _config_argument(NodeServiceConfig(timeout_ms=timeout_ms, store_timeout_ms=store_timeout_ms,
                                                         nodes=urls_by_chain))
        tables = [as_port_table(transport if transport is not None else UrllibTransport(), "gem_http_transport"),
                  as_port_table(store, "gem_node_store")]
        leases = [table.lease() for table in tables]
        library = abi.lib()
        handle = _construct(lambda out, error: library.gem_node_service_new(
            config_json, ctypes.byref(leases[0].struct), ctypes.byref(leases[1].struct), out, error), leases)
        super().__init__(handle, tables, wait_timeout)

    def nodes(self, chain: str) -> ChainNodes:
        """The chain's built-in then added nodes, and the one in use. InvalidArgument for an
        unknown chain id."""
        return self._run("gem_node_service_nodes", (_c_string(chain, "chain"),), ChainNodes.from_json)

    async def nodes_async(self, chain: str) -> ChainNodes:
        return await self._run_async("gem_node_service_nodes", (_c_string(chain, "chain"),), ChainNodes.from_json)

    def add(self, node: NodeLike, url: Optional[str] = None) -> ChainNodes:
        """Adds a node (a ChainNode, or a chain id and its URL); a URL already listed is left as it
        is. InvalidInput: a URL that is not https (or loopback http), longer than 2048 bytes, or a
        chain with 32 added nodes already."""
        return self._run("gem_node_service_add", (_node_argument(node, url),), ChainNodes.from_json)

    async def add_async(self, node: NodeLike, url: Optional[str] = None) -> ChainNodes:
        return await self._run_async("gem_node_service_add", (_node_argument(node, url),), ChainNodes.from_json)

    def remove(self, node: NodeLike, url: Optional[str] = None) -> ChainNodes:
        """Removes an added node (the chain goes back to its default when it was selected).
        InvalidInput for a built-in node, NotFound for one not listed."""
        return self._run("gem_node_service_remove", (_node_argument(node, url),), ChainNodes.from_json)

    async def remove_async(self, node: NodeLike, url: Optional[str] = None) -> ChainNodes:
        return await self._run_async("gem_node_service_remove", (_node_argument(node, url),), ChainNodes.from_json)

    def select(self, node: NodeLike, url: Optional[str] = None) -> ChainNodes:
        """Makes the chain's requests use this node, which must be one of its nodes (NotFound)."""
        return self._run("gem_node_service_select", (_node_argument(node, url),), ChainNodes.from_json)

    async def select_async(self, node: NodeLike, url: Optional[str] = None) -> ChainNodes:
        return await self._run_async("gem_node_service_select", (_node_argument(node, url),), ChainNodes.from_json)

    def check(self, node: NodeLike, url: Optional[str] = None) -> NodeCheck:
        """Checks a node, listed or not: ``.status`` is NodeCheckStatusOk, ...WrongNetwork (expected
        and actual ids) or ...Unreachable (its error record), ``.rows`` what the node answered. An
        unreachable node is an answer; only a malformed URL raises (InvalidInput)."""
        return self._run("gem_node_service_check", (_node_argument(node, url),), NodeCheck.from_json)

    async def check_async(self, node: NodeLike, url: Optional[str] = None) -> NodeCheck:
        return await self._run_async("gem_node_service_check", (_node_argument(node, url),), NodeCheck.from_json)

    def resolve_selections(self) -> list[ChainNode]:
        """Re-resolves every stored selection (call it at start, before any refresh); answers the
        selections cleared because their chain no longer offers the node."""
        return self._run("gem_node_service_resolve_selections", (), _nodes)

    async def resolve_selections_async(self) -> list[ChainNode]:
        return await self._run_async("gem_node_service_resolve_selections", (), _nodes)


def _require(service: Any, kind: type, name: str) -> _Service:
    if not isinstance(service, kind):
        raise TypeError(f"{name} must be a {kind.__name__}, not {type(service).__name__}")
    return service


class AssetsService(_Service):
    """The assets each wallet shows (gem_assets_service), over an AssetStore port; reads token
    metadata through `nodes` and wallets through `wallets` (a WalletSessionService).
    `store_timeout_ms` (1 to 600000, the core's 30000 when None) bounds each AssetStore call."""

    _FREE = "gem_assets_service_free"

    def __init__(self, nodes: NodeService, wallets: WalletSessionService, store: Any, *,
                 store_timeout_ms: Optional[int] = None, wait_timeout: Optional[float] = None) -> None:
        config_json = _config_argument(AssetsServiceConfig(store_timeout_ms=store_timeout_ms))
        _require(nodes, NodeService, "nodes")
        _require(wallets, WalletSessionService, "wallets")
        tables = [as_port_table(store, "gem_asset_store")]
        leases = [table.lease() for table in tables]
        library = abi.lib()
        with nodes._use() as nodes_handle, wallets._use() as wallets_handle:
            handle = _construct(lambda out, error: library.gem_assets_service_new(
                config_json, ctypes.c_void_p(nodes_handle), ctypes.c_void_p(wallets_handle), ctypes.byref(leases[0].struct),
                out, error), leases)
        super().__init__(handle, tables, wait_timeout)

    def wallet_assets(self, wallet_id: WalletRef) -> list[Asset]:
        """The native coin of each chain the wallet has an account on (account order), then its
        tokens in the order added. NotFound: no such wallet."""
        return self._run("gem_assets_service_wallet_assets", (_wallet_id(wallet_id),), _assets)

    async def wallet_assets_async(self, wallet_id: WalletRef) -> list[Asset]:
        return await self._run_async("gem_assets_service_wallet_assets", (_wallet_id(wallet_id),), _assets)

    def add_token(self, wallet_id: WalletRef, asset_id: AssetRef) -> Asset:
        """Adds a token ("<chain>_<token id>") to the wallet's list, reading its name, symbol and
        decimals from the chain the first time. InvalidInput: a native asset id, or a chain the
        wallet has no account on; a node's failure raises its error (naming the chain)."""
        return self._run("gem_assets_service_add_token", (_wallet_id(wallet_id), _asset_id(asset_id)),
                         Asset.from_json)

    async def add_token_async(self, wallet_id: WalletRef, asset_id: AssetRef) -> Asset:
        return await self._run_async("gem_assets_service_add_token", (_wallet_id(wallet_id), _asset_id(asset_id)),
                                     Asset.from_json)

    def remove_token(self, wallet_id: WalletRef, asset_id: AssetRef) -> None:
        """Removes a token from the wallet's list; NotFound when it is not listed."""
        return self._run("gem_assets_service_remove_token", (_wallet_id(wallet_id), _asset_id(asset_id)), _null)

    async def remove_token_async(self, wallet_id: WalletRef, asset_id: AssetRef) -> None:
        return await self._run_async("gem_assets_service_remove_token", (_wallet_id(wallet_id), _asset_id(asset_id)),
                                     _null)


class BalanceService(_Service):
    """A wallet's balances (gem_balance_service), the only writer of a BalanceStore port.

    update() refreshes every chain of the wallet at once and writes each chain's changed rows in
    one update_balances call as soon as that chain answers; it answers a BalanceRefresh when every
    chain answered, else raises the first failure in the wallet's account order (its message
    starts with the chain id) once every chain has finished, what answered being written.
    `store_timeout_ms` (1 to 600000, the core's 30000 when None) bounds each BalanceStore call."""

    _FREE = "gem_balance_service_free"

    def __init__(self, nodes: NodeService, assets: AssetsService, wallets: WalletSessionService, store: Any, *,
                 store_timeout_ms: Optional[int] = None, wait_timeout: Optional[float] = None) -> None:
        config_json = _config_argument(BalanceServiceConfig(store_timeout_ms=store_timeout_ms))
        _require(nodes, NodeService, "nodes")
        _require(assets, AssetsService, "assets")
        _require(wallets, WalletSessionService, "wallets")
        tables = [as_port_table(store, "gem_balance_store")]
        leases = [table.lease() for table in tables]
        library = abi.lib()
        with nodes._use() as nodes_handle, assets._use() as assets_handle, wallets._use() as wallets_handle:
            handle = _construct(lambda out, error: library.gem_balance_service_new(
                config_json, ctypes.c_void_p(nodes_handle), ctypes.c_void_p(assets_handle), ctypes.c_void_p(wallets_handle),
                ctypes.byref(leases[0].struct), out, error), leases)
        super().__init__(handle, tables, wait_timeout)

    def update(self, wallet_id: WalletRef) -> BalanceRefresh:
        """Refreshes the wallet's balances; see the class."""
        return self._run("gem_balance_service_update", (_wallet_id(wallet_id),), BalanceRefresh.from_json)

    async def update_async(self, wallet_id: WalletRef) -> BalanceRefresh:
        return await self._run_async("gem_balance_service_update", (_wallet_id(wallet_id),), BalanceRefresh.from_json)

    def balances(self, wallet_id: WalletRef) -> list[Balance]:
        """The stored balances of the assets the wallet shows, in wallet_assets order (an asset never
        refreshed has no row)."""
        return self._run("gem_balance_service_balances", (_wallet_id(wallet_id),), _balances)

    async def balances_async(self, wallet_id: WalletRef) -> list[Balance]:
        return await self._run_async("gem_balance_service_balances", (_wallet_id(wallet_id),), _balances)
