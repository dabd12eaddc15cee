"""gemstone: Python bindings of libgemstone over ctypes.

    from gemstone import PreferencesService, PriceAlertService, SqlitePreferencesStore, ...
    from gemstone import NodeService, AssetsService, BalanceService, SqliteBalanceStore, ...

See bindings/python/README.md. The library is found through $GEMSTONE_LIB, the copy a wheel carries,
the repository's .build/release/libgemstone.so, or the system's library path.
"""

from .abi import ABI_VERSION, VERSION, LibraryError, Status, lib, version
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
from .wallet_records import (Account, AddressError, AddressErrorType, AddressValidation, AddressValidationInvalid,
                             AddressValidationValid, Copy, CopyKind, GemCopy, GemCopyKind, MulticoinImport,
                             PrivateKeyImport, SecretSweep, SingleImport, ViewImport, Wallet, WalletCreated,
                             WalletDeleted, WalletImport, WalletImportResult, WalletPreview, WalletSource, WalletType)
from .wallet_stores import FileKeystorePassword, SqliteSecureStore, SqliteWalletSessionStore, SqliteWalletStore
from .wallets import WalletService, WalletSessionService, validate_address
from .chain_ports import AssetStore, BalanceStore, NodeStore
from .chain_stores import SqliteAssetStore, SqliteBalanceStore, SqliteNodeStore
from .chains import AssetsService, BalanceService, NodeService
from .sign_message import SignMessageService, sign_message_request
from .generated import (MessageEncoding, SignMessageKind, SignMessagePreview, SignMessageRequest, SignMessageRow,
                        SignMessageSection, SignMessageSignature, SignMessageValueStyle)
from .chain_list import CHAIN_IDS, CHAINS
from .send import (ConfirmTransferService, SqliteTransactionStore, TrackingScheduler, TransactionStateService,
                   TransactionStatusPort, TransactionStore, TransactionsService)
from .generated import (BalanceRequirement, ConfirmError, ConfirmFee, ConfirmLoad, ConfirmRequest, ConfirmSimulation,
                        ConfirmSubmit, FeeOption, FeePriority, Transaction, TransactionDirection, TransactionRow,
                        TransactionsRequest, TransactionState, TransactionType, TransferAmount, TransferAmountResult,
                        TransferAmountResultAmount, TransferAmountResultError, TransferRequest)
from .errors import ConfirmFailed
from .prices import CurrencyService, PriceService, PriceStore, SqlitePriceStore, WalletHomeService
from .charts import ChartService
from .stream import StreamConnection, StreamSubscriptionService
from .generated import (StreamMessage, StreamMessagePrices, StreamMessageType, StreamSubscription,
                        StreamSubscriptionSent, StreamSubscriptionServiceConfig)
from .generated import (AddressFormatStyle, Asset, AssetType, Balance, BalanceRefresh, BalanceUpdate, ChainNode, ChainNodes,
                        ChainRefresh, NodeCheck, NodeCheckRow, NodeCheckRowChainId, NodeCheckRowInSync,
                        NodeCheckRowLatency, NodeCheckRowLatestBlock, NodeCheckStatus, NodeCheckStatusOk,
                        NodeCheckStatusUnreachable, NodeCheckStatusWrongNetwork, NodeItem, NodeKind, NodeSyncState,
                        WalletAssetsUpdate)

__version__ = VERSION

__all__ = [
    "presentation",
    "ABI_VERSION", "VERSION", "LibraryError", "Status", "lib", "version", "stats", "__version__",
    "GemError", "InvalidArgument", "Cancelled", "Offline", "ApiError", "StoreError", "InvalidInput", "NotFound",
    "Timeout", "StaleCall", "PortError", "PermissionDenied", "CryptoError", "InternalError",
    "PortTable", "PortCall", "deferred", "PreferencesStore", "PriceAlertStore", "HttpTransport",
    "NotificationPermissions",
    "PriceAlert", "PriceDirection", "Preferences", "PreferencesPatch", "PriceAlertsToggle", "PriceAlertAddResult",
    "PriceAlertSyncResult", "NotificationPermission", "HttpHeader", "HttpRequest", "HttpResponse", "RecordError",
    "PreferencesService", "PriceAlertService", "close_all",
    "SqlitePreferencesStore", "SqlitePriceAlertStore", "UrllibTransport", "FixedPermissions",
]

__all__ += [  # prices, the currency and the wallet home
    "PriceService", "CurrencyService", "WalletHomeService", "PriceStore", "SqlitePriceStore", "ChartService",
]

__all__ += [  # wallets and addresses
    "AddressFormatStyle",
    "WalletStore", "WalletSessionStore", "SecureStore", "KeystorePassword",
    "Wallet", "Account", "WalletType", "WalletSource", "WalletImport", "MulticoinImport", "SingleImport",
    "PrivateKeyImport", "ViewImport", "WalletImportResult", "WalletPreview", "WalletCreated", "WalletDeleted",
    "SecretSweep", "GemCopy", "GemCopyKind", "Copy", "CopyKind", "AddressValidation", "AddressValidationValid",
    "AddressValidationInvalid", "AddressError", "AddressErrorType",
    "WalletSessionService", "WalletService", "validate_address",
    "SqliteWalletStore", "SqliteWalletSessionStore", "SqliteSecureStore", "FileKeystorePassword",
]

__all__ += [  # chains: nodes, assets and balances
    "CHAINS", "CHAIN_IDS",
    "NodeStore", "AssetStore", "BalanceStore", "SqliteNodeStore", "SqliteAssetStore", "SqliteBalanceStore",
    "NodeService", "AssetsService", "BalanceService",
    "Asset", "AssetType", "Balance", "BalanceRefresh", "BalanceUpdate", "ChainNode", "ChainNodes", "ChainRefresh",
    "NodeCheck", "NodeCheckRow", "NodeCheckRowChainId", "NodeCheckRowInSync", "NodeCheckRowLatency",
    "NodeCheckRowLatestBlock", "NodeCheckStatus", "NodeCheckStatusOk", "NodeCheckStatusUnreachable",
    "NodeCheckStatusWrongNetwork", "NodeItem", "NodeKind", "NodeSyncState", "WalletAssetsUpdate",
]

__all__ += [  # the price stream's subscription
    "StreamConnection", "StreamSubscriptionService", "StreamMessage", "StreamMessagePrices", "StreamMessageType",
    "StreamSubscription", "StreamSubscriptionSent", "StreamSubscriptionServiceConfig",
]

__all__ += [  # message signing
    "SignMessageService", "sign_message_request", "MessageEncoding", "SignMessageKind", "SignMessagePreview",
    "SignMessageRequest", "SignMessageRow", "SignMessageSection", "SignMessageSignature", "SignMessageValueStyle",
]

__all__ += [  # send: confirmation, submit, transactions and tracking
    "ConfirmTransferService", "TransactionsService", "TransactionStateService", "TransactionStore",
    "SqliteTransactionStore", "TransactionStatusPort", "TrackingScheduler", "ConfirmFailed",
    "BalanceRequirement", "ConfirmError", "ConfirmFee", "ConfirmLoad", "ConfirmRequest", "ConfirmSimulation",
    "ConfirmSubmit", "FeeOption", "FeePriority", "Transaction", "TransactionDirection", "TransactionRow",
    "TransactionsRequest", "TransactionState", "TransactionType", "TransferAmount", "TransferAmountResult",
    "TransferAmountResultAmount", "TransferAmountResultError", "TransferRequest",
]
