"""PreferencesService and PriceAlertService: the library's services as Python objects.

Each owns one handle, freed by ``close()`` (or on leaving a ``with`` block, on garbage
collection, or at interpreter exit). Closing fails the service's in-flight commands with
Cancelled. A closed service raises InvalidArgument. The handle is never freed under a call that
is inside the library: close() waits for other threads' calls to return first.

Async commands come in two forms: ``svc.sync()`` blocks the calling thread until the core's
completion fires; ``await svc.sync_async()`` suspends the running asyncio task instead.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import json
import threading
import time
import weakref
from typing import Any, Callable, Iterable, Iterator, Mapping, Optional, TypeVar, Union

from . import abi, calls, ports
from .abi import GemBuffer, Status
from .errors import GemError, InvalidArgument
from .generated import PriceAlertServiceConfig
from .ports import Lease, PortTable, as_port_table
from .records import (Preferences, PreferencesPatch, PriceAlert, PriceAlertAddResult, PriceAlertsToggle, PriceAlertSyncResult,
                      RecordError)
from .transport import UrllibTransport

T = TypeVar("T")

_open_services: "weakref.WeakSet[_Service]" = weakref.WeakSet()  # for close_all()
_open_lock = threading.Lock()


def _c_string(value: Optional[str], name: str) -> Optional[bytes]:
    """A borrowed `const char *` argument: UTF-8 bytes, None for NULL."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidArgument(f"{name} must be a string, not {type(value).__name__}")
    if "\x00" in value:
        raise InvalidArgument(f"{name} contains a NUL character")
    return value.encode("utf-8")


def _json_argument(value: Any, name: str) -> bytes:
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise InvalidArgument(f"{name} is not JSON-able: {error}") from error
    return _c_string(text, name)  # type: ignore[return-value]


def _config_argument(config: Any) -> Optional[bytes]:
    """A generated config record as a constructor's config_json: None (every default) when it sets nothing."""
    value = config.to_json()
    return _json_argument(value, "config_json") if value else None


def _construct(create: Callable[[Any, Any], int], leases: list[Lease]) -> int:
    """Calls a gem_<noun>_new; returns the handle or raises its error (then cancels the leases:
    the core releases nothing it refused)."""
    handle = ctypes.c_void_p()
    error = GemBuffer()
    try:
        status = create(ctypes.byref(handle), ctypes.byref(error))
        payload = calls.read_bytes(ctypes.cast(error.data, ctypes.c_void_p).value, error.len)
    except BaseException:
        for lease in leases:
            lease.cancel()
        raise
    finally:
        abi.lib().gem_buffer_free(ctypes.byref(error))
    if status != Status.OK or not handle.value:
        for lease in leases:
            lease.cancel()
        raise GemError.from_status(status if status != Status.OK else Status.INTERNAL, payload)
    return handle.value


