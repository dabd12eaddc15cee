"""Test helpers shared by tests/chains/test_*.py: HTTP calls with urllib and the fault-switch checks every
server must pass. Standard library only."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from typing import Any, Callable


def http(url: str, body: bytes | None = None, content_type: str = "application/json", timeout: float = 30.0) -> tuple[int, bytes]:
    req = urllib.request.Request(url, body, {"Content-Type": content_type} if body is not None else {})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def get_json(url: str) -> tuple[int, Any]:
    status, body = http(url)
    return status, json.loads(body)


def post_json(url: str, obj: Any) -> tuple[int, Any]:
    status, body = http(url, json.dumps(obj).encode())
    return status, json.loads(body)


def control(base: str, name: str, body: dict | None = None) -> Any:
    status, out = post_json(f"{base}/_control/{name}", body or {})
    assert status == 200, (name, out)
    return out


class Rpc:
    def __init__(self, url: str) -> None:
        self.url = url
        self.next_id = 0

    def raw(self, method: str, *params: Any) -> dict[str, Any]:
        self.next_id += 1
        status, out = post_json(self.url, {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": list(params)})
        assert status == 200, out
        assert out["jsonrpc"] == "2.0" and out["id"] == self.next_id
        return out

    def __call__(self, method: str, *params: Any) -> Any:
        out = self.raw(method, *params)
        assert "error" not in out, out["error"]
        return out["result"]

    def error(self, method: str, *params: Any) -> dict[str, Any]:
        out = self.raw(method, *params)
        assert "result" not in out, out
        assert isinstance(out["error"]["code"], int) and isinstance(out["error"]["message"], str)
        return out["error"]

    def batch(self, calls: list[tuple[str, list[Any]]]) -> list[dict[str, Any]]:
        status, out = post_json(self.url, [{"jsonrpc": "2.0", "id": i + 1, "method": m, "params": p} for i, (m, p) in enumerate(calls)])
        assert status == 200
        return out


def check_faults(base: str, call: Callable[[], tuple[int, Any]], named: str, other: Callable[[], tuple[int, Any]],
                 rpc: bool) -> None:
    """Every fault switch, observed from outside. `call` makes a request whose method is `named`; `other` makes
    a request of another method. Both answer (HTTP status, parsed body or None)."""
    control(base, "reset")
    ok_status, ok_body = call()
    assert ok_status == 200

    # delay: every answer waits
    control(base, "faults", {"delay_ms": 250})
    t0 = time.monotonic()
    assert call()[0] == 200
    assert time.monotonic() - t0 >= 0.25
    control(base, "faults", {"delay_ms": 0})
    t0 = time.monotonic()
    call()
    assert time.monotonic() - t0 < 0.25

    # fail everything over HTTP
    control(base, "faults", {"fail": {"mode": "http", "status": 503}})
    assert call()[0] == 503 and other()[0] == 503
    control(base, "faults", {"fail": None})
    assert call()[0] == 200

    # fail one named method; the others keep answering
    mode = "rpc" if rpc else "http"
    control(base, "faults", {"fail": {"methods": [named], "mode": mode, "code": -32005, "message": "limit exceeded"}})
    status, body = call()
    if rpc:
        assert status == 200 and body["error"] == {"code": -32005, "message": "limit exceeded"}
    else:
        assert status == 503 and body == {"error": "limit exceeded"}
    status, body = other()
    assert status == 200 and not (isinstance(body, dict) and "error" in body)
    control(base, "faults", {"fail": None})

    # out of order: three answers held, released last-first
    control(base, "faults", {"reorder": 3})
    done: list[int] = []
    statuses: list[int] = []
    lock = threading.Lock()

    def worker(i: int) -> None:
        status, _ = call()
        with lock:
            done.append(i)
            statuses.append(status)

    threads = []
    for i in range(3):
        th = threading.Thread(target=worker, args=(i,))
        th.start()
        threads.append(th)
        deadline = time.monotonic() + 5
        while control(base, "faults")["held"] < i + 1 and i < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
    for th in threads:
        th.join(20)
    assert done == [2, 1, 0], done
    assert statuses == [200, 200, 200]

    # a partial hold is released on demand
    th = threading.Thread(target=worker, args=(9,))
    done.clear()
    th.start()
    deadline = time.monotonic() + 5
    while control(base, "faults")["held"] < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert done == []
    assert control(base, "release")["released"] == 1
    th.join(10)
    assert done == [9]
    # reset writes what it holds, it does not drop it
    control(base, "faults", {"reorder": 5})
    th = threading.Thread(target=worker, args=(7,))
    done.clear()
    th.start()
    deadline = time.monotonic() + 5
    while control(base, "faults")["held"] < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    t0 = time.monotonic()
    control(base, "reset")
    th.join(10)
    assert done == [7] and time.monotonic() - t0 < 2
    assert http(f"{base}/_control/faults", json.dumps({"fail": {"status": "x"}}).encode())[0] == 400
    control(base, "reset")
    assert control(base, "faults") == {"delay_ms": 0, "method_delays": {}, "fail": None, "reorder": 0, "held": 0}
