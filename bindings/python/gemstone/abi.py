"""The C ABI of libgemstone as ctypes declarations, and the loader.

The declarations (gem_buffer, the callback types, the port tables and every function's argtypes/restype) are
generated from include/gemstone.h into abi_declarations.py; the status codes come from schema/status.json.
tests/test_binding_complete.py checks them against the header.

The library is loaded on first use (``lib()``), not at import, so the declarations can be read
and checked on a machine without the library.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import threading
from pathlib import Path
from typing import Optional

#: The ABI version this package was written against (include/gemstone.h GEM_ABI_VERSION).
#: tests/test_binding_complete.py fails when the header says otherwise.
ABI_VERSION = 2

#: The release this package was written with (include/gemstone.h GEM_VERSION, pyproject.toml's version).
VERSION = "0.1.0"

#: Where a wheel carries the library, inside the package (bindings/python/gemstone_build.py puts it there).
PACKAGED_LIBRARY = Path(__file__).resolve().parent / "_native" / "libgemstone.so"


from .generated import Status  # noqa: E402  (the status codes are generated from schema/status.json)

# The declarations of every struct, callback type and function are generated from the header by the project's one
# header reader (abi_declarations.py); this module adds the loader. tests/test_binding_complete.py still checks
# them against the header.
from .abi_declarations import (CALLBACK_TYPES, COMPLETION_FN, FUNCTIONS, PORT_FN, RELEASE_FN, STRUCTS,  # noqa: E402,F401
                               GemBuffer, HttpTransportTable, KeystorePasswordTable, NotificationPermissionsTable,
                               PreferencesStoreTable, PriceAlertStoreTable, SecureStoreTable, WalletSessionStoreTable,
                               WalletStoreTable, gem_status)

#: Port tables whose methods are SYNC (answered before the method returns).
SYNC_TABLES = frozenset({"gem_preferences_store", "gem_wallet_session_store"})


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
    """Where the library is looked for, in order: $GEMSTONE_LIB alone when set, else the copy an installed
    wheel carries (gemstone/_native/libgemstone.so), else the repository's release build, else the system's
    (ctypes.util.find_library)."""
    explicit = os.environ.get("GEMSTONE_LIB")
    if explicit:
        return [explicit]
    candidates = []
    if PACKAGED_LIBRARY.is_file():
        candidates.append(str(PACKAGED_LIBRARY))
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
                    "libgemstone.so not found: install a gemstone wheel (it carries the library), set GEMSTONE_LIB, "
                    "build it with `swift build -c release --product gemstone`, or install it"
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


def version() -> str:
    """The loaded library's release, from gem_version() (equal to VERSION for a matching library)."""
    raw = lib().gem_version()
    return raw.decode("utf-8") if raw else ""
