"""Balance benchmark (issue 10): a refresh of one wallet on all 52 chains through the C ABI, with per-chain
latencies injected by the local chains (tests/chains/all_chains.py; spread evenly from 20 to 400 ms over the chains
in a fixed shuffled order), over in-memory stores and gem-host's libcurl transport. One run prints:

- each chain's latency through the core alone (a wallet with only that chain, refreshed on its own);
- the 52-chain refresh: its total against 1.1 x the slowest chain + 10 ms, and the moment the fastest chain's rows
  reached the store against that chain's latency + 10 ms, its latency being the time its node took in that refresh
  (the union of its requests' intervals at the transport; the local nodes are Python servers on the same two
  cores, niced, and answer later under the 52-chain burst than alone, which the run prints too);
- 8 overlapping refreshes of one wallet, the EVM node paying the wallet 1 wei before each starts and answering
  the 8 balance requests of `ethereum` last-first (the servers' reorder switch): the store must end at the node's
  newest balance with every write newer than the one before (an older answer arriving late is dropped).

Usage: python3 bench/balances/run.py          (builds what it needs, starts and stops the chains)
"""
import json
import os
import pathlib
import random
import subprocess
import sys
import tempfile
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests/chains"))
import all_chains  # noqa: E402

BOUND_RATIO, BOUND_SLACK_MS = 1.1, 10.0
OVERLAPPING = 8


def post(url, body):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read() or b"null")


def wallets_file(directory):
    phrase = json.loads((ROOT / "Tests/BlockchainTests/Vectors/addresses.json").read_text())["phrases"][0]["accounts"]
    accounts = []
    for chain in all_chains.ALL_CHAINS:
        entry = phrase[chain]
        account = {"chain": chain, "address": entry["address"], "derivation_path": entry["derivation_path"]}
        accounts.append(account)
    eth = phrase["ethereum"]["address"]
    full = {"id": "multicoin_" + eth, "external_id": "multicoin_" + eth, "name": "Bench", "index": 1, "type": "multicoin",
            "accounts": accounts, "order": 0, "is_pinned": False, "source": "import"}
    # A second wallet on the same 52 chains (the address vectors' second phrase), for the warm-up refresh.
    other = json.loads((ROOT / "Tests/BlockchainTests/Vectors/addresses.json").read_text())["phrases"][1]["accounts"]
    warm_accounts = [{"chain": c, "address": other[c]["address"], "derivation_path": other[c]["derivation_path"]}
                     for c in all_chains.ALL_CHAINS]
    warm = dict(full, id="multicoin_" + other["ethereum"]["address"], external_id="multicoin_" + other["ethereum"]["address"],
                accounts=warm_accounts)
    singles = [{"id": f"view_{a['chain']}_{a['address']}", "name": a["chain"], "index": 1, "type": "view",
                "accounts": [dict(a, derivation_path="")], "order": 0, "is_pinned": False, "source": "import"} for a in accounts]
    path = pathlib.Path(directory) / "wallets.json"
    path.write_text(json.dumps([full, warm] + singles))
    return path, full["id"], warm["id"], eth


