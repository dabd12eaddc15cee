"""An HTTP transport port over urllib.request."""

from __future__ import annotations

import base64
import http.client
import urllib.error
import urllib.request
from typing import Optional

from .errors import Offline
from .ports import HttpTransport
from .records import HttpMethod, HttpRequest, HttpResponse


def request_bytes(request: HttpRequest) -> Optional[bytes]:
    """The bytes a request's body stands for: body as UTF-8, or body_base64 decoded (a binary body, such as an
    Aptos BCS transaction); None for no body. A body_base64 that is not base64 is the core's error, raised."""
    if request.body_base64 is not None:
        return base64.b64decode(request.body_base64, validate=True)
    return None if request.body is None else request.body.encode("utf-8")


class UrllibTransport(HttpTransport):
    """Performs the core's requests with urllib. Every HTTP answer, error statuses included, is
    answered; no answer (DNS, connection refused, TLS, socket timeout) raises Offline.
    `timeout` is the socket timeout in seconds; `opener` replaces urllib's default opener
    (proxies from the environment, redirects followed)."""

    SCHEMES = ("http://", "https://")

    def __init__(self, timeout: float = 30.0, opener: Optional[urllib.request.OpenerDirector] = None) -> None:
        self.timeout = timeout
        self.opener = opener or urllib.request.build_opener()

    def request(self, request: HttpRequest) -> HttpResponse:
        if not request.url.lower().startswith(self.SCHEMES):
            raise Offline(f"only http and https URLs are fetched, not {request.url!r}")
        data = request_bytes(request)
        method = HttpMethod(request.method).value
        outgoing = urllib.request.Request(request.url, data=data, method=method)
        for header in request.headers:
            outgoing.add_header(header.name, header.value)
        try:
            with self.opener.open(outgoing, timeout=self.timeout) as response:
                return HttpResponse(status=response.status, body=response.read().decode("utf-8", "replace"))
        except urllib.error.HTTPError as error:
            try:
                body = error.read() if error.fp is not None else b""
            except (OSError, http.client.HTTPException):
                body = b""  # the status is the answer; a body cut short is left empty
            finally:
                error.close()
            return HttpResponse(status=error.code, body=body.decode("utf-8", "replace"))
        except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError) as error:
            reason = getattr(error, "reason", error)
            raise Offline(f"{method} {request.url}: no answer ({reason})") from error
