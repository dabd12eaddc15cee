"""The wallet scenario through gem-host (the C front end) and its own SQLite file: create, import,
list, export, rename, pin, current, delete, watch-only and private-key wallets, bad input, the
keystore secret file's mode, address validation; then wallet commands once under valgrind.

Expected values come from the committed oracle data, each naming its own source:
  Tests/BlockchainTests/Vectors/addresses.json      accounts of "abandon x11 about" (bip-utils 2.12.3)
  Tests/GemstoneTests/Wallet/Vectors/private_keys.json  private-key imports (web3.js docs, bip-utils, stellar-sdk, ...)
  Tests/BlockchainTests/Vectors/validation.json     valid and rejected addresses per chain

Usage: gem_host_wallet_scenario.py PATH/TO/gem-host
"""
import contextlib
import json
import os
import pathlib
import shutil
import sqlite3
import stat
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
HOST = sys.argv[1]
ABANDON = " ".join(["abandon"] * 11 + ["about"])
ADDRESSES = json.loads((ROOT / "Tests/BlockchainTests/Vectors/addresses.json").read_text())
PRIVATE_KEYS = json.loads((ROOT / "Tests/GemstoneTests/Wallet/Vectors/private_keys.json").read_text())
VALIDATION = json.loads((ROOT / "Tests/BlockchainTests/Vectors/validation.json").read_text())
SUPPRESSIONS = ROOT / "tests/abi/swift-runtime.supp"
TABLES = ("wallets", "accounts", "keystore", "session")

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
    return condition


class Host:
    """Runs gem-host against one database and checks the output contract of every command."""

    def __init__(self, db, prefix=()):
        self.db = db
        self.prefix = list(prefix)

    def run_raw(self, *args, stdin=None, timeout=120):
        return subprocess.run([*self.prefix, HOST, "--db", self.db, *args], input=stdin, capture_output=True,
                              text=True, timeout=timeout)

    def ok(self, *args, stdin=None):
        """A command that must succeed: JSON on stdout, nothing on stderr."""
        done = self.run_raw(*args, stdin=stdin)
        what = f"gem-host {' '.join(args)}"
        if not check(done.returncode == 0, f"{what}: exit {done.returncode}, stderr {done.stderr!r}"):
            return None
        check(done.stderr == "", f"{what}: success writes nothing to stderr: {done.stderr!r}")
        return json.loads(done.stdout)

    def fails(self, *args, stdin=None, code=1):
        """A command that must fail: one clear line on stderr, nothing on stdout, exit `code`."""
        done = self.run_raw(*args, stdin=stdin)
        what = f"gem-host {' '.join(args)}"
        check(done.returncode == code, f"{what}: expected exit {code}, got {done.returncode} ({done.stderr!r})")
        check(done.stdout == "", f"{what}: a failure prints nothing on stdout: {done.stdout!r}")
        check(done.stderr.startswith("gem-host: "), f"{what}: the error goes to stderr: {done.stderr!r}")
        return done.stderr


def snapshot(db):
    """Every row of the wallet tables, to show that a command wrote nothing."""
    with contextlib.closing(sqlite3.connect(db)) as connection:
        return {table: sorted(connection.execute(f"SELECT * FROM {table}").fetchall()) for table in TABLES}


def query(db, sql, *params):
    with contextlib.closing(sqlite3.connect(db)) as connection:
        return connection.execute(sql, params).fetchall()


def install_audit(db):
    """Triggers that log every row written to wallets and accounts (the host's own statements cannot hide a write)."""
    statements = ["CREATE TABLE audit (tbl TEXT, op TEXT)"]
    for table in ("wallets", "accounts"):
        for op in ("INSERT", "UPDATE", "DELETE"):
            statements.append(f"CREATE TRIGGER audit_{table}_{op.lower()} AFTER {op} ON {table} "
                              f"BEGIN INSERT INTO audit VALUES ('{table}', '{op.lower()}'); END")
    with contextlib.closing(sqlite3.connect(db)) as connection:
        for statement in statements:
            connection.execute(statement)
        connection.commit()


