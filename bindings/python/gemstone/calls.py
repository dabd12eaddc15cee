"""Calling the library: sync functions with an out buffer, and async commands in a blocking
and an asyncio form.

Every async command gets one completion, ``_on_done``, a single ctypes callback that lives as
long as this module. Its context is a key into ``_pending``, which holds the command's Python
handler until the completion fires (the header promises exactly once), so nothing the core may
still call is ever collected. No Python exception leaves a C callback: a failing handler is
logged and counted in ``stats``.
"""

from __future__ import annotations

import asyncio
import ctypes
import itertools
import json
import logging
import threading
from typing import Any, Callable, Optional, TypeVar

from . import abi
from .abi import COMPLETION_FN, GemBuffer, Status
from .errors import GemError, InternalError, InvalidArgument
from .records import RecordError

T = TypeVar("T")
log = logging.getLogger("gemstone")

Handler = Callable[[int, bytes], None]

_pending: dict[int, Handler] = {}
_pending_lock = threading.Lock()
_keys = itertools.count(1)
_in_callbacks = 0  # C callbacks currently running Python code (guarded by _pending_lock)


class in_callback:
    """Counts a C callback as running until it returns, so shutdown can wait for it."""

    def __enter__(self) -> None:
        global _in_callbacks
        with _pending_lock:
            _in_callbacks += 1

    def __exit__(self, *exc_info: Any) -> None:
        global _in_callbacks
        with _pending_lock:
            _in_callbacks -= 1


def busy() -> bool:
    """Whether a command is pending or a callback is running Python code."""
    with _pending_lock:
        return bool(_pending) or _in_callbacks > 0


class Stats:
    """Counters of contract breaches seen by the binding; tests expect them to stay zero."""

    def __init__(self) -> None:
        self.unknown_completions = 0  # a completion for no pending command (fired twice?)
        self.callback_errors = 0  # a Python exception caught at the C boundary
        self.unknown_releases = 0  # a release for no live port lease (released twice?)
        self.unknown_port_calls = 0  # a port call for a released (or unknown) table


stats = Stats()


def report_callback_error(where: str) -> None:
    """Logs the current exception of a C callback, which must not propagate into C."""
    stats.callback_errors += 1
    try:
        log.exception("gemstone: exception in %s (swallowed at the C boundary)", where)
    except BaseException:  # logging itself failed; nothing else can be done here
        pass


def read_bytes(address: Optional[int], length: int) -> bytes:
    """Copies `length` bytes the core lends at `address` (NULL or 0 length is empty)."""
    if not address or not length:
        return b""
    return ctypes.string_at(address, length)


@COMPLETION_FN
def _on_done(context: Optional[int], status: int, data: Optional[int], length: int) -> None:
    try:
        with in_callback():
            with _pending_lock:
                handler = _pending.pop(context or 0, None)
            if handler is None:
                stats.unknown_completions += 1
                return
            handler(int(status), read_bytes(data, length))
    except BaseException:
        report_callback_error("a completion")


def pending_count() -> int:
    """Commands started and not yet completed."""
    with _pending_lock:
        return len(_pending)


def call_out(function: Callable[..., int], *args: Any) -> bytes:
    """Calls a sync function whose last parameter is `gem_buffer *out`; returns the bytes it
    wrote, or raises the GemError of its status with the error record. The buffer is always
    freed with gem_buffer_free."""
    buffer = GemBuffer()
    try:
        status = function(*args, ctypes.byref(buffer))
        payload = read_bytes(ctypes.cast(buffer.data, ctypes.c_void_p).value, buffer.len)
    finally:
        abi.lib().gem_buffer_free(ctypes.byref(buffer))
    if status != Status.OK:
        raise GemError.from_status(status, payload)
    return payload


def start(function: Callable[..., int], args: tuple, handler: Handler) -> None:
    """Starts an async command `function(*args, done, context)`; `handler(status, bytes)` runs
    once on a core thread when it completes."""
    key = next(_keys)
    with _pending_lock:
        _pending[key] = handler
    try:
        status = function(*args, _on_done, ctypes.c_void_p(key))
    except BaseException:
        with _pending_lock:
            _pending.pop(key, None)
        raise
    if status != Status.OK:
        # The header: a command that does not start never calls done.
        with _pending_lock:
            _pending.pop(key, None)
        raise GemError.from_status(status, b"")


def decode(payload: bytes, reader: Callable[[Any], T]) -> T:
    """Parses a success answer and reads it as a record; an unreadable answer is InternalError."""
    try:
        return reader(json.loads(payload.decode("utf-8")))
    except (ValueError, RecordError) as error:
        raise InternalError(f"unreadable answer from libgemstone: {error}") from error


def answer(function: str, request: Any, reader: Callable[[Any], T]) -> T:
    """Calls a pure projection function of the header with `request` (a JSON value) and reads its answer:
    the GemError of its status on failure, InternalError for an unreadable answer."""
    try:
        text = json.dumps(request, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise InvalidArgument(f"{function}: the request is not JSON-able: {error}") from error
    return decode(call_out(getattr(abi.lib(), function), text.encode("utf-8")), reader)


def outcome(status: int, payload: bytes, reader: Callable[[Any], T]) -> T:
    if status != Status.OK:
        raise GemError.from_status(status, payload)
    return decode(payload, reader)


def run_blocking(begin: Callable[[Handler], None], reader: Callable[[Any], T],
                 timeout: Optional[float] = None) -> T:
    """Starts a command with `begin(handler)` (see ``start``) and waits on a threading.Event
    for its completion. `timeout` (seconds, None for no limit) raises the builtin TimeoutError;
    the command still completes later."""
    event = threading.Event()
    box: list[tuple[int, bytes]] = []

    def handler(status: int, payload: bytes) -> None:
        box.append((status, payload))
        event.set()

    begin(handler)
    if not event.wait(timeout):
        raise TimeoutError(f"no completion within {timeout} s")
    status, payload = box[0]
    return outcome(status, payload, reader)


async def run_async(begin: Callable[[Handler], None], reader: Callable[[Any], T]) -> T:
    """Starts a command with `begin(handler)` and awaits its completion on the running loop: the
    core thread hands the outcome over with loop.call_soon_threadsafe. Cancelling the await does
    not stop the command; its outcome is then dropped."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()

    def resolve(status: int, payload: bytes) -> None:
        if future.done():
            return
        try:
            future.set_result(outcome(status, payload, reader))
        except GemError as error:
            future.set_exception(error)

    def handler(status: int, payload: bytes) -> None:
        try:
            loop.call_soon_threadsafe(resolve, status, payload)
        except RuntimeError:
            pass  # the loop is closed: nobody is waiting any more

    begin(handler)
    return await future
