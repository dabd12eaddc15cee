"""The chain store ports of include/gemstone.h ("Chains: nodes, assets and balances") as interfaces:
subclass one and pass the instance to NodeService / AssetsService / BalanceService (or build a
PortTable of the same kind yourself).

Unlike the wallet ports, these cross as the generated records: a store method receives ChainNode,
Asset, WalletAssetsUpdate or BalanceUpdate values and answers records (a dict of the record's JSON
shape is accepted too). Every method is called on a core dispatch thread where blocking (a SQLite
transaction) is allowed. A method raises StoreError (or any exception, read as a store failure)
with nothing written.
"""

from __future__ import annotations

import abc
from typing import Any, Callable, Iterable, Optional, TypeVar

from .abi import Status
from .errors import InternalError, PortError
from .generated import Asset, Balance, BalanceUpdate, ChainNode, RecordError, WalletAssetsUpdate
from .ports import PortTable, _string_arg

R = TypeVar("R")


def _read_arg(reader: Callable[[Any], R], value: Any, what: str) -> R:
    """A record the core sent; a malformed one is the core's fault (InternalError)."""
    try:
        return reader(value)
    except RecordError as error:
        raise InternalError(f"the core sent a malformed {what}: {error}") from error


def _list_arg(args: Any, key: str, reader: Callable[[Any], R], what: str) -> list[R]:
    value = args.get(key) if isinstance(args, dict) else None
    if not isinstance(value, list):
        raise InternalError(f"the core sent no list {key!r}: {args!r}")
    return [_read_arg(reader, item, what) for item in value]


def _string(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{what}: expected a string, found {value!r}")
    return value


def _answer(value: Any, record: type, what: str) -> list:
    """A store's answer as the JSON list the core reads: records (or their JSON dicts), validated
    here so a wrong answer is the store's PortError, not a confusing error inside the core."""
    if value is None or isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise PortError(f"{what} must answer a list of {record.__name__} records, not {type(value).__name__}")
    out = []
    for item in value:
        if isinstance(item, record):
            out.append(item.to_json())
            continue
        try:
            out.append(record.from_json(item).to_json())
        except RecordError as error:
            raise PortError(f"{what} answered something that is not a {record.__name__}: {error}") from error
    return out


def _strings_answer(value: Any, what: str) -> list[str]:
    if value is None or isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise PortError(f"{what} must answer a list of asset ids, not {type(value).__name__}")
    items = list(value)
    if not all(isinstance(item, str) for item in items):
        raise PortError(f"{what} must answer asset id strings: {items!r}")
    return items


class NodeStore(abc.ABC):
    """gem_node_store: the nodes the user added and each chain's selected node. Only the
    NodeService writes it."""

    @abc.abstractmethod
    def get_nodes(self) -> list[ChainNode]:
        """Every added node, in the order added."""

    @abc.abstractmethod
    def update_nodes(self, add: list[ChainNode], delete: list[ChainNode]) -> None:
        """In ONE transaction: appends each node of `add` that is not stored and deletes each node
        of `delete`; raises StoreError with nothing written on failure."""

    @abc.abstractmethod
    def get_selections(self) -> list[ChainNode]:
        """The stored selections, at most one per chain."""

    @abc.abstractmethod
    def set_selection(self, chain: str, url: Optional[str]) -> None:
        """Stores `url` as the chain's selection (None clears it)."""

    def port_table(self) -> PortTable:
        return PortTable("gem_node_store", {
            "get_nodes": lambda args: _answer(self.get_nodes(), ChainNode, "get_nodes"),
            "update_nodes": lambda args: self.update_nodes(
                _list_arg(args, "add", ChainNode.from_json, "node"),
                _list_arg(args, "delete", ChainNode.from_json, "node")),
            "get_selections": lambda args: _answer(self.get_selections(), ChainNode, "get_selections"),
            "set_selection": lambda args: self.set_selection(_string_arg(args, "chain"),
                                                             _string_arg(args, "url", optional=True)),
        }, default_status=Status.STORE)


class AssetStore(abc.ABC):
    """gem_asset_store: the token assets the device knows (their metadata, read from the chain
    once) and the tokens each wallet shows. Native assets come from the core and are never
    stored."""

    @abc.abstractmethod
    def get_assets(self, ids: list[str]) -> list[Asset]:
        """The stored assets among `ids`, any order."""

    @abc.abstractmethod
    def add_assets(self, assets: list[Asset]) -> None:
        """Upserts each asset under its id in ONE transaction."""

    @abc.abstractmethod
    def get_wallet_assets(self, wallet_id: str) -> list[str]:
        """The wallet's token ids, in the order added."""

    @abc.abstractmethod
    def update_wallet_assets(self, update: WalletAssetsUpdate) -> None:
        """Adds update.add (those not listed, at the end) and removes update.remove from the
        wallet's list in ONE transaction."""

    def port_table(self) -> PortTable:
        def update(args: Any) -> None:
            self.update_wallet_assets(_read_arg(WalletAssetsUpdate.from_json, args, "wallet assets update"))

        return PortTable("gem_asset_store", {
            "get_assets": lambda args: _answer(
                self.get_assets(_list_arg(args, "ids", lambda value: _string(value, "ids[]"), "asset id")),
                Asset, "get_assets"),
            "add_assets": lambda args: self.add_assets(_list_arg(args, "assets", Asset.from_json, "asset")),
            "get_wallet_assets": lambda args: _strings_answer(
                self.get_wallet_assets(_string_arg(args, "wallet_id")), "get_wallet_assets"),
            "update_wallet_assets": update,
        }, default_status=Status.STORE)


class BalanceStore(abc.ABC):
    """gem_balance_store: a wallet's balance rows, one Balance per (wallet, asset). Only the
    BalanceService writes it."""

    @abc.abstractmethod
    def get_balances(self, wallet_id: str, asset_ids: list[str]) -> list[Balance]:
        """The stored rows of `wallet_id` among `asset_ids`, any order."""

    @abc.abstractmethod
    def update_balances(self, update: BalanceUpdate) -> None:
        """Upserts every row of update.balances under (update.wallet_id, asset_id) in ONE
        transaction, so an observer never sees a chain half written; raises StoreError with none
        of the rows written on failure."""

    def port_table(self) -> PortTable:
        def get(args: Any) -> list:
            wallet_id = _string_arg(args, "wallet_id")
            ids = _list_arg(args, "asset_ids", lambda value: _string(value, "asset_ids[]"), "asset id")
            return _answer(self.get_balances(wallet_id, ids), Balance, "get_balances")

        def update(args: Any) -> None:
            self.update_balances(_read_arg(BalanceUpdate.from_json, args, "balance update"))

        return PortTable("gem_balance_store", {"get_balances": get, "update_balances": update},
                         default_status=Status.STORE)
