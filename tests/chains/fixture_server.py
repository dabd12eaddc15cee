"""A fixture server for the chain families without a local VM: it answers each endpoint with a response written
down from the chain's documentation and asserts what it receives. Standard library only (any python3).

Run: python3 tests/chains/fixture_server.py --port 0 --ready-file F --fixture tests/chains/fixtures/xrp.json [...]

A fixture file (JSON) names its source and lists routes:
  {"name": "xrp", "source": "<doc URL / chain-apis.md section>",
   "routes": [{"name": "account_info",
               "match":  {"method": "POST", "path": "/", "json": {"method": "account_info"}},
               "expect": {"content_type": "application/json",
                          "json": {"jsonrpc"?: ..., "params": [{"account": "r…", "ledger_index": "current"}]}},
               "response": {"status": 200, "json": {...}, "content_type": ...}     # or "body": "text"
               "responses": [{...}, {...}]                                          # or answered in turn, the last repeats
              }]}
A request takes the first route whose `match` fits: method and path ("path" exact, or "path_regex"), the query
string containing `match.query` (a subset, as `expect.query`: one path asked for two accounts), and the
body's JSON containing `match.json` (a subset: objects by key, lists element by element, scalars equal; the
strings "$any", "$string", "$hex", "$number" match any value of that kind, "$re:<regex>" a string it finds). Then
`expect` is checked the same way (and `query`, a subset of the query string, and `body`, the exact text). A request
that fails `expect` (also `body_regex`: the raw body, read as latin-1, must match it whole; `headers`: each named
header equal), or that no route matches, is answered HTTP 400 {"error": "fixture: ...", "diff": ...} and
recorded: GET /_control/mismatches lists them (a test asserts it is empty), /_control/mismatches/clear empties it.
In a response, the string "$id" is replaced by the JSON-RPC request's id.

Every fixture is served under /<name>/...; with one fixture loaded it is also served at /. The fault switches of
common.py apply, with the route name as the method (a fixture is a scope: {"scope": "xrp", "delay_ms": 100}).
POST /_control/load {"fixture": {...}} adds a fixture at run time; GET /_control/routes lists the routes and how
often each was hit.

A route may verify what it receives with the chain's own SDK before answering (a broadcast):
  "verify": {"family": "xrp", "sender": "r…", "recipient": "r…", "amount": "1000000", ...}
calls verify/<family>.py's `verify(body, spec)` (see verify/__init__.py) once `expect` holds. It decodes the signed
transaction, checks its signature against the sender and its fields against the spec, and answers what it read,
with the transaction's hash; "$hash" (and "$<key>" for any other key it answers) in the response is replaced by it.
A verification that fails is refused like a mismatch. Any later response of the same fixture may name what the last
verification answered as "$verified.<key>" (a status answer that lists the broadcast transaction by its hash or
nonce, known only once it is sent); before any verification the string is left as it is. GET /_control/verified lists what was verified (each with
the family, the body and the verifier's answer); /_control/verified/clear empties it; POST /_control/verified/tamper
{"index": i} runs the verifier on that body with its signature altered (the module's `tamper`) and answers
{"refused": true, "why"} or {"refused": false}. A fixture with a verifying
route runs in the environment holding that SDK (tests/chains/run.py: "fixture" in .venvs/multi, "fixture-evm" in
.venvs/evm).
"""

from __future__ import annotations

import importlib
import json
import os
import re
import sys
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import ChainServer, ControlError, main  # noqa: E402

MISSING = object()