def audited(db):
    with contextlib.closing(sqlite3.connect(db)) as connection:
        rows = connection.execute("SELECT tbl, op FROM audit ORDER BY rowid").fetchall()
        connection.execute("DELETE FROM audit")
        connection.commit()
    return rows


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def check_accounts_against_vectors(wallet):
    """Every account of the abandon-phrase wallet against addresses.json (bip-utils 2.12.3 as oracle)."""
    expected = ADDRESSES["phrases"][0]
    check(expected["phrase"] == ABANDON, "addresses.json's first phrase is abandon x11 about")
    vectors = expected["accounts"]
    accounts = {account["chain"]: account for account in wallet["accounts"]}
    check(set(accounts) == set(vectors), f"the wallet has an account on every chain of addresses.json: "
                                         f"missing {sorted(set(vectors) - set(accounts))}, extra {sorted(set(accounts) - set(vectors))}")
    for chain, vector in vectors.items():
        account = accounts.get(chain)
        if account is None:
            continue
        check(account["address"] == vector["address"], f"{chain}: address {account['address']} != {vector['address']} ({vector['source']})")
        check(account["derivation_path"] == vector["derivation_path"], f"{chain}: path {account['derivation_path']}")
        check(account.get("extended_public_key") == vector.get("extended_public_key"),
              f"{chain}: extended public key {account.get('extended_public_key')} != {vector.get('extended_public_key')}")
    for chain in ("bitcoin", "ethereum", "solana", "cosmos", "ton", "tron", "cardano", "polkadot", "xrp", "near"):
        check(chain in accounts, f"the wallet has a {chain} account")


