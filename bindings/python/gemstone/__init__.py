"""gemstone: Python bindings of libgemstone over ctypes.

    from gemstone import PreferencesService, PriceAlertService, SqlitePreferencesStore, ...

See bindings/python/README.md. The library is found through $GEMSTONE_LIB, the repository's
.build/release/libgemstone.so, or the system's library path.
"""

from .abi import ABI_VERSION, LibraryError, Status, lib
from .calls import stats
from .errors import (ApiError, Cancelled, CryptoError, GemError, InternalError, InvalidArgument, InvalidInput,
                     NotFound, Offline, PermissionDenied, PortError, StaleCall, StoreError, Timeout)
from .permissions import FixedPermissions
from .ports import (HttpTransport, NotificationPermissions, PortCall, PortTable, PreferencesStore, PriceAlertStore,
                    deferred)
from .records import (HttpHeader, HttpRequest, HttpResponse, NotificationPermission, Preferences, PreferencesPatch,
                      PriceAlert,
                      PriceAlertAddResult, PriceAlertsToggle, PriceAlertSyncResult, PriceDirection, RecordError)
from . import presentation
from .services import PreferencesService, PriceAlertService, close_all
from .sqlite_stores import SqlitePreferencesStore, SqlitePriceAlertStore
from .transport import UrllibTransport
from .wallet_ports import KeystorePassword, SecureStore, WalletSessionStore, WalletStore
from .wallet_records import (Account, AddressErrorType, AddressRejection, AddressValidation, CopyKindType, GemCopy,
                             GemCopyKind, MulticoinImport, PrivateKeyImport, SingleImport, ViewImport, Wallet,
                             WalletCreated, WalletDeleted, WalletImport, WalletImportResult, WalletPreview,
                             WalletSource, WalletType)
from .wallet_stores import FileKeystorePassword, SqliteSecureStore, SqliteWalletSessionStore, SqliteWalletStore
from .wallets import WalletService, WalletSessionService, validate_address

__all__ = [
    "presentation",
    "ABI_VERSION", "LibraryError", "Status", "lib", "stats",
    "GemError", "InvalidArgument", "Cancelled", "Offline", "ApiError", "StoreError", "InvalidInput", "NotFound",
    "Timeout", "StaleCall", "PortError", "PermissionDenied", "CryptoError", "InternalError",
    "PortTable", "PortCall", "deferred", "PreferencesStore", "PriceAlertStore", "HttpTransport",
    "NotificationPermissions",
    "PriceAlert", "PriceDirection", "Preferences", "PreferencesPatch", "PriceAlertsToggle", "PriceAlertAddResult",
    "PriceAlertSyncResult", "NotificationPermission", "HttpHeader", "HttpRequest", "HttpResponse", "RecordError",
    "PreferencesService", "PriceAlertService", "close_all",
    "SqlitePreferencesStore", "SqlitePriceAlertStore", "UrllibTransport", "FixedPermissions",
]

__all__ += [  # wallets and addresses
    "WalletStore", "WalletSessionStore", "SecureStore", "KeystorePassword",
    "Wallet", "Account", "WalletType", "WalletSource", "WalletImport", "MulticoinImport", "SingleImport",
    "PrivateKeyImport", "ViewImport", "WalletImportResult", "WalletPreview", "WalletCreated", "WalletDeleted",
    "GemCopy", "GemCopyKind", "CopyKindType", "AddressValidation", "AddressRejection", "AddressErrorType",
    "WalletSessionService", "WalletService", "validate_address",
    "SqliteWalletStore", "SqliteWalletSessionStore", "SqliteSecureStore", "FileKeystorePassword",
]
