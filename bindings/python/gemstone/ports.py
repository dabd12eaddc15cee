"""Ports implemented in Python: callback tables the core calls.

``PortTable`` builds a gemstone.h port struct (struct_size, context, release, methods) from
Python callables. A method receives the call's arguments as a dict and returns a JSON-able value
(answered with gem_call_ok), or raises: a GemError is answered with gem_call_fail and its status,
any other exception with the table's ``default_status`` and the exception's text.

A method decorated with ``@deferred`` receives ``(args, call)`` instead and answers the
``PortCall`` itself, now or later, from any thread (async tables only: a SYNC table's call must be
answered before the method returns). Its return value is ignored; if it raises before answering,
the call is failed.

Lifetime: each table handed to a constructor gets its own lease, a registry key passed to the
core as the table's context. The lease keeps the table (and its callables) alive until the core
calls release(context); the C function pointers are module-level trampolines that never die, so
a late call finds no freed thunk. No Python exception leaves a trampoline.
"""

from __future__ import annotations

import abc
import ctypes
import itertools
import json
import threading
from typing import Any, Callable, Mapping, Optional, Union

from . import abi
from .abi import PORT_FN, RELEASE_FN, Status
from .calls import in_callback, read_bytes, report_callback_error, stats
from .errors import GemError, InternalError
from .records import HttpRequest, HttpResponse, RecordError

PortMethod = Callable[..., Any]


def deferred(method: PortMethod) -> PortMethod:
    """Marks a port method that answers its PortCall itself: it is called as method(args, call)."""
    method._gem_deferred = True  # type: ignore[attr-defined]
    return method


def _is_deferred(method: PortMethod) -> bool:
    return bool(getattr(method, "_gem_deferred", False))


