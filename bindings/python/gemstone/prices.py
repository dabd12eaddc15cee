"""PriceService, CurrencyService and WalletHomeService: the "GemPriceService" part of include/gemstone.h,
with the PriceStore port and SqlitePriceStore over the standard sqlite3 module.

Prices are asked for in USD and stored in USD beside the price in the selected currency, converted once.
Every write is one tick, one PriceStore.save_rates_and_prices call the store commits in ONE transaction;
the core compares with what the store holds, so a tick that failed to write is applied by its identical
retry, and a conversion already stored is never applied again.

    with PreferencesService(SqlitePreferencesStore(db)) as preferences, \\
         PriceService(api_url, preferences=preferences, store=SqlitePriceStore(db)) as prices:
        prices.sync_prices(["bitcoin", "ethereum"])      # PriceTickResult
        prices.apply_tick(payload)                        # one tick of the host's price stream
"""

from __future__ import annotations

import abc
import ctypes
import sqlite3
from typing import Any, Iterable, Optional

from . import abi, calls
from .abi import Status
from .chain_ports import _answer, _list_arg, _read_arg, _string
from .chain_stores import _SqliteWriter
from .errors import PortError
from .generated import (AssetData, AssetPrice, Currencies, PriceServiceConfig, PriceState, PriceTick, PriceTickResult, RecordError,
                        WalletHome)
from .ports import PortTable, _string_arg, as_port_table
from .services import PreferencesService, _construct, _json_argument, _Service
from .transport import UrllibTransport


class PriceStore(abc.ABC):
    """gem_price_store: prices, fiat rates and the conversion the prices are at. Only the PriceService
    writes it. Every method runs on a core dispatch thread where blocking is allowed."""

    @abc.abstractmethod
    def get_prices(self, asset_ids: list[str]) -> list[AssetPrice]:
        """The stored rows among asset_ids, any order."""

    @abc.abstractmethod
    def get_price_state(self, currency: str) -> PriceState:
        """The stored conversion and the stored rate of `currency`."""

    @abc.abstractmethod
    def save_rates_and_prices(self, tick: PriceTick) -> None:
        """In ONE transaction: the rates (only changed ones), the repricing when tick.conversion is
        present, then the prices; raises StoreError with nothing of the tick written on failure."""

    def port_table(self) -> PortTable:
        def get(args: Any) -> list:
            ids = _list_arg(args, "asset_ids", lambda value: _string(value, "asset_ids[]"), "asset id")
            return _answer(self.get_prices(ids), AssetPrice, "get_prices")

        def state(args: Any) -> Any:
            value = self.get_price_state(_string_arg(args, "currency"))
            if isinstance(value, PriceState):
                return value.to_json()
            try:
                return PriceState.from_json(value).to_json()
            except RecordError as error:
                raise PortError(f"get_price_state must answer a PriceState: {error}") from error

        def save(args: Any) -> None:
            self.save_rates_and_prices(_read_arg(PriceTick.from_json, args, "price tick"))

        return PortTable("gem_price_store", {"get_prices": get, "get_price_state": state,
                                             "save_rates_and_prices": save}, default_status=Status.STORE)