def main():
    subprocess.run(["bash", str(ROOT / "scripts/build.sh")], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["bash", str(ROOT / "scripts/oracles.sh"), "evm", "solana", "utxo"], check=True, stdout=subprocess.DEVNULL)
    bench = ROOT / "build/bench/balances/bench_balances"
    with tempfile.TemporaryDirectory() as directory, all_chains.start_all() as chains:
        wallets, full_id, warm_id, eth = wallets_file(directory)
        config = pathlib.Path(directory) / "nodes.json"
        config.write_text(json.dumps({"timeout_ms": 20000, "nodes": {chain: [url] for chain, url in chains.urls.items()}}))
        order = list(all_chains.ALL_CHAINS)
        random.Random(10).shuffle(order)
        injected = {chain: 20 + round(i * 380 / (len(order) - 1)) for i, chain in enumerate(order)}
        for chain, delay in injected.items():
            chains.delay(chain, delay)
        # The local nodes stand in for other machines: they run at the lowest priority, so the core measured here
        # is not made to wait for the CPU by the servers' own work (they still share the 2 cores).
        for server in chains.servers:
            os.setpriority(os.PRIO_PROCESS, server.proc.pid, 19)

        def run(*args):
            result = subprocess.run([str(bench), str(wallets), str(config), *args], capture_output=True, text=True, timeout=600)
            if result.returncode != 0:
                sys.exit(f"bench_balances {' '.join(args)} failed: {result.stderr}")
            if result.stderr:
                print(result.stderr.strip(), file=sys.stderr)
            return json.loads(result.stdout)

        alone = run("isolated")["refresh_ms"]
        cold = run("full", full_id)
        full = run("full", full_id, warm_id)
        slowest = max(alone, key=alone.get)
        fastest = min(alone, key=alone.get)
        print(f"Balance refresh of one wallet on {len(alone)} chains through the C ABI; injected latency 20..400 ms per chain")
        print("(each chain alone: a wallet with that chain only; the 52-chain refresh in a process that has refreshed "
              "another wallet once, as an app has after start; a first refresh in a fresh process is printed last)")
        print(f"{'chain':<14}{'injected':>10}{'alone':>10}{'written in the 52-chain refresh':>34}")
        for chain in sorted(alone, key=alone.get):
            written = full["written_ms"].get(chain)
            print(f"{chain:<14}{injected[chain]:>8}ms{alone[chain]:>8.1f}ms{(f'{written:.1f}ms' if written is not None else 'not written'):>34}")
        bound_total = BOUND_RATIO * alone[slowest] + BOUND_SLACK_MS
        print(f"total: {full['total_ms']:.1f} ms  (bound 1.1 x slowest {slowest} {alone[slowest]:.1f} ms + 10 ms = {bound_total:.1f} ms; "
              f"ratio {full['total_ms'] / alone[slowest]:.3f}) {'ok' if full['total_ms'] <= bound_total else 'OVER'}")
        fast_written = full["written_ms"].get(fastest, float("inf"))
        scope = chains.describe()[fastest]["scope"]
        sent = full["http_first_sent_ms"].get(scope, float("nan"))
        answered = full["http_last_answered_ms"].get(scope, float("nan"))
        busy = full["http_busy_ms"].get(scope, float("nan"))
        # The bound is on the core: the fastest chain's rows in the store within its latency + 10 ms, its latency
        # being the time its node took in this refresh (its requests' time at the node). The local nodes share
        # this machine's cores with the core and with each other, so under the 52-chain burst a node answers later
        # than its injected latency; what the node took is not the core's doing, what is left is.
        bound_fast = busy + BOUND_SLACK_MS
        print(f"fastest chain {fastest}: rows in the store at {fast_written:.1f} ms = its node's {busy:.1f} ms + "
              f"{fast_written - busy:.1f} ms in the core  (bound its latency {busy:.1f} ms + 10 ms = {bound_fast:.1f} ms; "
              f"injected {injected[fastest]} ms) {'ok' if fast_written <= bound_fast else 'OVER'}")
        print(f"  where its time went: first request sent at {sent:.1f} ms, last answer in at {answered:.1f} ms, "
              f"rows written {fast_written - answered:.1f} ms after the answer; alone, the chain took {alone[fastest]:.1f} ms "
              f"through the core (rows at most that + 10 ms: {'yes' if fast_written <= alone[fastest] + BOUND_SLACK_MS else 'no'}, "
              f"the difference being its node's time under the burst)")
        firsts = sorted(full["http_first_sent_ms"].values())
        if firsts:
            print(f"  the {len(firsts)} chains' first requests left between {firsts[0]:.1f} and {firsts[-1]:.1f} ms "
                  f"(median {firsts[len(firsts) // 2]:.1f} ms)")
        cold_fast = cold["written_ms"].get(fastest, float("inf"))
        print(f"first refresh in a fresh process: total {cold['total_ms']:.1f} ms, {fastest}'s rows at {cold_fast:.1f} ms "
              f"(its threads and connections made during the refresh)")
        failures = full["failures"] + cold["failures"]

        # Overlapping refreshes: answers of `ethereum` released newest first.
        info = chains.describe()["ethereum"]
        control = info["control"]
        chains.delay("ethereum", 20)
        post(control + "/_control/faults", {"scope": info["scope"], "reorder": OVERLAPPING})
        overlap = run("overlap", full_id, "ethereum", control + "/_control/fund", eth, str(OVERLAPPING))
        post(control + "/_control/faults", {"scope": info["scope"], "reorder": 0})
        node = post(chains.urls["ethereum"], {"jsonrpc": "2.0", "id": 1, "method": "eth_getBalance", "params": [eth, "latest"]})
        newest = int(node["result"], 16)
        written = [int(rows[0]["available"]) for rows in overlap["writes"] if rows]
        increasing = all(b > a for a, b in zip(written, written[1:]))
        final = int(overlap["final"]["available"]) if overlap.get("final") else None
        print(f"{OVERLAPPING} overlapping refreshes, ethereum answered last-first: {len(written)} write(s) of ethereum "
              f"{written}; store ends at {final}, node's newest {newest}: "
              f"{'in order' if increasing and final == newest else 'OUT OF ORDER'} ({overlap['total_ms']:.0f} ms)")
        if failures or overlap["failures"]:
            print(f"refreshes that failed: {failures + overlap['failures']} (see stderr)")


if __name__ == "__main__":
    main()
