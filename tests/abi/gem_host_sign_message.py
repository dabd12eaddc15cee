"""gem-host sign-message: the preview rows, then a signature that independent libraries verify for the wallet's
account. eth-account (0.13.7, .venvs/evm, pinned in tests/oracles/venvs/requirements-evm.txt) recovers the address
of the EIP-191 and EIP-712 signatures; PyNaCl (.venvs/solana) verifies the Solana one under the account's key.
A typed-data domain for another chain, a kind on another family's chain and a watch-only wallet are refused
with their error record, and nothing is printed as a signature.

The environments are made by `bash scripts/oracles.sh evm solana` (scripts/test.sh runs it before ctest).

Usage: gem_host_sign_message.py PATH/TO/gem-host
"""
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
HOST = sys.argv[1]
EVM_PYTHON = ROOT / ".venvs/evm/bin/python"
SOLANA_PYTHON = ROOT / ".venvs/solana/bin/python"
ABANDON = " ".join(["abandon"] * 11 + ["about"])
# The EIP-712 Mail example (ethereum/EIPs assets/eip-712/Example.js).
MAIL = json.loads(json.loads((ROOT / "Tests/BlockchainTests/Vectors/signing/messages_published.json").read_text())
                  ["eip712"][0]["typed_data"])

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def run(db, *args, stdin=None):
    return subprocess.run([HOST, "--db", db, "--kdf-memory-kib", "19456", "--kdf-iterations", "2", *args],
                          input=stdin, capture_output=True, text=True, timeout=120)


