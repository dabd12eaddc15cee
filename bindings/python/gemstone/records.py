"""Records that cross the ABI, as dataclasses converting from and to their JSON shapes
(include/gemstone.h: snake_case keys, enums as snake_case strings, absent optionals left out).

``from_json`` reads the parsed JSON (a dict); unknown keys are ignored so a newer core's extra
fields do not break an older binding. ``to_json`` gives the dict the core reads.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional


from .generated import (NotificationPermission, Preferences, PreferencesPatch, PriceAlert, PriceAlertAddResult,  # noqa: F401
                        PriceAlertSyncResult, PriceAlertsToggle, PriceDirection, RecordError)
from .generated import HttpHeader, HttpMethod, HttpRequest, HttpResponse  # noqa: F401  (schema/transport.json)


def _require(data: Mapping[str, Any], key: str, kind: type, record: str) -> Any:
    if key not in data:
        raise RecordError(f"{record}.{key} is missing")
    return _check(data[key], kind, f"{record}.{key}")


def _optional(data: Mapping[str, Any], key: str, kind: type, record: str) -> Any:
    value = data.get(key)
    return None if value is None else _check(value, kind, f"{record}.{key}")


def _check(value: Any, kind: type, path: str) -> Any:
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise RecordError(f"{path} is not a number: {value!r}")
        return float(value)
    if kind is int and isinstance(value, bool):
        raise RecordError(f"{path} is not an integer: {value!r}")
    if not isinstance(value, kind):
        raise RecordError(f"{path} is not {kind.__name__}: {value!r}")
    return value


def _mapping(data: Any, record: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise RecordError(f"{record} is not a JSON object: {data!r}")
    return data