def lifecycle(folder):
    db = str(pathlib.Path(folder) / "wallets.db")
    secret = db + ".secret"
    host = Host(db)

    # An empty database: no wallets, no current wallet, and `show` says how to make one.
    check(host.ok("wallet", "list") == [], "a new database has no wallets")
    check(host.ok("wallet", "current") is None, "a new database has no current wallet")
    message = host.fails("wallet", "show")
    check("wallet create" in message, f"show without wallets says how to make one: {message}")
    check(not os.path.exists(secret), "the keystore secret is created on first use, not before")

    # create: a 24-word phrase shown once, the secret file 0600, the phrase nowhere in the database.
    created = host.ok("wallet", "create", "--name", "Main", "--words", "24")
    phrase = created["phrase"]["value"]
    main = created["wallet"]
    check(created["phrase"]["kind"] == {"type": "secret_phrase"}, "the new phrase is marked as a secret")
    check(len(phrase.split()) == 24, "--words 24 makes a 24-word phrase")
    check(main["name"] == "Main" and main["type"] == "multicoin" and main["source"] == "create", f"created wallet: {main}")
    check(main["id"] == "multicoin_" + next(a["address"] for a in main["accounts"] if a["chain"] == "ethereum"),
          "a multi-coin wallet id is multicoin_<ethereum address>")
    check(len(main["accounts"]) == len(ADDRESSES["phrases"][0]["accounts"]), "create derives an account on every chain")
    check(os.path.isfile(secret) and mode(secret) == 0o600, f"the keystore secret file has mode 0600: {oct(mode(secret))}")
    check(os.path.getsize(secret) == 32, "the keystore secret is 32 bytes")
    check(mode(db) & 0o077 == 0, f"the database is for its owner only: {oct(mode(db))}")
    rows = snapshot(db)
    check(len(rows["wallets"]) == 1 and len(rows["accounts"]) == len(main["accounts"]), "one wallet row and its account rows")
    check([row[0] for row in rows["keystore"]] == [main["external_id"]], "one keystore record, under the wallet's external_id")
    check(rows["session"] == [(1, main["id"])], "the new wallet is current")
    stored = b"".join(pathlib.Path(path).read_bytes() for path in (db, db + "-wal") if os.path.exists(path))
    check(phrase.encode() not in stored and phrase.split()[0].encode() + b" " + phrase.split()[1].encode() not in stored,
          "the phrase is stored only encrypted")
    listed = json.dumps(host.ok("wallet", "list"))
    check(phrase.split()[0] + " " + phrase.split()[1] not in listed, "list never shows the phrase")
    exported = host.ok("wallet", "export", main["id"])
    check(exported == {"kind": {"type": "secret_phrase"}, "value": phrase, "display": ""}, "export returns the created phrase")

    # import abandon x11 about: accounts equal the oracle's on every chain.
    imported = host.ok("wallet", "import", "--phrase", ABANDON, "--name", "Abandon")
    abandon = imported["wallet"]
    check(imported["type"] == "imported", f"first import answers imported: {imported['type']}")
    check(abandon["id"] == "multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94", f"abandon wallet id: {abandon['id']}")
    check_accounts_against_vectors(abandon)
    check(host.ok("wallet", "show", abandon["id"]) == abandon, "the record rebuilt from rows equals the imported one")

    # The same phrase again (from stdin, in another case and spacing): existing, and no row written.
    before = snapshot(db)
    again = host.ok("wallet", "import", "--phrase", "-", stdin="  ABANDON " + " abandon" * 10 + "   about\n")
    check(again["type"] == "existing" and again["wallet"]["id"] == abandon["id"], f"a second import answers existing: {again.get('type')}")
    check(snapshot(db) == before, "a duplicate import writes no row")

    # preview: the wallet id and accounts, nothing written.
    preview = host.ok("wallet", "preview", "--phrase", ABANDON, "--chains", "bitcoin, solana")
    check(preview["wallet_id"] == abandon["id"] and preview["existing"] is True, f"preview of a stored phrase: {preview}")
    check([a["chain"] for a in preview["accounts"]] == ["bitcoin", "solana"], "--chains limits the accounts")
    check(snapshot(db) == before, "preview writes nothing")

    wallets = host.ok("wallet", "list")
    check([w["id"] for w in wallets] == [main["id"], abandon["id"]], "list answers the wallets in the user's order")

    # rename and pin write exactly one wallets row; repeating them writes nothing.
    install_audit(db)
    renamed = host.ok("wallet", "rename", abandon["id"], "  Savings ")
    check(renamed["name"] == "Savings", f"rename trims the name: {renamed['name']!r}")
    check(audited(db) == [("wallets", "update")], "rename writes one wallets row and no account row")
    host.ok("wallet", "rename", abandon["id"], "Savings")
    check(audited(db) == [], "renaming to the same name writes nothing")
    check(host.ok("wallet", "pin", abandon["id"])["is_pinned"] is True, "pin")
    check(audited(db) == [("wallets", "update")], "pin writes one wallets row")
    host.ok("wallet", "pin", abandon["id"])
    check(audited(db) == [], "pinning a pinned wallet writes nothing")
    check(host.ok("wallet", "unpin", abandon["id"])["is_pinned"] is False, "unpin")
    host.ok("wallet", "pin", abandon["id"])
    audited(db)
    shown = host.ok("wallet", "show", abandon["id"])
    check(shown["name"] == "Savings" and shown["is_pinned"] is True, "rename and pin are stored")
    message = host.fails("wallet", "rename", abandon["id"], "   ")
    check("invalid_input" in message, f"a blank name is invalid input: {message}")

    # current: set and show.
    check(host.ok("wallet", "current", main["id"])["id"] == main["id"], "current ID switches")
    check(host.ok("wallet", "current")["id"] == main["id"], "current shows the switched wallet")
    check(host.ok("wallet", "show")["id"] == main["id"], "show without an id shows the current wallet")
    check(query(db, "SELECT wallet_id FROM session") == [(main["id"],)], "the current wallet id is persisted")
    message = host.fails("wallet", "current", "multicoin_0x0000000000000000000000000000000000000001")
    check("not_found" in message, f"switching to an unknown wallet is not found: {message}")

    # A watch-only wallet: no keystore record, nothing to export.
    watched = host.ok("wallet", "watch", "--chain", "ethereum", "--address", "0x8f348f300873fd5da36950b2ac75a26584584fee")["wallet"]
    check(watched["id"] == "view_ethereum_0x8f348F300873Fd5DA36950B2aC75a26584584feE", f"watch-only id in EIP-55 form: {watched['id']}")
    check("external_id" not in watched, "a watch-only wallet has no keystore key")
    check(len(query(db, "SELECT * FROM keystore")) == 2, "a watch-only wallet adds no keystore record")
    message = host.fails("wallet", "export", watched["id"])
    check("watch-only" in message and "invalid_input" in message, f"a watch-only wallet cannot export: {message}")

    # Private keys, each checked against private_keys.json (its records name their sources).
    for vector in [k for k in PRIVATE_KEYS["keys"] if k["chain"] in ("ethereum", "solana", "stellar")][:3]:
        result = host.ok("wallet", "import", "--private-key", vector["forms"]["export"], "--chain", vector["chain"])
        wallet = result["wallet"]
        check(wallet["id"] == f"privateKey_{vector['chain']}_{vector['address']}",
              f"{vector['chain']} private key: {wallet['id']} ({vector['source']})")
        check([a["address"] for a in wallet["accounts"]] == [vector["address"]], f"{vector['chain']} private-key account")
        exported = host.ok("wallet", "export", wallet["id"])
        check(exported == {"kind": {"type": "private_key"}, "value": vector["forms"]["export"], "display": ""},
              f"{vector['chain']} private key exports in its usual form: {exported.get('value', '')[:6]}")
    message = host.fails("wallet", "import", "--private-key", "0x1234", "--chain", "ethereum")
    check("invalid_input" in message, f"a short private key is invalid input: {message}")

    # Bad input: a clear message, a non-zero exit, and nothing stored lost.
    before = snapshot(db)
    message = host.fails("wallet", "import", "--phrase", ABANDON, "--chains", "bitcoin,nochain")
    check("nochain" in message, f"an unknown chain is named: {message}")
    bad_phrase = ABANDON.replace("abandon abandon abandon", "abandon abandon abandonn", 1)
    message = host.fails("wallet", "import", "--phrase", bad_phrase)
    check("word 3" in message and "invalid_input" in message, f"a bad phrase names its first unknown word: {message}")
    check("abandonn" not in message, "the error does not repeat the phrase")
    message = host.fails("wallet", "import", "--phrase", " ".join(["abandon"] * 12))
    check("checksum" in message, f"a bad phrase checksum is reported: {message}")
    message = host.fails("wallet", "watch", "--chain", "ethereum", "--address", "0x8f348F300873Fd5DA36950B2aC75a26584584fEE")
    check("checksum" in message, f"a bad address checksum is reported: {message}")
    message = host.fails("wallet", "watch", "--chain", "bitcoin", "--address", "tb1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu")
    check("invalid_input" in message, f"a testnet address is refused: {message}")
    message = host.fails("wallet", "import", "--phrase", ABANDON, "--chian", "bitcoin", code=2)
    check("unknown option --chian" in message, f"a mistyped option is refused, not ignored: {message}")
    message = host.fails("wallet", "import", "--phrase", ABANDON, "--chain", "solana", code=2)
    check("--single-chain" in message, f"--chain with a phrase points to --single-chain: {message}")
    message = host.fails("wallet", "delete", "multicoin_0x0000000000000000000000000000000000000001")
    check("not_found" in message, f"deleting an unknown wallet is not found: {message}")
    check(snapshot(db) == before, "bad input leaves every stored row as it was")

    # A single-chain phrase.
    single = host.ok("wallet", "import", "--single-chain", "solana", "--phrase", ABANDON)["wallet"]
    solana = ADDRESSES["phrases"][0]["accounts"]["solana"]["address"]
    check(single["id"] == f"single_solana_{solana}" and single["type"] == "single", f"single-chain wallet: {single['id']}")
    check([a["address"] for a in single["accounts"]] == [solana], "the single-chain account matches addresses.json")

    # The keystore secret: refused when group or others may access it, and never replaced while records need it.
    before = snapshot(db)
    os.chmod(secret, 0o640)
    message = host.fails("wallet", "export", abandon["id"])
    check("permission_denied" in message and "0640" in message and "chmod 600" in message,
          f"a secret file readable by the group is refused with the fix: {message}")
    message = host.fails("wallet", "import", "--single-chain", "bitcoin", "--phrase", phrase)
    check("permission_denied" in message, f"an import needing the password is refused too: {message}")
    check(snapshot(db) == before, "a refused password writes nothing")
    check(host.ok("wallet", "list") is not None, "reading wallets needs no password")
    os.chmod(secret, 0o600)
    os.rename(secret, secret + ".moved")
    message = host.fails("wallet", "export", abandon["id"])
    check("missing" in message and "restore" in message, f"a missing secret is not silently replaced: {message}")
    check(not os.path.exists(secret), "no new secret is made while records sealed by the old one exist")
    os.rename(secret + ".moved", secret)
    check(host.ok("wallet", "export", abandon["id"])["value"] == ABANDON, "export returns the imported phrase")

    # delete: the wallet, its accounts and its keystore record go; the current wallet moves on.
    host.ok("wallet", "current", abandon["id"])
    deleted = host.ok("wallet", "delete", abandon["id"])
    check(deleted["deleted_wallet_id"] == abandon["id"], f"delete answers the id: {deleted}")
    check(deleted.get("current_wallet_id") == main["id"], f"the first remaining wallet becomes current: {deleted}")
    check(query(db, "SELECT count(*) FROM wallets WHERE id = ?", abandon["id"]) == [(0,)], "the wallet row is gone")
    check(query(db, "SELECT count(*) FROM accounts WHERE wallet_id = ?", abandon["id"]) == [(0,)], "its accounts are gone")
    check(query(db, "SELECT count(*) FROM keystore WHERE key = ?", abandon["external_id"]) == [(0,)], "its keystore record is gone")
    check(query(db, "SELECT wallet_id FROM session") == [(main["id"],)], "the session names the new current wallet")
    message = host.fails("wallet", "export", abandon["id"])
    check("not_found" in message, f"a deleted wallet has nothing to export: {message}")
    check(host.ok("wallet", "export", main["id"])["value"] == phrase, "other wallets keep their secrets")

    # Importing the deleted phrase again gives a new wallet under the same id.
    again = host.ok("wallet", "import", "--phrase", ABANDON)
    check(again["type"] == "imported" and again["wallet"]["id"] == abandon["id"], "a deleted wallet can be imported again")


