"""The send scenario through gem-host (the C front end) and its own SQLite file, over the local chains of
tests/chains (EVM over py-evm in .venvs/evm, Solana over LiteSVM in .venvs/solana) and the test API server
(tests/server/api_server.py: the scanner and simulation):

  the funded test keys imported (ethereum, solana), the TST token and the SPL mint added; send ETH, TST, SOL
  and SPL to fresh recipients with --yes: each prints its GemConfirmLoad, its GemConfirmSubmit and the tracked
  transaction, confirmed, stored in SQLite's transactions table as confirmed with the fee paid, and the
  sender's balance rows refreshed (ETH less the amount and the fee, TST and SPL exactly less the amount, SOL
  less the amount and the fee); tx list shows the three rows newest first, tx show one; refusals that store nothing: an invalid
  recipient, an unaffordable amount (the confirmation is printed with its shortfall), a malicious verdict of
  the scanner, an answer other than yes at the prompt; a scanner outage lets a send through.

The environments are made by `bash scripts/oracles.sh evm solana` (scripts/test.sh runs it before ctest).

Usage: gem_host_send_scenario.py PATH/TO/gem-host
"""
import json
import os
import pathlib
import sqlite3
import sys
import tempfile
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests/chains"))
sys.path.insert(0, str(ROOT / "tests/server"))
import run as chains  # noqa: E402  (tests/chains/run.py: starts a server in its pinned environment)
from api_server import serve_in_thread  # noqa: E402
import gem_host_wallet_scenario as wallet_scenario  # noqa: E402  (Host, check, failures, query)
from gem_host_wallet_scenario import check, failures, query  # noqa: E402

KDF = ("--kdf-memory-kib", "19456", "--kdf-iterations", "2")
EVM_ADDRESS = "0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"  # key 0x11…11 (tests/chains/README.md)
SOLANA_ADDRESS = "F25s3DdjXdCxYBhh2z8FBusVEMT4b9bGNFVKJi3wFoF4"  # seed 0x11…11


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


def fresh_evm_address():
    return "0x" + os.urandom(20).hex()


def fresh_solana_address():
    # An address of 32 random bytes: the recipient need not be a key anyone holds.
    return base58(os.urandom(32))


def balance(db, wallet_id, asset_id):
    rows = query(db, "SELECT available FROM balances WHERE wallet_id = ? AND asset_id = ?", wallet_id, asset_id)
    return int(rows[0][0]) if rows else None


def stored(db, transaction_id):
    rows = query(db, "SELECT json FROM transactions WHERE id = ?", transaction_id)
    return json.loads(rows[0][0]) if rows else None


def send(host, *args):
    """A send with --yes: three JSON lines (the load, the submit, the tracked transaction), exit 0."""
    done = host.run_raw("send", *args, "--yes", timeout=180)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    what = f"gem-host send {' '.join(args)}"
    check(done.returncode == 0, f"{what}: exit {done.returncode}, stderr {done.stderr!r}")
    check(len(lines) == 3, f"{what}: the load, the submit and the tracked transaction: {done.stdout!r}")
    return lines if len(lines) == 3 else (None, None, None)


