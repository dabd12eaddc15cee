"""The nodes, assets and balances scenario through gem-host (the C front end) and its own SQLite file,
over the local chains of tests/chains (EVM over py-evm in .venvs/evm, Solana over LiteSVM in .venvs/solana):

  node list/add/select/remove (bad URLs refused, nothing written), the stored selection re-resolved at start,
  the --nodes config; node check (the right network passes, the EVM node checked as polygon is named a wrong
  network, a closed port is an unreachable row); wallet import (the funded test key on ethereum, the funded
  Solana seed imported); asset list (natives) and asset add of the TST token (metadata read from the chain);
  balance refresh (ETH 100 and TST 1,000,000 stored, the refresh record says the rows written), a second
  refresh writes nothing (counted by a trigger), a funded change writes that row only, a failing node is
  named by the error and leaves the rows, and a store failure on the second row of a chain's batch (a
  trigger) fails the refresh with the store's error and writes none of the batch; asset remove, and the token
  added again from its stored metadata while the node fails; a wallet on both chains refreshed while the
  Solana node fails (the error names solana, the Ethereum row is written, the Solana row stays); a deleted
  wallet's rows go with it.
  Then the chain commands once each under valgrind.

The environments are made by `bash scripts/oracles.sh evm solana` (scripts/test.sh runs it before ctest).

Usage: gem_host_balance_scenario.py PATH/TO/gem-host
"""
import contextlib
import json
import pathlib
import shutil
import sqlite3
import sys
import tempfile
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests/chains"))
import run as chains  # noqa: E402  (tests/chains/run.py: starts a server in its pinned environment)
import gem_host_wallet_scenario as wallet_scenario  # noqa: E402  (Host, check, failures, query)
from gem_host_wallet_scenario import check, failures, query  # noqa: E402

KDF = ("--kdf-memory-kib", "19456", "--kdf-iterations", "2")
EVM_ADDRESS = "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"  # key 0x11…11 (tests/chains/README.md)
SOLANA_ADDRESS = "F25s3DdjXdCxYBhh2z8FBusVEMT4b9bGNFVKJi3wFoF4"  # seed 0x11…11
CHAIN_TABLES = ("nodes", "node_selections", "assets", "wallet_assets", "balances")


class Host(wallet_scenario.Host):
    """gem-host against one database, with the wallet scenario's output contract, and node check's."""

    def check_node(self, chain, url):
        """node check: the check on stdout whatever the verdict; exit 0 only when it is ok."""
        done = self.run_raw("node", "check", chain, url)
        answer = json.loads(done.stdout) if done.stdout else None
        verdict = (answer or {}).get("status", {}).get("type")
        check(answer is not None, f"node check {chain} {url}: prints the check ({done.stderr!r})")
        check((done.returncode == 0) == (verdict == "ok"), f"node check {chain} {url}: exit {done.returncode} for {verdict}")
        check(verdict == "ok" or done.stderr.startswith("gem-host: "), "node check: a failed verdict is named on stderr")
        return answer, done.stderr


def execute(db, sql):
    with contextlib.closing(sqlite3.connect(db)) as connection:
        connection.executescript(sql)
        connection.commit()


def snapshot(db):
    with contextlib.closing(sqlite3.connect(db)) as connection:
        return {table: sorted(connection.execute(f"SELECT * FROM {table}").fetchall()) for table in CHAIN_TABLES}


