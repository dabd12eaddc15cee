"""GemError and one subclass per gem_status code.

A failed call raises the subclass of its status, carrying the core's error record:
``.status`` (the gem_status int), ``.type`` (the record's "type", e.g. "invalid_input"),
``.message`` and ``.record`` (the whole record as a dict). ApiError also has ``.http_status``.
Port implementations raise these too: the status reaches the core through gem_call_fail.
"""

from __future__ import annotations

import json
from typing import Any, Optional

from .abi import Status


class GemError(Exception):
    """An error status from libgemstone, or one a port reports to it."""

    STATUS: Optional[int] = None
    TYPE: Optional[str] = None

    def __init__(self, message: str = "", *, status: Optional[int] = None, type: Optional[str] = None,
                 record: Optional[dict] = None) -> None:
        self.status = int(status if status is not None else (self.STATUS if self.STATUS is not None else Status.INTERNAL))
        self.type = type or self.TYPE or _TYPE_BY_STATUS.get(self.status, "internal")
        self.message = message
        self.record = record if record is not None else {"type": self.type, "message": message}
        super().__init__(message)

    def __str__(self) -> str:
        return f"{self.type} ({self.status}): {self.message}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status}, type={self.type!r}, message={self.message!r})"

    @staticmethod
    def from_status(status: int, payload: bytes = b"") -> "GemError":
        """The exception for a failed call: `status` and the error record the core wrote
        (UTF-8 JSON). A record that is not JSON is kept as the message."""
        record: Optional[dict] = None
        message = ""
        error_type = None
        if payload:
            text = payload.decode("utf-8", "replace")
            try:
                parsed: Any = json.loads(text)
            except ValueError:
                parsed = None
            if isinstance(parsed, dict):
                record = parsed
                message = str(parsed.get("message", ""))
                error_type = parsed.get("type") if isinstance(parsed.get("type"), str) else None
            else:
                message = text
        cls = ERROR_CLASSES.get(status, GemError)
        return cls(message, status=status, type=error_type, record=record)


class InvalidArgument(GemError):
    """A NULL, malformed or out-of-range argument."""

    STATUS, TYPE = Status.INVALID_ARGUMENT, "invalid_argument"


class Cancelled(GemError):
    """The operation was cancelled, e.g. its service was closed."""

    STATUS, TYPE = Status.CANCELLED, "cancelled"


class Offline(GemError):
    """The device is offline or the server could not be reached."""

    STATUS, TYPE = Status.OFFLINE, "offline"


class ApiError(GemError):
    """The remote API answered with an error or refused the request."""

    STATUS, TYPE = Status.API, "api"

    @property
    def http_status(self) -> Optional[int]:
        """The HTTP status of the refusal when the record carries one."""
        value = self.record.get("status")
        return value if isinstance(value, int) and not isinstance(value, bool) else None


class StoreError(GemError):
    """A store port failed."""

    STATUS, TYPE = Status.STORE, "store"


class InvalidInput(GemError):
    """Input breaks a domain rule."""

    STATUS, TYPE = Status.INVALID_INPUT, "invalid_input"


class NotFound(GemError):
    """The requested record does not exist."""

    STATUS, TYPE = Status.NOT_FOUND, "not_found"


class Timeout(GemError):
    """A port did not answer in time."""

    STATUS, TYPE = Status.TIMEOUT, "timeout"


class StaleCall(GemError):
    """A port call was answered twice, or after its service was closed."""

    STATUS, TYPE = Status.STALE_CALL, "stale_call"


class PortError(GemError):
    """A port broke its contract (wrong JSON, wrong table)."""

    STATUS, TYPE = Status.PORT, "port"


class PermissionDenied(GemError):
    """The user or the OS refused a permission."""

    STATUS, TYPE = Status.PERMISSION_DENIED, "permission_denied"


class CryptoError(GemError):
    """Decryption or authentication of a secret failed."""

    STATUS, TYPE = Status.CRYPTO, "crypto"


class InternalError(GemError):
    """An unexpected internal failure."""

    STATUS, TYPE = Status.INTERNAL, "internal"


#: gem_status -> exception class, for every error status.
ERROR_CLASSES: dict[int, type[GemError]] = {
    cls.STATUS: cls
    for cls in (InvalidArgument, Cancelled, Offline, ApiError, StoreError, InvalidInput, NotFound, Timeout,
                StaleCall, PortError, PermissionDenied, CryptoError, InternalError)
}

_TYPE_BY_STATUS = {status: cls.TYPE for status, cls in ERROR_CLASSES.items()}
