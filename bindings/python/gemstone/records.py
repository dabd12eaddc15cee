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


@dataclass(frozen=True)
class HttpHeader:
    name: str
    value: str


@dataclass(frozen=True)
class HttpRequest:
    """What the core asks the HTTP transport port to perform."""

    url: str
    method: str
    headers: tuple[HttpHeader, ...] = ()
    body: Optional[str] = None

    @classmethod
    def from_json(cls, data: Any) -> "HttpRequest":
        data = _mapping(data, "http_request")
        headers = _optional(data, "headers", list, "http_request") or []
        parsed = []
        for index, header in enumerate(headers):
            header = _mapping(header, f"http_request.headers[{index}]")
            parsed.append(HttpHeader(
                name=_require(header, "name", str, f"http_request.headers[{index}]"),
                value=_require(header, "value", str, f"http_request.headers[{index}]"),
            ))
        return cls(
            url=_require(data, "url", str, "http_request"),
            method=_require(data, "method", str, "http_request"),
            headers=tuple(parsed),
            body=_optional(data, "body", str, "http_request"),
        )

    def to_json(self) -> dict:
        out: dict[str, Any] = {
            "url": self.url,
            "method": self.method,
            "headers": [{"name": header.name, "value": header.value} for header in self.headers],
        }
        if self.body is not None:
            out["body"] = self.body
        return out


@dataclass(frozen=True)
class HttpResponse:
    """The transport's answer: any HTTP status (an error status is an answer) and the body."""

    status: int
    body: str = ""

    @classmethod
    def from_json(cls, data: Any) -> "HttpResponse":
        data = _mapping(data, "http_response")
        return cls(status=_require(data, "status", int, "http_response"),
                   body=_require(data, "body", str, "http_response"))

    def to_json(self) -> dict:
        return {"status": self.status, "body": self.body}