def control(url, name, body=None):
    request = urllib.request.Request(f"{url}/_control/{name}", data=json.dumps(body or {}).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def base58(data):
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    number = int.from_bytes(data, "big")
    text = ""
    while number:
        number, digit = divmod(number, 58)
        text = alphabet[digit] + text
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + text


def node_steps(host, db, evm_url):
    """Adding, selecting and removing a node; bad URLs refused with nothing written."""
    url = f"{evm_url}/ethereum"
    listed = host.ok("node", "list", "ethereum")
    builtin = listed["selected_url"] if listed else None
    check(listed and all(n["kind"] == "builtin" for n in listed["nodes"]), f"the built-in nodes only: {listed}")
    added = host.ok("node", "add", "ethereum", url)
    check(added and added["nodes"][-1] == {"url": url, "kind": "custom", "selected": False}, f"node add appends: {added}")
    check(added and added["selected_url"] == builtin, "adding a node does not select it")
    again = host.ok("node", "add", "ethereum", url)
    check(again == added, "adding a listed node again changes nothing")
    check(query(db, "SELECT chain, url FROM nodes") == [("ethereum", url)], "one node row")
    selected = host.ok("node", "select", "ethereum", url)
    check(selected and selected["selected_url"] == url and selected["nodes"][-1]["selected"], f"node select: {selected}")
    check(query(db, "SELECT chain, url FROM node_selections") == [("ethereum", url)], "the selection is stored")

    before = snapshot(db)
    message = host.fails("node", "add", "ethereum", "http://example.com")
    check("invalid_input" in message, f"plain http off loopback is refused: {message}")
    message = host.fails("node", "select", "ethereum", "https://not-listed.example")
    check("not_found" in message, f"selecting a node the chain does not offer: {message}")
    message = host.fails("node", "remove", "ethereum", builtin or "https://x")
    check("invalid_input" in message, f"a built-in node cannot be removed: {message}")
    message = host.fails("node", "list", "nochain")
    check("invalid_argument" in message, f"an unknown chain: {message}")
    host.fails("node", "add", "ethereum", code=2)
    check(snapshot(db) == before, "refused node commands write nothing")

    # A stored selection the chain no longer offers is cleared at start, before the command runs.
    execute(db, "UPDATE node_selections SET url = 'https://gone.example' WHERE chain = 'ethereum'")
    done = host.run_raw("node", "list", "ethereum")
    check(done.returncode == 0 and "no longer offers the selected node https://gone.example" in done.stderr,
          f"the stale selection is named at start: {done.stderr!r}")
    check(done.returncode == 0 and json.loads(done.stdout)["selected_url"] == builtin, "the chain uses its default again")
    check(query(db, "SELECT * FROM node_selections") == [], "the stale selection is cleared")

    # The --nodes config replaces the built-in nodes of the chains it names.
    config = json.dumps({"timeout_ms": 5000, "nodes": {"ethereum": [url]}})
    overridden = host.ok("--nodes", config, "node", "list", "ethereum")
    check(overridden and overridden["selected_url"] == url and overridden["nodes"][0] == {"url": url, "kind": "builtin", "selected": True},
          f"--nodes: {overridden}")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        file.write(config)
    check(host.ok("--nodes-file", file.name, "node", "list", "ethereum") == overridden, "--nodes-file reads the same config")
    pathlib.Path(file.name).unlink()
    message = host.fails("--nodes", "{", "node", "list", "ethereum")
    check("node service" in message and "invalid_argument" in message, f"a malformed --nodes: {message}")
    message = host.fails("--nodes", json.dumps({"nodes": {"ethereum": ["http://example.com"]}}), "node", "list", "ethereum")
    check("invalid_input" in message, f"a --nodes URL off loopback: {message}")

    # Removing the selected node takes the chain back to its default.
    host.ok("node", "select", "ethereum", url)
    removed = host.ok("node", "remove", "ethereum", url)
    check(removed and removed["selected_url"] == builtin and all(n["url"] != url for n in removed["nodes"]), f"node remove: {removed}")
    check(query(db, "SELECT * FROM nodes") == [] and query(db, "SELECT * FROM node_selections") == [], "remove deletes both rows")
    message = host.fails("node", "remove", "ethereum", url)
    check("not_found" in message, f"removing a node not listed: {message}")
    return url


def check_steps(host, evm_url, solana_url):
    """node check: the right network passes, a wrong one is named, a closed port is an unreachable row."""
    answer, _ = host.check_node("ethereum", "http://127.0.0.1:1")
    check(answer and answer["status"]["type"] == "unreachable" and answer["rows"] == [], f"a closed port is unreachable: {answer}")
    answer, _ = host.check_node("ethereum", f"{evm_url}/ethereum")
    check(answer and answer["status"] == {"type": "ok"}, f"the EVM node is ethereum: {answer}")
    rows = {row["type"]: row for row in (answer or {}).get("rows", [])}
    check(rows.get("chain_id", {}).get("value") == "1", f"the chain id row: {rows}")
    check("latest_block" in rows and "latency" in rows, f"the block and latency rows: {rows}")
    answer, stderr = host.check_node("polygon", f"{evm_url}/polygon")
    check(answer and answer["status"] == {"type": "wrong_network", "expected": "137", "actual": "1"}, f"the EVM node is not polygon: {answer}")
    check("polygon is 137, the node answered 1" in stderr, f"the wrong network is named: {stderr!r}")
    answer, _ = host.check_node("solana", f"{solana_url}/solana")
    check(answer and answer["status"] == {"type": "ok"}, f"the Solana node is solana: {answer}")


def balance_steps(host, db, evm_info, solana_url, evm_url):
    eth = host.ok(*KDF, "wallet", "import", "--private-key", "0x" + "11" * 32, "--chain", "ethereum")["wallet"]
    check(eth["accounts"][0]["address"] == EVM_ADDRESS, f"the funded EVM account: {eth['accounts']}")
    sol = host.ok(*KDF, "wallet", "import", "--private-key", base58(bytes([0x11] * 32)), "--chain", "solana")["wallet"]
    check(sol["accounts"][0]["address"] == SOLANA_ADDRESS, f"the funded Solana account: {sol['accounts']}")
    eth_id, sol_id = eth["id"], sol["id"]
    for chain, url in (("ethereum", f"{evm_url}/ethereum"), ("solana", f"{solana_url}/solana")):
        host.ok("node", "add", chain, url)
        host.ok("node", "select", chain, url)

    natives = host.ok("asset", "list", eth_id)
    check(natives and [a["id"] for a in natives] == ["ethereum"] and natives[0]["symbol"] == "ETH", f"asset list: natives {natives}")
    check(host.ok("asset", "list") == host.ok("asset", "list", sol_id), "no WALLET_ID: the current wallet (the last imported)")
    message = host.fails("asset", "add", eth_id, "ethereum")
    check("invalid_input" in message, f"a native asset cannot be added: {message}")
    message = host.fails("asset", "add", eth_id, "solana_" + SOLANA_ADDRESS)
    check("invalid_input" in message, f"a token of a chain the wallet has no account on: {message}")
    token = evm_info["token"]
    token_id = f"ethereum_{token}"
    execute(db, "CREATE TABLE IF NOT EXISTS writes (n INTEGER NOT NULL); DELETE FROM writes; INSERT INTO writes VALUES (0);"
                "CREATE TRIGGER IF NOT EXISTS count_inserts AFTER INSERT ON balances BEGIN UPDATE writes SET n = n + 1; END;"
                "CREATE TRIGGER IF NOT EXISTS count_updates AFTER UPDATE ON balances BEGIN UPDATE writes SET n = n + 1; END;")

    asset = host.ok("asset", "add", eth_id, token_id)
    check(asset and asset["symbol"] == "TST" and asset["decimals"] == 6, f"the token's metadata from the chain: {asset}")
    check(query(db, "SELECT asset_id FROM wallet_assets WHERE wallet_id = ?", eth_id) == [(token_id,)], "the token is listed")
    check([a["id"] for a in host.ok("asset", "list", eth_id)] == ["ethereum", token_id], "asset list: native then token")

    refresh = host.ok("balance", "refresh", eth_id)
    check(refresh == {"wallet_id": eth_id, "chains": [{"chain": "ethereum", "written": 2}]}, f"the first refresh writes two rows: {refresh}")
    rows = {r["asset_id"]: r for r in host.ok("balance", "show", eth_id)}
    check(rows.get("ethereum", {}).get("available") == str(100 * 10**18), f"ETH 100: {rows}")
    check(rows.get(token_id, {}).get("available") == str(1_000_000 * 10**6), f"TST 1,000,000: {rows}")
    check(query(db, "SELECT n FROM writes") == [(2,)], "two rows written")

    stored = snapshot(db)
    # --progress yes: each chain's batch is announced on stderr as it lands (nothing here: the balances are unchanged).
    quiet = host.run_raw("balance", "refresh", eth_id, "--progress", "yes")
    check(quiet.returncode == 0 and quiet.stderr == "", f"an unchanged chain is not announced: {quiet.stderr!r}")
    again = host.ok("balance", "refresh", eth_id)
    check(again == {"wallet_id": eth_id, "chains": [{"chain": "ethereum", "written": 0}]}, f"a second refresh writes nothing: {again}")
    check(query(db, "SELECT n FROM writes") == [(2,)] and snapshot(db) == stored, "no row written by the second refresh")

    # One balance changes: that row only, announced with --progress.
    control(evm_url, "fund", {"address": EVM_ADDRESS, "wei": 10**18})
    done = host.run_raw("balance", "refresh", eth_id, "--progress", "yes")
    changed = json.loads(done.stdout) if done.returncode == 0 else None
    check(changed == {"wallet_id": eth_id, "chains": [{"chain": "ethereum", "written": 1}]}, f"only the changed row: {changed}")
    check(done.stderr == "gem-host: ethereum published, 1 row\n", f"the chain's batch is announced as it lands: {done.stderr!r}")
    check(query(db, "SELECT n FROM writes") == [(3,)], "one row written")
    check(query(db, "SELECT available FROM balances WHERE asset_id = 'ethereum'") == [(str(101 * 10**18),)], "ETH 101")

    # The node fails: the error names the chain, the rows stay.
    stored = snapshot(db)
    control(evm_url, "faults", {"scope": "ethereum", "fail": {"mode": "http", "status": 503}})
    message = host.fails("balance", "refresh", eth_id)
    check("balance refresh failed: ethereum" in message, f"the failed chain is named: {message}")
    check(snapshot(db) == stored, "a failed chain keeps its rows")
    control(evm_url, "reset", {"scope": "ethereum"})

    # A store failure on the second row of the chain's batch: the refresh fails with the store's error, none written.
    control(evm_url, "fund", {"address": EVM_ADDRESS, "token": token, "amount": 5})
    control(evm_url, "fund", {"address": EVM_ADDRESS, "wei": 10**18})
    written = query(db, "SELECT n FROM writes")[0][0]
    execute(db, f"CREATE TRIGGER fail_second BEFORE UPDATE ON balances WHEN (SELECT n FROM writes) = {written + 1} "
                "BEGIN SELECT RAISE(ABORT, 'injected failure'); END;")  # the first row of the batch passes
    stored = snapshot(db)
    message = host.fails("balance", "refresh", eth_id)
    check("injected failure" in message and "(store," in message, f"the store's error: {message}")
    check(snapshot(db) == stored, "none of the failed batch is written")
    check(query(db, "SELECT n FROM writes") == [(written,)], "the first row's write was rolled back with the batch")
    execute(db, "DROP TRIGGER fail_second;")
    healed = host.ok("balance", "refresh", eth_id)
    check(healed == {"wallet_id": eth_id, "chains": [{"chain": "ethereum", "written": 2}]}, f"the batch written whole: {healed}")

    # Solana: SOL 100 for the funded address.
    sol_refresh = host.ok("balance", "refresh", sol_id)
    check(sol_refresh and sol_refresh["chains"][0]["chain"] == "solana" and sol_refresh["chains"][0]["written"] >= 1,
          f"the Solana refresh: {sol_refresh}")
    sol_rows = {r["asset_id"]: r for r in host.ok("balance", "show", sol_id) or []}
    check(sol_rows.get("solana", {}).get("available") == str(100 * 10**9), f"SOL 100: {sol_rows}")

    # One wallet on both chains: a failing chain holds nothing back; the error names it; its rows stay.
    both = host.ok(*KDF, "wallet", "import", "--phrase", wallet_scenario.ABANDON, "--chains", "ethereum,solana")["wallet"]
    addresses = {a["chain"]: a["address"] for a in both["accounts"]}
    control(evm_url, "fund", {"address": addresses["ethereum"], "wei": 2 * 10**18})
    control(solana_url, "fund", {"address": addresses["solana"], "lamports": 3 * 10**9})
    first = host.ok("balance", "refresh", both["id"])
    check(first == {"wallet_id": both["id"], "chains": [{"chain": "ethereum", "written": 1}, {"chain": "solana", "written": 1}]},
          f"both chains written, in account order: {first}")
    solana_rows = query(db, "SELECT * FROM balances WHERE wallet_id = ? AND asset_id = 'solana'", both["id"])
    control(solana_url, "faults", {"scope": "solana", "fail": {"mode": "http", "status": 503}})
    control(evm_url, "fund", {"address": addresses["ethereum"], "wei": 10**18})
    message = host.fails("balance", "refresh", both["id"])
    check("balance refresh failed: solana" in message, f"the failing chain is named: {message}")
    check(query(db, "SELECT available FROM balances WHERE wallet_id = ? AND asset_id = 'ethereum'", both["id"]) == [(str(3 * 10**18),)],
          "the answering chain's row is written all the same")
    check(query(db, "SELECT * FROM balances WHERE wallet_id = ? AND asset_id = 'solana'", both["id"]) == solana_rows,
          "the failing chain's row is as it was")
    control(solana_url, "reset", {"scope": "solana"})

    # Removing the token: the list shows the native only; its metadata stays, so adding it again reads no chain.
    host.ok("asset", "remove", eth_id, token_id)
    check([a["id"] for a in host.ok("asset", "list", eth_id)] == ["ethereum"], "asset remove: the native only")
    message = host.fails("asset", "remove", eth_id, token_id)
    check("not_found" in message, f"removing a token not listed: {message}")
    control(evm_url, "faults", {"scope": "ethereum", "fail": {"mode": "http", "status": 503}})
    again = host.ok("asset", "add", eth_id, token_id)
    check(again == asset, f"the stored metadata, the node failing: {again}")
    control(evm_url, "reset", {"scope": "ethereum"})
    check(query(db, "SELECT COUNT(*) FROM assets") == [(1,)], "one asset row")

    # Deleting a wallet deletes its token list and balance rows.
    host.ok("wallet", "delete", eth_id)
    check(query(db, "SELECT * FROM balances WHERE wallet_id = ?", eth_id) == [], "the wallet's rows go with it")
    check(query(db, "SELECT * FROM wallet_assets WHERE wallet_id = ?", eth_id) == [], "its token list too")


def under_valgrind(db, wallet_id, evm_url):
    """The chain commands once each under valgrind, on the scenario's database: no invalid access, no leak."""
    valgrind = shutil.which("valgrind")
    if not check(valgrind is not None, "valgrind is installed (scripts/setup.sh)"):
        return
    prefix = [valgrind, "-q", "--leak-check=full", "--error-exitcode=1", "--errors-for-leak-kinds=definite,possible",
              f"--suppressions={wallet_scenario.SUPPRESSIONS}"]
    host = Host(db, prefix)
    check(host.ok("node", "add", "ethereum", f"{evm_url}/valgrind") is not None, "valgrind run: node add")
    check(host.ok("node", "remove", "ethereum", f"{evm_url}/valgrind") is not None, "valgrind run: node remove")
    host.check_node("ethereum", "http://127.0.0.1:1")
    check(host.ok("asset", "list", wallet_id) is not None, "valgrind run: asset list")
    check(host.ok("balance", "refresh", wallet_id) is not None, "valgrind run: balance refresh")
    check(host.ok("balance", "show", wallet_id) is not None, "valgrind run: balance show")


def main():
    evm = chains.start("evm", "--chain-id", "1")
    solana = chains.start("solana")
    try:
        info = control(evm.url, "info")
        with tempfile.TemporaryDirectory() as folder:
            db = str(pathlib.Path(folder) / "host.db")
            host = Host(db)
            parts = (lambda: node_steps(host, db, evm.url), lambda: check_steps(host, evm.url, solana.url),
                     lambda: balance_steps(host, db, info, solana.url, evm.url),
                     lambda: under_valgrind(db, f"privateKey_solana_{SOLANA_ADDRESS}", evm.url))
            for number, part in enumerate(parts, 1):
                try:
                    part()
                except Exception as error:  # a failed command's None, read further on: report what failed first
                    failures.append(f"part {number} stopped: {error!r}")
    finally:
        evm.stop()
        solana.stop()
    if failures:
        print("\n".join(failures))
        sys.exit(1)
    print("gem-host balance scenario passed")


main()
