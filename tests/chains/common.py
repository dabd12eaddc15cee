"""Shared machinery of the local chain servers: a threaded HTTP server on 127.0.0.1, the fault switches, the
/_control/ endpoints and the command line (`--port 0 --ready-file F`). Standard library only, so every chain
environment (.venvs/evm, solana, utxo) and the system python can import it.

Fault switches (POST /_control/faults, JSON body; every field optional, an absent field is left as it was):
  {"delay_ms": N}                     every answer (not /_control/) waits N ms before it is written
  {"method_delays": {"m": N, ...}}    a call of method m waits N ms (a batch: the longest of its methods), on
                                      top of delay_ms; {} clears
  {"fail": {"methods": ["m", ...] | null, "mode": "http" | "rpc", "status": 503, "code": -32000,
            "message": "..."}}         fail every call (methods null) or the named ones; {"fail": null} clears
  {"reorder": N}                      hold the next N answers, then release them in reverse arrival order,
                                      each one written before the next is released; 0 turns it off
POST /_control/release writes every held answer now (reverse order); POST /_control/reset clears all faults.
Scopes: add "scope": "<name>" to these bodies to switch only the requests whose path starts with /<name> (e.g. a
client whose node URL is http://127.0.0.1:P/polygon); a scope with switches of its own ignores the server-wide
ones; reset with a scope drops that scope, reset without one clears everything.
GET or POST /_control/faults with an empty body answers the switches' state ({delay_ms, fail, reorder, held}).
Blockbook's scopes are its chains: "chain": "litecoin" is the same as "scope": "litecoin".
GET /_control/requests lists the requests received (method, path, body) since the last POST /_control/requests/clear.
A "method" is the JSON-RPC method for the RPC servers and the endpoint name (address, utxo, tx, sendtx, estimatefee,
status, block) for Blockbook.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

MAX_BODY = 4 * 1024 * 1024


class ControlError(Exception):
    """A /_control/ request that cannot be carried out; answered 400 with {"error": message}."""


class Faults:
    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.delay_ms = 0
            self.method_delays: dict[str, float] = {}
            self.fail: dict[str, Any] | None = None
            self.reorder = 0
            self._flush_all_locked()     # answers still held are written, not dropped

    def configure(self, body: dict[str, Any]) -> None:
        with self.lock:
            if "delay_ms" in body:
                delay = body["delay_ms"]
                if not isinstance(delay, (int, float)) or delay < 0:
                    raise ControlError("delay_ms must be a non-negative number")
                self.delay_ms = delay
            if "method_delays" in body:
                delays = body["method_delays"]
                if not isinstance(delays, dict) or not all(
                        isinstance(k, str) and isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0
                        for k, v in delays.items()):
                    raise ControlError("method_delays maps method names to non-negative numbers of ms")
                self.method_delays = dict(delays)
            if "fail" in body:
                fail = body["fail"]
                if fail is not None and not isinstance(fail, dict):
                    raise ControlError("fail must be an object or null")
                if fail is not None:
                    methods = fail.get("methods")
                    if methods is not None and not (isinstance(methods, list) and all(isinstance(m, str) for m in methods)):
                        raise ControlError("fail.methods must be a list of names or null")
                    if fail.get("mode", "http") not in ("http", "rpc"):
                        raise ControlError("fail.mode is http or rpc")
                    status, code = fail.get("status", 503), fail.get("code", -32000)
                    if not isinstance(status, int) or not 100 <= status <= 599 or not isinstance(code, int):
                        raise ControlError("fail.status is an HTTP status, fail.code an integer")
                self.fail = fail
            if "reorder" in body:
                n = body["reorder"]
                if not isinstance(n, int) or n < 0:
                    raise ControlError("reorder must be a non-negative integer")
                self.reorder = n
                if n == 0:
                    self._flush_all_locked()

    def state(self) -> dict[str, Any]:
        with self.lock:
            return {"delay_ms": self.delay_ms, "method_delays": dict(self.method_delays), "fail": self.fail,
                    "reorder": self.reorder, "held": len(self._held)}

    def failing(self, method: str | list[str] | None) -> dict[str, Any] | None:
        """The failure to answer for a call of `method` (a batch: any of its methods), or None."""
        with self.lock:
            fail = self.fail
        if fail is None:
            return None
        methods = fail.get("methods")
        names = method if isinstance(method, list) else [method] if method is not None else []
        if methods is None or any(n in methods for n in names):
            return {"mode": fail.get("mode", "http"), "status": int(fail.get("status", 503)),
                    "code": int(fail.get("code", -32000)), "message": str(fail.get("message", "injected failure"))}
        return None

    def delay(self, method: str | list[str] | None = None) -> None:
        names = method if isinstance(method, list) else [method] if method is not None else []
        with self.lock:
            d = self.delay_ms + max((self.method_delays.get(n, 0) for n in names), default=0)
        if d:
            time.sleep(d / 1000.0)

    # Out of order: each answer waits for its turn, the last one held goes first.
    def hold(self) -> dict[str, threading.Event] | None:
        with self.lock:
            if self.reorder <= 0:
                return None
            slot = {"go": threading.Event(), "done": threading.Event()}
            self._held.append(slot)
            if len(self._held) >= self.reorder:
                batch, self._held = self._held, []
                threading.Thread(target=self._release, args=(batch,), daemon=True).start()
            return slot

    def release(self) -> int:
        with self.lock:
            n = len(self._held)
            self._flush_all_locked()
            return n

    def _flush_all_locked(self) -> None:
        held = getattr(self, "_held", [])
        self._held: list[dict[str, threading.Event]] = []
        if held:
            threading.Thread(target=self._release, args=(held,), daemon=True).start()

    @staticmethod
    def _release(batch: list[dict[str, threading.Event]]) -> None:
        for slot in reversed(batch):
            slot["go"].set()
            slot["done"].wait(10.0)
            time.sleep(0.03)    # the client reads one answer before the next one is written


class ChainServer(ThreadingHTTPServer):
    """Subclasses implement `app(method, path, body, headers) -> (status, content_type, bytes)` for chain
    requests, `rpc_method(path, body)` naming the call for the fault switches, and `control(name, body)`."""

    daemon_threads = True
    allow_reuse_address = True
    # The listen backlog: a refresh of every chain opens its connections at once (52, of which 28 to the one EVM
    # node of all_chains.py); socketserver's default of 5 resets the rest.
    request_queue_size = 256
    rpc_failures = False          # JSON-RPC servers answer mode "rpc" failures as error objects

    def __init__(self, port: int = 0, host: str = "127.0.0.1") -> None:
        super().__init__((host, port), Handler)
        self.faults = Faults()
        self.scoped: dict[str, Faults] = {}
        self.state_lock = threading.RLock()      # the VMs are not thread-safe: one chain call at a time
        self.requests: list[dict[str, Any]] = []
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return self.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # Running in a thread (tests) or in the foreground (command line).
    def start(self) -> "ChainServer":
        self._thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        for f in self.all_faults():
            f.reset()
        self.shutdown()
        self.server_close()

    # Scopes: the first segment of a request's path ("/polygon" in http://127.0.0.1:P/polygon) can carry its own
    # switches, so one server stands in for many chains with different latencies and failures.
    def scope_of(self, path: str) -> str:
        return path.split("?", 1)[0].strip("/").split("/", 1)[0]

    def control_scope(self, body: dict[str, Any]) -> str | None:
        scope = body.get("scope")
        if scope is not None and (not isinstance(scope, str) or not scope or "/" in scope):
            raise ControlError("scope must be a path segment")
        return scope

    def faults_for(self, path: str) -> Faults:
        """The switches a chain request obeys: its scope's if it has them, else the server-wide ones."""
        with self.faults.lock:
            return self.scoped.get(self.scope_of(path), self.faults)

    def all_faults(self) -> list[Faults]:
        with self.faults.lock:
            return [self.faults, *self.scoped.values()]

    def app(self, method: str, path: str, body: bytes, headers: Any) -> tuple[int, str, bytes]:
        raise NotImplementedError

    def rpc_method(self, path: str, body: bytes) -> str | list[str] | None:
        return None

    def call_name(self, method: str, path: str, body: bytes) -> str | list[str] | None:
        """The name a request is failed by ("fail": {"methods": [...]})."""
        return self.rpc_method(path, body)

    def control(self, name: str, body: dict[str, Any]) -> Any:
        raise ControlError(f"unknown control endpoint {name}")

    def failure_answer(self, failure: dict[str, Any], body: bytes) -> tuple[int, str, bytes]:
        msg = json.dumps({"error": failure["message"]}).encode()
        return failure["status"], "application/json", msg

    # The shared control endpoints.
    def base_control(self, name: str, body: dict[str, Any]) -> Any:
        if name in ("faults", "reset", "release"):
            scope = self.control_scope(body)
            with self.faults.lock:
                if name == "reset":
                    targets = [self.faults, *self.scoped.values()] if scope is None else [self.scoped.pop(scope, Faults())]
                    if scope is None:
                        self.scoped.clear()
                elif scope is not None and scope not in self.scoped and name == "faults" and set(body) - {"scope", "chain"}:
                    self.scoped[scope] = Faults()
                effective = self.faults if scope is None else self.scoped.get(scope, self.faults)
            if name == "reset":
                for f in targets:
                    f.reset()
                return effective.state()
            if name == "release":
                return {"released": effective.release()}
            if scope is None or scope in self.scoped:
                effective.configure(body)
            return effective.state()
        if name == "requests":
            with self.state_lock:
                return list(self.requests)
        if name == "requests/clear":
            with self.state_lock:
                self.requests.clear()
            return {"ok": True}
        with self.state_lock:
            return self.control(name, body)


