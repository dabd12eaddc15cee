"""The price, currency and wallet-home services through the library, over the shipped SqlitePriceStore and the
test API server: prices asked for in USD and converted once; a tick whose write fails is rolled back whole and
its identical retry applies; a conversion already stored is not applied again; one bad entry dropped alone; a
failed home refresh keeps what is shown."""

from __future__ import annotations

import json
import sqlite3

import pytest

from gemstone import (CurrencyService, InvalidInput, PreferencesService, PriceService,
                      SqlitePreferencesStore, SqlitePriceStore, StoreError, WalletHomeService)
from gemstone.generated import Asset, AssetData, AssetType, Balance, LoadStateData, LoadStateError


@pytest.fixture
def services(library, api_server, tmp_path):
    db = tmp_path / "prices.db"
    with PreferencesService(SqlitePreferencesStore(db)) as preferences:
        preferences.update(currency="EUR")
        store = SqlitePriceStore(db)
        with PriceService(api_server.url, preferences=preferences, store=store, wait_timeout=30) as prices, \
                CurrencyService(preferences, prices) as currencies, WalletHomeService(prices) as home:
            yield prices, currencies, home, db


def price(db, asset_id: str) -> float:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT price FROM prices WHERE asset_id = ?", (asset_id,)).fetchone()[0]


def test_sync_asks_in_usd_and_converts_once(services, api_server):
    prices, _, _, db = services
    api_server.control("PUT", "/_control/fiat_rates", [{"symbol": "EUR", "rate": 0.5}])
    api_server.control("PUT", "/_control/prices", [{"assetId": "bitcoin", "price": 100, "priceChangePercentage24h": 2}])
    result = prices.sync_prices(["bitcoin"])
    assert result.currency == "EUR" and result.prices == 1 and result.conversion.rate == 0.5
    body = next(entry["body"] for entry in api_server.requests() if entry["path"] == "/v1/prices")
    assert body == {"currency": "USD", "assetIds": ["bitcoin"]}
    assert price(db, "bitcoin") == 50
    assert prices.get_prices(["bitcoin"])[0].price_usd == 100


def test_failed_tick_rolls_back_and_identical_retry_applies(services):
    prices, _, _, db = services
    prices.apply_tick(json.dumps({"rates": [{"symbol": "EUR", "rate": 0.5}],
                                  "prices": [{"assetId": "bitcoin", "price": 100, "priceChangePercentage24h": 0}]}))
    with sqlite3.connect(db) as connection:
        connection.execute("CREATE TRIGGER fail_tick BEFORE UPDATE ON price_conversion "
                           "BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    tick = json.dumps({"rates": [{"symbol": "EUR", "rate": 0.25}]})
    with pytest.raises(StoreError):
        prices.apply_tick(tick)
    assert price(db, "bitcoin") == 50
    assert prices.get_price_state().rate == 0.5
    with sqlite3.connect(db) as connection:
        connection.execute("DROP TRIGGER fail_tick")
    assert prices.apply_tick(tick).conversion.rate == 0.25
    assert price(db, "bitcoin") == 25
    assert prices.apply_tick(tick).conversion is None
    assert price(db, "bitcoin") == 25


def test_one_bad_entry_is_dropped_alone(services):
    prices, _, _, _ = services
    result = prices.apply_tick(json.dumps({"rates": [{"symbol": "EUR", "rate": 0.9}, {"symbol": "QQQ", "rate": 1}],
                                           "prices": [{"assetId": "bitcoin", "price": 1, "priceChangePercentage24h": 0},
                                                      {"assetId": "bitcoin"}]}))
    assert (result.prices, result.rates, result.dropped) == (1, 1, 2)


def test_currency_change_reprices_and_unknown_is_refused(services):
    prices, currencies, _, db = services
    prices.apply_tick(json.dumps({"rates": [{"symbol": "EUR", "rate": 0.5}, {"symbol": "GBP", "rate": 0.8}],
                                  "prices": [{"assetId": "bitcoin", "price": 100, "priceChangePercentage24h": 0}]}))
    assert currencies.set_currency("GBP").conversion.rate == 0.8
    assert price(db, "bitcoin") == 80
    assert "GBP" in currencies.currencies().currencies
    with pytest.raises(InvalidInput):
        currencies.set_currency("ABC")


def test_failed_home_refresh_keeps_what_is_shown(services, api_server):
    prices, _, home, _ = services
    prices.apply_tick(json.dumps({"rates": [{"symbol": "EUR", "rate": 0.5}],
                                  "prices": [{"assetId": "bitcoin", "price": 100, "priceChangePercentage24h": 0}]}))
    btc = Asset("bitcoin", "Bitcoin", "BTC", 8, AssetType.NATIVE)
    assets = [AssetData(asset=btc, balance=Balance("bitcoin", 2 * 10 ** 8, 0, 0, 0, 0), is_enabled=True)]
    shown = home.load(assets)
    assert isinstance(shown.state, LoadStateData)
    assert shown.value.total.value == 100
    api_server.control("POST", "/_control/fail_next_price_request")
    assert home.refresh(assets, shown) == shown
    api_server.control("POST", "/_control/fail_next_price_request")
    first = home.refresh(assets)
    assert isinstance(first.state, LoadStateError)
    assert first.value.rows == ()


class RecordingPriceStore(SqlitePriceStore):
    """The shipped SQLite store, recording every tick the core hands it."""

    def __init__(self, path) -> None:
        super().__init__(path)
        self.ticks = []

    def save_rates_and_prices(self, tick) -> None:
        self.ticks.append(tick)
        super().save_rates_and_prices(tick)


def test_a_stale_conversion_is_never_applied_twice(library, tmp_path):
    db = tmp_path / "prices.db"
    store = RecordingPriceStore(db)
    with PreferencesService(SqlitePreferencesStore(db)) as preferences:
        preferences.update(currency="EUR")
        with PriceService("http://127.0.0.1:9", preferences=preferences, store=store, wait_timeout=30) as prices:
            first = prices.apply_tick(json.dumps({"rates": [{"symbol": "EUR", "rate": 0.9}], "prices": [
                {"assetId": "bitcoin", "price": 100, "priceChangePercentage24h": 1}]}))
            second = prices.apply_tick(json.dumps({"rates": [{"symbol": "EUR", "rate": 0.9}], "prices": [
                {"assetId": "ethereum", "price": 10, "priceChangePercentage24h": 1}]}))
    assert (first.conversion.currency, first.conversion.rate) == ("EUR", 0.9)
    assert second.conversion is None
    assert [tick.conversion is None for tick in store.ticks] == [False, True]
    assert price(db, "bitcoin") == 90
    assert price(db, "ethereum") == 9
