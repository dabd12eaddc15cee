"""Records that cross the ABI, as dataclasses converting from and to their JSON shapes
(include/gemstone.h: snake_case keys, enums as snake_case strings, absent optionals left out).

``from_json`` reads the parsed JSON (a dict); unknown keys are ignored so a newer core's extra
fields do not break an older binding. ``to_json`` gives the dict the core reads.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional


from .generated import RecordError  # noqa: F401  (one error class for hand-written and generated records)


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


class PriceDirection(str, enum.Enum):
    UP = "up"
    DOWN = "down"


class Permission(str, enum.Enum):
    """The OS's answer when the core asked for notification permission."""

    GRANTED = "granted"
    DENIED = "denied"


@dataclass(frozen=True)
class PriceAlert:
    """A price alert. ``id`` is set on alerts the core lists (its store key, derived from the
    other fields); it is not part of equality and is never sent."""

    asset_id: str
    currency: str
    price: Optional[float] = None
    price_percent_change: Optional[float] = None
    price_direction: Optional[PriceDirection] = None
    last_notified_at: Optional[int] = None
    id: Optional[str] = field(default=None, compare=False)

    @classmethod
    def from_json(cls, data: Any) -> "PriceAlert":
        data = _mapping(data, "price_alert")
        direction = _optional(data, "price_direction", str, "price_alert")
        try:
            parsed_direction = None if direction is None else PriceDirection(direction)
        except ValueError as error:
            raise RecordError(f"price_alert.price_direction is not up or down: {direction!r}") from error
        return cls(
            asset_id=_require(data, "asset_id", str, "price_alert"),
            currency=_require(data, "currency", str, "price_alert"),
            price=_optional(data, "price", float, "price_alert"),
            price_percent_change=_optional(data, "price_percent_change", float, "price_alert"),
            price_direction=parsed_direction,
            last_notified_at=_optional(data, "last_notified_at", int, "price_alert"),
            id=_optional(data, "id", str, "price_alert"),
        )

    def to_json(self) -> dict:
        out: dict[str, Any] = {"asset_id": self.asset_id, "currency": self.currency}
        if self.price is not None:
            out["price"] = self.price
        if self.price_percent_change is not None:
            out["price_percent_change"] = self.price_percent_change
        if self.price_direction is not None:
            out["price_direction"] = PriceDirection(self.price_direction).value
        if self.last_notified_at is not None:
            out["last_notified_at"] = self.last_notified_at
        return out


@dataclass(frozen=True)
class Preferences:
    """Every preference the core owns (gem_preferences_service_get)."""

    currency: str
    price_alerts_enabled: bool
    device_id: Optional[str] = None

    @classmethod
    def from_json(cls, data: Any) -> "Preferences":
        data = _mapping(data, "preferences")
        return cls(
            currency=_require(data, "currency", str, "preferences"),
            price_alerts_enabled=_require(data, "price_alerts_enabled", bool, "preferences"),
            device_id=_optional(data, "device_id", str, "preferences"),
        )

    def to_json(self) -> dict:
        out: dict[str, Any] = {"currency": self.currency, "price_alerts_enabled": self.price_alerts_enabled}
        if self.device_id is not None:
            out["device_id"] = self.device_id
        return out


def _permission(data: Mapping[str, Any], record: str) -> Optional[Permission]:
    value = _optional(data, "permission", str, record)
    if value is None:
        return None
    try:
        return Permission(value)
    except ValueError as error:
        raise RecordError(f"{record}.permission is unknown: {value!r}") from error


@dataclass(frozen=True)
class PriceAlertsToggle:
    """The answer to turning price alerts on or off. ``permission`` is the OS's answer when it
    was asked (turning on); None when it was not."""

    enabled: bool
    permission: Optional[Permission] = None

    @classmethod
    def from_json(cls, data: Any) -> "PriceAlertsToggle":
        data = _mapping(data, "price_alerts_toggle")
        return cls(
            enabled=_require(data, "enabled", bool, "price_alerts_toggle"),
            permission=_permission(data, "price_alerts_toggle"),
        )

    def to_json(self) -> dict:
        out: dict[str, Any] = {"enabled": self.enabled}
        if self.permission is not None:
            out["permission"] = Permission(self.permission).value
        return out


@dataclass(frozen=True)
class PriceAlertAddResult:
    """The answer to adding an alert: the alert as stored, and whether alerts are on now."""

    alert: PriceAlert
    enabled: bool
    permission: Optional[Permission] = None

    @classmethod
    def from_json(cls, data: Any) -> "PriceAlertAddResult":
        data = _mapping(data, "price_alert_add_result")
        if "alert" not in data:
            raise RecordError("price_alert_add_result.alert is missing")
        return cls(
            alert=PriceAlert.from_json(data["alert"]),
            enabled=_require(data, "enabled", bool, "price_alert_add_result"),
            permission=_permission(data, "price_alert_add_result"),
        )

    def to_json(self) -> dict:
        out: dict[str, Any] = {"alert": self.alert.to_json(), "enabled": self.enabled}
        if self.alert.id is not None:
            out["alert"]["id"] = self.alert.id
        if self.permission is not None:
            out["permission"] = Permission(self.permission).value
        return out


@dataclass(frozen=True)
class PriceAlertSyncResult:
    """What a sync changed locally: the alerts written and the ids deleted (both empty when
    local and remote already agreed)."""

    upserted: tuple[PriceAlert, ...] = ()
    deleted_ids: tuple[str, ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.upserted or self.deleted_ids)

    @classmethod
    def from_json(cls, data: Any) -> "PriceAlertSyncResult":
        data = _mapping(data, "price_alert_sync_result")
        upserted = _require(data, "upserted", list, "price_alert_sync_result")
        deleted = _require(data, "deleted_ids", list, "price_alert_sync_result")
        return cls(
            upserted=tuple(PriceAlert.from_json(item) for item in upserted),
            deleted_ids=tuple(_check(item, str, "price_alert_sync_result.deleted_ids[]") for item in deleted),
        )

    def to_json(self) -> dict:
        return {"upserted": [alert.to_json() for alert in self.upserted], "deleted_ids": list(self.deleted_ids)}


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