PATTERNS = {"$any": lambda v: True, "$string": lambda v: isinstance(v, str),
            "$hex": lambda v: isinstance(v, str) and re.fullmatch(r"(0x)?(?:[0-9a-fA-F]{2})+", v) is not None,
            "$number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)}


def subset_diff(want: Any, got: Any, at: str = "$") -> str | None:
    """None when `got` contains `want`, else where and how they differ. In `want`, "$any", "$string", "$hex" and
    "$number" match any value of that kind."""
    if isinstance(want, str) and want in PATTERNS:
        return None if PATTERNS[want](got) else f"{at}: expected {want}, got {json.dumps(got)[:200]}"
    if isinstance(want, str) and want.startswith("$re:"):
        ok = isinstance(got, str) and re.search(want[4:], got, re.S) is not None
        return None if ok else f"{at}: expected a string matching {want[4:]!r}, got {json.dumps(got)[:200]}"
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return f"{at}: expected an object, got {json.dumps(got)[:200]}"
        for k, v in want.items():
            if k not in got:
                return f"{at}.{k}: missing"
            d = subset_diff(v, got[k], f"{at}.{k}")
            if d:
                return d
        return None
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            return f"{at}: expected a list of {len(want)}, got {json.dumps(got)[:200]}"
        for i, (w, g) in enumerate(zip(want, got)):
            d = subset_diff(w, g, f"{at}[{i}]")
            if d:
                return d
        return None
    if want != got or type(want) is not type(got) and not (isinstance(want, (int, float)) and isinstance(got, (int, float))
                                                           and not isinstance(want, bool) and not isinstance(got, bool)):
        return f"{at}: expected {json.dumps(want)}, got {json.dumps(got)[:200]}"
    return None


def substitute(v: Any, rid: Any, values: dict[str, Any] | None = None, verified: dict[str, Any] | None = None) -> Any:
    """The response with "$id" replaced by the request's id, "$<key>" by a verifier's answer and "$verified.<key>" by
    the fixture's last verified answer."""
    if v == "$id":
        return rid
    if isinstance(v, str) and v.startswith("$verified.") and verified and v[10:] in verified:
        return verified[v[10:]]
    if isinstance(v, str) and v.startswith("$") and values and v[1:] in values:
        return values[v[1:]]
    if isinstance(v, dict):
        return {k: substitute(x, rid, values, verified) for k, x in v.items()}
    if isinstance(v, list):
        return [substitute(x, rid, values, verified) for x in v]
    return v


def validate_fixture(fx: Any) -> dict[str, Any]:
    if not isinstance(fx, dict) or not isinstance(fx.get("name"), str) or not re.fullmatch(r"[a-z0-9_-]+", fx["name"]):
        raise ControlError("a fixture needs a name of [a-z0-9_-]")
    if not isinstance(fx.get("source"), str) or not fx["source"]:
        raise ControlError(f"fixture {fx['name']}: cite the source of its shapes")
    routes = fx.get("routes")
    if not isinstance(routes, list) or not routes:
        raise ControlError(f"fixture {fx['name']}: routes must be a non-empty list")
    for r in routes:
        if not isinstance(r, dict) or not isinstance(r.get("name"), str) or not isinstance(r.get("match"), dict):
            raise ControlError(f"fixture {fx['name']}: every route needs a name and a match")
        if ("response" in r) == ("responses" in r):
            raise ControlError(f"route {r['name']}: give response or responses")
        if "path_regex" in r["match"]:
            re.compile(r["match"]["path_regex"])
        if "verify" in r and not (isinstance(r["verify"], dict) and isinstance(r["verify"].get("family"), str)
                                  and re.fullmatch(r"[a-z0-9_]+", r["verify"]["family"])):
            raise ControlError(f"route {r['name']}: verify needs a family of [a-z0-9_]")
        if "verify" in r:
            # The verifier's SDK is imported when the fixture loads: a first import can take seconds (pycardano
            # takes about 4), which would otherwise delay the broadcast's answer past the host's timeout.
            try:
                importlib.import_module(f"verify.{r['verify']['family']}")
            except ImportError:
                pass  # refused when the route is hit, as before
    return fx


class FixtureServer(ChainServer):
    def __init__(self, port: int = 0, fixtures: list[dict[str, Any]] | None = None) -> None:
        super().__init__(port)
        self.fixtures: dict[str, dict[str, Any]] = {}
        self.hits: dict[tuple[str, str], int] = {}
        self.mismatches: list[dict[str, Any]] = []
        self.verified: list[dict[str, Any]] = []
        for fx in fixtures or []:
            self.load(fx)

    def load(self, fx: Any) -> None:
        fx = validate_fixture(fx)
        self.fixtures[fx["name"]] = fx
        for r in fx["routes"]:
            self.hits.setdefault((fx["name"], r["name"]), 0)

    def _candidates(self, path: str) -> tuple[list[tuple[dict[str, Any], str]], dict[str, list[str]]]:
        """(fixture, path inside it) pairs to try: /<name>/rest, and the whole path when one fixture is loaded
        (a fixture named like a path's first segment, "cosmos" for /cosmos/bank/..., is served both ways)."""
        parts = urlsplit(path)
        p, q = unquote(parts.path) or "/", parse_qs(parts.query, keep_blank_values=True)   # /balance/0x1%3A%3A... = /balance/0x1::...
        seg = p.lstrip("/").split("/", 1)
        out = []
        if seg[0] in self.fixtures:   # the rest keeps its trailing slash: /aptos/v1/ is /v1/ of fixture aptos
            out.append((self.fixtures[seg[0]], "/" + (seg[1] if len(seg) > 1 else "")))
        if len(self.fixtures) == 1:
            out.append((next(iter(self.fixtures.values())), p))
        return out, q

    def _find(self, method: str, path: str, body: bytes) -> tuple[dict[str, Any] | None, dict[str, Any] | None, str, Any, dict]:
        candidates, q = self._candidates(path)
        try:
            parsed: Any = json.loads(body) if body.strip() else MISSING
        except ValueError:
            parsed = MISSING
        for fx, p in candidates:
            for r in fx["routes"]:
                m = r["match"]
                if m.get("method", "GET") != method:
                    continue
                if "path" in m and m["path"] != p:
                    continue
                if "path_regex" in m and not re.fullmatch(m["path_regex"], p):
                    continue
                if "json" in m and (parsed is MISSING or subset_diff(m["json"], parsed) is not None):
                    continue
                if "query" in m and subset_diff(m["query"], {k: v[0] if len(v) == 1 else v for k, v in q.items()}) is not None:
                    continue
                return fx, r, p, parsed, q
        if candidates:
            return candidates[-1][0], None, candidates[-1][1], parsed, q
        return None, None, urlsplit(path).path, parsed, q

    def call_name(self, method: str, path: str, body: bytes) -> str | None:
        with self.state_lock:
            r = self._find(method, path, body)[1]
        return r["name"] if r else None

    def app(self, method: str, path: str, body: bytes, headers: Any) -> tuple[int, str, bytes]:
        fx, r, p, parsed, q = self._find(method, path, body)
        ctype = (headers.get("Content-Type") or "") if headers is not None else ""

        def refuse(why: str, diff: str | None = None) -> tuple[int, str, bytes]:
            self.mismatches.append({"fixture": fx["name"] if fx else None, "route": r["name"] if r else None, "method": method,
                                    "path": path, "why": why, "diff": diff, "body": body.decode("utf-8", "replace")[:2000]})
            del self.mismatches[:-200]
            return 400, "application/json", json.dumps({"error": f"fixture: {why}", "diff": diff}).encode()

        if fx is None:
            return refuse("no fixture for this path")
        if r is None:
            return refuse(f"no route of {fx['name']} matches {method} {p}")
        exp = r.get("expect", {})
        if "content_type" in exp and ctype.split(";")[0].strip().lower() != exp["content_type"].lower():
            return refuse("content type", f"expected {exp['content_type']}, got {ctype or 'none'}")
        if "json" in exp:
            if parsed is MISSING:
                return refuse("body is not JSON")
            d = subset_diff(exp["json"], parsed)
            if d:
                return refuse("body", d)
        if "body" in exp and body.decode("utf-8", "replace") != exp["body"]:
            return refuse("body", f"expected {exp['body'][:200]!r}, got {body[:200]!r}")
        for hname, hval in (exp.get("headers") or {}).items():
            got_h = headers.get(hname) if headers is not None else None
            if got_h != hval:
                return refuse("header", f"{hname}: expected {hval!r}, got {got_h!r}")
        if "body_regex" in exp and not re.fullmatch(exp["body_regex"], body.decode("latin-1"), re.S):
            return refuse("body", f"expected a body matching {exp['body_regex']!r}, got {body[:200]!r}")
        if "query" in exp:
            d = subset_diff(exp["query"], {k: v[0] if len(v) == 1 else v for k, v in q.items()}, "?")
            if d:
                return refuse("query", d)
        values: dict[str, Any] = {}
        if "verify" in r:
            spec = r["verify"]
            try:
                verifier = importlib.import_module(f"verify.{spec['family']}")
                values = dict(verifier.verify(body, spec))
                if not isinstance(values.get("hash"), str) or not values["hash"]:
                    raise ValueError("the verifier answered no hash")
            except Exception as error:  # noqa: BLE001 (any failure of the SDK is a refusal the test reads)
                return refuse(f"verify {spec['family']}", f"{type(error).__name__}: {error}"[:2000])
            self.verified.append({"fixture": fx["name"], "route": r["name"], "family": spec["family"],
                                  "body": body.decode("latin-1"), "answer": values})
            del self.verified[:-200]
        key = (fx["name"], r["name"])
        n = self.hits.get(key, 0)
        self.hits[key] = n + 1
        resp = r["response"] if "response" in r else r["responses"][min(n, len(r["responses"]) - 1)]
        rid = parsed.get("id") if isinstance(parsed, dict) else None
        last = next((v["answer"] for v in reversed(self.verified) if v["fixture"] == fx["name"]), None)
        if "json" in resp:
            data = json.dumps(substitute(resp["json"], rid, values, last)).encode()
            rtype = resp.get("content_type", "application/json")
        else:
            data = str(substitute(resp.get("body", ""), rid, values, last)).encode()
            rtype = resp.get("content_type", "text/plain")
        return int(resp.get("status", 200)), rtype, data

    def control(self, name: str, body: dict[str, Any]) -> Any:
        if name == "mismatches":
            return list(self.mismatches)
        if name == "mismatches/clear":
            self.mismatches.clear()
            return {"ok": True}
        if name == "verified":
            return list(self.verified)
        if name == "verified/tamper":
            # The verified body `index` with its signature altered by its verifier's tamper(): refused or not.
            index = body.get("index", 0)
            if not isinstance(index, int) or not -len(self.verified) <= index < len(self.verified):
                raise ControlError("verified/tamper: no verified body at that index")
            item = self.verified[index]
            route = next(r for r in self.fixtures[item["fixture"]]["routes"] if r["name"] == item["route"])
            verifier = importlib.import_module(f"verify.{item['family']}")
            tampered = verifier.tamper(item["body"].encode("latin-1"))
            if tampered == item["body"].encode("latin-1"):
                raise ControlError("verified/tamper: tamper() left the body as it was")
            try:
                verifier.verify(tampered, route["verify"])
            except Exception as error:  # noqa: BLE001
                return {"refused": True, "why": f"{type(error).__name__}: {error}"[:500]}
            return {"refused": False}
        if name == "verified/clear":
            self.verified.clear()
            return {"ok": True}
        if name == "load":
            self.load(body.get("fixture"))
            return {"fixtures": sorted(self.fixtures)}
        if name == "routes":
            return [{"fixture": f, "route": r, "hits": n} for (f, r), n in sorted(self.hits.items())]
        if name == "hits/clear":
            for k in self.hits:
                self.hits[k] = 0
            return {"ok": True}
        raise ControlError(f"unknown control endpoint {name}")


def load_file(path: str) -> dict[str, Any]:
    with open(path) as f:
        return validate_fixture(json.load(f))


def make(args: Any) -> FixtureServer:
    return FixtureServer(args.port, [load_file(p) for p in args.fixture])


if __name__ == "__main__":
    main(make, lambda ap: ap.add_argument("--fixture", action="append", default=[], help="a fixture file (repeatable)"))