def address_validation(folder):
    """One valid and one rejected address of every chain in validation.json, through `address validate`."""
    host = Host(str(pathlib.Path(folder) / "unused.db"))
    picked = {}
    for vector in VALIDATION["vectors"]:
        kind = "valid" if vector["expect"] == "valid" else "invalid"
        picked.setdefault((vector["chain"], kind), vector)
    for (chain, kind), vector in sorted(picked.items()):
        done = host.run_raw("address", "validate", "--chain", chain, vector["address"])
        answer = json.loads(done.stdout) if done.stdout else {}
        if kind == "valid":
            check(done.returncode == 0 and answer.get("address") == vector.get("normalized", vector["address"]),
                  f"{chain} {vector['address']!r} is valid: {done.returncode} {answer} {done.stderr!r}")
        else:
            check(done.returncode == 1 and answer.get("error", {}).get("type") == vector["expect"],
                  f"{chain} {vector['address']!r} is rejected as {vector['expect']}: {done.returncode} {answer}")
            check(done.stderr.startswith(f"gem-host: not a valid {chain} address"), f"the reason is on stderr: {done.stderr!r}")
    check(len(picked) >= 40, f"validation covers many chains: {len(picked)}")
    message = host.fails("address", "validate", "--chain", "nochain", "abc")
    check("unknown chain" in message, f"an unknown chain is an error: {message}")
    check(not os.path.exists(host.db), "address validate opens no database")


