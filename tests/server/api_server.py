#!/usr/bin/env python3
"""A stand-in for the remote API (price alerts, prices, fiat rates and charts, the transfer scanner and simulation), for tests.
Standard library only.

Run it as a process:

    python3 tests/server/api_server.py --port 0        # 0 picks a free port
    # first stdout line (flushed): PORT 40123
    # base URL for the core: http://127.0.0.1:40123
    # stop it with SIGTERM/SIGINT, or pass --exit-with-stdin and close its stdin

or in-process from Python tests:

    from api_server import serve_in_thread
    server, base_url = serve_in_thread()
    ...
    server.shutdown(); server.server_close()

It keeps alerts in memory, per device, and forgets them when it stops.

API (what GemPriceAlertService calls; bodies are JSON, snake_case):

    GET    /v1/devices/{device_id}/price_alerts[?asset_id=A]  -> 200 [alert, ...] (one asset's when asked)
    POST   /v1/devices/{device_id}/price_alerts   body [alert, ...]  -> 200 the device's alerts after the add
    DELETE /v1/devices/{device_id}/price_alerts   body [alert, ...]  -> 200 the device's alerts after the delete

An alert is {"asset_id": str, "currency": str, "price"?: number, "price_percent_change"?: number,
"price_direction"?: "up"|"down", "last_notified_at"?: int}. Its identity on this server is
(asset_id, currency, price, price_percent_change, price_direction): adding an alert with the same
identity replaces it, deleting removes the one with that identity (absent ones are ignored). An "id"
field sent by a client is dropped (the server does not know the core's key). A malformed body answers
400 {"error":{"message":...}}; an unknown path 404 in the same shape. device_id is a percent-encoded
path segment.

Scanner and simulation (what the confirm service's GemScanService and GemSimulationService call):

    POST /v1/scan/transaction   body {"chain","from","to","asset_id","memo"?}
                                -> 200 {"is_malicious": bool, "is_memo_required": bool}
    POST /v1/simulate/transfer  body {"chain","from","to","asset_id","value"}
                                -> 200 {"warnings": [str], "changes": [{"asset_id","value"}]}

Both answer from the verdict and simulation switches below (default: clean, no prediction). They are logged in
/_control/requests like the alert requests (device_id null).
Prices (what GemPriceService calls; the shapes of the real API, gemwalletcom/core apps/api/src/prices/mod.rs at
4e39193e9c7a, camelCase as it writes them):

    POST   /v1/prices       body {"currency"?: "USD", "assetIds": [asset id, ...]}
                            -> 200 {"currency": C, "prices": [{"assetId","price","priceChangePercentage24h",
                               "lastUpdatedAt"}]}: the seeded prices of the assets asked for (unknown ones left
                               out), converted at the seeded rate of C (USD when absent; an unseeded C is 400)
    GET    /v1/fiat_rates   -> 200 [{"symbol","rate"}, ...] the seeded rates (units per US dollar)

Charts (what GemChartService calls; this project's own wire format, docs/services.md "Charts"):

    GET    /v1/charts/{asset_id}?period=P[&currency=USD]
                            -> 200 {"currency":"USD","period":P,"prices":[{"timestamp","value"}, ...]}: the seeded
                               points of that asset and period, else those of tests/server/chart_fixtures.json, else
                               [] (prices in USD, oldest first). A period outside hour|day|week|month|quarter|year|all
                               or a currency other than USD is 400.

Their switches and seeds (control endpoints as below):

    POST /_control/fail_next_price_request   the next /v1/prices, /v1/fiat_rates or /v1/charts request answers 500
    PUT  /_control/charts/{asset_id}/{period}  body [{"timestamp","value"}, ...]: the points served for that asset
                               and period (seed; kept as given, so a test can seed malformed entries)
    PUT  /_control/prices      body [{"assetId","price","priceChangePercentage24h"?,"lastUpdatedAt"?}, ...]:
                               replace the seeded USD prices (seed)
    PUT  /_control/fiat_rates  body [{"symbol","rate"}, ...]: replace the seeded rates (seed); any JSON list is
                               kept as given, so a test can seed malformed entries

Control endpoints (never logged, never affected by the switches):

    POST /_control/verdict              body {"is_malicious"?: bool, "is_memo_required"?: bool, "status"?: int,
                                        "delay_ms"?: int}: what every later scan answers (a status other than 200
                                        answers that status with an error body: a scanner outage)
    POST /_control/simulation           body {"warnings"?: [str], "changes"?: [...], "status"?: int, "delay_ms"?: int}:
                                        what every later simulation answers

    POST /_control/refuse_next_write    the next POST or DELETE above answers 409
                                        {"error":{"message":"refused by test server"}} and changes nothing
    POST /_control/fail_next            the next API request (any method) answers 500
                                        {"error":{"message":"failed by test server"}} and changes nothing
    POST /_control/reset                forget every alert, price, rate, switch and logged request
    PUT  /_control/alerts/{device_id}   body [alert, ...]: replace that device's remote alerts (seed)
    GET  /_control/alerts/{device_id}   that device's remote alerts
    GET  /_control/requests             every API request seen, oldest first:
                                        [{"method","path","device_id","query":{name: value},"body","status"}]
                                        (device_id is null for the price requests)

A request is answered by at most one switch; fail_next is checked first. Reset restores the chart fixtures. Control endpoints answer
200 {"ok": true} (or the JSON asked for).

Self-check (no pytest needed): python3 tests/server/api_server.py --self-check
"""

