"""gem-host chart against the test API server: the fixture chart converted at the stored rate and drawn, the
header moved only by a stored price newer than the last point, a pinch clamped to the points held, a failed
load shown as the failed phase (exit 0: a screen state), an empty answer shown as no_data, bad options refused.

Usage: gem_host_chart.py PATH/TO/gem-host
"""
import json
import pathlib
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

            def run(*args, expect=0):
                done = subprocess.run([HOST, "--db", db, "--api", api, *args], capture_output=True, text=True, timeout=60)
                if done.returncode != expect:
                    failures.append(f"gem-host {' '.join(args)}: exit {done.returncode}, stderr {done.stderr!r}")
                    return None
                return json.loads(done.stdout) if expect == 0 else done.stderr

            def check(condition, what):
                if not condition:
                    failures.append(what)

            fixture = control(api, "GET", "/v1/charts/bitcoin?period=day")["prices"]
            last = fixture[-1]
            control(api, "PUT", "/_control/fiat_rates", [{"symbol": "EUR", "rate": 0.5}])
            # A stored price older than the last chart point.
            control(api, "PUT", "/_control/prices", [{"assetId": "bitcoin", "price": 1000, "priceChangePercentage24h": 1,
                                                     "lastUpdatedAt": "2024-12-04T09:00:00"}])
            run("currency", "set", "EUR")
            run("prices", "sync", "bitcoin")

            view = run("chart", "--asset", "bitcoin", "--period", "day")
            phase = view["phase"] if view else {}
            check(phase.get("type") == "data", f"the fixture chart is drawn: {view}")
            data = phase.get("data", {})
            check([p["value"] for p in data.get("points", [])] == [p["value"] * 0.5 for p in fixture],
                  "the points are converted at the stored EUR rate")
            check(data.get("currency") == "EUR" and data.get("date_style") == "time", f"currency and date style: {data.get('currency')}")
            check(data.get("header", {}).get("date") == last["timestamp"] and data["header"]["price"] == last["value"] * 0.5,
                  f"an older stored price leaves the header at the last point: {data.get('header')}")

            # A stored price newer than the last point moves the header.
            control(api, "PUT", "/_control/prices", [{"assetId": "bitcoin", "price": 1000, "priceChangePercentage24h": 1,
                                                     "lastUpdatedAt": "2024-12-04T11:00:00"}])
            run("prices", "sync", "bitcoin")
            moved = run("chart", "--asset", "bitcoin", "--period", "day")
            header = (moved or {}).get("phase", {}).get("data", {}).get("header", {})
            check(header.get("date") == last["timestamp"] + 3600 and header.get("price") == 500,
                  f"a newer stored price moves the header: {header}")

            zoomed = run("chart", "--asset", "bitcoin", "--period", "day", "--zoom", "1000")
            check(len((zoomed or {}).get("phase", {}).get("data", {}).get("points", [])) == 10,
                  "a deep pinch clamps to the fewest visible points")

            control(api, "POST", "/_control/fail_next_price_request")
            failed = run("chart", "--asset", "bitcoin", "--period", "day")
            check((failed or {}).get("phase", {}).get("type") == "failed" and
                  failed["phase"]["error"] == {"type": "api", "message": "failed by test server", "status": 500},
                  f"a failed load is the failed phase with its error: {failed}")

            empty = run("chart", "--asset", "ethereum", "--period", "week", "--currency", "USD")
            check((empty or {}).get("phase") == "no_data" or (empty or {}).get("phase", {}) == {"type": "no_data"},
                  f"an empty answer is no_data: {empty}")

            run("chart", "--asset", "bitcoin", expect=2)
            run("chart", "--asset", "bitcoin", "--period", "day", "--zoom", "x", expect=2)
            refused = run("chart", "--asset", "bitcoin", "--period", "decade", expect=1)
            check(refused is not None and "invalid_argument" in refused, f"an unknown period is refused: {refused!r}")
    finally:
        server.terminate()
        server.wait(timeout=10)
    for failure in failures:
        print("FAIL:", failure, file=sys.stderr)
    print("gem_host_chart: " + ("failed" if failures else "ok"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
