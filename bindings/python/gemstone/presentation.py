"""The presentation answers of include/gemstone.h ("Presentation answers") as typed Python values.

Each function sends one request record and reads one answer record, synchronously: the core
decides what a screen shows (load states, list phases and windows, formatted numbers, typed
amounts, copies, day labels, transaction rows, the amount session) and the app only renders.
Errors raise the GemError of their status: InvalidArgument for a malformed request,
InvalidInput for a request that breaks a rule the header names.

Big integers (atomic amounts) are Python ints here and decimal strings on the wire.
"""

from __future__ import annotations

from .generated import (AmountError, AmountErrorBelowMinimum, AmountErrorDisplay, AmountErrorDisplayBelowMinimum,  # noqa: F401
                        AmountErrorDisplayInsufficientBalance, AmountErrorDisplayInvalidAmount, AmountErrorDisplayNone,
                        AmountErrorDisplayTooManyDecimals, AmountErrorInsufficientBalance, AmountErrorInvalidNumber,
                        AmountErrorTooManyDecimals, AmountErrorZero, Day, DayBoundaries)
from .generated import (DurationPart, DurationUnit, FormattedNumber, NumberDisplay, NumberDisplayAbbreviated,  # noqa: F401
                        NumberDisplayBelowThreshold, NumberDisplayNumber, NumberFormat, NumberNotation, NumberRounding,
                        NumberUnit, NumberUnitCurrency, NumberUnitMultiplier, NumberUnitPercent, NumberUnitPlain,
                        NumberUnitSymbol, Precision, PrecisionFraction, PrecisionSignificant, ValueTone)
from .generated import (Asset, AssetType, Constants, EmptyState, EmptyStateKind, ListPhase, ListPhaseEmpty,  # noqa: F401
                        ListPhaseError, ListPhaseMode, ListPhaseRows, ListWindow, LoadState, LoadStateData,
                        LoadStateError, LoadStateLoading, LoadStateNoData, ServiceError)
from .generated import (Copy, CopyKind, CopyKindAddress, CopyKindPlain, CopyKindPrivateKey,  # noqa: F401
                        CopyKindSecretPhrase, PricedAsset, Transaction, TransactionRow, TransactionStatus,
                        TransactionDirection, TransactionState, TransactionSubtitle, TransactionSubtitleFrom,
                        TransactionSubtitleNone, TransactionSubtitleTo, TransactionType,
                        TransactionTitle, TransactionValue, TransactionValueAmount, TransactionValueNone,
                        TransactionValueSymbol)
from .generated import AddressFormatStyle, CopyPolicy  # noqa: F401
from .generated import (AmountCheck, AmountEvent, AmountEventBalanceChanged, AmountEventMaxToggled,  # noqa: F401
                        AmountEventTyped, AmountSession, AmountViewState, CurrencyStyle, DayLabel, InputValue,
                        InputValueError, InputValueValue, ValueStyle)
from .projections import *  # noqa: F401,F403  (every schema function, generated: gemstone/projections.py)

#: Constants the header publishes (gemstone.h #defines); tests/test_presentation.py checks them.
LIST_PAGE_SIZE = Constants.LIST_PAGE_SIZE
LIST_PREFETCH_ROWS = Constants.LIST_PREFETCH_ROWS
LIST_MAX_ROWS = Constants.LIST_MAX_ROWS
SECRET_CLIPBOARD_SECONDS = Constants.SECRET_CLIPBOARD_SECONDS
MAX_ASSET_DECIMALS = Constants.MAX_ASSET_DECIMALS
MAX_UTC_OFFSET_SECONDS = Constants.MAX_UTC_OFFSET_SECONDS


# Every presentation function is declared in the schema and generated (gemstone/projections.py, imported above),
# with its request and answer records (gemstone/generated.py).