def sends(host, db, evm_url, solana_url, token):
    eth_id = host.ok(*KDF, "wallet", "import", "--private-key", "0x" + "11" * 32, "--chain", "ethereum")["wallet"]["id"]
    sol_id = host.ok(*KDF, "wallet", "import", "--private-key", base58(bytes([0x11] * 32)), "--chain", "solana")["wallet"]["id"]
    for chain, url in (("ethereum", f"{evm_url}/ethereum"), ("solana", f"{solana_url}/solana")):
        host.ok("node", "add", chain, url)
        host.ok("node", "select", chain, url)
    token_id = f"ethereum_{token}"
    host.ok("asset", "add", eth_id, token_id)
    host.ok("balance", "refresh", eth_id)
    host.ok("balance", "refresh", sol_id)
    eth_before, tst_before = balance(db, eth_id, "ethereum"), balance(db, eth_id, token_id)
    sol_before = balance(db, sol_id, "solana")
    check(eth_before == 100 * 10**18 and tst_before == 10**12 and sol_before == 100 * 10**9,
          f"the funded balances: {eth_before} {tst_before} {sol_before}")

    # ETH: 1.5 to a fresh address.
    to = fresh_evm_address()
    load, submit, final = send(host, "--wallet", eth_id, "--asset", "ethereum", "--to", to, "--amount", "1.5")
    if load:
        check(load["sender"]["address"] == EVM_ADDRESS and load["asset"]["symbol"] == "ETH", f"the confirmation: {load}")
        check(load["fee"]["amount"]["type"] == "amount" and load["fee"]["amount"]["amount"]["value"] == str(15 * 10**17),
              f"the amount: {load['fee']}")
        check([o["priority"] for o in load["fee"]["options"]] == ["slow", "normal", "fast"], f"every priority: {load['fee']}")
        eth_tx = submit["transaction_ids"][0]
        check(eth_tx == f"ethereum_{submit['hashes'][0]}", f"the stored id: {submit}")
        check(final["state"] == "confirmed" and final["id"] == eth_tx, f"tracked to confirmed: {final}")
        row = stored(db, eth_tx)
        check(row and row["state"] == "confirmed" and row["to"].lower() == to.lower() and row["value"] == str(15 * 10**17),
              f"the stored transaction: {row}")
        paid = int(row["fee"]) if row else 0
        check(0 < paid <= int(load["fee"]["value"]), f"the fee paid, at most the fee shown: {paid} / {load['fee']['value']}")
        check(balance(db, eth_id, "ethereum") == eth_before - 15 * 10**17 - paid, "the ETH row: less the amount and the fee")

    # TST: 250 tokens (6 decimals).
    load, submit, final = send(host, "--wallet", eth_id, "--asset", token_id, "--to", fresh_evm_address(), "--amount", "250")
    if load:
        check(load["fee_asset"]["id"] == "ethereum" and load["asset"]["symbol"] == "TST", f"the token's confirmation: {load}")
        check(final["state"] == "confirmed", f"TST tracked to confirmed: {final}")
        check(balance(db, eth_id, token_id) == tst_before - 250 * 10**6, "the TST row: exactly less the amount")
        check(stored(db, submit["transaction_ids"][0])["state"] == "confirmed", "the TST transaction is stored confirmed")

    # SOL: 1 SOL to a fresh account (above the rent-exempt minimum).
    load, submit, final = send(host, "--wallet", sol_id, "--asset", "solana", "--to", fresh_solana_address(), "--amount", "1")
    if load:
        check(final["state"] == "confirmed", f"SOL tracked to confirmed: {final}")
        check(stored(db, submit["transaction_ids"][0])["state"] == "confirmed", "the SOL transaction is stored confirmed")
        after = balance(db, sol_id, "solana")
        most = int(load["fee"]["value"])
        check(after is not None and sol_before - 10**9 - most <= after < sol_before - 10**9,
              f"the SOL row: less the amount and a fee of at most {most}: {after}")

    # SPL: 250 tokens of the local mint (6 decimals). The mint has no Metaplex metadata, so its asset row is
    # written into the host's file first, as a host shipping a token list would.
    spl_id = f"solana_{control(solana_url, 'info')['splMint']}"
    with sqlite3.connect(db) as connection:
        connection.execute("INSERT INTO assets (id, json) VALUES (?, ?)", (spl_id, json.dumps(
            {"id": spl_id, "name": "Local SPL", "symbol": "LSPL", "decimals": 6, "type": "spl"})))
    host.ok("asset", "add", sol_id, spl_id)
    host.ok("balance", "refresh", sol_id)
    spl_before, sol_now = balance(db, sol_id, spl_id), balance(db, sol_id, "solana")
    check(spl_before == 10**9, f"the funded SPL balance: {spl_before}")
    load, submit, final = send(host, "--wallet", sol_id, "--asset", spl_id, "--to", fresh_solana_address(), "--amount", "250")
    if load:
        check(load["fee_asset"]["id"] == "solana" and load["asset"]["symbol"] == "LSPL", f"the SPL confirmation: {load}")
        check(final["state"] == "confirmed", f"SPL tracked to confirmed: {final}")
        check(balance(db, sol_id, spl_id) == spl_before - 250 * 10**6, "the SPL row: exactly less the amount")
        check(balance(db, sol_id, "solana") < sol_now, "the SPL send's fee (and the recipient's account) paid in SOL")

    rows = host.ok("tx", "list", eth_id)
    check(rows is not None and len(rows) == 2, f"tx list: the wallet's two transactions: {rows}")
    if rows:
        shown = host.ok("tx", "show", rows[0]["id"])
        check(shown and shown["state"] == "confirmed", f"tx show: {shown}")
    message = host.fails("tx", "show", "ethereum_0x00")
    check("not_found" in message, f"tx show of an unknown id: {message}")
    return eth_id


