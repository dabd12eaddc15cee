"""Presentation benchmark: gem_transaction_rows for a page of transactions through the C ABI,
decoded by the caller, beside the same rule called directly in Swift, and the smallest pure
answer; one run, medians, ratios, and whether the issue's budgets are met (1 ms for the 500-row
page through the ABI, decoded by the caller; 1 us for a no-op pure call).

The caller decodes with jsmn (Debian libjsmn-dev, a C tokenizer: the fastest C JSON library
Debian packages) and, for comparison, with cJSON (a tree of every value); the budget line reads
the jsmn figure when the bench was built with it.

Wall times on a shared machine are noisy; --callgrind adds instruction counts (stable) of one
ABI call and of one call with each caller decode.

--against LIB compares this build with another build's libgemstone.so (for example the previous commit's
.build/release/libgemstone.so): the same C bench binary runs over each library in turn (the baseline loaded
through LD_LIBRARY_PATH, which the bench's RUNPATH yields to), printing the wall medians of both and, stable
under load, the callgrind instruction counts of one gem_transaction_rows call and one no-op answer, with ratios.

Usage: python3 bench/presentation/run.py [COUNT] [--callgrind] [--against LIB]   (builds what it needs first)
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import make_page  # noqa: E402

against = None
if "--against" in sys.argv:
    at = sys.argv.index("--against")
    if at + 1 >= len(sys.argv):
        sys.exit("--against needs the path of a libgemstone.so")
    against = pathlib.Path(sys.argv[at + 1]).resolve()
    del sys.argv[at:at + 2]
    if not against.is_file():
        sys.exit(f"--against: no library at {against}")
args = [a for a in sys.argv[1:] if not a.startswith("--")]
count = int(args[0]) if args else 500
swift = "/opt/swift/usr/bin/swift"

subprocess.run(["bash", str(ROOT / "scripts/build.sh")], check=True, stdout=subprocess.DEVNULL)
subprocess.run([swift, "build", "-c", "release", "--product", "bench-presentation-direct"], cwd=ROOT, check=True,
               stdout=subprocess.DEVNULL)

with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
    handle.write(json.dumps(make_page.page(count), separators=(",", ":")))
    page = handle.name

c_bench = ROOT / "build/bench/presentation/bench_presentation"
abi = json.loads(subprocess.run([str(c_bench), page], check=True, capture_output=True, text=True).stdout)
direct = json.loads(subprocess.run([str(ROOT / ".build/release/bench-presentation-direct"), page], check=True,
                                   capture_output=True, text=True).stdout)

print(f"Presentation benchmark: {count} transactions, request {abi['request_bytes']} B, answer {abi['answer_bytes']} B "
      f"({abi['answer_bytes'] / max(count, 1):.0f} B a row); medians of {abi['rounds']} runs")
print(f"{'work':<56}{'median':>12}")
print(f"{'rule in Swift (no JSON, no ABI)':<56}{direct['rule_us']:>10.1f}us")
print(f"{'Swift half of the crossing: read request (scanner)':<56}{direct['decode_us']:>10.1f}us")
print(f"{'Swift half of the crossing: write rows (JSONOutput)':<56}{direct['encode_us']:>10.1f}us")
print(f"{'gem_transaction_rows + gem_buffer_free (C)':<56}{abi['rows_call_us']:>10.1f}us")
jsmn = abi["rows_decoded_us"] is not None
if jsmn:
    print(f"{'caller decode alone, jsmn (tokens, rows read)':<56}{abi['decode_only_us']:>10.1f}us")
    print(f"{'gem_transaction_rows, decoded by the caller with jsmn (C)':<56}{abi['rows_decoded_us']:>10.1f}us")
else:
    print("caller decode with jsmn: not built (install libjsmn-dev and rebuild)")
print(f"{'caller decode alone, cJSON (tree parse, walk, delete)':<56}{abi['decode_only_cjson_us']:>10.1f}us")
print(f"{'gem_transaction_rows, decoded by the caller with cJSON (C)':<56}{abi['rows_decoded_cjson_us']:>10.1f}us")
print(f"{'no-op pure answer gem_empty_state (C)':<56}{abi['noop_pure_ns']:>10.1f}ns")
print(f"{'gem_abi_version, no JSON (C)':<56}{abi['abi_version_ns']:>10.2f}ns")
decoded_us = abi["rows_decoded_us"] if jsmn else abi["rows_decoded_cjson_us"]
caller = "jsmn" if jsmn else "cJSON"
print(f"ratio ABI decoded ({caller}) / direct rule: {decoded_us / direct['rule_us']:.1f}x; "
      f"ABI call alone / direct rule: {abi['rows_call_us'] / direct['rule_us']:.1f}x")
rows_ok = decoded_us <= 1000.0
noop_ok = abi["noop_pure_ns"] <= 1000.0
print(f"budget 1 ms for {count} rows through the ABI, decoded by the caller ({caller}): {'MET' if rows_ok else 'NOT MET'} "
      f"({decoded_us / 1000:.2f} ms)")
print(f"budget 1 us for a no-op pure call: {'MET' if noop_ok else 'NOT MET'} ({abi['noop_pure_ns'] / 1000:.2f} us)")

def instructions(mode: str, rounds: int, env: dict | None = None) -> int:
    with tempfile.TemporaryDirectory() as folder:
        out = pathlib.Path(folder) / "cg.out"
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", str(c_bench), page, str(rounds), mode],
                             capture_output=True, text=True, check=True, env=env)
        return int(re.search(r"Collected : (\d+)", run.stderr).group(1))


def per_call(mode: str, env: dict | None = None) -> float:
    rounds = 1001 if mode == "noop" else 6  # the no-op is small: more rounds settle its one-time costs
    return (instructions(mode, rounds, env) - instructions(mode, 1, env)) / (rounds - 1)


if "--callgrind" in sys.argv:

    modes = [("call", "gem_transaction_rows + free")]
    if jsmn:
        modes.append(("decoded", "the same, decoded by jsmn"))
    modes += [("decoded-cjson", "the same, decoded by cJSON"), ("noop", "gem_empty_state + free")]
    for mode, label in modes:
        print(f"callgrind: {label:<32}{per_call(mode):>14,.0f} instructions a call")

if against is not None:
    import os
    import statistics
    soname = next(line.split("[")[1].rstrip("]") for line in subprocess.run(
        ["readelf", "-d", str(ROOT / "build/lib/libgemstone.so")], capture_output=True, text=True, check=True).stdout.splitlines()
        if "SONAME" in line)
    with tempfile.TemporaryDirectory() as folder:
        os.symlink(against, pathlib.Path(folder) / soname)
        baseline = dict(os.environ, LD_LIBRARY_PATH=folder)
        walls: dict[str, list[float]] = {"this build": [], "baseline": []}
        for _ in range(5):  # alternate, so both see the same load
            for name, env in (("this build", None), ("baseline", baseline)):
                run = json.loads(subprocess.run([str(c_bench), page], check=True, capture_output=True, text=True, env=env).stdout)
                walls[name].append(run["rows_call_us"])
        print(f"against {against}:")
        this_wall, base_wall = statistics.median(walls["this build"]), statistics.median(walls["baseline"])
        print(f"  gem_transaction_rows + free, wall median of 5 runs: {this_wall:.1f}us, baseline {base_wall:.1f}us, "
              f"ratio {this_wall / base_wall:.3f}")
        for mode, label in (("call", "gem_transaction_rows + free"), ("noop", "gem_empty_state + free")):
            mine, theirs = per_call(mode), per_call(mode, baseline)
            print(f"  callgrind {label}: {mine:,.0f} instructions, baseline {theirs:,.0f}, ratio {mine / theirs:.4f}")