def _encode(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


def _message(text: str) -> bytes:
    return text.replace("\x00", "\\0").encode("utf-8", "replace")


class PortCall:
    """One pending call from the core to a port method (a gem_call). Answer it exactly once with
    ``ok`` or ``fail``; each returns the gem_status of gem_call_ok/gem_call_fail: Status.OK, or
    Status.STALE_CALL when the call was answered already or its service was closed."""

    def __init__(self, address: int, method: str, args: Any, default_status: int) -> None:
        self._address = address
        self.method = method
        self.args = args
        self.default_status = default_status
        self._answers = 0
        self._lock = threading.Lock()

    @property
    def answered(self) -> bool:
        """Whether ok or fail was called (whatever the core said)."""
        with self._lock:
            return self._answers > 0

    def _count(self) -> None:
        with self._lock:
            self._answers += 1

    def ok(self, value: Any = None) -> int:
        """Answers with `value` as JSON. Raises TypeError/ValueError, answering nothing, when
        the value is not JSON-able."""
        return self.ok_bytes(_encode(value))

    def ok_bytes(self, data: bytes) -> int:
        """Answers with raw JSON bytes."""
        self._count()
        return int(abi.lib().gem_call_ok(ctypes.c_void_p(self._address), data, len(data)))

    def fail(self, error: Union[int, BaseException], message: str = "") -> int:
        """Answers with a failure: a status and a message, or an exception (a GemError's own
        status and message; any other exception as the table's default status)."""
        if isinstance(error, GemError):
            status, message = error.status, error.message
        elif isinstance(error, BaseException):
            status, message = self.default_status, f"{type(error).__name__}: {error}"
        else:
            status = int(error)
        self._count()
        text = _message(message) if message else None  # NULL: the core words the record itself
        return int(abi.lib().gem_call_fail(ctypes.c_void_p(self._address), status, text))


def method_names(kind: str) -> list[str]:
    """The method fields of a port struct, in order (after struct_size, context, release)."""
    return [name for name, _ in abi.STRUCTS[kind]._fields_[3:]]


class PortTable:
    """A port of kind `kind` (a gemstone.h struct name such as "gem_price_alert_store") built
    from `methods` (field name -> callable). A method left out stays NULL, which the core
    rejects for a required method. `struct_size` defaults to this binding's sizeof; `on_release`
    runs (on a core thread) each time the core releases a lease of this table."""

    def __init__(self, kind: str, methods: Mapping[str, PortMethod], *, default_status: int = Status.PORT,
                 struct_size: Optional[int] = None, on_release: Optional[Callable[[], None]] = None) -> None:
        if kind not in abi.STRUCTS or kind == "gem_buffer":
            raise ValueError(f"unknown port kind {kind!r}")
        unknown = set(methods) - set(method_names(kind))
        if unknown:
            raise ValueError(f"{kind} has no method {', '.join(sorted(unknown))}")
        self.kind = kind
        self.struct_type = abi.STRUCTS[kind]
        self.sync = kind in abi.SYNC_TABLES
        self.methods = dict(methods)
        self.default_status = int(default_status)
        self.struct_size = ctypes.sizeof(self.struct_type) if struct_size is None else struct_size
        self.on_release = on_release
        self.releases = 0  # how many times the core released a lease of this table

    @property
    def leased(self) -> int:
        """Copies of this table the core holds (leases handed over and not yet released)."""
        with _leases_lock:
            return sum(1 for table in _leases.values() if table is self)

    def lease(self) -> "Lease":
        """Registers a new context for this table and returns the C struct carrying it."""
        return Lease(self)

    def _invoke(self, name: str, raw: bytes, address: int) -> None:
        try:
            args = json.loads(raw.decode("utf-8")) if raw else {}
        except ValueError:
            args = None
        call = PortCall(address, name, args, self.default_status)
        if args is None:
            call.fail(Status.INTERNAL, f"{self.kind}.{name}: the arguments are not JSON")
            return
        method = self.methods.get(name)
        if method is None:  # the core called a method the table left NULL: cannot happen
            call.fail(Status.PORT, f"{self.kind}.{name} is not implemented")
            return
        if _is_deferred(method):
            try:
                method(args, call)
            except BaseException as error:
                if not call.answered:
                    call.fail(error)
            return
        try:
            value = method(args)
        except BaseException as error:
            call.fail(error)
            return
        try:
            data = _encode(value)
        except (TypeError, ValueError) as error:
            call.fail(Status.PORT, f"{self.kind}.{name} answered a value that is not JSON: {error}")
            return
        call.ok_bytes(data)


_leases: dict[int, PortTable] = {}
_leases_lock = threading.Lock()
_lease_keys = itertools.count(1)
_trampolines: dict[str, Any] = {}
_trampolines_lock = threading.Lock()


def lease_count() -> int:
    """Tables handed to the core and not yet released."""
    with _leases_lock:
        return len(_leases)


@RELEASE_FN
def _on_release(context: Optional[int]) -> None:
    try:
        with in_callback():
            with _leases_lock:
                table = _leases.pop(context or 0, None)
            if table is None:
                stats.unknown_releases += 1
                return
            table.releases += 1
            if table.on_release is not None:
                table.on_release()
    except BaseException:
        report_callback_error("a port release")


def _dispatch(name: str, context: Optional[int], args: Optional[int], length: int, call: Optional[int]) -> None:
    try:
        with in_callback():
            with _leases_lock:
                table = _leases.get(context or 0)
            if table is None:
                stats.unknown_port_calls += 1
                abi.lib().gem_call_fail(ctypes.c_void_p(call), Status.PORT, b"port called after its release")
                return
            table._invoke(name, read_bytes(args, length), call or 0)
    except BaseException:
        report_callback_error(f"port method {name}")
        try:
            abi.lib().gem_call_fail(ctypes.c_void_p(call), Status.INTERNAL, b"the Python port raised unexpectedly")
        except BaseException:
            pass


def _trampoline(name: str) -> Any:
    """The one C function pointer for method `name` of any table; kept for the process's life."""
    with _trampolines_lock:
        function = _trampolines.get(name)
        if function is None:
            function = PORT_FN(lambda context, args, length, call: _dispatch(name, context, args, length, call))
            _trampolines[name] = function
        return function


class Lease:
    """One copy of a table handed to the core: ``struct`` is the C struct to pass, its context
    the registry key. Released by the core (release callback) or, when the constructor failed,
    by ``cancel``."""

    def __init__(self, table: PortTable) -> None:
        self.table = table
        self.key = next(_lease_keys)
        with _leases_lock:
            _leases[self.key] = table
        fields = {name: _trampoline(name) for name in method_names(table.kind) if name in table.methods}
        self.struct = table.struct_type(struct_size=table.struct_size, context=ctypes.c_void_p(self.key),
                                        release=_on_release, **fields)

    def cancel(self) -> None:
        """Forgets the lease: the core refused the table and will not release it."""
        with _leases_lock:
            _leases.pop(self.key, None)


# ---------------------------------------------------------------------------------------------
# Port interfaces: subclass one and pass the instance to a service.
# ---------------------------------------------------------------------------------------------


def _string_arg(args: Any, key: str, optional: bool = False) -> Optional[str]:
    value = args.get(key) if isinstance(args, dict) else None
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise InternalError(f"the core sent no string {key!r}: {args!r}")
    return value


class PreferencesStore(abc.ABC):
    """gem_preferences_store: string values by key. SYNC: called on the thread that called the
    preferences service, which may be a core thread; must be safe from any thread."""

    @abc.abstractmethod
    def get(self, key: str) -> Optional[str]: ...

    @abc.abstractmethod
    def set(self, key: str, value: str) -> None: ...

    @abc.abstractmethod
    def remove(self, key: str) -> None: ...

    def port_table(self) -> PortTable:
        return PortTable("gem_preferences_store", {
            "get": lambda args: self.get(_string_arg(args, "key")),
            "set": lambda args: self.set(_string_arg(args, "key"), _string_arg(args, "value")),
            "remove": lambda args: self.remove(_string_arg(args, "key")),
        }, default_status=Status.STORE)


class PriceAlertStore(abc.ABC):
    """gem_price_alert_store. Alerts are the core's JSON objects (dicts) with their "id".
    Called on core threads where blocking is allowed."""

    @abc.abstractmethod
    def get_price_alerts(self, asset_id: Optional[str]) -> list: ...

    @abc.abstractmethod
    def update_price_alerts(self, alerts: list, delete_ids: list) -> None:
        """Upsert `alerts` by "id" and delete `delete_ids` in one transaction, writing only rows
        that change; raise StoreError with nothing written on failure."""

    def port_table(self) -> PortTable:
        def update(args: Any) -> None:
            alerts = args.get("alerts", []) if isinstance(args, dict) else None
            delete_ids = args.get("delete_ids", []) if isinstance(args, dict) else None
            if not isinstance(alerts, list) or not isinstance(delete_ids, list):
                raise InternalError(f"the core sent malformed update arguments: {args!r}")
            self.update_price_alerts(alerts, delete_ids)

        return PortTable("gem_price_alert_store", {
            "get_price_alerts": lambda args: self.get_price_alerts(_string_arg(args, "asset_id", optional=True)),
            "update_price_alerts": update,
        }, default_status=Status.STORE)


class HttpTransport(abc.ABC):
    """gem_http_transport (the spec's AlienProvider). Answer every HTTP response, error
    statuses included; raise Offline when no answer came. Any other exception is reported to the
    core as offline too, with the exception's text."""

    @abc.abstractmethod
    def request(self, request: HttpRequest) -> HttpResponse: ...

    def port_table(self) -> PortTable:
        def perform(args: Any) -> dict:
            try:
                request = HttpRequest.from_json(args)
            except RecordError as error:
                raise InternalError(f"the core sent a malformed request: {error}") from error
            return self.request(request).to_json()

        return PortTable("gem_http_transport", {"request": perform}, default_status=Status.OFFLINE)


class NotificationPermissions(abc.ABC):
    """gem_notification_permissions: True when notifications are allowed."""

    @abc.abstractmethod
    def request(self) -> bool: ...

    def port_table(self) -> PortTable:
        return PortTable("gem_notification_permissions", {"request": lambda args: bool(self.request())})


def as_port_table(port: Any, kind: str) -> PortTable:
    """A PortTable of `kind` from a PortTable or an object with port_table()."""
    table = port if isinstance(port, PortTable) else getattr(port, "port_table", lambda: None)()
    if not isinstance(table, PortTable):
        raise TypeError(f"expected a PortTable or a port object for {kind}, got {type(port).__name__}")
    if table.kind != kind:
        raise TypeError(f"expected a {kind} port, got a {table.kind}")
    return table