class Handler(BaseHTTPRequestHandler):
    server: ChainServer
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt: str, *args: Any) -> None:   # quiet
        pass

    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")

    def _write(self, status: int, ctype: str, data: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()

    def _serve(self, method: str) -> None:
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if length < 0 or length > MAX_BODY:
            self._write(413, "application/json", b'{"error":"body too large"}')
            self.close_connection = True
            return
        body = self.rfile.read(length) if length else b""
        path = self.path
        srv = self.server
        if path.startswith("/_control/"):
            name = path[len("/_control/"):].split("?", 1)[0].strip("/")
            try:
                args = json.loads(body) if body.strip() else {}
                if not isinstance(args, dict):
                    raise ControlError("control body must be a JSON object")
                out = srv.base_control(name, args)
                self._write(200, "application/json", json.dumps(out).encode())
            except (ControlError, ValueError, KeyError, TypeError) as e:
                self._write(400, "application/json", json.dumps({"error": f"{type(e).__name__}: {e}"}).encode())
            except Exception as e:  # noqa: BLE001 - a bug is an answer, never a dropped connection
                self._write(500, "application/json", json.dumps({"error": f"internal: {type(e).__name__}: {e}"}).encode())
            return
        with srv.state_lock:
            srv.requests.append({"method": method, "path": path, "body": body.decode("utf-8", "replace"),
                                 "content_type": self.headers.get("Content-Type")})
            del srv.requests[:-1000]
        faults = srv.faults_for(path)
        slot = faults.hold()
        try:
            faults.delay(self.server.call_name(method, path, body))
            failure = faults.failing(srv.call_name(method, path, body))
            if failure is not None and (failure["mode"] == "http" or not srv.rpc_failures):
                answer = srv.failure_answer(failure, body)
            else:
                try:
                    with srv.state_lock:
                        answer = srv.app(method, path, body, self.headers)
                except Exception as e:  # a bug in a server must be an answer, not a hung client
                    answer = (500, "application/json", json.dumps({"error": f"internal: {type(e).__name__}: {e}"}).encode())
            if slot is not None:
                slot["go"].wait(10.0)       # a client on one keep-alive connection cannot fill a hold: give up
            self._write(*answer)
        finally:
            if slot is not None:
                slot["done"].set()


# JSON-RPC helpers shared by the EVM and Solana servers.
class RpcError(Exception):
    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code, self.message, self.data = code, message, data


class JsonRpcServer(ChainServer):
    rpc_failures = True

    def methods(self) -> dict[str, Callable[[list[Any]], Any]]:
        raise NotImplementedError

    def rpc_method(self, path: str, body: bytes) -> str | list[str] | None:
        try:
            req = json.loads(body)
        except ValueError:
            return None
        if isinstance(req, dict):
            m = req.get("method")
            return m if isinstance(m, str) else None
        if isinstance(req, list):   # a batch: mode http fails all of it, mode rpc only the named entries (see _one)
            return [r["method"] for r in req if isinstance(r, dict) and isinstance(r.get("method"), str)]
        return None

    def failure_answer(self, failure: dict[str, Any], body: bytes) -> tuple[int, str, bytes]:
        # mode http only: mode rpc failures are answered entry by entry as error objects (see _one)
        return failure["status"], "text/plain", b"503 Service Unavailable" if failure["status"] == 503 else b"error"

    def app(self, method: str, path: str, body: bytes, headers: Any) -> tuple[int, str, bytes]:
        if method != "POST":
            return 405, "application/json", b'{"error":"JSON-RPC takes POST"}'
        ctype = (headers.get("Content-Type") or "").split(";")[0].strip().lower() if headers is not None else "application/json"
        if ctype != "application/json":   # as geth and the Solana RPC answer
            return 415, "text/plain", b"invalid content type, only application/json is supported"
        try:
            req = json.loads(body)
        except ValueError:
            return 200, "application/json", json.dumps(
                {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}}).encode()
        faults = self.faults_for(path)
        if isinstance(req, list):
            if not req:
                out: Any = {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "empty batch"}}
            else:
                out = [self._one(r, faults) for r in req]
        else:
            out = self._one(req, faults)
        return 200, "application/json", json.dumps(out).encode()

    def _one(self, req: Any, faults: Faults) -> dict[str, Any]:
        if not isinstance(req, dict) or req.get("jsonrpc") != "2.0" or not isinstance(req.get("method"), str):
            return {"jsonrpc": "2.0", "id": req.get("id") if isinstance(req, dict) else None,
                    "error": {"code": -32600, "message": "Invalid Request"}}
        rid, name = req.get("id"), req["method"]
        failure = faults.failing(name)
        if failure is not None and failure["mode"] == "rpc":
            return {"jsonrpc": "2.0", "id": rid, "error": {"code": failure["code"], "message": failure["message"]}}
        params = req.get("params", [])
        if params is None:
            params = []
        fn = self.methods().get(name)
        if fn is None:
            return {"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": f"the method {name} does not exist/is not available"}}
        try:
            if not isinstance(params, list):
                raise RpcError(-32602, "invalid params: expected an array")
            return {"jsonrpc": "2.0", "id": rid, "result": fn(params)}
        except RpcError as e:
            err: dict[str, Any] = {"code": e.code, "message": e.message}
            if e.data is not None:
                err["data"] = e.data
            return {"jsonrpc": "2.0", "id": rid, "error": err}
        except (ValueError, TypeError, KeyError, IndexError) as e:
            return {"jsonrpc": "2.0", "id": rid, "error": {"code": -32602, "message": f"invalid params: {e}"}}


def param(params: list[Any], i: int, default: Any = ...) -> Any:
    if i < len(params):
        return params[i]
    if default is ...:
        raise RpcError(-32602, f"invalid params: missing value for required argument {i}")
    return default


# Command line.
def main(make: Callable[[argparse.Namespace], ChainServer], add_args: Callable[[argparse.ArgumentParser], None] | None = None,
         argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--ready-file", default=None, help="written with {\"port\": N, \"url\": ...} once listening")
    if add_args:
        add_args(ap)
    args = ap.parse_args(argv)
    srv = make(args)
    ready = {"port": srv.port, "url": srv.url, "pid": os.getpid()}
    if args.ready_file:
        tmp = args.ready_file + ".tmp"
        with open(tmp, "w") as f:
            json.dump(ready, f)
        os.replace(tmp, args.ready_file)
    print(json.dumps(ready), flush=True)
    import signal
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        srv.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
        sys.exit(0)