def under_valgrind(folder):
    """create, list, export and import, each once under valgrind: no invalid access, no leak."""
    valgrind = shutil.which("valgrind")
    if not check(valgrind is not None, "valgrind is installed (scripts/setup.sh)"):
        return
    db = str(pathlib.Path(folder) / "valgrind.db")
    prefix = [valgrind, "-q", "--leak-check=full", "--error-exitcode=1", "--errors-for-leak-kinds=definite,possible",
              f"--suppressions={SUPPRESSIONS}"]
    # The keystore's smallest accepted Argon2id cost keeps valgrind's run short.
    host = Host(db, prefix)
    kdf = ("--kdf-memory-kib", "19456", "--kdf-iterations", "2")
    created = host.ok(*kdf, "wallet", "create")
    if created is None:
        return
    host.ok(*kdf, "wallet", "import", "--phrase", ABANDON)
    check(len(host.ok(*kdf, "wallet", "list")) == 2, "valgrind run: list shows both wallets")
    check(host.ok(*kdf, "wallet", "export", created["wallet"]["id"])["value"] == created["phrase"]["value"],
          "valgrind run: export returns the phrase")


def main():
    with tempfile.TemporaryDirectory() as folder:
        for part in (lifecycle, address_validation, under_valgrind):
            try:
                part(folder)
            except Exception as error:  # a failed command's None, read further on: report what failed first
                failures.append(f"{part.__name__} stopped: {error!r}")
    if failures:
        print("\n".join(failures))
        sys.exit(1)
    print("gem-host wallet scenario passed")


if __name__ == "__main__":
    main()
