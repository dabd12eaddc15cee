"""The presentation answers of include/gemstone.h ("Presentation answers") as typed Python values.

Each function sends one request record and reads one answer record, synchronously: the core
decides what a screen shows (load states, list phases and windows, formatted numbers, typed
amounts, copies, day labels, transaction rows, the amount session) and the app only renders.
Errors raise the GemError of their status: InvalidArgument for a malformed request,
InvalidInput for a request that breaks a rule the header names.

Big integers (atomic amounts) are Python ints here and decimal strings on the wire.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Sequence, TypeVar

from . import abi, calls
from .errors import InvalidArgument
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
from .projections import *  # noqa: F401,F403  (every schema function, generated: gemstone/projections.py)
from .records import RecordError, _check, _mapping, _optional, _require

T = TypeVar("T")

#: Constants the header publishes (gemstone.h #defines); tests/test_presentation.py checks them.
LIST_PAGE_SIZE = Constants.LIST_PAGE_SIZE
LIST_PREFETCH_ROWS = Constants.LIST_PREFETCH_ROWS
LIST_MAX_ROWS = Constants.LIST_MAX_ROWS
SECRET_CLIPBOARD_SECONDS = Constants.SECRET_CLIPBOARD_SECONDS
MAX_ASSET_DECIMALS = Constants.MAX_ASSET_DECIMALS
MAX_UTC_OFFSET_SECONDS = Constants.MAX_UTC_OFFSET_SECONDS


_answer = calls.answer


def _big(data: Mapping[str, Any], key: str, record: str) -> int:
    text = _require(data, key, str, record)
    if not text.isdigit():
        raise RecordError(f"{record}.{key} is not a decimal integer: {text!r}")
    return int(text)


def _optional_big(data: Mapping[str, Any], key: str, record: str) -> Optional[int]:
    return None if data.get(key) is None else _big(data, key, record)


def _type(data: Any, record: str) -> tuple[Mapping[str, Any], str]:
    data = _mapping(data, record)
    return data, _require(data, "type", str, record)


# ---- errors and load states ----

# ---- numbers ----

# ---- assets and amounts ----

@dataclass(frozen=True)
class InputValue:
    """What typed text reads as: an exact atomic value, or the amount error."""
    value: Optional[int] = None
    error: Optional[AmountError] = None

    @staticmethod
    def from_json(data: Any) -> "InputValue":
        data, kind = _type(data, "input_value")
        if kind == "value":
            return InputValue(value=_big(data, "value", "input_value"))
        return InputValue(error=AmountError.from_json(data.get("error")))


# ---- copies and days ----

# ---- the amount session ----

@dataclass(frozen=True)
class AmountSession:
    """The amount screen's state, a value: each event returns the next session."""
    asset: Asset
    balance: int
    currency: str
    format: NumberFormat
    minimum: Optional[int] = None
    text: str = ""
    is_max: bool = False

    @staticmethod
    def from_json(data: Any) -> "AmountSession":
        data = _mapping(data, "session")
        return AmountSession(Asset.from_json(data.get("asset")), _big(data, "balance", "session"),
                             _require(data, "currency", str, "session"), NumberFormat.from_json(data.get("format")),
                             _optional_big(data, "minimum", "session"), _require(data, "text", str, "session"),
                             _require(data, "is_max", bool, "session"))

    def to_json(self) -> dict:
        record: dict = {"asset": self.asset.to_json(), "balance": str(self.balance), "currency": self.currency,
                        "format": self.format.to_json()}
        if self.minimum is not None:
            record["minimum"] = str(self.minimum)
        record.update({"text": self.text, "is_max": self.is_max})
        return record


class AmountEvent:
    """The events of the amount screen, as the request records the core reads."""

    @staticmethod
    def typed(text: str) -> dict:
        return {"type": "typed", "text": text}

    @staticmethod
    def max_toggled() -> dict:
        return {"type": "max_toggled"}

    @staticmethod
    def balance_changed(balance: int) -> dict:
        return {"type": "balance_changed", "balance": str(balance)}


@dataclass(frozen=True)
class AmountViewState:
    value: Optional[int]
    check: str  # empty | invalid | over_balance | ok
    error: AmountErrorDisplay
    fiat: Optional[FormattedNumber]
    is_max: bool
    can_continue: bool

    @staticmethod
    def from_json(data: Any) -> "AmountViewState":
        data = _mapping(data, "view_state")
        return AmountViewState(_optional_big(data, "value", "view_state"), _require(data, "check", str, "view_state"),
                               AmountErrorDisplay.from_json(data.get("error")),
                               FormattedNumber.from_json(data["fiat"]) if data.get("fiat") is not None else None,
                               _require(data, "is_max", bool, "view_state"), _require(data, "can_continue", bool, "view_state"))


def _list(reader: Callable[[Any], T]) -> Callable[[Any], list[T]]:
    def read(data: Any) -> list[T]:
        if not isinstance(data, list):
            raise RecordError(f"expected a JSON array: {data!r}")
        return [reader(item) for item in data]
    return read