class _Service:
    _FREE = ""

    def __init__(self, handle: int, tables: list[PortTable], wait_timeout: Optional[float]) -> None:
        self._handle = handle
        self._closed = False
        self._users: dict[int, int] = {}  # thread id -> ABI calls of this service it is inside
        self._condition = threading.Condition()
        self.tables = tables
        self.wait_timeout = wait_timeout
        # Garbage collection frees a service nobody closed; at exit close_all() closes the rest
        # (weakref's own exit hook would skip them). The finalizer frees the handle at most once:
        # _free detaches it.
        self._finalizer = weakref.finalize(self, getattr(abi.lib(), self._FREE), ctypes.c_void_p(handle))
        self._finalizer.atexit = False
        with _open_lock:
            _open_services.add(self)

    # lifetime

    @property
    def closed(self) -> bool:
        with self._condition:
            return self._closed

    def close(self, timeout: Optional[float] = None) -> None:
        """Frees the handle (idempotent); in-flight commands complete with Cancelled and their
        port calls become stale. Waits for other threads' calls of this service that are inside
        the library to return (they are short: starting a command, a preferences read), at most
        `timeout` seconds; the last of them frees the handle if the wait gave up. Called from
        inside such a call (a SYNC port closing its own service), the handle is freed when that
        call returns. No new call starts once close() has begun."""
        me = threading.get_ident()
        with self._condition:
            self._closed = True
            self._condition.wait_for(lambda: all(thread == me for thread in self._users), timeout)
            if not self._users:
                self._free()  # under the lock: when close() returns, the handle is freed

    def _free(self) -> None:
        """Frees the handle once (the finalizer is detached on first use)."""
        detached = self._finalizer.detach()
        if detached is not None:
            _, free, args, _ = detached
            free(*args)
        with _open_lock:
            _open_services.discard(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    @contextlib.contextmanager
    def _use(self) -> Iterator[int]:
        """The handle for one ABI call; the handle is not freed before the call returns."""
        me = threading.get_ident()
        with self._condition:
            if self._closed:
                raise InvalidArgument(f"the {type(self).__name__} is closed")
            self._users[me] = self._users.get(me, 0) + 1
        try:
            yield self._handle
        finally:
            with self._condition:
                remaining = self._users[me] - 1
                if remaining:
                    self._users[me] = remaining
                else:
                    del self._users[me]
                if self._closed and not self._users:
                    self._free()  # close() was called inside this call, or is waiting for it
                self._condition.notify_all()

    # calls

    def _call_out(self, name: str, *args: Any) -> bytes:
        with self._use() as handle:
            return calls.call_out(getattr(abi.lib(), name), ctypes.c_void_p(handle), *args)

    def _begin(self, name: str, args: tuple) -> Callable[[calls.Handler], None]:
        def begin(handler: calls.Handler) -> None:
            with self._use() as handle:
                calls.start(getattr(abi.lib(), name), (ctypes.c_void_p(handle),) + args, handler)
        return begin

    def _run(self, name: str, args: tuple, reader: Callable[[Any], T]) -> T:
        return calls.run_blocking(self._begin(name, args), reader, self.wait_timeout)

    async def _run_async(self, name: str, args: tuple, reader: Callable[[Any], T]) -> T:
        return await calls.run_async(self._begin(name, args), reader)


class PreferencesService(_Service):
    """The user's preferences (gem_preferences_service) over a PreferencesStore port."""

    _FREE = "gem_preferences_service_free"

    def __init__(self, store: Any) -> None:
        table = as_port_table(store, "gem_preferences_store")
        lease = table.lease()
        library = abi.lib()
        handle = _construct(lambda out, error: library.gem_preferences_service_new(
            ctypes.byref(lease.struct), out, error), [lease])
        super().__init__(handle, [table], None)

    def get(self) -> Preferences:
        """Every preference the core owns."""
        return calls.decode(self._call_out("gem_preferences_service_get"), Preferences.from_json)

    def update(self, *, currency: Optional[str] = None, device_id: Optional[str] = None) -> Preferences:
        """Sets the given preferences (the others are left as they are); returns them all.
        All or nothing: raises InvalidInput for a currency that is not three upper-case letters, or a bad
        device id, and then writes neither."""
        patch = PreferencesPatch(currency=currency, device_id=device_id).to_json()
        return calls.decode(self._call_out("gem_preferences_service_update", _json_argument(patch, "patch")),
                            Preferences.from_json)


def _alerts(data: Any) -> list[PriceAlert]:
    if not isinstance(data, list):
        raise RecordError(f"expected a list of price alerts, got {data!r}")
    return [PriceAlert.from_json(item) for item in data]


def _bool(data: Any) -> bool:
    if not isinstance(data, bool):
        raise RecordError(f"expected true or false, got {data!r}")
    return data


AlertLike = Union[PriceAlert, Mapping[str, Any]]


def _alert_argument(alert: AlertLike) -> bytes:
    try:
        value = alert.to_json() if isinstance(alert, PriceAlert) else alert
    except ValueError as error:  # a price_direction that is not up or down
        raise InvalidArgument(f"alert: {error}") from error
    return _json_argument(value, "alert")


def _ids_argument(ids: Union[str, Iterable[str]]) -> bytes:
    return _json_argument([ids] if isinstance(ids, str) else list(ids), "ids")


class PriceAlertService(_Service):
    """Price alerts kept locally (a PriceAlertStore port) and on the remote API (through an
    HttpTransport port), with notification permission from a NotificationPermissions port.

    `api_url` is the API's root, `timeout_ms` the core's limit on each transport call, `store_timeout_ms`
    its limit on each store call.
    `wait_timeout` (seconds) bounds the blocking forms' wait (builtin TimeoutError); None waits
    for the completion, which the core always delivers."""

    _FREE = "gem_price_alert_service_free"

    def __init__(self, api_url: str, *, preferences: PreferencesService, store: Any, permissions: Any,
                 transport: Any = None, timeout_ms: Optional[int] = None,
                 store_timeout_ms: Optional[int] = None, wait_timeout: Optional[float] = None) -> None:
        if not isinstance(preferences, PreferencesService):
            raise TypeError("preferences must be a PreferencesService")
        config = PriceAlertServiceConfig(api_url=api_url, timeout_ms=timeout_ms, store_timeout_ms=store_timeout_ms)
        config_json = _json_argument(config.to_json(), "config")
        tables = [
            as_port_table(transport if transport is not None else UrllibTransport(), "gem_http_transport"),
            as_port_table(store, "gem_price_alert_store"),
            as_port_table(permissions, "gem_notification_permissions"),
        ]
        leases = [table.lease() for table in tables]
        library = abi.lib()
        with preferences._use() as preferences_handle:
            handle = _construct(lambda out, error: library.gem_price_alert_service_new(
                config_json, ctypes.byref(leases[0].struct), ctypes.c_void_p(preferences_handle),
                ctypes.byref(leases[1].struct), ctypes.byref(leases[2].struct), out, error), leases)
        super().__init__(handle, tables, wait_timeout)

    # reads

    def get_price_alerts(self, asset_id: Optional[str] = None) -> list[PriceAlert]:
        """The stored alerts, all or one asset's."""
        return self._run("gem_price_alert_service_get_price_alerts", (_c_string(asset_id, "asset_id"),), _alerts)

    async def get_price_alerts_async(self, asset_id: Optional[str] = None) -> list[PriceAlert]:
        return await self._run_async("gem_price_alert_service_get_price_alerts",
                                     (_c_string(asset_id, "asset_id"),), _alerts)

    def is_enabled(self) -> bool:
        """Whether price alerts are on."""
        return calls.decode(self._call_out("gem_price_alert_service_is_enabled"), _bool)

    # commands

    def sync(self, asset_id: Optional[str] = None) -> PriceAlertSyncResult:
        """Makes the stored alerts equal the remote ones, writing only the difference."""
        return self._run("gem_price_alert_service_sync", (_c_string(asset_id, "asset_id"),),
                         PriceAlertSyncResult.from_json)

    async def sync_async(self, asset_id: Optional[str] = None) -> PriceAlertSyncResult:
        return await self._run_async("gem_price_alert_service_sync", (_c_string(asset_id, "asset_id"),),
                                     PriceAlertSyncResult.from_json)

    def add(self, alert: AlertLike) -> PriceAlertAddResult:
        """Stores the alert, then sends it; an API refusal removes it again and raises ApiError."""
        return self._run("gem_price_alert_service_add", (_alert_argument(alert),), PriceAlertAddResult.from_json)

    async def add_async(self, alert: AlertLike) -> PriceAlertAddResult:
        return await self._run_async("gem_price_alert_service_add", (_alert_argument(alert),),
                                     PriceAlertAddResult.from_json)

    def delete(self, ids: Union[str, Iterable[str]]) -> list[PriceAlert]:
        """Deletes alerts by id (one id or several); an API refusal restores them and raises.
        Returns the alerts deleted."""
        return self._run("gem_price_alert_service_delete", (_ids_argument(ids),), _alerts)

    async def delete_async(self, ids: Union[str, Iterable[str]]) -> list[PriceAlert]:
        return await self._run_async("gem_price_alert_service_delete", (_ids_argument(ids),), _alerts)

    def set_enabled(self, enabled: bool) -> PriceAlertsToggle:
        """Turns alerts on (asking the permission port every time) or off; a refusal is a value."""
        return self._run("gem_price_alert_service_set_enabled", (1 if enabled else 0,), PriceAlertsToggle.from_json)

    async def set_enabled_async(self, enabled: bool) -> PriceAlertsToggle:
        return await self._run_async("gem_price_alert_service_set_enabled", (1 if enabled else 0,),
                                     PriceAlertsToggle.from_json)


def close_all(drain_seconds: float = 2.0) -> None:
    """Closes every open service, then waits up to `drain_seconds` for their completions and port
    releases, so no core thread calls into Python while the interpreter shuts down. Runs at exit."""
    with _open_lock:
        services = list(_open_services)
    deadline = time.monotonic() + drain_seconds
    for service in services:
        service.close(timeout=max(0.0, deadline - time.monotonic()))
    deadline = time.monotonic() + drain_seconds
    while (calls.busy() or ports.lease_count()) and time.monotonic() < deadline:
        time.sleep(0.01)


atexit.register(close_all)
