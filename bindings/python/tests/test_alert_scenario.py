"""The price-alert scenario end to end: this package's SQLite stores (a real file in a tmp dir),
its urllib transport against tests/server/api_server.py, and the library. Add, list, sync (remote
alerts appear locally; nothing written when equal), a refused write rolled back, a 500 answered,
bad input, enable/disable. Written once, run in the blocking and in the asyncio form."""

from __future__ import annotations

import asyncio
import sqlite3
import urllib.request

import pytest

from gemstone import (ApiError, FixedPermissions, InvalidInput, NotificationPermission, PreferencesService, PriceAlert,
                      PriceAlertService, PriceDirection, SqlitePreferencesStore, SqlitePriceAlertStore,
                      UrllibTransport)

pytestmark = pytest.mark.usefixtures("library")

DEVICE = "python-device-1"


class AsyncioForm:
    """Calls `name_async` on one event loop when the service has it, else the blocking method."""

    def __init__(self, service):
        self.service = service
        self.loop = asyncio.new_event_loop()

    def __getattr__(self, name):
        method = getattr(self.service, name + "_async", None)
        if method is None:
            return getattr(self.service, name)
        return lambda *args, **kwargs: self.loop.run_until_complete(method(*args, **kwargs))

    def close(self):
        self.loop.close()


class App:
    """The composition a front end makes: stores over one SQLite file, preferences, alerts."""

    def __init__(self, db, api_url, permissions):
        self.preferences_store = SqlitePreferencesStore(db)
        self.alert_store = SqlitePriceAlertStore(db)
        self.permissions = permissions
        self.preferences = PreferencesService(self.preferences_store)
        transport = UrllibTransport(timeout=10, opener=urllib.request.build_opener(urllib.request.ProxyHandler({})))
        self.service = PriceAlertService(api_url, preferences=self.preferences, store=self.alert_store,
                                         transport=transport, permissions=permissions, wait_timeout=60)

    def close(self):
        self.service.close()
        self.preferences.close()
        self.alert_store.close()
        self.preferences_store.close()


def stored_rows(db):
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT id, asset_id, json FROM price_alerts ORDER BY id").fetchall()