def _string(data: Any) -> str:
    return _check(data, str, "answer")


def _optional_string(data: Any) -> Optional[str]:
    return None if data is None else _check(data, str, "answer")


# ---- the functions ----

def load_state_refreshed(shows_value: bool, sync_error: Optional[ServiceError] = None) -> LoadState:
    request: dict = {"shows_value": shows_value}
    if sync_error is not None:
        request["sync_error"] = sync_error.to_json()
    return _answer("gem_load_state_refreshed", request, LoadState.from_json)


def list_phase(mode: ListPhaseMode, state: LoadState, has_rows: bool, empty: EmptyState) -> Optional[ListPhase]:
    """None only in once_loaded before the first sync answers."""
    return _answer("gem_list_phase", {"mode": ListPhaseMode(mode).value, "state": state.to_json(), "has_rows": has_rows, "empty": empty.to_json()},
                   lambda data: None if data is None else ListPhase.from_json(data))


def empty_state(kind: EmptyStateKind) -> EmptyState:
    return _answer("gem_empty_state", {"kind": EmptyStateKind(kind).value}, EmptyState.from_json)


def list_window_on_end_reached(window: ListWindow, row_count: int) -> ListWindow:
    return _answer("gem_list_window_on_end_reached", {"window": window.to_json(), "row_count": row_count}, ListWindow.from_json)


def formatted_currency(value: float, code: str, style: str = "currency", signed: bool = False) -> FormattedNumber:
    """style: currency | fiat | abbreviated."""
    return _answer("gem_formatted_currency", {"value": value, "code": code, "style": style, "signed": signed}, FormattedNumber.from_json)


def formatted_amount(value: float, style: str = "short", symbol: Optional[str] = None) -> FormattedNumber:
    """style: full | short | auto."""
    request: dict = {"value": value, "style": style}
    if symbol is not None:
        request["symbol"] = symbol
    return _answer("gem_formatted_amount", request, FormattedNumber.from_json)


def duration_parts(seconds: int, max_parts: int = 2) -> list[DurationPart]:
    return _answer("gem_duration_parts", {"seconds": seconds, "max_parts": max_parts}, _list(DurationPart.from_json))


def plain_number(format: NumberFormat, text: str) -> Optional[str]:
    """Typed text as a machine decimal; "" for no amount, None when not a number."""
    return _answer("gem_plain_number", {"format": format.to_json(), "text": text}, _optional_string)


def value_from_input(format: NumberFormat, text: str, decimals: int) -> InputValue:
    return _answer("gem_value_from_input", {"format": format.to_json(), "text": text, "decimals": decimals}, InputValue.from_json)


def input_text(format: NumberFormat, value: int, decimals: int) -> str:
    return _answer("gem_input_text", {"format": format.to_json(), "value": str(value), "decimals": decimals}, _string)


def value_text(format: NumberFormat, value: float) -> str:
    return _answer("gem_value_text", {"format": format.to_json(), "value": value}, _string)


def amount_error_display(error: AmountError) -> AmountErrorDisplay:
    return _answer("gem_amount_error_display", {"error": error.to_json()}, AmountErrorDisplay.from_json)


def day_boundaries(now: int, utc_offset_seconds: int) -> DayBoundaries:
    return _answer("gem_day_boundaries", {"now": now, "utc_offset_seconds": utc_offset_seconds}, DayBoundaries.from_json)


def day_labels(boundaries: DayBoundaries, days: Sequence[Day]) -> list[str]:
    return _answer("gem_day_labels", {"boundaries": boundaries.to_json(), "days": [day.to_json() for day in days]}, _list(_string))


def transaction_rows(transactions: Sequence[Transaction], assets: Sequence[PricedAsset], currency: str) -> list[TransactionRow]:
    return _answer("gem_transaction_rows", {"transactions": [t.to_json() for t in transactions],
                                            "assets": [a.to_json() for a in assets], "currency": currency},
                   _list(TransactionRow.from_json))


def amount_session_new(asset: Asset, balance: int, currency: str, format: NumberFormat,
                       minimum: Optional[int] = None) -> AmountSession:
    request: dict = {"asset": asset.to_json(), "balance": str(balance), "currency": currency, "format": format.to_json()}
    if minimum is not None:
        request["minimum"] = str(minimum)
    return _answer("gem_amount_session_new", request, AmountSession.from_json)


def amount_session_apply(session: AmountSession, event: Mapping[str, Any]) -> AmountSession:
    return _answer("gem_amount_session_apply", {"session": session.to_json(), "event": dict(event)}, AmountSession.from_json)


def amount_session_view_state(session: AmountSession, price: Optional[float] = None) -> AmountViewState:
    request: dict = {"session": session.to_json()}
    if price is not None:
        request["price"] = price
    return _answer("gem_amount_session_view_state", request, AmountViewState.from_json)
