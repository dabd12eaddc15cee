"""Test doubles for the ports: in-memory stores whose methods can be replaced per test, and a
builder for a PriceAlertService over them."""

from __future__ import annotations

import threading
from typing import Any, Callable, Optional

from gemstone import (PortCall, PortTable, PreferencesService, PreferencesStore, PriceAlertService, Status,
                      deferred)


class MemoryPreferencesStore(PreferencesStore):
    def __init__(self, values: Optional[dict] = None) -> None:
        self.values = dict(values or {})
        self.lock = threading.Lock()

    def get(self, key: str) -> Optional[str]:
        with self.lock:
            return self.values.get(key)

    def set(self, key: str, value: str) -> None:
        with self.lock:
            self.values[key] = value

    def remove(self, key: str) -> None:
        with self.lock:
            self.values.pop(key, None)


class Parked:
    """Port calls a deferred method kept without answering, for a test to answer later."""

    def __init__(self) -> None:
        self.calls: list[PortCall] = []
        self.arrived = threading.Event()

    @deferred
    def park(self, args: Any, call: PortCall) -> None:
        self.calls.append(call)
        self.arrived.set()


def memory_alert_table(alerts: Optional[list] = None, **overrides: Callable) -> PortTable:
    """A gem_price_alert_store over a list of alert dicts; `overrides` replace its methods."""
    rows: dict[str, dict] = {alert["id"]: alert for alert in alerts or []}
    lock = threading.Lock()

    def get_price_alerts(args: Any) -> list:
        with lock:
            return [row for row in rows.values() if args.get("asset_id") in (None, row["asset_id"])]

    def update_price_alerts(args: Any) -> None:
        with lock:
            for alert in args["alerts"]:
                rows[alert["id"]] = alert
            for identifier in args["delete_ids"]:
                rows.pop(identifier, None)

    methods = {"get_price_alerts": get_price_alerts, "update_price_alerts": update_price_alerts}
    methods.update(overrides)
    return PortTable("gem_price_alert_store", methods, default_status=Status.STORE)


def answer_table(kind: str, **methods: Callable) -> PortTable:
    return PortTable(kind, methods)


def refusing_transport(status: int = 503) -> PortTable:
    return PortTable("gem_http_transport", {"request": lambda args: {"status": status, "body": "{}"}})


def permissions(granted: bool = True) -> PortTable:
    return PortTable("gem_notification_permissions", {"request": lambda args: granted})


class Services:
    """A PreferencesService (device id set) and a PriceAlertService over the given tables."""

    def __init__(self, store: Optional[PortTable] = None, transport: Optional[PortTable] = None,
                 permission: Optional[PortTable] = None, api_url: str = "http://127.0.0.1:9",
                 timeout_ms: Optional[int] = None, device_id: Optional[str] = "device-1",
                 store_timeout_ms: Optional[int] = None) -> None:
        self.preferences_store = MemoryPreferencesStore({"device_id": device_id} if device_id else {})
        self.preferences = PreferencesService(self.preferences_store)
        self.store = store or memory_alert_table()
        self.transport = transport or refusing_transport()
        self.permission = permission or permissions()
        self.alerts = PriceAlertService(api_url, preferences=self.preferences, store=self.store,
                                        transport=self.transport, permissions=self.permission,
                                        timeout_ms=timeout_ms, store_timeout_ms=store_timeout_ms, wait_timeout=30)

    def tables(self) -> list[PortTable]:
        return self.preferences.tables + self.alerts.tables

    def close(self) -> None:
        self.alerts.close()
        self.preferences.close()

    def __enter__(self) -> "Services":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()