import argparse
import json
import os
import signal
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ALERT_FIELDS = ("asset_id", "currency", "price", "price_percent_change", "price_direction", "last_notified_at")
REFUSED = {"error": {"message": "refused by test server"}}
FAILED = {"error": {"message": "failed by test server"}}
CHART_PERIODS = ("hour", "day", "week", "month", "quarter", "year", "all")
CHART_FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "chart_fixtures.json")


def load_chart_fixtures():
    """{asset_id: {period: [point]}} from chart_fixtures.json ({} when the file is absent)."""
    try:
        with open(CHART_FIXTURES, encoding="utf-8") as file:
            return json.load(file)["charts"]
    except FileNotFoundError:
        return {}


class BadRequest(Exception):
    pass


def identity(alert):
    return (alert["asset_id"], alert["currency"], alert.get("price"), alert.get("price_percent_change"),
            alert.get("price_direction"))


def parse_alerts(body):
    """A JSON list of alerts, checked and stripped to the known fields; BadRequest otherwise."""
    try:
        value = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadRequest(f"body is not JSON: {error}")
    if not isinstance(value, list):
        raise BadRequest("body is not a list of alerts")
    alerts = []
    for index, item in enumerate(value):
        if not isinstance(item, dict):
            raise BadRequest(f"alert {index} is not an object")
        for field in ("asset_id", "currency"):
            if not isinstance(item.get(field), str) or not item[field]:
                raise BadRequest(f"alert {index}: {field} is not a non-empty string")
        for field in ("price", "price_percent_change"):
            if field in item and item[field] is not None and (
                    isinstance(item[field], bool) or not isinstance(item[field], (int, float))):
                raise BadRequest(f"alert {index}: {field} is not a number")
        if item.get("price_direction") not in (None, "up", "down"):
            raise BadRequest(f"alert {index}: price_direction is not up or down")
        alerts.append({field: item[field] for field in ALERT_FIELDS if item.get(field) is not None})
    return alerts