class SqlitePriceStore(_SqliteWriter, PriceStore):
    """Tables prices (USD price, converted price, change, update time), fiat_rates and price_conversion."""

    def _create(self) -> None:
        self._connection.executescript(
            "CREATE TABLE IF NOT EXISTS prices (asset_id TEXT PRIMARY KEY, price_usd REAL NOT NULL,"
            " price REAL NOT NULL, change_24h REAL NOT NULL, updated_at INTEGER);"
            "CREATE TABLE IF NOT EXISTS fiat_rates (symbol TEXT PRIMARY KEY, rate REAL NOT NULL CHECK (rate > 0));"
            "CREATE TABLE IF NOT EXISTS price_conversion (id INTEGER PRIMARY KEY CHECK (id = 1),"
            " currency TEXT NOT NULL, rate REAL NOT NULL CHECK (rate > 0));")

    def get_prices(self, asset_ids: list[str]) -> list[AssetPrice]:
        def body(connection: sqlite3.Connection) -> list:
            found = []
            for asset_id in dict.fromkeys(asset_ids):
                row = connection.execute("SELECT asset_id, price_usd, price, change_24h, updated_at FROM prices"
                                         " WHERE asset_id = ?", (asset_id,)).fetchone()
                if row is not None:
                    found.append(AssetPrice(*row))
            return found

        return self._read("reading prices", body)

    def get_price_state(self, currency: str) -> PriceState:
        def body(connection: sqlite3.Connection) -> list:
            conversion = connection.execute("SELECT currency, rate FROM price_conversion WHERE id = 1").fetchone()
            rate = connection.execute("SELECT rate FROM fiat_rates WHERE symbol = ?", (currency,)).fetchone()
            return [PriceState.from_json({**({"conversion": {"currency": conversion[0], "rate": conversion[1]}}
                                            if conversion else {}), **({"rate": rate[0]} if rate else {})})]

        return self._read("reading the price state", body)[0]

    def save_rates_and_prices(self, tick: PriceTick) -> None:
        def body(connection: sqlite3.Connection) -> int:
            written = 0
            for rate in tick.rates:
                written += connection.execute(
                    "INSERT INTO fiat_rates (symbol, rate) VALUES (?, ?) ON CONFLICT (symbol) DO UPDATE SET"
                    " rate = excluded.rate WHERE rate IS NOT excluded.rate", (rate.symbol, rate.rate)).rowcount
            if tick.conversion is not None:
                rate = tick.conversion.rate
                written += connection.execute("UPDATE prices SET price = price_usd * ? WHERE price IS NOT price_usd * ?",
                                              (rate, rate)).rowcount
                written += connection.execute(
                    "INSERT INTO price_conversion (id, currency, rate) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET"
                    " currency = excluded.currency, rate = excluded.rate", (tick.conversion.currency, rate)).rowcount
            for price in tick.prices:
                written += connection.execute(
                    "INSERT INTO prices (asset_id, price_usd, price, change_24h, updated_at) VALUES (?, ?, ?, ?, ?)"
                    " ON CONFLICT (asset_id) DO UPDATE SET price_usd = excluded.price_usd, price = excluded.price,"
                    " change_24h = excluded.change_24h, updated_at = excluded.updated_at"
                    " WHERE price_usd IS NOT excluded.price_usd OR price IS NOT excluded.price"
                    " OR change_24h IS NOT excluded.change_24h OR updated_at IS NOT excluded.updated_at",
                    (price.asset_id, price.price_usd, price.price, price.price_change_percentage_24h,
                     price.updated_at)).rowcount
            return written

        self._write("saving a price tick", body)


def _tick_result(data: Any) -> PriceTickResult:
    return PriceTickResult.from_json(data)


def _prices(data: Any) -> list[AssetPrice]:
    return [AssetPrice.from_json(item) for item in data]


def _ids(asset_ids: Iterable[str]) -> bytes:
    return _json_argument(list(asset_ids), "asset_ids")


class PriceService(_Service):
    """Prices and fiat rates (gem_price_service), the only writer of a PriceStore port."""

    _FREE = "gem_price_service_free"

    def __init__(self, api_url: str, *, preferences: PreferencesService, store: Any, transport: Any = None,
                 timeout_ms: Optional[int] = None, store_timeout_ms: Optional[int] = None,
                 wait_timeout: Optional[float] = None) -> None:
        if not isinstance(preferences, PreferencesService):
            raise TypeError("preferences must be a PreferencesService")
        config = PriceServiceConfig(api_url=api_url, timeout_ms=timeout_ms, store_timeout_ms=store_timeout_ms)
        config_json = _json_argument(config.to_json(), "config")
        tables = [as_port_table(transport if transport is not None else UrllibTransport(), "gem_http_transport"),
                  as_port_table(store, "gem_price_store")]
        leases = [table.lease() for table in tables]
        library = abi.lib()
        with preferences._use() as preferences_handle:
            handle = _construct(lambda out, error: library.gem_price_service_new(
                config_json, ctypes.byref(leases[0].struct), ctypes.c_void_p(preferences_handle),
                ctypes.byref(leases[1].struct), out, error), leases)
        super().__init__(handle, tables, wait_timeout)

    def sync_prices(self, asset_ids: Iterable[str]) -> PriceTickResult:
        """Asks the API for the rates and the USD prices of asset_ids and commits them as one tick."""
        return self._run("gem_price_service_sync_prices", (_ids(asset_ids),), _tick_result)

    async def sync_prices_async(self, asset_ids: Iterable[str]) -> PriceTickResult:
        return await self._run_async("gem_price_service_sync_prices", (_ids(asset_ids),), _tick_result)

    def apply_tick(self, payload: str) -> PriceTickResult:
        """Commits one tick of the price stream ({"prices":[…],"rates":[…]}, entries read one by one)."""
        return self._run("gem_price_service_apply_tick", (_json_text(payload),), _tick_result)

    async def apply_tick_async(self, payload: str) -> PriceTickResult:
        return await self._run_async("gem_price_service_apply_tick", (_json_text(payload),), _tick_result)

    def get_prices(self, asset_ids: Iterable[str]) -> list[AssetPrice]:
        return self._run("gem_price_service_get_prices", (_ids(asset_ids),), _prices)

    async def get_prices_async(self, asset_ids: Iterable[str]) -> list[AssetPrice]:
        return await self._run_async("gem_price_service_get_prices", (_ids(asset_ids),), _prices)

    def get_price_state(self) -> PriceState:
        return self._run("gem_price_service_get_price_state", (), PriceState.from_json)

    async def get_price_state_async(self) -> PriceState:
        return await self._run_async("gem_price_service_get_price_state", (), PriceState.from_json)


