"""The C ABI of libgemstone as ctypes declarations, and the loader.

This module mirrors include/gemstone.h: the status codes, gem_buffer, the callback types, the
port tables and every function's argtypes/restype. tests/test_binding_complete.py parses the
header and fails when a declaration here is missing, extra or drifts from it.

The library is loaded on first use (``lib()``), not at import, so the declarations can be read
and checked on a machine without the library.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import enum
import os
import threading
from ctypes import CFUNCTYPE, POINTER, Structure, c_char_p, c_int32, c_size_t, c_uint8, c_uint32, c_void_p
from pathlib import Path
from typing import Optional

#: The ABI version this package was written against (include/gemstone.h GEM_ABI_VERSION).
#: tests/test_binding_complete.py fails when the header says otherwise.
ABI_VERSION = 1


from .generated import Status  # noqa: E402  (the status codes are generated from schema/status.json)

gem_status = c_int32


class GemBuffer(Structure):
    """gem_buffer: bytes the core filled; the caller frees them with gem_buffer_free."""

    _fields_ = [("data", POINTER(c_uint8)), ("len", c_size_t)]


# void (*gem_completion_fn)(void *context, gem_status status, const uint8_t *data, size_t len)
COMPLETION_FN = CFUNCTYPE(None, c_void_p, gem_status, c_void_p, c_size_t)
# void (*gem_port_fn)(void *context, const uint8_t *args, size_t args_len, gem_call *call)
PORT_FN = CFUNCTYPE(None, c_void_p, c_void_p, c_size_t, c_void_p)
# void (*gem_release_fn)(void *context)
RELEASE_FN = CFUNCTYPE(None, c_void_p)

#: The header's function-pointer typedefs, by name.
CALLBACK_TYPES = {
    "gem_completion_fn": COMPLETION_FN,
    "gem_port_fn": PORT_FN,
    "gem_release_fn": RELEASE_FN,
}

_TABLE_HEAD = [("struct_size", c_uint32), ("context", c_void_p), ("release", RELEASE_FN)]


class PreferencesStoreTable(Structure):
    """gem_preferences_store (SYNC methods)."""

    _fields_ = _TABLE_HEAD + [("get", PORT_FN), ("set", PORT_FN), ("remove", PORT_FN)]


class PriceAlertStoreTable(Structure):
    """gem_price_alert_store."""

    _fields_ = _TABLE_HEAD + [("get_price_alerts", PORT_FN), ("update_price_alerts", PORT_FN)]


class HttpTransportTable(Structure):
    """gem_http_transport."""

    _fields_ = _TABLE_HEAD + [("request", PORT_FN)]


class NotificationPermissionsTable(Structure):
    """gem_notification_permissions."""

    _fields_ = _TABLE_HEAD + [("request", PORT_FN)]


class WalletStoreTable(Structure):
    """gem_wallet_store."""

    _fields_ = _TABLE_HEAD + [("get_wallets", PORT_FN), ("get_wallet", PORT_FN), ("add_wallet", PORT_FN),
                              ("save_wallet", PORT_FN), ("delete_wallet", PORT_FN)]


class WalletSessionStoreTable(Structure):
    """gem_wallet_session_store (SYNC methods)."""

    _fields_ = _TABLE_HEAD + [("get_current_wallet_id", PORT_FN), ("set_current_wallet_id", PORT_FN)]


class SecureStoreTable(Structure):
    """gem_secure_store."""

    _fields_ = _TABLE_HEAD + [("get", PORT_FN), ("set", PORT_FN), ("delete_key", PORT_FN)]


class KeystorePasswordTable(Structure):
    """gem_keystore_password (answers raw bytes, not JSON)."""

    _fields_ = _TABLE_HEAD + [("get_password", PORT_FN)]


#: The header's struct types, by C name.
STRUCTS = {
    "gem_buffer": GemBuffer,
    "gem_preferences_store": PreferencesStoreTable,
    "gem_price_alert_store": PriceAlertStoreTable,
    "gem_http_transport": HttpTransportTable,
    "gem_notification_permissions": NotificationPermissionsTable,
    "gem_wallet_store": WalletStoreTable,
    "gem_wallet_session_store": WalletSessionStoreTable,
    "gem_secure_store": SecureStoreTable,
    "gem_keystore_password": KeystorePasswordTable,
}

#: Port tables whose methods are SYNC (answered before the method returns).
SYNC_TABLES = frozenset({"gem_preferences_store", "gem_wallet_session_store"})

_BUF = POINTER(GemBuffer)
_HANDLE = c_void_p  # every opaque service handle
_OUT_HANDLE = POINTER(c_void_p)

#: name -> (restype, argtypes), in header order.
FUNCTIONS = {
    "gem_abi_version": (c_uint32, []),
    "gem_buffer_free": (None, [_BUF]),
    "gem_call_ok": (gem_status, [c_void_p, c_char_p, c_size_t]),
    "gem_call_fail": (gem_status, [c_void_p, gem_status, c_char_p]),
    "gem_preferences_service_new": (gem_status, [POINTER(PreferencesStoreTable), _OUT_HANDLE, _BUF]),
    "gem_preferences_service_free": (None, [_HANDLE]),
    "gem_preferences_service_get": (gem_status, [_HANDLE, _BUF]),
    "gem_preferences_service_update": (gem_status, [_HANDLE, c_char_p, _BUF]),
    "gem_price_alert_service_new": (
        gem_status,
        [
            c_char_p,
            POINTER(HttpTransportTable),
            _HANDLE,
            POINTER(PriceAlertStoreTable),
            POINTER(NotificationPermissionsTable),
            _OUT_HANDLE,
            _BUF,
        ],
    ),
    "gem_price_alert_service_free": (None, [_HANDLE]),
    "gem_price_alert_service_get_price_alerts": (gem_status, [_HANDLE, c_char_p, COMPLETION_FN, c_void_p]),
    "gem_price_alert_service_sync": (gem_status, [_HANDLE, c_char_p, COMPLETION_FN, c_void_p]),
    "gem_price_alert_service_add": (gem_status, [_HANDLE, c_char_p, COMPLETION_FN, c_void_p]),
    "gem_price_alert_service_delete": (gem_status, [_HANDLE, c_char_p, COMPLETION_FN, c_void_p]),
    "gem_price_alert_service_set_enabled": (gem_status, [_HANDLE, c_int32, COMPLETION_FN, c_void_p]),
    "gem_price_alert_service_is_enabled": (gem_status, [_HANDLE, _BUF]),
}

# Wallets and addresses (gemstone.h "Wallets" and "Addresses"), kept in a block of their own.
_COMMAND = [COMPLETION_FN, c_void_p]
FUNCTIONS.update({
    "gem_wallet_session_service_new": (
        gem_status, [POINTER(WalletStoreTable), POINTER(WalletSessionStoreTable), _OUT_HANDLE, _BUF]),
    "gem_wallet_session_service_free": (None, [_HANDLE]),
    "gem_wallet_session_service_get_wallets": (gem_status, [_HANDLE] + _COMMAND),
    "gem_wallet_session_service_get_wallet": (gem_status, [_HANDLE, c_char_p] + _COMMAND),
    "gem_wallet_session_service_require_wallet": (gem_status, [_HANDLE, c_char_p] + _COMMAND),
    "gem_wallet_session_service_get_current_wallet_id": (gem_status, [_HANDLE, _BUF]),
    "gem_wallet_session_service_get_current_wallet": (gem_status, [_HANDLE] + _COMMAND),
    "gem_wallet_service_new": (
        gem_status,
        [
            c_char_p,
            POINTER(WalletStoreTable),
            POINTER(WalletSessionStoreTable),
            POINTER(SecureStoreTable),
            POINTER(KeystorePasswordTable),
            _OUT_HANDLE,
            _BUF,
        ],
    ),
    "gem_wallet_service_free": (None, [_HANDLE]),
    "gem_wallet_service_create_wallet": (gem_status, [_HANDLE, c_char_p] + _COMMAND),
    "gem_wallet_service_import_wallet": (gem_status, [_HANDLE, c_char_p] + _COMMAND),
    "gem_wallet_service_preview_import": (gem_status, [_HANDLE, c_char_p] + _COMMAND),
    "gem_wallet_service_rename_wallet": (gem_status, [_HANDLE, c_char_p, c_char_p] + _COMMAND),
    "gem_wallet_service_set_pinned": (gem_status, [_HANDLE, c_char_p, c_int32] + _COMMAND),
    "gem_wallet_service_delete_wallet": (gem_status, [_HANDLE, c_char_p] + _COMMAND),
    "gem_wallet_service_set_current_wallet_id": (gem_status, [_HANDLE, c_char_p] + _COMMAND),
    "gem_wallet_service_export_secret": (gem_status, [_HANDLE, c_char_p] + _COMMAND),
    "gem_address_validate": (gem_status, [c_char_p, c_char_p, _BUF]),
})

#: The presentation answers: gem_status f(const char *request_json, gem_buffer *out), synchronous and pure.
PRESENTATION_FUNCTIONS = (
    "gem_load_state_refreshed",
    "gem_list_phase",
    "gem_empty_state",
    "gem_list_window_on_end_reached",
    "gem_formatted_currency",
    "gem_formatted_amount",
    "gem_duration_parts",
    "gem_plain_number",
    "gem_value_from_input",
    "gem_input_text",
    "gem_value_text",
    "gem_amount_error_display",
    "gem_address_copy",
    "gem_copy_kind_policy",
    "gem_format_address",
    "gem_day_boundaries",
    "gem_day_labels",
    "gem_transaction_rows",
    "gem_amount_session_new",
    "gem_amount_session_apply",
    "gem_amount_session_view_state",
)
FUNCTIONS.update({name: (gem_status, [c_char_p, _BUF]) for name in PRESENTATION_FUNCTIONS})


class LibraryError(OSError):
    """libgemstone.so could not be found or loaded, or implements another ABI version."""


_loaded: Optional[ctypes.CDLL] = None
_load_lock = threading.Lock()


def repository_root() -> Optional[Path]:
    """The repository this package sits in (bindings/python/gemstone/abi.py -> repo), or None
    when the package is installed elsewhere."""
    parents = Path(__file__).resolve().parents
    if len(parents) < 4 or parents[0].name != "gemstone" or parents[2].name != "bindings":
        return None
    return parents[3]


def library_candidates() -> list[str]:
    """Where the library is looked for, in order: $GEMSTONE_LIB alone when set, else the
    repository's release build, else the system's (ctypes.util.find_library)."""
    explicit = os.environ.get("GEMSTONE_LIB")
    if explicit:
        return [explicit]
    candidates = []
    root = repository_root()
    built = root / ".build" / "release" / "libgemstone.so" if root else None
    if built is not None and built.exists():
        candidates.append(str(built))
    installed = ctypes.util.find_library("gemstone")
    if installed:
        candidates.append(installed)
    return candidates


def declare(library: ctypes.CDLL) -> ctypes.CDLL:
    """Sets argtypes/restype of every function of FUNCTIONS on `library`."""
    for name, (restype, argtypes) in FUNCTIONS.items():
        function = getattr(library, name)
        function.restype = restype
        function.argtypes = argtypes
    return library


def load(path: str) -> ctypes.CDLL:
    """Loads the library at `path`, declares its functions and checks its ABI version."""
    try:
        library = ctypes.CDLL(path)
    except OSError as error:
        raise LibraryError(f"cannot load libgemstone from {path}: {error}") from error
    try:
        declare(library)
    except AttributeError as error:
        raise LibraryError(f"{path} lacks a gemstone.h function: {error}") from error
    version = library.gem_abi_version()
    if version != ABI_VERSION:
        raise LibraryError(f"{path} implements ABI version {version}; this package needs {ABI_VERSION}")
    return library


def lib() -> ctypes.CDLL:
    """The loaded library (loaded on the first call; see library_candidates)."""
    global _loaded
    if _loaded is not None:
        return _loaded
    with _load_lock:
        if _loaded is None:
            candidates = library_candidates()
            if not candidates:
                raise LibraryError(
                    "libgemstone.so not found: set GEMSTONE_LIB, build it with "
                    "`swift build -c release --product gemstone`, or install it"
                )
            errors = []
            for path in candidates:
                try:
                    _loaded = load(path)
                    break
                except LibraryError as error:
                    errors.append(str(error))
            else:
                raise LibraryError("; ".join(errors))
    return _loaded