class State:
    """Everything the server remembers; one lock guards it all."""

    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        self.alerts = {}  # device_id -> [alert]
        self.refuse_next_write = False
        self.fail_next = False
        self.requests = []
        self.verdict = {"is_malicious": False, "is_memo_required": False, "status": 200, "delay_ms": 0}
        self.simulation = {"warnings": [], "changes": [], "status": 200, "delay_ms": 0}
        self.prices = []  # [{"assetId", "price", ...}] in USD
        self.fiat_rates = []  # [{"symbol", "rate"}]
        self.fail_next_price_request = False
        self.charts = load_chart_fixtures()  # asset_id -> period -> [{"timestamp", "value"}]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "gemstone-test-api/1"

    def log_message(self, format, *args):  # noqa: A002 (BaseHTTPRequestHandler's name)
        if self.server.verbose:
            sys.stderr.write("api_server: " + (format % args) + "\n")

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def do_PUT(self):
        self.route("PUT")

    def do_DELETE(self):
        self.route("DELETE")

    # -- plumbing

    def read_body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def answer(self, status, value):
        data = json.dumps(value, separators=(",", ":")).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def route(self, method):
        try:
            body = self.read_body()
        except (ValueError, OSError):
            self.close_connection = True
            self.answer(400, {"error": {"message": "unreadable body"}})
            return
        url = urllib.parse.urlsplit(self.path)
        segments = [urllib.parse.unquote(part) for part in url.path.split("/")[1:]]
        state = self.server.state
        try:
            if segments[:1] == ["_control"]:
                self.control(method, segments[1:], body, state)
            elif len(segments) == 4 and segments[0] == "v1" and segments[1] == "devices" and segments[3] == "price_alerts" \
                    and segments[2]:
                self.api(method, segments[2], urllib.parse.parse_qs(url.query), body, url.path, state)
            elif method == "POST" and segments in (["v1", "scan", "transaction"], ["v1", "simulate", "transfer"]):
                self.scan_or_simulate(segments[1], body, url.path, state)
            elif (method, segments) in (("POST", ["v1", "prices"]), ("GET", ["v1", "fiat_rates"])):
                self.price_api(segments[1], body, url.path, state)
            elif method == "GET" and len(segments) == 3 and segments[:2] == ["v1", "charts"] and segments[2]:
                self.chart_api(segments[2], urllib.parse.parse_qs(url.query), url.path, state)
            else:
                self.answer(404, {"error": {"message": f"no route {method} {url.path}"}})
        except BadRequest as error:
            self.answer(400, {"error": {"message": str(error)}})

    # -- the API

    def api(self, method, device_id, query, body, path, state):
        entry = {"method": method, "path": path, "device_id": device_id,
                 "query": {name: values[-1] for name, values in query.items()}, "body": None, "status": 0}
        try:
            entry["body"] = json.loads(body.decode("utf-8")) if body else None
        except (UnicodeDecodeError, json.JSONDecodeError):
            entry["body"] = body.decode("utf-8", "replace")
        status, value = self.api_answer(method, device_id, query, body, state)
        entry["status"] = status
        with state.lock:
            state.requests.append(entry)
        self.answer(status, value)

    def api_answer(self, method, device_id, query, body, state):
        if method not in ("GET", "POST", "DELETE"):
            return 405, {"error": {"message": f"{method} is not allowed here"}}
        with state.lock:
            if state.fail_next:
                state.fail_next = False
                return 500, FAILED
            if method != "GET" and state.refuse_next_write:
                state.refuse_next_write = False
                return 409, REFUSED
        if method == "GET":
            asset_id = query.get("asset_id", [None])[-1]
            with state.lock:
                alerts = list(state.alerts.get(device_id, []))
            return 200, [a for a in alerts if asset_id is None or a["asset_id"] == asset_id]
        try:
            alerts = parse_alerts(body)
        except BadRequest as error:
            return 400, {"error": {"message": str(error)}}
        with state.lock:
            stored = state.alerts.setdefault(device_id, [])
            for alert in alerts:
                index = next((i for i, old in enumerate(stored) if identity(old) == identity(alert)), None)
                if method == "POST":
                    if index is None:
                        stored.append(alert)
                    else:
                        stored[index] = alert
                elif index is not None:
                    del stored[index]
            return 200, list(stored)

    def scan_or_simulate(self, kind, body, path, state):
        try:
            value = json.loads(body.decode("utf-8")) if body else None
        except (UnicodeDecodeError, json.JSONDecodeError):
            value = None
        if not isinstance(value, dict) or not all(isinstance(value.get(k), str) for k in ("chain", "from", "to", "asset_id")):
            status, answer = 400, {"error": {"message": "expected {chain, from, to, asset_id}"}}
        else:
            with state.lock:
                switch = dict(state.verdict if kind == "scan" else state.simulation)
            if switch.get("delay_ms"):
                time.sleep(switch["delay_ms"] / 1000)
            if switch.get("status", 200) != 200:
                status, answer = switch["status"], {"error": {"message": f"{kind} unavailable (test server)"}}
            elif kind == "scan":
                status, answer = 200, {"is_malicious": bool(switch.get("is_malicious")),
                                       "is_memo_required": bool(switch.get("is_memo_required"))}
            else:
                status, answer = 200, {"warnings": list(switch.get("warnings", [])), "changes": list(switch.get("changes", []))}
        with state.lock:
            state.requests.append({"method": "POST", "path": path, "device_id": None, "query": {}, "body": value,
                                   "status": status})
        self.answer(status, answer)

    # -- prices

    def price_api(self, route, body, path, state):
        entry = {"method": self.command, "path": path, "device_id": None, "query": {}, "body": None, "status": 0}
        try:
            entry["body"] = json.loads(body.decode("utf-8")) if body else None
        except (UnicodeDecodeError, json.JSONDecodeError):
            entry["body"] = body.decode("utf-8", "replace")
        status, value = self.price_answer(route, entry["body"], state)
        entry["status"] = status
        with state.lock:
            state.requests.append(entry)
        self.answer(status, value)

    def price_answer(self, route, body, state):
        with state.lock:
            if state.fail_next_price_request:
                state.fail_next_price_request = False
                return 500, FAILED
            prices, rates = list(state.prices), list(state.fiat_rates)
        if route == "fiat_rates":
            return 200, rates
        if not isinstance(body, dict) or not isinstance(body.get("assetIds"), list):
            return 400, {"error": {"message": "body is not {\"assetIds\": [...]}"}}
        currency = body.get("currency") or "USD"
        rate = 1.0 if currency == "USD" else next(
            (r.get("rate") for r in rates if isinstance(r, dict) and r.get("symbol") == currency), None)
        if not isinstance(rate, (int, float)):
            return 400, {"error": {"message": f"unknown currency {currency}"}}
        wanted = set(a for a in body["assetIds"] if isinstance(a, str))
        answer = []
        for price in prices:
            if isinstance(price, dict) and price.get("assetId") in wanted:
                converted = dict(price)
                if isinstance(price.get("price"), (int, float)):
                    converted["price"] = price["price"] * rate
                converted.setdefault("priceChangePercentage24h", 0)
                answer.append(converted)
        return 200, {"currency": currency, "prices": answer}

    def chart_api(self, asset_id, query, path, state):
        period = query.get("period", [None])[-1]
        currency = query.get("currency", ["USD"])[-1]
        with state.lock:
            failed = state.fail_next_price_request
            state.fail_next_price_request = False
            points = list(state.charts.get(asset_id, {}).get(period, []))
        if failed:
            status, value = 500, FAILED
        elif period not in CHART_PERIODS:
            status, value = 400, {"error": {"message": f"unknown period {period}"}}
        elif currency != "USD":
            status, value = 400, {"error": {"message": f"charts are answered in USD, not {currency}"}}
        else:
            status, value = 200, {"currency": "USD", "period": period, "prices": points}
        with state.lock:
            state.requests.append({"method": "GET", "path": path, "device_id": None,
                                   "query": {name: values[-1] for name, values in query.items()}, "body": None,
                                   "status": status})
        self.answer(status, value)

    # -- control

    def control(self, method, segments, body, state):
        if method == "POST" and segments == ["refuse_next_write"]:
            with state.lock:
                state.refuse_next_write = True
        elif method == "POST" and segments == ["fail_next"]:
            with state.lock:
                state.fail_next = True
        elif method == "POST" and segments in (["verdict"], ["simulation"]):
            try:
                value = json.loads(body.decode("utf-8")) if body else {}
            except (UnicodeDecodeError, json.JSONDecodeError):
                raise BadRequest("a switch body is a JSON object")
            if not isinstance(value, dict):
                raise BadRequest("a switch body is a JSON object")
            with state.lock:
                target = state.verdict if segments == ["verdict"] else state.simulation
                target.update(value)
        elif method == "POST" and segments == ["fail_next_price_request"]:
            with state.lock:
                state.fail_next_price_request = True
        elif method == "PUT" and segments in (["prices"], ["fiat_rates"]):
            try:
                value = json.loads(body.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as error:
                raise BadRequest(f"body is not JSON: {error}")
            if not isinstance(value, list):
                raise BadRequest("body is not a list")
            with state.lock:
                setattr(state, segments[0], value)
        elif method == "PUT" and len(segments) == 3 and segments[0] == "charts" and segments[1] and segments[2]:
            try:
                value = json.loads(body.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as error:
                raise BadRequest(f"body is not JSON: {error}")
            if not isinstance(value, list):
                raise BadRequest("body is not a list")
            with state.lock:
                state.charts.setdefault(segments[1], {})[segments[2]] = value
        elif method == "POST" and segments == ["reset"]:
            with state.lock:
                state.reset()
        elif method == "PUT" and len(segments) == 2 and segments[0] == "alerts" and segments[1]:
            alerts = parse_alerts(body)
            with state.lock:
                state.alerts[segments[1]] = alerts
        elif method == "GET" and len(segments) == 2 and segments[0] == "alerts" and segments[1]:
            with state.lock:
                value = list(state.alerts.get(segments[1], []))
            self.answer(200, value)
            return
        elif method == "GET" and segments == ["requests"]:
            with state.lock:
                value = list(state.requests)
            self.answer(200, value)
            return
        else:
            self.answer(404, {"error": {"message": f"no control route {method} /_control/{'/'.join(segments)}"}})
            return
        self.answer(200, {"ok": True})


class ApiServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, host="127.0.0.1", port=0, verbose=False):
        super().__init__((host, port), Handler)
        self.state = State()
        self.verbose = verbose

    @property
    def base_url(self):
        host, port = self.server_address[:2]
        return f"http://{host}:{port}"


def serve_in_thread(host="127.0.0.1", port=0, verbose=False):
    """Starts a server on a background thread; returns (server, base_url)."""
    server = ApiServer(host, port, verbose)
    threading.Thread(target=server.serve_forever, name="api_server", daemon=True).start()
    return server, server.base_url


# -- self-check

def self_check():
    server, base = serve_in_thread()

    def call(method, path, value=None):
        data = None if value is None else json.dumps(value).encode("utf-8")
        request = urllib.request.Request(base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    btc = {"id": "bitcoin:USD:100000::up", "asset_id": "bitcoin", "currency": "USD", "price": 100000,
           "price_direction": "up"}
    eth = {"asset_id": "ethereum", "currency": "USD", "price_percent_change": 5, "price_direction": "down"}
    btc_stored = {k: v for k, v in btc.items() if k != "id"}
    alerts = "/v1/devices/dev%201/price_alerts"
    checks = [
        (call("GET", alerts), (200, [])),
        (call("POST", alerts, [btc, eth]), (200, [btc_stored, eth])),
        (call("POST", alerts, [btc]), (200, [btc_stored, eth])),
        (call("GET", alerts + "?asset_id=ethereum"), (200, [eth])),
        (call("POST", "/_control/refuse_next_write"), (200, {"ok": True})),
        (call("GET", alerts), (200, [btc_stored, eth])),
        (call("DELETE", alerts, [eth]), (409, REFUSED)),
        (call("GET", "/_control/alerts/dev%201"), (200, [btc_stored, eth])),
        (call("DELETE", alerts, [eth]), (200, [btc_stored])),
        (call("POST", "/_control/fail_next"), (200, {"ok": True})),
        (call("GET", alerts), (500, FAILED)),
        (call("GET", alerts), (200, [btc_stored])),
        (call("POST", alerts, {"not": "a list"})[0], 400),
        (call("POST", alerts, [{"asset_id": "bitcoin"}])[0], 400),
        (call("GET", "/v1/nothing")[0], 404),
        (call("PUT", "/_control/alerts/dev%202", [eth]), (200, {"ok": True})),
        (call("GET", "/v1/devices/dev%202/price_alerts"), (200, [eth])),
    ]
    checks += [
        (call("PUT", "/_control/fiat_rates", [{"symbol": "EUR", "rate": 0.5}]), (200, {"ok": True})),
        (call("PUT", "/_control/prices", [{"assetId": "bitcoin", "price": 100, "priceChangePercentage24h": 1}]),
         (200, {"ok": True})),
        (call("GET", "/v1/fiat_rates"), (200, [{"symbol": "EUR", "rate": 0.5}])),
        (call("POST", "/v1/prices", {"currency": "USD", "assetIds": ["bitcoin", "solana"]}),
         (200, {"currency": "USD", "prices": [{"assetId": "bitcoin", "price": 100, "priceChangePercentage24h": 1}]})),
        (call("POST", "/v1/prices", {"currency": "EUR", "assetIds": ["bitcoin"]})[1]["prices"][0]["price"], 50),
        (call("POST", "/v1/prices", {"currency": "GBP", "assetIds": ["bitcoin"]})[0], 400),
        (call("POST", "/_control/fail_next_price_request"), (200, {"ok": True})),
        (call("GET", "/v1/fiat_rates"), (500, FAILED)),
        (call("GET", "/v1/fiat_rates")[0], 200),
    ]
    checks += [
        (len(call("GET", "/v1/charts/bitcoin?period=day&currency=USD")[1]["prices"]), 24),
        (call("GET", "/v1/charts/solana?period=day"), (200, {"currency": "USD", "period": "day", "prices": []})),
        (call("PUT", "/_control/charts/solana/week", [{"timestamp": 1, "value": 2}]), (200, {"ok": True})),
        (call("GET", "/v1/charts/solana?period=week")[1]["prices"], [{"timestamp": 1, "value": 2}]),
        (call("GET", "/v1/charts/solana?period=decade")[0], 400),
        (call("GET", "/v1/charts/solana?period=day&currency=EUR")[0], 400),
        (call("POST", "/_control/fail_next_price_request"), (200, {"ok": True})),
        (call("GET", "/v1/charts/bitcoin?period=day"), (500, FAILED)),
    ]
    _, log = call("GET", "/_control/requests")
    checks += [
        ([entry["status"] for entry in log], [200, 200, 200, 200, 200, 409, 200, 500, 200, 400, 400, 200,
                                              200, 200, 200, 400, 500, 200, 200, 200, 200, 400, 400, 500]),
        (log[-1]["query"], {"period": "day"}),
        (log[-1]["device_id"], None),
        (log[-1]["path"], "/v1/charts/bitcoin"),
        (log[3]["query"], {"asset_id": "ethereum"}),
        (log[0]["device_id"], "dev 1"),
        (call("POST", "/_control/reset"), (200, {"ok": True})),
        (call("GET", "/_control/requests"), (200, [])),
        (call("GET", "/_control/alerts/dev%202"), (200, [])),
        (call("GET", "/v1/fiat_rates"), (200, [])),
    ]
    server.shutdown()
    server.server_close()
    failed = [(index, got, want) for index, (got, want) in enumerate(checks) if got != want]
    for index, got, want in failed:
        print(f"check {index}: got {got!r}, want {want!r}", file=sys.stderr)
    print("self-check " + ("failed" if failed else f"ok ({len(checks)} checks)"))
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description="Test stand-in for the price-alert and price API (see the module docstring).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--verbose", action="store_true", help="log each request on stderr")
    parser.add_argument("--exit-with-stdin", action="store_true",
                        help="stop when stdin reaches end of file (the parent closed it or exited)")
    parser.add_argument("--self-check", action="store_true", help="exercise every endpoint in-process and exit")
    args = parser.parse_args()
    if args.self_check:
        return self_check()
    # A parent (a test runner, the Swift runtime) may have blocked or ignored these signals, and a
    # child inherits that: make SIGTERM and SIGINT stop the server whatever the parent did.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(number, lambda *_: sys.exit(0))
    server = ApiServer(args.host, args.port, args.verbose)
    if args.exit_with_stdin:
        def watch_stdin():
            while sys.stdin.buffer.read(65536):
                pass
            server.shutdown()
        threading.Thread(target=watch_stdin, name="stdin_watch", daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
