"""The price-alert scenario through gem-host (the C front end) and its own SQLite file:
add, list, sync against the test server, refused write rolled back, server error, disable.

Usage: gem_host_scenario.py PATH/TO/gem-host
"""
import json
import pathlib
import sqlite3
import subprocess
import sys
import tempfile
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
HOST = sys.argv[1]


def start_server():
    server = subprocess.Popen([sys.executable, str(ROOT / "tests/server/api_server.py"), "--port", "0"],
                              stdout=subprocess.PIPE, text=True)
    word, port = server.stdout.readline().split()
    assert word == "PORT", word
    return server, f"http://127.0.0.1:{port}"


def control(api, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else b""
    request = urllib.request.Request(api + path, data=data, method=method)
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")


def main():
    server, api = start_server()
    failures = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            db = str(pathlib.Path(folder) / "host.db")

            def run(*args, expect_ok=True, permission="grant"):
                done = subprocess.run([HOST, "--db", db, "--api", api, "--permission", permission, *args],
                                      capture_output=True, text=True, timeout=60)
                if expect_ok != (done.returncode == 0):
                    failures.append(f"gem-host {' '.join(args)}: exit {done.returncode}, stderr {done.stderr!r}")
                    return None
                if not expect_ok:
                    if not done.stderr.startswith("gem-host: ") or done.stdout:
                        failures.append(f"gem-host {' '.join(args)}: error must go to stderr only: {done.stderr!r}")
                    return done.stderr
                return json.loads(done.stdout)

            def check(condition, what):
                if not condition:
                    failures.append(what)

            device = run("prefs", "show")["device_id"]
            check(len(device) == 32, "a device id is created on first use")

            added = run("alerts", "add", "--asset", "bitcoin", "--price", "70000")
            check(added["enabled"] is True and added["permission"] == "granted", "adding turns alerts on")
            run("alerts", "add", "--asset", "ethereum", "--percent", "5", "--direction", "up")
            listed = run("alerts", "list")
            check([a["asset_id"] for a in listed] == ["bitcoin", "ethereum"], f"list shows both alerts: {listed}")
            # For people: each price also as the locale reads it (Core's currency style, gem-host's ICU renderer).
            readable = run("alerts", "list", "--locale", "de")
            check([a.get("price_text") for a in readable] == ["70.000,00\u00a0$", None],
                  f"alerts list --locale de renders the price and only the price: {readable}")
            remote = control(api, "GET", f"/v1/devices/{device}/price_alerts")
            check(sorted(a["asset_id"] for a in remote) == ["bitcoin", "ethereum"], "the API received both alerts")

            # Sync: the server's state wins; exactly the difference is written.
            control(api, "PUT", f"/_control/alerts/{device}", [remote[0], {"asset_id": "solana", "currency": "USD", "price": 150}])
            synced = run("alerts", "sync")
            check([a["asset_id"] for a in synced["upserted"]] == ["solana"], f"sync upserts the new alert: {synced}")
            check(len(synced["deleted_ids"]) == 1, "sync deletes the alert the server dropped")
            with sqlite3.connect(db) as connection:
                before = connection.execute("SELECT id, json FROM price_alerts ORDER BY id").fetchall()
            again = run("alerts", "sync")
            check(again == {"upserted": [], "deleted_ids": []}, f"a second sync writes nothing: {again}")
            with sqlite3.connect(db) as connection:
                after = connection.execute("SELECT id, json FROM price_alerts ORDER BY id").fetchall()
            check(before == after, "rows are unchanged after an agreeing sync")

            # A refused write is rolled back locally and reported.
            control(api, "POST", "/_control/refuse_next_write")
            message = run("alerts", "add", "--asset", "tron", "--price", "0.5", expect_ok=False)
            check(message is not None and "(api, status -4)" in message, f"refusal is reported as an API error: {message}")
            check("tron" not in [a["asset_id"] for a in run("alerts", "list")], "the refused alert is rolled back")

            # A refused delete puts the row back.
            kept = run("alerts", "list")
            control(api, "POST", "/_control/fail_next")
            run("alerts", "delete", kept[0]["id"], expect_ok=False)
            check(run("alerts", "list") == kept, "a failed delete restores the alert")

            # Bad input: a clear error, nothing stored lost.
            message = run("alerts", "add", "--asset", "bitcoin", "--price", "-3", expect_ok=False)
            check(message is not None and "invalid_input" in message, f"negative price is invalid input: {message}")
            check(run("alerts", "list") == kept, "bad input changes nothing")

            # Turning alerts on asks every time; a refusal is a value.
            check(run("alerts", "enable", permission="deny") == {"enabled": False, "permission": "denied"}, "refusal is a value")
            check(run("alerts", "enable") == {"enabled": True, "permission": "granted"}, "granted turns on")
            check(run("alerts", "disable") == {"enabled": False}, "disable turns off")
            check(run("alerts", "status") is False, "status reads the preference")
    finally:
        server.terminate()
        server.wait()
    if failures:
        print("\n".join(failures))
        sys.exit(1)
    print("gem-host price-alert scenario passed")


main()