def _json_text(payload: str) -> bytes:
    if not isinstance(payload, str):
        raise TypeError("payload must be the tick's JSON text")
    return payload.encode("utf-8")


class CurrencyService(_Service):
    """The selected currency (gem_currency_service), over the preferences and the price service."""

    _FREE = "gem_currency_service_free"

    def __init__(self, preferences: PreferencesService, prices: PriceService, *,
                 wait_timeout: Optional[float] = None) -> None:
        library = abi.lib()
        with preferences._use() as preferences_handle, prices._use() as prices_handle:
            handle = _construct(lambda out, error: library.gem_currency_service_new(
                ctypes.c_void_p(preferences_handle), ctypes.c_void_p(prices_handle), out, error), [])
        super().__init__(handle, [], wait_timeout)

    def currencies(self) -> Currencies:
        """The selected currency and the sorted currencies the user may select (a Currencies record)."""
        return calls.decode(self._call_out("gem_currency_service_currencies"), Currencies.from_json)

    def set_currency(self, code: str) -> PriceTickResult:
        """Selects a listed currency and reprices the stored prices at its stored rate."""
        return self._run("gem_currency_service_set_currency", (_json_text(code),), _tick_result)

    async def set_currency_async(self, code: str) -> PriceTickResult:
        return await self._run_async("gem_currency_service_set_currency", (_json_text(code),), _tick_result)


def _home_request(assets: Iterable[Any], previous: Optional[WalletHome]) -> bytes:
    items = [item.to_json() if isinstance(item, AssetData) else AssetData.from_json(item).to_json() for item in assets]
    request: dict[str, Any] = {"assets": items}
    if previous is not None:
        request["previous"] = previous.to_json()
    return _json_argument(request, "request")


class WalletHomeService(_Service):
    """The wallet's home (gem_wallet_home_service): total, change and rows; a failed refresh keeps what is shown."""

    _FREE = "gem_wallet_home_service_free"

    def __init__(self, prices: PriceService, *, wait_timeout: Optional[float] = None) -> None:
        library = abi.lib()
        with prices._use() as prices_handle:
            handle = _construct(lambda out, error: library.gem_wallet_home_service_new(
                ctypes.c_void_p(prices_handle), out, error), [])
        super().__init__(handle, [], wait_timeout)

    def load(self, assets: Iterable[Any], previous: Optional[WalletHome] = None) -> WalletHome:
        return self._run("gem_wallet_home_service_load", (_home_request(assets, previous),), WalletHome.from_json)

    def refresh(self, assets: Iterable[Any], previous: Optional[WalletHome] = None) -> WalletHome:
        return self._run("gem_wallet_home_service_refresh", (_home_request(assets, previous),), WalletHome.from_json)

    async def refresh_async(self, assets: Iterable[Any], previous: Optional[WalletHome] = None) -> WalletHome:
        return await self._run_async("gem_wallet_home_service_refresh", (_home_request(assets, previous),),
                                     WalletHome.from_json)
