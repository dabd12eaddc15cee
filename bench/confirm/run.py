"""Confirm benchmark (issue 11): GemConfirmTransferService.load of an ETH transfer with stage latencies injected by
the test servers, through the C ABI (the Python binding, its SQLite stores and urllib transport), against the
critical path of the load graph. One run prints:

- the injected latency of each stage: the preload (the local EVM node's eth_getTransactionCount and eth_getBalance,
  one after the other), the fee rates (eth_feeHistory), the scan and the simulation (the test API server's switches),
  and the transaction load (eth_estimateGas, which starts once the openers have answered);
- the critical path: the slowest of the four openers plus the transaction load;
- the median of fresh loads (request "refresh": true, so every stage runs again) against 1.1 x that path, and the
  same loads with no latency injected (what the core, the binding and the local node cost on their own);
- a no-change refresh: the same request again without "refresh", answered from the held load;
- a load at another priority of the same transfer, which asks nothing again.

Usage: python3 bench/confirm/run.py [ROUNDS]   (builds the library, starts and stops the servers; ROUNDS defaults to 7)
"""
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bindings/python"))
sys.path.insert(0, str(ROOT / "bindings/python/tests"))
sys.path.insert(0, str(ROOT / "tests/chains"))
sys.path.insert(0, str(ROOT / "tests/server"))

BOUND = 1.1
ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 7
# Milliseconds per stage: the preload's two calls run one after the other, the openers together.
DELAYS = {"eth_getTransactionCount": 60, "eth_getBalance": 60, "eth_feeHistory": 180, "scan": 240, "simulation": 150,
          "eth_estimateGas": 120}
STAGES = {
    "preload (eth_getTransactionCount + eth_getBalance)": DELAYS["eth_getTransactionCount"] + DELAYS["eth_getBalance"],
    "fee rates (eth_feeHistory)": DELAYS["eth_feeHistory"],
    "scan (API /scan)": DELAYS["scan"],
    "simulation (API /simulate)": DELAYS["simulation"],
}
CRITICAL_MS = max(STAGES.values()) + DELAYS["eth_estimateGas"]


def post(url, body):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=30) as answer:
        return json.loads(answer.read() or b"null")


def main():
    subprocess.run(["bash", str(ROOT / "scripts/build.sh")], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["bash", str(ROOT / "scripts/oracles.sh"), "evm"], check=True, stdout=subprocess.DEVNULL)
    import run as chains  # tests/chains/run.py
    from api_server import serve_in_thread
    from chain_support import ETH_KEY, direct_transport
    from gemstone import ConfirmRequest, FeePriority, PrivateKeyImport, TransferRequest
    from send_support import SendApp

    evm = chains.start("evm", "--chain-id", "1")
    api, api_url = serve_in_thread()
    try:
        with tempfile.TemporaryDirectory() as folder, \
                SendApp(pathlib.Path(folder), {"ethereum": [f"{evm.url}/ethereum"]}, api_url) as app:
            wallet_id = app.wallets.import_wallet(PrivateKeyImport(ETH_KEY, "ethereum")).wallet.id
            transfer = TransferRequest(wallet_id, "ethereum", "0x" + "22" * 20, amount=10 ** 15)

            def loads(rounds):
                times = []
                for _ in range(rounds):
                    started = time.perf_counter()
                    app.confirm.load(ConfirmRequest(transfer, refresh=True))
                    times.append((time.perf_counter() - started) * 1000)
                return statistics.median(times)

            loads(2)  # warm: the node's first answers, the binding's first calls
            bare = loads(ROUNDS)
            post(f"{evm.url}/_control/faults", {"method_delays": {name: DELAYS[name] for name in DELAYS if name.startswith("eth_")}})
            post(f"{api_url}/_control/verdict", {"delay_ms": DELAYS["scan"]})
            post(f"{api_url}/_control/simulation", {"delay_ms": DELAYS["simulation"]})
            loaded = loads(ROUNDS)

            held = []
            for _ in range(ROUNDS):
                started = time.perf_counter()
                app.confirm.load(ConfirmRequest(transfer))
                held.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            app.confirm.load(ConfirmRequest(transfer, priority=FeePriority.FAST))
            other_priority = (time.perf_counter() - started) * 1000
    finally:
        evm.stop()
        api.shutdown()
        api.server_close()

    print(f"Confirm benchmark: load of an ETH transfer, {ROUNDS} rounds, medians")
    for stage, ms in STAGES.items():
        print(f"  {stage:<58}{ms:>8.0f} ms")
    print(f"  {'transaction load (eth_estimateGas), after the openers':<58}{DELAYS['eth_estimateGas']:>8.0f} ms")
    print(f"{'critical path: slowest opener + transaction load':<60}{CRITICAL_MS:>8.0f} ms")
    print(f"{'load, every stage again (refresh), latencies injected':<60}{loaded:>8.1f} ms")
    print(f"{'load, every stage again (refresh), no latency injected':<60}{bare:>8.1f} ms")
    print(f"{'no-change refresh: the same request, answered from the held load':<60}{statistics.median(held):>8.2f} ms")
    print(f"{'another priority of the held load':<60}{other_priority:>8.2f} ms")
    ratio = loaded / CRITICAL_MS
    verdict = "met" if ratio <= BOUND else "NOT met"
    print(f"bound: load within {BOUND}x the critical path: {verdict} ({ratio:.3f}x)")


main()