def oracle(python, script, payload):
    done = subprocess.run([str(python), "-c", script], input=json.dumps(payload), capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        failures.append(f"oracle {python.name} failed: {done.stderr.strip()[-400:]}")
        return None
    return json.loads(done.stdout)


EVM_RECOVER = r"""
import json, sys
from eth_account import Account
from eth_account.messages import encode_defunct, encode_typed_data
cases = json.load(sys.stdin)
out = []
for case in cases:
    if case["kind"] == "eip191":
        message = encode_defunct(text=case["message"])
    else:
        message = encode_typed_data(full_message=json.loads(case["message"]))
    out.append(Account.recover_message(message, signature=case["signature"]))
print(json.dumps(out))
"""

ED25519_VERIFY = r"""
import json, sys
from nacl.signing import VerifyKey
from nacl.exceptions import BadSignatureError
import base58
case = json.load(sys.stdin)
try:
    VerifyKey(base58.b58decode(case["address"])).verify(case["message"].encode(), base58.b58decode(case["signature"]))
    print("true")
except BadSignatureError:
    print("false")
"""


def sign(db, wallet, chain, kind, message, *extra):
    done = run(db, "sign-message", "--wallet", wallet, "--chain", chain, "--kind", kind, "--message", "-",
               "--app-name", "Example", "--app-url", "https://example.org", *extra, stdin=message)
    lines = done.stdout.splitlines()
    if done.returncode != 0 or len(lines) != 2:
        failures.append(f"sign-message {chain} {kind}: exit {done.returncode}, {done.stdout!r} {done.stderr!r}")
        return None, None
    return json.loads(lines[0]), json.loads(lines[1])


for python in (EVM_PYTHON, SOLANA_PYTHON):
    if not python.exists():
        print(f"{python} is missing: run bash scripts/oracles.sh evm solana")
        sys.exit(1)

with tempfile.TemporaryDirectory() as work:
    db = str(pathlib.Path(work) / "sign.db")
    imported = run(db, "wallet", "import", "--phrase", "-", "--chains", "ethereum,polygon,solana", stdin=ABANDON + "\n")
    check(imported.returncode == 0, f"import: {imported.stderr}")
    wallet = json.loads(imported.stdout)["wallet"]
    accounts = {account["chain"]: account["address"] for account in wallet["accounts"]}

    # EIP-191 and EIP-712: eth-account recovers the account's address from what gem-host prints.
    cases = [("ethereum", "eip191", "Sign in to Example\nNonce: 42"), ("ethereum", "eip712", json.dumps(MAIL)),
             ("polygon", "eip191", "polygon login")]
    signed = []
    for chain, kind, message in cases:
        preview, signature = sign(db, wallet["id"], chain, kind, message)
        if not signature:
            continue
        rows = {(row["section"], row["label"]): row["value"] for row in preview["rows"]}
        check(rows.get(("app", "app")) == "Example" and rows.get(("app", "url")) == "https://example.org", f"{kind} app rows: {rows}")
        if kind == "eip191":
            check(rows.get(("message", "message")) == message and preview["printable"], f"eip191 preview shows the text: {rows}")
        else:
            check(rows.get(("domain", "verifyingContract")) == MAIL["domain"]["verifyingContract"], f"eip712 domain rows: {rows}")
            check(rows.get(("message", "from.wallet")) == MAIL["message"]["from"]["wallet"], f"eip712 message rows: {rows}")
        check(signature["signer"] == accounts[chain], f"{chain} {kind} signer {signature['signer']}")
        check(signature["signature"].startswith("0x") and len(signature["signature"]) == 132, f"{kind} 0x r||s||v")
        signed.append({"kind": kind, "message": message, "signature": signature["signature"], "expected": accounts[chain]})
    recovered = oracle(EVM_PYTHON, EVM_RECOVER, signed) or []
    for case, address in zip(signed, recovered):
        check(address == case["expected"], f"eth-account recovers {address} for {case['kind']}, not {case['expected']}")
    check(len(recovered) == len(cases), f"eth-account checked {len(recovered)} of {len(cases)} signatures")

    # Solana signMessage: PyNaCl verifies the base58 signature under the account's key.
    _, solana = sign(db, wallet["id"], "solana", "solana", "Sign in to Example")
    if solana:
        verified = oracle(SOLANA_PYTHON, ED25519_VERIFY, {"address": accounts["solana"], "message": "Sign in to Example",
                                                          "signature": solana["signature"]})
        check(verified is True, f"PyNaCl verifies the Solana signature: {verified}")

    # Refusals: an error record on stderr, no signature on stdout.
    other_chain = dict(MAIL, domain=dict(MAIL["domain"], chainId=137))
    refused = run(db, "sign-message", "--wallet", wallet["id"], "--chain", "ethereum", "--kind", "eip712", "--message", "-",
                  stdin=json.dumps(other_chain))
    check(refused.returncode == 1 and "invalid_input" in refused.stderr and "chain id 137" in refused.stderr
          and refused.stdout == "", f"typed data for chain 137 on ethereum: {refused!r}")
    family = run(db, "sign-message", "--wallet", wallet["id"], "--chain", "solana", "--kind", "eip191", "--message", "hi")
    check(family.returncode == 1 and "invalid_input" in family.stderr, f"eip191 on solana: {family!r}")
    watched = run(db, "wallet", "watch", "--chain", "ethereum", "--address", accounts["ethereum"].lower().replace("0x9", "0x8", 1))
    if watched.returncode == 0:
        view = json.loads(watched.stdout)["wallet"]["id"]
        refused = run(db, "sign-message", "--wallet", view, "--chain", "ethereum", "--kind", "eip191", "--message", "hi")
        check(refused.returncode == 1 and "watch-only" in refused.stderr and len(refused.stdout.splitlines()) == 1,
              f"a watch-only wallet previews but does not sign: {refused!r}")
    else:
        failures.append(f"wallet watch: {watched.stderr}")
    preview_only = run(db, "sign-message", "--wallet", wallet["id"], "--chain", "ethereum", "--kind", "eip191",
                       "--message", "0xdeadbeef", "--encoding", "hex", "--preview-only", "yes")
    lines = preview_only.stdout.splitlines()
    check(preview_only.returncode == 0 and len(lines) == 1 and json.loads(lines[0])["printable"] is False
          and json.loads(lines[0])["rows"][-1]["value"] == "0xdeadbeef", f"--preview-only with bytes: {preview_only!r}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("gem-host sign-message: previews, signatures verified by eth-account and PyNaCl, refusals")