def refusals(host, db, eth_id, api_url, evm_url):
    count = query(db, "SELECT COUNT(*) FROM transactions")[0][0]
    done = host.run_raw("send", "--wallet", eth_id, "--asset", "ethereum", "--to", "0x1234", "--amount", "1", "--yes")
    check(done.returncode == 1 and "invalid_recipient" in done.stderr, f"an invalid recipient: {done.stderr!r}")
    done = host.run_raw("send", "--wallet", eth_id, "--asset", "ethereum", "--to", fresh_evm_address(), "--amount", "1000", "--yes")
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    check(done.returncode == 1 and len(lines) == 1, f"an unaffordable send prints its confirmation only: {done.stdout!r}")
    if lines:
        error = lines[0]["fee"]["amount"]
        check(error["type"] == "error" and error["error"]["type"] == "insufficient_balance"
              and int(error["error"]["requirement"]["shortfall"]) > 0, f"the shortfall: {error}")
    done = host.run_raw("send", "--wallet", eth_id, "--asset", "ethereum", "--to", fresh_evm_address(), "--amount", "0.1", stdin="n\n")
    check(done.returncode == 1 and "not confirmed" in done.stderr, f"no at the prompt: {done.stderr!r}")

    # The scanner: a malicious verdict stops the send; an outage lets it through.
    control(api_url, "verdict", {"is_malicious": True})
    done = host.run_raw("--api", api_url, "send", "--wallet", eth_id, "--asset", "ethereum", "--to", fresh_evm_address(),
                        "--amount", "0.1", "--yes")
    check(done.returncode == 1 and "scan_malicious" in done.stderr, f"a malicious verdict: {done.stderr!r}")
    check(query(db, "SELECT COUNT(*) FROM transactions")[0][0] == count, "no refused send is stored")
    control(api_url, "verdict", {"is_malicious": False, "status": 503})
    done = host.run_raw("--api", api_url, "send", "--wallet", eth_id, "--asset", "ethereum", "--to", fresh_evm_address(),
                        "--amount", "0.1", "--yes", timeout=180)
    check(done.returncode == 0, f"a scanner outage lets the send through: {done.stderr!r}")
    check(query(db, "SELECT COUNT(*) FROM transactions")[0][0] == count + 1, "the send through an outage is stored")


def main():
    evm = chains.start("evm", "--chain-id", "1")
    solana = chains.start("solana")
    api, api_url = serve_in_thread()
    try:
        info = control(evm.url, "info")
        with tempfile.TemporaryDirectory() as folder:
            db = str(pathlib.Path(folder) / "host.db")
            host = wallet_scenario.Host(db)
            try:
                eth_id = sends(host, db, evm.url, solana.url, info["token"])
                refusals(host, db, eth_id, api_url, evm.url)
            except Exception as error:  # a failed command's None, read further on: report what failed first
                failures.append(f"stopped: {error!r}")
    finally:
        evm.stop()
        solana.stop()
        api.shutdown()
        api.server_close()
    if failures:
        print("\n".join(failures))
        sys.exit(1)
    print("gem-host send scenario passed")


main()
