"""gem-host receive: the current wallet's address on a chain, as JSON and as a QR code drawn with half blocks.
The address is the committed vector's (Tests/BlockchainTests/Vectors/addresses.json, bip-utils 2.12.3); the drawing
is read back into modules and must be a QR symbol: a square of 21 + 4k modules inside its light quiet zone, with
the three finder patterns where the standard puts them.

Usage: gem_host_receive.py PATH/TO/gem-host
"""
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
HOST = sys.argv[1]
VECTORS = json.loads((ROOT / "Tests/BlockchainTests/Vectors/addresses.json").read_text())["phrases"][0]
QUIET = 2
HALVES = {"\u2588": (1, 1), "\u2580": (1, 0), "\u2584": (0, 1), " ": (0, 0)}   # (top light, bottom light)

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def run(db, *args, stdin=None):
    return subprocess.run([HOST, "--db", db, "--kdf-memory-kib", "19456", "--kdf-iterations", "2", *args],
                          input=stdin, capture_output=True, text=True, timeout=120)


def modules(lines):
    """The drawing as rows of light (1) / dark (0) modules, two rows per line."""
    rows = []
    for line in lines:
        top, bottom = [], []
        for char in line:
            light = HALVES.get(char)
            check(light is not None, f"unexpected character {char!r} in the drawing")
            top.append(light[0] if light else 0)
            bottom.append(light[1] if light else 0)
        rows += [top, bottom]
    return rows


def is_finder(rows, x, y):
    """A 7x7 finder pattern (dark ring, light ring, dark 3x3 centre) with its top-left corner at (x, y)."""
    for dy in range(7):
        for dx in range(7):
            ring = max(abs(dx - 3), abs(dy - 3))
            if rows[y + dy][x + dx] != (1 if ring == 2 else 0):
                return False
    return True


with tempfile.TemporaryDirectory() as work:
    db = str(pathlib.Path(work) / "receive.db")
    empty = run(db, "receive", "--chain", "ethereum")
    check(empty.returncode == 1 and "no wallet yet" in empty.stderr, f"receive without a wallet: {empty!r}")
    done = run(db, "wallet", "import", "--phrase", "-", "--chains", "bitcoin,ethereum", stdin=VECTORS["phrase"])
    check(done.returncode == 0, f"import: {done.stderr!r}")
    for chain in ("ethereum", "bitcoin"):
        expected = VECTORS["accounts"][chain]["address"]
        answer = run(db, "receive", "--chain", chain, "--format", "json")
        check(answer.returncode == 0 and json.loads(answer.stdout) == {"chain": chain, "address": expected},
              f"receive --format json on {chain}: {answer.stdout!r} {answer.stderr!r}")
        drawn = run(db, "receive", "--chain", chain)
        check(drawn.returncode == 0 and drawn.stderr == "", f"receive on {chain}: exit {drawn.returncode} {drawn.stderr!r}")
        lines = drawn.stdout.splitlines()
        check(lines[-1] == f"{chain}: {expected}", f"the address line: {lines[-1]!r}")
        rows = modules(lines[:-1])
        width = len(rows[0])
        check(all(len(row) == width for row in rows), "every line is as wide as the first")
        size = width - 2 * QUIET
        check(size >= 21 and (size - 21) % 4 == 0, f"{size} modules is not a QR symbol's size")
        check(len(rows) in (width, width + 1), f"{len(rows)} module rows for {width} columns")
        check(all(rows[y][x] == 1 for y in range(width) for x in range(width)
                  if x < QUIET or y < QUIET or x >= QUIET + size or y >= QUIET + size), "the quiet zone is light")
        for x, y in ((QUIET, QUIET), (QUIET + size - 7, QUIET), (QUIET, QUIET + size - 7)):
            check(is_finder(rows, x, y), f"no finder pattern at module ({x - QUIET}, {y - QUIET}) on {chain}")
    missing = run(db, "receive", "--chain", "solana")
    check(missing.returncode == 1 and "no solana account" in missing.stderr, f"a chain the wallet lacks: {missing!r}")
    bad = run(db, "receive", "--chain", "ethereum", "--format", "png")
    check(bad.returncode == 2, f"an unknown format is a usage error: {bad!r}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("gem-host receive: JSON and QR code of the current wallet's addresses")