@pytest.mark.parametrize("form", ["blocking", "asyncio"])
def test_price_alert_scenario(tmp_path, api_server, form):
    db = tmp_path / "app.db"
    permissions = FixedPermissions(granted=True)
    app = App(db, api_server.url, permissions)
    alerts = app.service if form == "blocking" else AsyncioForm(app.service)
    try:
        assert app.preferences.update(device_id=DEVICE).device_id == DEVICE

        # Add: stored locally, sent to the API, alerts turned on.
        added = alerts.add(PriceAlert("bitcoin", "USD", price=70000, price_direction=PriceDirection.UP))
        assert (added.enabled, added.permission) == (True, NotificationPermission.GRANTED)
        assert added.alert.id == "bitcoin:USD:70000::up"
        alerts.add({"asset_id": "ethereum", "currency": "USD", "price_percent_change": 5, "price_direction": "up"})
        assert permissions.asked == 2, "adding asks the permission port every time"
        assert app.service.is_enabled() and app.preferences.get().price_alerts_enabled

        listed = alerts.get_price_alerts()
        assert [alert.asset_id for alert in listed] == ["bitcoin", "ethereum"]
        assert [alert.asset_id for alert in alerts.get_price_alerts("ethereum")] == ["ethereum"]
        remote = api_server.control("GET", f"/_control/alerts/{DEVICE}")
        assert [alert["asset_id"] for alert in remote] == ["bitcoin", "ethereum"]
        assert [row[0] for row in stored_rows(db)] == sorted(alert.id for alert in listed)

        # Sync: the server's alerts win; exactly the difference is written.
        solana = {"asset_id": "solana", "currency": "USD", "price": 150}
        api_server.control("PUT", f"/_control/alerts/{DEVICE}", [remote[0], solana])
        synced = alerts.sync()
        assert [alert.asset_id for alert in synced.upserted] == ["solana"]
        assert synced.deleted_ids == (listed[1].id,)
        assert sorted(alert.asset_id for alert in alerts.get_price_alerts()) == ["bitcoin", "solana"]

        # Nothing written when local and remote agree.
        rows, written, transactions = stored_rows(db), app.alert_store.rows_written, app.alert_store.transactions
        again = alerts.sync()
        assert again.upserted == () and again.deleted_ids == ()
        assert (stored_rows(db), app.alert_store.rows_written, app.alert_store.transactions) == \
            (rows, written, transactions)
        assert api_server.requests()[-1]["method"] == "GET"

        # A refused write is rolled back locally and reported with the API's record.
        kept = alerts.get_price_alerts()
        api_server.control("POST", "/_control/refuse_next_write")
        with pytest.raises(ApiError) as refused:
            alerts.add(PriceAlert("tron", "USD", price=0.5))
        assert (refused.value.http_status, refused.value.type) == (409, "api")
        assert "refused by test server" in refused.value.message
        assert alerts.get_price_alerts() == kept and "tron" not in {row[1] for row in stored_rows(db)}

        # A refused delete puts the alert back.
        api_server.control("POST", "/_control/refuse_next_write")
        with pytest.raises(ApiError):
            alerts.delete([kept[0].id])
        assert alerts.get_price_alerts() == kept

        # A 500 is an answer: reported as ApiError, nothing written.
        for command in (lambda: alerts.sync(), lambda: alerts.delete(kept[0].id)):
            api_server.control("POST", "/_control/fail_next")
            rows = stored_rows(db)
            with pytest.raises(ApiError) as failed:
                command()
            assert failed.value.http_status == 500 and "failed by test server" in failed.value.message
            assert stored_rows(db) == rows

        # Bad input: a typed error, nothing stored lost.
        with pytest.raises(InvalidInput):
            alerts.add(PriceAlert("bitcoin", "USD", price=-3))
        assert alerts.get_price_alerts() == kept

        # Delete for real: local and remote.
        deleted = alerts.delete([kept[1].id, "not-stored"])
        assert [alert.id for alert in deleted] == [kept[1].id]
        assert alerts.get_price_alerts() == kept[:1]
        assert [alert["asset_id"] for alert in api_server.control("GET", f"/_control/alerts/{DEVICE}")] == \
            [kept[0].asset_id]

        # Enable asks every time; a refusal is a value; disable does not ask.
        asked = permissions.asked
        permissions.granted = False
        refused_toggle = alerts.set_enabled(True)
        assert (refused_toggle.enabled, refused_toggle.permission) == (False, NotificationPermission.DENIED)
        permissions.granted = True
        granted = alerts.set_enabled(True)
        assert (granted.enabled, granted.permission) == (True, NotificationPermission.GRANTED)
        disabled = alerts.set_enabled(False)
        assert (disabled.enabled, disabled.permission) == (False, None)
        assert permissions.asked == asked + 2
        assert app.service.is_enabled() is False and app.preferences.get().price_alerts_enabled is False
    finally:
        if isinstance(alerts, AsyncioForm):
            alerts.close()
        app.close()

    # Everything lives in the SQLite file: a new app over it sees the same state.
    reopened = App(db, api_server.url, FixedPermissions(granted=True))
    try:
        assert reopened.service.get_price_alerts() == kept[:1]
        assert reopened.preferences.get().device_id == DEVICE
        assert reopened.service.is_enabled() is False
    finally:
        reopened.close()


def test_concurrent_asyncio_commands(tmp_path, api_server):
    app = App(tmp_path / "app.db", api_server.url, FixedPermissions(granted=True))
    try:
        app.preferences.update(device_id=DEVICE)

        async def scenario():
            service = app.service
            added = await asyncio.gather(*(service.add_async(PriceAlert("bitcoin", "USD", price=price))
                                           for price in (100, 200, 300, 400)))
            listed, synced = await asyncio.gather(service.get_price_alerts_async(), service.sync_async())
            return added, listed, synced

        added, listed, synced = asyncio.run(scenario())
        assert sorted(result.alert.price for result in added) == [100, 200, 300, 400]
        assert sorted(alert.price for alert in listed) == [100, 200, 300, 400]
        assert not (synced.upserted or synced.deleted_ids)
        assert len(api_server.control("GET", f"/_control/alerts/{DEVICE}")) == 4
    finally:
        app.close()
